"""The end of a QUERNI game: who won and why (Q-5), the number of turns, then PLAY AGAIN,
STATISTICS (this game's tab of the statistics screen) or MENU."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.arcade.scene import ArcadeScene
from game.arcade.widgets import buttons, overlay, palette, text
from game.engine import input as inp
from game.games.querni import GAME_ID
from game.games.querni.session import QuerniSession
from game.games.querni.texts import TEXTS, color_name, t
from game.games.querni.widgets import palette as qpalette
from game.games.querni.widgets import pieces
from game.rules.querni import Color

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

FIRST_BUTTON = 340
"""PLAY AGAIN's width; STATISTICS and MENU share the rest of the row (the panel is at most
980 px wide in landscape and portrait alike, so one row of three fits both)."""


def reason_text(result: str, reason: str) -> str:
    """Why the game ended, in the player's language (Q-5.1, Q-5.2, Q-5.3)."""
    if reason == "quiet_rounds":
        return t("over.reason_quiet_rounds")
    winner = Color(result)
    if reason == "all_removed":
        return t("over.reason_all_removed", color=color_name(winner))
    return t("over.reason_no_chain_left", color=color_name(winner.opponent))


class GameOverScene(ArcadeScene):
    """An overlay over the finished board; PLAY AGAIN and MENU call back the play scene,
    STATISTICS opens QUERNI's statistics over it (BACK returns here)."""

    transparent = True
    game_id = GAME_ID

    def __init__(self, app: ArcadeApp, session: QuerniSession,
                 on_play_again: Callable[[], None] | None = None,
                 on_menu: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.on_play_again = on_play_again
        self.on_menu = on_menu
        width, height = app.surface.get_size()
        self.panel = pygame.Rect(0, 0, min(980, width - 60), 640)
        self.panel.center = (width // 2, height // 2)

    @property
    def game(self) -> QuerniSession:
        return self.session

    def enter(self) -> None:
        p = self.panel
        top, gap = p.bottom - 140, 16
        first = FIRST_BUTTON  # PLAY AGAIN, in the larger font
        side = (p.width - 80 - first - 2 * gap) // 2
        again = pygame.Rect(p.left + 40, top, first, 104)
        stats = pygame.Rect(again.right + gap, top, side, 104)
        menu = pygame.Rect(stats.right + gap, top, side, 104)
        self.b_again = buttons.button(self.gui, again, "over.play_again", self.play_again,
                                      "#roll", texts=TEXTS)
        self.b_stats = buttons.button(self.gui, stats, "title.stats", self.stats, "#choice")
        self.b_menu = buttons.button(self.gui, menu, "over.menu", self.menu, "#button",
                                     texts=TEXTS)

    def stats(self) -> None:
        """STATISTICS, on QUERNI's tab; BACK returns here."""
        self.app.nav.push("stats", game_id=GAME_ID)

    def play_again(self) -> None:
        self.app.stack.pop()
        if self.on_play_again is not None:
            self.on_play_again()

    def menu(self) -> None:
        if self.on_menu is not None:
            self.on_menu()
        else:
            self.app.nav.clear_to("title", game_id=GAME_ID)

    def handle(self, action: inp.Action) -> None:
        if action.kind == inp.KEY and action.key == "accept":
            self.play_again()
        elif action.kind == inp.KEY and action.key == "pause":
            self.menu()

    def update(self, dt: float) -> None:
        self.gui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        p = self.panel
        outcome = self.session.outcome
        winner = outcome.winner if outcome is not None else None
        edge = qpalette.BODY[winner] if winner is not None else palette.GOLD
        overlay.dialog(surface, p, edge)
        room = p.width - 80
        if winner is None:
            title = t("over.draw")
            colour = palette.GOLD
        else:
            title = t("over.wins", color=color_name(winner))
            colour = qpalette.RIM[winner]
        size = text.fit_size(title, "display", 80, room - 240)
        rect = text.blit(surface, title, "display", size, colour, "center",
                         (p.centerx, p.top + 96), shadow=True)
        if winner is not None:
            token = pieces.token(winner, 96)
            for x in (rect.left - 70, rect.right + 70):
                surface.blit(token, token.get_rect(center=(x, rect.centery)))
        if outcome is not None:
            why = reason_text(outcome.result, outcome.reason)
            fitted, lines = text.fit_lines(why, "bold", 38, room, 2, minimum=24)
            text.blit_lines(surface, lines, "bold", fitted, palette.TEXT, "center",
                            (p.centerx, p.top + 230))
        turns = t("over.turns", count=self.session.turn_count)
        text.blit(surface, turns, "ui", text.fit_size(turns, "ui", 34, room), palette.TEXT_DIM,
                  "center", (p.centerx, p.top + 330))
        state = self.session.state
        counts = t("over.left", blue=len(state.numbers(Color.BLUE)),
                   red=len(state.numbers(Color.RED)),
                   blue_name=color_name(Color.BLUE), red_name=color_name(Color.RED))
        text.blit(surface, counts, "ui", text.fit_size(counts, "ui", 30, room),
                  palette.TEXT_DIM, "center", (p.centerx, p.top + 390))
        self.gui.draw_ui(surface)
