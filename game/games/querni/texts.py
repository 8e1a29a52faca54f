"""QUERNI's texts (``assets/i18n/querni.<locale>.json``) and its rules page
(``querni_help.<locale>.json``)."""

from __future__ import annotations

from game.engine.i18n import Catalogue

TEXTS = Catalogue("querni")
HELP = Catalogue("querni_help")
t = TEXTS.t
help_text = HELP.t


def color_name(color: object) -> str:
    """BLUE or RED as the game's word in the player's language (``color.BLUE``…)."""
    return t(f"color.{getattr(color, 'name', color)}")
