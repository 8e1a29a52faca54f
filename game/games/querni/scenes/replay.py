"""``--replay FILE`` (and a game opened from GAMES or HIGH SCORES): a finished QUERNI game played
back on the board from its record, turn by turn, with the play screen's animations (a flight for
each movement, the chain's pop), the trail and the last move's marks of each turn, and the move
list beside the board (the turn shown lit).

Taps and keys, as media and chess players have them (``replay_controls``): the board or NEXT
(→, ↓, Enter) shows the next turn; PREVIOUS (←, ↑) the one before; START (Home, R) goes back to
the start position and END (End) to the last; PLAY / PAUSE (Space, P) plays it all by itself; a
tap on an entry of the move list shows the position after that turn; REVIEW (V) shows HARD's
verdict on each turn (``replay_review``); FLIP (F) turns the board round; EXIT (Esc, Backspace)
leaves: to the title, or back to where the replay was opened from (the list the game was opened
from, or ``on_close``: the game-over panel's REVIEW). At the end NEXT, END and PLAY are off, at
the start START and PREVIOUS. A game one person played as RED is shown with RED at the near
edge, as it was played (``players``). The record is checked by the rules first
(``record.check``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import pygame

from game.arcade.scene import ArcadeScene
from game.arcade.widgets import buttons
from game.arcade.widgets import palette as arcade_palette
from game.arcade.widgets.background import background
from game.engine import input as inp
from game.games.querni.controller import QUIET_ROUNDS_TO_DRAW
from game.games.querni.notation import MoveLines
from game.games.querni.record import GameRecord, check
from game.games.querni.scenes.animation import BoardAnimations
from game.games.querni.scenes.game_over import reason_text
from game.games.querni.scenes.play_story import last_move
from game.games.querni.scenes.replay_controls import ReplayControls
from game.games.querni.scenes.replay_review import ReviewView
from game.games.querni.session import NO_RESULT
from game.games.querni.stats import human_colour
from game.games.querni.texts import color_name, t
from game.games.querni.widgets import hud, motion
from game.games.querni.widgets.board import BoardView
from game.games.querni.widgets.layout import QuerniLayout, for_size
from game.games.querni.widgets.move_list import MoveList
from game.rules.querni import Color, QuerniState, Square, hops_jumped, name

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

PLAY_SECONDS = 1.4
"""Between two turns while playing by itself (after the animations)."""


class ReplayScene(ArcadeScene):
    """One recorded game, shown turn by turn."""

    def __init__(self, app: ArcadeApp, record: dict[str, Any],
                 layout: QuerniLayout | None = None, review: bool = False,
                 on_close: Callable[[], None] | None = None, back: bool = False,
                 players: Mapping[str, str] | None = None) -> None:
        """``back``: EXIT returns to the screen below (the list the game was opened from);
        ``players``: who played (the record's), so that a person's pieces are at the near
        edge (unless ``layout`` is given)."""
        super().__init__(app)
        self.on_close = on_close
        self.record: GameRecord = check(record)
        self.history = self.record.history()
        self.states: list[QuerniState] = self.history.states
        self.back = back
        person = human_colour(dict(players)) if players is not None else None
        self.layout = layout or for_size(app.surface.get_size()).turned_round(person == "RED")
        self.moves = MoveList(self.layout.moves_rect, self.layout.move_columns,
                              heading=not self.layout.turned, follow=False,
                              smooth=not app.ctx.settings.reduced_motion)
        self.lines = MoveLines()
        self.board_view = BoardView(self.layout)
        self.anim = BoardAnimations(self.layout, self.board_view, app.ctx.visual_rng())
        self.index = 0  # turns shown so far
        self.shown: QuerniState = self.states[0]
        self.playing = True
        self.wait = PLAY_SECONDS
        self.time = 0.0
        self.trail: set[Square] = set()
        self.trail_path: tuple[Square, ...] = ()
        self.trail_age = 1.0
        self.review = ReviewView(self, bool(getattr(app, "fixed_steps_per_frame", False)))
        if review:  # opened for REVIEW: stepped through by hand
            self.review.on, self.playing = True, False

    @property
    def moving(self) -> bool:  # type: ignore[override]  # the engine's attribute, asked here
        """A turn being played out on the board, or the move list gliding: full rate."""
        return self.anim.moving or self.moves.moving

    @property
    def total(self) -> int:
        return len(self.record.turns)

    # --- lifecycle --------------------------------------------------------------------------
    def enter(self) -> None:
        self.board_view.prewarm()
        self.controls = ReplayControls(self.gui, self.layout, {
            "to_start": self.restart, "previous": self.previous_turn, "play": self.toggle,
            "next": self.next_turn, "to_end": self.to_end, "review": self.toggle_review,
            "flip": self.flip, "exit": self.close}, lambda: self.playing)
        c = self.controls
        self.b_restart, self.b_previous, self.b_play = c["to_start"], c["previous"], c["play"]
        self.b_next, self.b_end, self.b_review = c["next"], c["to_end"], c["review"]
        self.b_flip, self.b_exit = c["flip"], c["exit"]
        self.ctx.audio.play_music("music_querni")

    def close(self) -> None:
        self.review.cancel()
        if self.on_close is not None:
            self.on_close()
        elif self.back:
            self.app.nav.pop()
        else:
            self.app.nav.clear_to("title", game_id="querni")

    def exit(self) -> None:
        self.review.cancel()
        super().exit()

    def toggle_review(self) -> None:
        """REVIEW on (the game stops playing by itself: step through it) or off."""
        self.review.toggle()
        if self.review.on and self.playing:
            self.toggle()

    # --- commands ---------------------------------------------------------------------------
    def toggle(self) -> None:
        """PLAY / PAUSE."""
        self.playing = not self.playing
        self.wait = 0.3

    def to_end(self) -> None:
        """END: the final position (playing stops there)."""
        self.anim.clear()
        self._show(self.total)
        if self.playing:
            self.toggle()

    def flip(self) -> None:
        """FLIP: the board turned round (or back); a turn in flight lands first."""
        self.anim.finish_flight()
        self.anim.finish_pop()
        self.layout = self.layout.turned_round(not self.layout.flipped)
        self.board_view = self.anim.view = BoardView(self.layout)
        self.anim.layout = self.layout

    def restart(self) -> None:
        self.anim.clear()
        self._show(0)

    def previous_turn(self) -> None:
        self.anim.clear()
        self._show(max(0, self.index - 1))

    def next_turn(self) -> None:
        """Show the next turn: the piece flies its path, then the chain pops."""
        if self.anim.busy:
            self.anim.finish()
        if self.index >= self.total:
            return
        before, after = self.states[self.index], self.states[self.index + 1]
        path, chain = self.record.turns[self.index]
        mover = before.to_move
        self.index += 1
        self.trail = set(path[:-1]) if path else set()
        self.trail_path = path or ()
        self.trail_age = 0.0
        audio = self.ctx.audio

        def pop() -> None:
            self.shown = after
            if chain is not None:
                moved = before.moved(list(path)) if path else before
                squares = [moved.where(mover, n) for n in range(chain[0], chain[1] + 1)]
                pieces = [(sq, mover, n) for sq, n in zip(squares, range(chain[0], chain[1] + 1))
                          if sq is not None]
                self.trail |= {sq for sq, _c, _n in pieces}
                audio.play("querni_pop")
                self.anim.pop_chain(pieces)

        if path:
            self.shown = before.moved(list(path))
            piece = self.shown.pieces[path[-1]]
            jump = motion.is_jump(path)
            self.anim.fly(piece[0], piece[1], path, jump,
                          on_hop=lambda _i: audio.play("querni_jump" if jump else "querni_step"),
                          on_land=pop)
        else:
            if chain is None:
                audio.play("querni_pass")
            pop()
        self.wait = PLAY_SECONDS
        self.moves.reveal(self.index)
        if self.index >= self.total:
            self.playing = False

    def _show(self, index: int) -> None:
        self.index = index
        self.shown = self.states[index]
        self.trail, self.trail_path = set(), ()
        self.wait = PLAY_SECONDS
        self.moves.reveal(index)

    def show_turn(self, turn: int) -> None:
        """An entry of the move list tapped: the position after that turn, played no further
        by itself."""
        self.anim.clear()
        self._show(turn)
        if self.playing:
            self.toggle()

    # --- input ------------------------------------------------------------------------------
    def handle(self, action: inp.Action) -> None:
        if self._list(action):
            return
        if action.kind == inp.PRESS and action.pos is not None:
            if self.layout.speaker_rect.collidepoint(action.pos):
                self._speaker()
            elif self.layout.square_at(action.pos) is not None:
                self.next_turn()
        elif action.kind == inp.KEY:
            key = action.key
            if key in ("right", "accept", "down"):
                self.next_turn()
            elif key in ("left", "up"):
                self.previous_turn()
            elif key in ("home", "r"):
                self.restart()
            elif key == "end":
                self.to_end()
            elif key in ("space", "p"):
                self.toggle()
            elif key == "v":
                self.toggle_review()
            elif key == "f":
                self.flip()
            elif key in ("pause", "back"):  # Esc and Backspace leave, as on every screen
                self.close()

    def _list(self, action: inp.Action) -> bool:
        """Presses, drags and wheel notches on the move list (a tap shows its turn)."""
        kind, pos = action.kind, action.pos
        if kind == inp.PRESS and pos is not None:
            return self.moves.press(pos, self.time)
        if kind == inp.MOVE and self.moves.held and pos is not None:
            self.moves.move(pos, self.time)
            return True
        if kind in (inp.RELEASE, inp.FOCUS_LOST) and self.moves.held:
            turn = self.moves.release(pos if kind == inp.RELEASE else None, self.time)
            if turn is not None:
                self.show_turn(turn)
            return True
        return kind == inp.SCROLL and self.moves.wheel(action.key, pos)

    def _speaker(self) -> None:
        hud.tap_speaker(self.ctx)

    # --- per step ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self.trail_age += dt
        self.anim.update(dt)
        self.review.step()
        if self.playing and not self.anim.busy:
            self.wait -= dt
            if self.wait <= 0:
                self.next_turn()
        self.moves.update(dt)
        self.moves.show(self.lines.of(self.history.traces))
        more = self.index < self.total  # at the end NEXT, END and PLAY do nothing: look off
        buttons.set_enabled(self.b_next, more)
        buttons.set_enabled(self.b_play, more or self.playing)
        buttons.set_enabled(self.b_end, more)
        buttons.set_enabled(self.b_restart, self.index > 0)
        buttons.set_enabled(self.b_previous, self.index > 0)
        self.gui.update(dt)

    def status(self) -> tuple[Color, str]:
        """The turn panel: whose turn it is in the position shown, or at the end how the game
        ended (the winner's colour; a game left unfinished: whose turn it was)."""
        state = self.states[self.index]
        outcome = self.record.outcome if self.index == self.total else None
        if outcome is None or outcome.result == NO_RESULT:
            words = ("over.unfinished" if outcome is not None else "play.to_move")
            return state.to_move, t(words, color=color_name(state.to_move))
        if outcome.winner is None:
            return Color.BLUE, t("over.draw")
        return outcome.winner, t("over.wins", color=color_name(outcome.winner))

    def describe(self) -> str:
        """What the last shown turn did, for the message strip."""
        if self.index == 0:  # a game with take-backs says so from its start (issue 48)
            taken = self.record.takebacks
            start = t("replay.start")
            return f"{start} · {t('games.takebacks', count=taken)}" if taken else start
        path, chain = self.record.turns[self.index - 1]
        mover = color_name(self.states[self.index - 1].to_move)
        parts = []
        if path:
            if hops_jumped(path):
                parts.append(t("replay.jumps", path=" ".join(name(sq) for sq in path)))
            else:
                parts.append(t("replay.step", **{"from": name(path[0]), "to": name(path[1])}))
        if chain is not None:
            parts.append(t("replay.removal", low=chain[0], high=chain[1]))
        what = ", ".join(parts) if parts else t("replay.pass")
        return t("replay.played", color=mover, what=what)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(background(surface.get_size()), (0, 0))
        L, shown = self.layout, self.shown
        self.board_view.draw(
            surface, shown.pieces, trail=self.trail,
            trail_path=self.trail_path if len(self.trail_path) > 1 else (),
            trail_alpha=motion.trail_alpha(self.trail_age), hidden=self.anim.hidden,
            offsets=self.anim.offsets, time=self.time, **self.review.board_args(),
            **last_move(self.history.trace(self.index)))
        self.anim.draw(surface)
        self.moves.draw(surface, self.index or None, False, t("moves.heading"), t("moves.empty"),
                        self.review.marked_turns, t("review.mark"))
        hud.draw_logo(surface, L)
        state = self.states[self.index]
        outcome = self.record.outcome if self.index == self.total else None
        hud.draw_turn(surface, L, *self.status(), self.time)
        counts = {color: len(state.numbers(color)) for color in Color}
        hud.draw_pieces_left(surface, L, counts, t("play.left"))
        line = t("replay.turn", turn=self.index, total=self.total) + " · " + self.describe()
        if self.review.on:
            self.review.draw(surface, L.message_rect.union(L.quiet_rect), line)
        else:
            hud.draw_quiet_rounds(surface, L, t("play.quiet_rounds"), state.quiet_turns // 2,
                                  QUIET_ROUNDS_TO_DRAW)
            if outcome is not None:
                line = reason_text(outcome.result, outcome.reason)
            hud.draw_message(surface, L, line, arcade_palette.TEXT if outcome is None
                             else arcade_palette.GOLD)
        hud.draw_speaker(surface, L.speaker_rect, hud.sound_state(self.ctx))
        self.gui.draw_ui(surface)
        self.controls.draw(surface)
        if self.review.on:  # REVIEW is on: a gold frame round its button
            pygame.draw.rect(surface, arcade_palette.GOLD, self.b_review.rect.inflate(14, 14), 5,
                             border_radius=26)
