"""A yes/no question over the current screen (e.g. M-2.2: abandon the game in progress?). The
answers may be named in the asker's words and the second may act (``on_no``); BACK only closes
it. The demo answers with the second choice: it never agrees to a question.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.arcade.scene import ArcadeScene
from game.arcade.texts import ARCADE
from game.arcade.widgets import buttons, overlay, palette, text
from game.engine import input as inp
from game.engine.i18n import Catalogue

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp


class ConfirmScene(ArcadeScene):
    transparent = True

    def __init__(self, app: ArcadeApp, question_key: str, on_yes: Callable[[], None],
                 yes_key: str = "common.yes", no_key: str = "common.no",
                 texts: Catalogue = ARCADE, answers: Catalogue = ARCADE,
                 on_no: Callable[[], None] | None = None, **params: object) -> None:
        super().__init__(app)
        self.question_key = question_key
        self.params = params
        self.on_yes = on_yes
        self.on_no = on_no
        self.yes_key, self.no_key = yes_key, no_key
        self.texts = texts  # the question's catalogue (a game may ask in its own words)
        self.answers = answers  # the catalogue of the two answers' keys
        self.panel = pygame.Rect(0, 0, min(1100, app.surface.get_width() - 60), 440)
        self.panel.center = (app.surface.get_width() // 2, app.surface.get_height() // 2)

    def enter(self) -> None:
        p = self.panel
        width = (p.width - 120) // 2
        yes = pygame.Rect(p.left + 40, p.bottom - 140, width, 100)
        no = pygame.Rect(p.right - 40 - width, p.bottom - 140, width, 100)
        self.b_yes = buttons.button(self.gui, yes, self.yes_key, self.yes, "#danger",
                                    texts=self.answers)
        self.b_no = buttons.button(self.gui, no, self.no_key, self.no, "#choice",
                                   texts=self.answers)

    def yes(self) -> None:
        self.app.stack.pop()
        self.on_yes()

    def no(self) -> None:
        self.app.stack.pop()
        if self.on_no is not None:
            self.on_no()

    def demo_tap(self, game_id: str, rng: random.Random) -> tuple[int, int]:
        """Where the demo answers: the second choice (the demo never agrees)."""
        return (self.b_no.rect.centerx, self.b_no.rect.centery)

    def handle(self, action: inp.Action) -> None:
        if action.kind == inp.KEY and action.key in ("pause", "back"):
            self.app.stack.pop()  # only closes the question

    def draw(self, surface: pygame.Surface) -> None:
        p = self.panel
        overlay.dialog(surface, p, palette.DANGER)
        question = self.texts.t(self.question_key, **self.params)
        lines = text.wrap(question, "bold", 36, p.width - 120)
        y = p.top + 70
        for line in lines[:4]:
            text.blit(surface, line, "bold", 36, palette.TEXT, "midtop", (p.centerx, y))
            y += 52
        self.gui.draw_ui(surface)
