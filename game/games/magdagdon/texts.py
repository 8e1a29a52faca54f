"""MAGDAGDON's texts (``assets/i18n/magdagdon.<locale>.json``) and its rules page."""

from __future__ import annotations

from game.engine.i18n import Catalogue

TEXTS = Catalogue("magdagdon")
HELP = Catalogue("magdagdon_help")
t = TEXTS.t
help_text = HELP.t
