"""The language chips of the settings and the operator menu: each language named in its own
script (so a player finds theirs in any language), the chosen one in gold."""

from __future__ import annotations

import pygame

from game.arcade.widgets import palette
from game.engine import i18n, textlog

LANGUAGE_NAMES = {"en": "English", "th": "ไทย", "bg": "Български", "ko": "한국어",
                  "qps": "[Þšéûðö]"}  # the developers' pseudo-locale


def draw_chips(surface: pygame.Surface, rects: dict[str, pygame.Rect], current: str) -> None:
    """One chip per language in ``rects``; ``current`` is lit."""
    for code, rect in rects.items():
        on = code == current
        pygame.draw.rect(surface, palette.GOLD if on else (60, 56, 130), rect, border_radius=22)
        pygame.draw.rect(surface, (255, 255, 255), rect, 4, border_radius=22)
        colour = (16, 12, 40) if on else (255, 255, 255)
        rendered = i18n.font("bold", 32, code).render(LANGUAGE_NAMES[code], True, colour)
        shown = rendered.get_rect(center=rect.center)
        surface.blit(rendered, shown)
        textlog.text(surface, LANGUAGE_NAMES[code], shown, box=rect.inflate(-8, -8),
                     kind=textlog.CHIP, image=rendered)


def chip_at(rects: dict[str, pygame.Rect], pos: tuple[int, int]) -> str | None:
    """The language whose chip is under ``pos``."""
    return next((code for code, rect in rects.items() if rect.collidepoint(pos)), None)
