"""MAGDAGDON's texts (``assets/i18n/magdagdon.<locale>.json``) and its rules page."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.i18n import Catalogue
from game.engine.localformat import format_date

if TYPE_CHECKING:
    from game.games.magdagdon.session import Session

TEXTS = Catalogue("magdagdon")
HELP = Catalogue("magdagdon_help")
t = TEXTS.t
help_text = HELP.t


def game_label(session: Session) -> str:
    """What a game is called on its screens (the header, the game-over panel, REVIEW): its
    difficulty in the player's language, or a daily challenge's badge ("DAILY 1 Dec 2026",
    "PRACTICE …")."""
    if session.daily is not None:
        when = format_date(f"{session.daily}T00:00:00Z")
        return t("daily.badge_practice" if session.practice else "daily.badge", date=when)
    return t(f"difficulty.{session.game.difficulty.name.lower()}")
