"""The shell's texts (``assets/i18n/arcade.<locale>.json``) and its long help texts."""

from __future__ import annotations

from game.engine.i18n import Catalogue

ARCADE = Catalogue("arcade")
HELP = Catalogue("help")
t = ARCADE.t
help_text = HELP.t
