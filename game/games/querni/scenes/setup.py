"""QUERNI's NEW GAME screen: who plays (TWO PLAYERS now; the opponent issue adds VS COMPUTER
here), then NEW GAME. BLUE always moves first (Q-1.4)."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.arcade.scene import ArcadeScene
from game.arcade.widgets import buttons, palette, text
from game.arcade.widgets.background import background
from game.engine import input as inp
from game.games.querni import GAME_ID
from game.games.querni.session import TWO_PLAYERS
from game.games.querni.texts import TEXTS, t
from game.games.querni.widgets import palette as qpalette
from game.games.querni.widgets import pieces
from game.rules.querni import Color


class SetupScene(ArcadeScene):
    """Choose the players, then NEW GAME."""

    game_id = GAME_ID

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.time = 0.0
        self.variant = TWO_PLAYERS

    # --- layout ---------------------------------------------------------------------------
    @property
    def centre_x(self) -> int:
        return self.app.surface.get_width() // 2

    def _rects(self) -> dict[str, pygame.Rect]:
        width, height = self.app.surface.get_size()
        top = 470 if self.tall else 360
        choice = pygame.Rect(0, 0, min(760, width - 120), 120)
        choice.midtop = (self.centre_x, top)
        start = pygame.Rect(0, 0, min(620, width - 120), 120)
        start.midtop = (self.centre_x, choice.bottom + (520 if self.tall else 250))
        back = pygame.Rect(48, 30, 260, 92)
        return {"choice": choice, "start": start, "back": back}

    def enter(self) -> None:
        rects = self._rects()
        self.b_two = buttons.button(self.gui, rects["choice"], "setup.two_players",
                                    self.choose_two, "#choice_on", texts=TEXTS)
        self.b_start = buttons.button(self.gui, rects["start"], "setup.start", self.start,
                                      "#roll", texts=TEXTS)
        self.b_back = buttons.button(self.gui, rects["back"], "common.back", self.close,
                                     "#menu_item")

    # --- commands -------------------------------------------------------------------------
    def choose_two(self) -> None:
        self.variant = TWO_PLAYERS

    def start(self) -> None:
        """A new game replaces the saved one (an abandoned game is not recorded)."""
        self.ctx.start_new_game(GAME_ID, self.variant)
        self.app.nav.clear_to(f"{GAME_ID}.play", variant=self.variant)

    def close(self) -> None:
        self.app.stack.pop()

    def handle(self, action: inp.Action) -> None:
        if action.kind != inp.KEY:
            return
        if action.key in ("pause", "back"):
            self.close()
        elif action.key == "accept":
            self.start()

    def update(self, dt: float) -> None:
        self.time += dt
        self.gui.update(dt)

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(background(surface.get_size()), (0, 0))
        width = surface.get_width()
        cx = self.centre_x
        text.blit(surface, "QUERNI", "logo", 120 if not self.tall else 110, qpalette.ACCENT,
                  "center", (cx, 110 if not self.tall else 200), shadow=True)
        heading = t("setup.heading")
        y = 240 if not self.tall else 340
        text.blit(surface, heading, "bold", text.fit_size(heading, "bold", 44, width - 120),
                  palette.TEXT, "center", (cx, y))
        rects = self._rects()
        line = t("setup.two_players_line")
        size, lines = text.fit_lines(line, "ui", 32, width - 140, 2, minimum=22)
        text.blit_lines(surface, lines, "ui", size, palette.TEXT_DIM, "center",
                        (cx, rects["choice"].bottom + 60))
        self._draw_first(surface, rects)
        self.gui.draw_ui(surface)

    def _draw_first(self, surface: pygame.Surface, rects: dict[str, pygame.Rect]) -> None:
        """BLUE's and RED's tokens, BLUE lifted: "BLUE always moves first"."""
        cx = self.centre_x
        y = rects["choice"].bottom + (250 if self.tall else 150)
        bob = 6 * math.sin(self.time * 3.0)
        for color, dx, lift in ((Color.BLUE, -70, 14 + bob), (Color.RED, 70, 0)):
            image = pieces.token(color, 96)
            surface.blit(image, image.get_rect(center=(cx + dx, y - lift)))
        line = t("setup.blue_first")
        width = surface.get_width()
        text.blit(surface, line, "bold", text.fit_size(line, "bold", 34, width - 120),
                  palette.TEXT, "center",
                  (cx, y + 90))

