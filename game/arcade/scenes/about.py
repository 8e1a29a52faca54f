"""The About page: each game's own part (its spec's ``about`` module: ``ABOUT``,
``ABOUT_FIGURES``, ``CENTERED``), then the font licences and the version, on the rules' kind
of scrolling page."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from game.arcade.scenes.document import DocumentScene, Entry, Figure
from game.arcade.texts import HELP
from game.arcade.widgets.textflow import HEADING, PARAGRAPH
from game.version import VERSION

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

SHELL: tuple[Entry, ...] = (
    (HEADING, "about.fonts.heading"),
    (PARAGRAPH, "about.fonts.text"),
    (HEADING, "about.version.heading"),
    (PARAGRAPH, "about.version.text"),
)
"""The arcade's own blocks, after every game's."""


class AboutScene(DocumentScene):
    """Who each game is for and who made it, the fonts' licence and the version."""

    texts = HELP
    title_key = "about.title"

    def __init__(self, app: ArcadeApp) -> None:
        entries: list[Entry] = []
        figures: dict[str, Figure] = {}
        centered: set[str] = set()
        for spec in app.games:
            if spec.about is None:
                continue
            part = importlib.import_module(spec.about)
            entries.extend(part.ABOUT)
            figures.update(part.ABOUT_FIGURES)
            centered |= part.CENTERED
        self.entries = (*entries, *SHELL)
        self.figures = figures
        self.centered = frozenset(centered)
        super().__init__(app)

    def params(self) -> dict[str, dict[str, object]]:
        return {"about.version.text": {"version": VERSION}}
