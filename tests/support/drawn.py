"""What a screen draws, as text: every string the text layer is asked to blit while the
stack (or one scene) draws, the lines of a wrapped text joined back with spaces."""

from __future__ import annotations

from typing import Any

from game.arcade.widgets import text


def words_drawn(app: Any, monkeypatch: Any, scene: Any = None) -> list[str]:
    """Every string drawn by ``scene`` (default: the whole stack) onto ``app``'s surface."""
    drawn: list[str] = []
    real_blit, real_lines = text.blit, text.blit_lines

    def blit(surface, words, *args, **kwargs):
        drawn.append(words)
        return real_blit(surface, words, *args, **kwargs)

    def blit_lines(surface, lines, *args, **kwargs):
        drawn.append(" ".join(lines))
        return real_lines(surface, lines, *args, **kwargs)

    monkeypatch.setattr(text, "blit", blit)
    monkeypatch.setattr(text, "blit_lines", blit_lines)
    try:
        (scene or app.stack).draw(app.surface)
    finally:
        monkeypatch.undo()
    return drawn
