"""QUERNI's part of the About page: where the game comes from (the original QUERNI app, as
its description tells), in QUERNI's help catalogue. No figure."""

from __future__ import annotations

from game.arcade.scenes.document import Figure
from game.arcade.widgets.textflow import HEADING, PARAGRAPH
from game.games.querni.texts import HELP

ABOUT_FIGURES: dict[str, Figure] = {}

ABOUT = (
    (HEADING, "about.heading", HELP),
    (PARAGRAPH, "about.origin", HELP),
    (PARAGRAPH, "about.thanks", HELP),
)
"""QUERNI's blocks on the About page, top to bottom."""

CENTERED: frozenset[str] = frozenset()
