"""The end of a QUERNI game (its buttons and VIEW BOARD: ``arcade.play.game_over``): who won
and why (Q-5, or a resignation) and the number of turns; REVIEW opens the replay of this game
with HARD's verdict on each turn.

Against the computer the panel speaks to the person: "YOU WON" / "YOU LOST" ("You resigned.");
between two people it names the colours ("BLUE WINS", "RED resigned.")."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.arcade.play.game_over import GAP, GameOverScreen, Places, button_row
from game.arcade.widgets import overlay, palette, text
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
PANEL_H, ROW_H, SMALL_ROW_H = 700, 104, 92


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


class GameOverScene(GameOverScreen):
    """QUERNI's result: who won and why; REVIEW opens the replay of this game (EXIT returns
    here)."""

    game_id = GAME_ID
    texts = TEXTS

    def __init__(self, app: ArcadeApp, session: QuerniSession,
                 on_play_again: Callable[[], None] | None = None,
                 on_menu: Callable[[], None] | None = None) -> None:
        super().__init__(app, (min(980, app.surface.get_width() - 60), PANEL_H), on_play_again,
                         on_menu)
        self.session = session
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

    def places(self) -> Places:
        p = self.panel
        top = p.bottom - 40 - ROW_H
        again, stats, menu = button_row(p, top, 3, ROW_H, first=FIRST_BUTTON)
        view, review = button_row(p, top - GAP - SMALL_ROW_H, 2, SMALL_ROW_H)
        result = for_size(self.app.surface.get_size()).select_chain_rect
        return Places(again, review, stats, menu, view, result)

    def review(self) -> None:
        """REVIEW: this game in the replay screen, HARD's verdicts on, the board the way round
        it was played (RED against the computer: turned round); EXIT returns here."""
        layout = for_size(self.app.surface.get_size()).turned_round(self.person is Color.RED)
        self.app.nav.push(f"{GAME_ID}.replay", record=to_record(self.session), review=True,
                          on_close=self.app.stack.pop, layout=layout)

    def draw_panel(self, surface: pygame.Surface) -> None:
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
