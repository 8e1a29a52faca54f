"""QUERNI's texts (``assets/i18n/querni.<locale>.json``) and its rules page
(``querni_help.<locale>.json``)."""

from __future__ import annotations

from collections.abc import Callable

from game.engine.i18n import Catalogue

TEXTS = Catalogue("querni")
HELP = Catalogue("querni_help")
t = TEXTS.t
help_text = HELP.t


def color_name(color: object) -> str:
    """BLUE or RED as the game's word in the player's language (``color.BLUE``…)."""
    return t(f"color.{getattr(color, 'name', color)}")


def later(key: str, **params: object) -> Callable[[], str]:
    """The text of ``key`` made each time it is read, so a line kept on screen follows a
    change of language; a ``color`` or ``other`` given as BLUE/RED is named in that language."""

    def text() -> str:
        named = {name: color_name(value) if name in _COLORS else value
                 for name, value in params.items()}
        return t(key, **named)

    return text


_COLORS = frozenset({"color", "other"})
