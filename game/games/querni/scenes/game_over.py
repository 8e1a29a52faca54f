"""The end of a QUERNI game: who won and why (Q-5, or a resignation), the number of turns, then
PLAY AGAIN, STATISTICS (this game's tab of the statistics screen) or MENU; VIEW BOARD puts the
panel aside to look at the final position (SHOW RESULT brings it back), REVIEW opens the replay
of this game with HARD's verdict on each turn.

Against the computer the panel speaks to the person: "YOU WON" / "YOU LOST" ("You resigned.");
between two people it names the colours ("BLUE WINS", "RED resigned.")."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.arcade.scene import ArcadeScene
from game.arcade.widgets import buttons, overlay, palette, text
from game.engine import input as inp
from game.games.querni import GAME_ID
from game.games.querni.record import to_record
from game.games.querni.session import NO_RESULT, RESIGNED, QuerniSession
from game.games.querni.stats import human_colour
from game.games.querni.texts import TEXTS, color_name, t
from game.games.querni.widgets import palette as qpalette
from game.games.querni.widgets import pieces
from game.games.querni.widgets.layout import for_size
from game.rules.querni import Color

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

FIRST_BUTTON = 340
"""PLAY AGAIN's width; STATISTICS and MENU share the rest of the row (the panel is at most
980 px wide in landscape and portrait alike, so one row of three fits both)."""
PANEL_H, ROW_H, SMALL_ROW_H, GAP = 700, 104, 92, 16


def reason_text(result: str, reason: str, person: Color | None = None) -> str:
    """Why the game ended, in the player's language (Q-5.1, Q-5.2, Q-5.3, a resignation);
    ``person``: the colour one person played against the computer ("You resigned.")."""
    if reason == "quiet_rounds":
        return t("over.reason_quiet_rounds")
    if reason not in ("all_removed", "no_chain_left", RESIGNED):
        return t("over.reason_abandoned")
    winner = Color(result)
    if reason == "all_removed":
        return t("over.reason_all_removed", color=color_name(winner))
    if reason == RESIGNED:
        if person is winner.opponent:
            return t("over.reason_you_resigned")
        return t("over.reason_resigned", color=color_name(winner.opponent))
    return t("over.reason_no_chain_left", color=color_name(winner.opponent))


def title_text(winner: Color | None, person: Color | None, unfinished: bool = False) -> str:
    """The panel's title: UNFINISHED for a game left between two people, DRAW, YOU WON /
    YOU LOST against the computer, else BLUE WINS."""
    if unfinished:
        return t("over.unfinished")
    if winner is None:
        return t("over.draw")
    if person is not None:
        return t("over.you_won" if winner is person else "over.you_lost")
    return t("over.wins", color=color_name(winner))


class GameOverScene(ArcadeScene):
    """An overlay over the finished board; PLAY AGAIN and MENU call back the play scene,
    STATISTICS opens QUERNI's statistics over it (BACK returns here), REVIEW the replay of
    this game (EXIT returns here)."""

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
        self.panel = pygame.Rect(0, 0, min(980, width - 60), PANEL_H)
        self.panel.center = (width // 2, height // 2)
        self.viewing = False
        """VIEW BOARD: the panel is put aside and the final position shows."""
        person = human_colour(session.players)
        self.person = Color[person] if person is not None else None
        """The colour the one person played against the computer (None: two people)."""

    @property
    def game(self) -> QuerniSession:
        return self.session

    @property
    def title(self) -> str:
        """The panel's title as drawn ("YOU LOST", "BLUE WINS", "DRAW", "UNFINISHED")."""
        outcome = self.session.outcome
        if outcome is None:
            return title_text(None, self.person)
        return title_text(outcome.winner, self.person, outcome.result == NO_RESULT)

    @property
    def reason(self) -> str:
        """Why the game ended, as drawn ("You resigned.")."""
        outcome = self.session.outcome
        return "" if outcome is None else reason_text(outcome.result, outcome.reason,
                                                      self.person)

    def enter(self) -> None:
        p = self.panel
        top = p.bottom - 40 - ROW_H
        first = FIRST_BUTTON  # PLAY AGAIN, in the larger font
        side = (p.width - 80 - first - 2 * GAP) // 2
        again = pygame.Rect(p.left + 40, top, first, ROW_H)
        stats = pygame.Rect(again.right + GAP, top, side, ROW_H)
        menu = pygame.Rect(stats.right + GAP, top, side, ROW_H)
        half = (p.width - 80 - GAP) // 2
        view = pygame.Rect(p.left + 40, top - GAP - SMALL_ROW_H, half, SMALL_ROW_H)
        review = pygame.Rect(view.right + GAP, view.top, half, SMALL_ROW_H)
        ui = self.gui
        self.b_again = buttons.button(ui, again, "over.play_again", self.play_again, "#roll",
                                      texts=TEXTS)
        self.b_stats = buttons.button(ui, stats, "title.stats", self.stats, "#choice")
        self.b_menu = buttons.button(ui, menu, "over.menu", self.menu, "#button", texts=TEXTS)
        self.b_view = buttons.button(ui, view, "over.view_board", self.view_board, "#choice",
                                     texts=TEXTS)
        self.b_review = buttons.button(ui, review, "over.review", self.review, "#choice",
                                       texts=TEXTS)
        result = for_size(self.app.surface.get_size()).select_chain_rect
        self.b_result = buttons.button(ui, result, "over.show_result", self.view_board,
                                       "#confirm", texts=TEXTS)
        self._show_panel()

    def _show_panel(self) -> None:
        for button in (self.b_again, self.b_stats, self.b_menu, self.b_view, self.b_review):
            buttons.set_shown(button, not self.viewing)
        buttons.set_shown(self.b_result, self.viewing)

    def view_board(self) -> None:
        """VIEW BOARD / SHOW RESULT: put the panel aside, or bring it back."""
        self.viewing = not self.viewing
        self._show_panel()

    def review(self) -> None:
        """REVIEW: this game in the replay screen, HARD's verdicts on, the board the way round
        it was played (RED against the computer: turned round); EXIT returns here."""
        layout = for_size(self.app.surface.get_size()).turned_round(self.person is Color.RED)
        self.app.nav.push(f"{GAME_ID}.replay", record=to_record(self.session), review=True,
                          on_close=self.app.stack.pop, layout=layout)

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
        if action.kind != inp.KEY:
            return
        if self.viewing and action.key in ("accept", "pause", "back"):
            self.view_board()
        elif action.key == "accept":
            self.play_again()
        elif action.key == "pause":
            self.menu()

    def update(self, dt: float) -> None:
        self.gui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.viewing:
            self._draw_panel(surface)
        self.gui.draw_ui(surface)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        p = self.panel
        outcome = self.session.outcome
        winner = outcome.winner if outcome is not None else None
        edge = qpalette.BODY[winner] if winner is not None else palette.GOLD
        colour = palette.GOLD if winner is None else qpalette.RIM[winner]
        if self.person is not None and winner is not None:  # the person's win or loss
            edge = colour = palette.GOOD if winner is self.person else palette.BAD
        overlay.dialog(surface, p, edge)
        room = p.width - 80
        title = self.title
        size = text.fit_size(title, "display", 80, room - 240)
        rect = text.blit(surface, title, "display", size, colour, "center",
                         (p.centerx, p.top + 96), shadow=True)
        token_colour = self.person or winner
        if token_colour is not None:
            token = pieces.token(token_colour, 96)
            for x in (rect.left - 70, rect.right + 70):
                surface.blit(token, token.get_rect(center=(x, rect.centery)))
        if outcome is not None:
            why = self.reason
            fitted, lines = text.fit_lines(why, "bold", 38, room, 2, minimum=24)
            text.blit_lines(surface, lines, "bold", fitted, palette.TEXT, "center",
                            (p.centerx, p.top + 220))
        turns = t("over.turns", count=self.session.turn_count)
        text.blit(surface, turns, "ui", text.fit_size(turns, "ui", 34, room), palette.TEXT_DIM,
                  "center", (p.centerx, p.top + 310))
        state = self.session.state
        counts = t("over.left", blue=len(state.numbers(Color.BLUE)),
                   red=len(state.numbers(Color.RED)),
                   blue_name=color_name(Color.BLUE), red_name=color_name(Color.RED))
        text.blit(surface, counts, "ui", text.fit_size(counts, "ui", 30, room),
                  palette.TEXT_DIM, "center", (p.centerx, p.top + 366))
