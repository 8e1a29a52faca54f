"""The pause overlay (Esc or ☰ in play): resume, the rules, settings, or leave for the title
(the play screen saves first). A game may add choices (``PauseChoice``: QUERNI's FLIP BOARD and
RESIGN) and a line saying what a choice does to the game in progress; a game's choice closes
the menu first, then acts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.arcade.scene import ArcadeScene
from game.arcade.texts import ARCADE, t
from game.arcade.widgets import buttons, overlay, palette, text
from game.engine import input as inp
from game.engine.i18n import Catalogue

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

Note = Callable[[], str]
"""A line under a choice, translated when drawn (so it follows a language change)."""

BUTTON_H, NOTE_H, GAP = 96, 40, 20
TOP = 160
"""Room for the title above the first choice."""


@dataclass(frozen=True)
class PauseChoice:
    """A game's own choice in its pause menu: its label (``key`` in ``texts``), what it does
    (run after the menu closed), and an optional line under it."""

    key: str
    command: Callable[[], None]
    texts: Catalogue = ARCADE
    note: Note | None = None


class PauseScene(ArcadeScene):
    transparent = True
    game_id: str  # the game paused below (the demo driver resumes it)

    def __init__(self, app: ArcadeApp, game_id: str, on_leave: Callable[[], object] | None = None,
                 choices: Sequence[PauseChoice] = (), leave_note: Note | None = None) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.on_leave = on_leave
        self.choices = tuple(choices)
        self.leave_note = leave_note
        self.notes: list[tuple[Note, pygame.Rect]] = []
        height = TOP + sum(BUTTON_H + GAP + (NOTE_H if note else 0)
                           for _key, _command, _texts, note in self.items()) + 30
        self.panel = pygame.Rect(0, 0, 720, max(720, height))
        self.panel.center = (app.surface.get_width() // 2, app.surface.get_height() // 2)

    def items(self) -> list[tuple[str, Callable[[], None], Catalogue, Note | None]]:
        """Every choice: label key, command, catalogue, the line under it (if any)."""
        items: list[tuple[str, Callable[[], None], Catalogue, Note | None]] = [
            ("pause.resume", self.resume_game, ARCADE, None),
            ("pause.rules", lambda: self.open(f"{self.game_id}.rules"), ARCADE, None),
            ("pause.settings", lambda: self.open("settings", game_id=self.game_id), ARCADE,
             None),
            ("pause.quit_to_title", self.to_title, ARCADE, self.leave_note),
        ]
        for choice in self.choices:
            items.append((choice.key, self._closing(choice.command), choice.texts, choice.note))
        return items

    def _closing(self, command: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.resume_game()
            command()

        return run

    def open(self, name: str, **kwargs: object) -> None:
        self.app.nav.push(name, **kwargs)

    def enter(self) -> None:
        y = self.panel.top + TOP
        self.buttons = []
        self.notes = []
        for key, command, texts, note in self.items():
            rect = pygame.Rect(self.panel.left + 80, y, self.panel.width - 160, BUTTON_H)
            self.buttons.append(buttons.button(self.gui, rect, key, command, "#menu_item",
                                               texts=texts))
            y += BUTTON_H + GAP
            if note is not None:
                self.notes.append((note, pygame.Rect(rect.left, rect.bottom, rect.width,
                                                     NOTE_H)))
                y += NOTE_H

    def resume(self) -> None:
        buttons.relabel(self.buttons)  # the language may have changed in Settings

    def resume_game(self) -> None:
        self.app.stack.pop()

    def to_title(self) -> None:
        if self.on_leave is not None:
            self.on_leave()
        self.app.nav.clear_to("title", game_id=self.game_id)

    def handle(self, action: inp.Action) -> None:
        if action.kind == inp.KEY and action.key in ("pause", "back"):
            self.resume_game()

    def draw(self, surface: pygame.Surface) -> None:
        overlay.dialog(surface, self.panel, palette.PANEL_EDGE, alpha=190)
        text.blit(surface, t("pause.title"), "display", 64, palette.GOLD, "center",
                  (self.panel.centerx, self.panel.top + 80), shadow=True)
        self.gui.draw_ui(surface)
        for note, rect in self.notes:
            line = note()
            text.blit(surface, line, "ui", 26, palette.TEXT_DIM, "center", rect.center,
                      fit=rect.width, minimum=18)
