"""The QUERNI play screen: the 10×7 board, the HUD and SELECT CHAIN / END MOVE / UNDO / EXIT.

The scene is the view over ``TurnController``: its gestures (``play_input``) become commands,
and it animates and sounds the answers. Whose turn it is decides who gives input; a bot's turn
goes through the same gestures (``play_computer``). Its other parts: HINT (``hinting``),
drawing (``play_picture``), RESIGN and EXIT (``play_endings``), the board's way round
(``play_orientation``), the last move and the move list (``play_story``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from game.arcade.play.hints import HintFlow
from game.arcade.play.screen import PlayScreen
from game.arcade.scenes.pause import Note, PauseChoice
from game.arcade.widgets import buttons
from game.arcade.widgets.message_line import MessageLine
from game.engine import input as inp
from game.engine.tween import Tween
from game.games.querni import GAME_ID
from game.games.querni.coach import Coach
from game.games.querni.controller import TurnController
from game.games.querni.events import (
    ChainChosen,
    ChainEndPicked,
    ChainEndReleased,
    ChainModeChanged,
    Deselected,
    JumpStopped,
    Moved,
    PassConfirmationNeeded,
    Refusal,
    Result,
    Selected,
    TurnEnded,
    Undone,
)
from game.games.querni.games_list import level_name
from game.games.querni.players import Player, cancel, make_player
from game.games.querni.scenes.animation import BoardAnimations
from game.games.querni.scenes.hinting import Hint, HintAsker
from game.games.querni.scenes.play_computer import ComputerTurns
from game.games.querni.scenes.play_endings import Endings
from game.games.querni.scenes.play_input import PlayGestures, refusal_text
from game.games.querni.scenes.play_moment import Moment
from game.games.querni.scenes.play_orientation import orient, wanted
from game.games.querni.scenes.play_picture import BAD, GOOD, INFO, PlayPicture
from game.games.querni.scenes.play_story import PlayStory
from game.games.querni.session import DEMO, TWO_PLAYERS, QuerniSession, default_players
from game.games.querni.texts import TEXTS, color_name, later, t
from game.games.querni.widgets import hud
from game.games.querni.widgets.board import BoardView
from game.games.querni.widgets.coach import bubble_rect
from game.games.querni.widgets.layout import QuerniLayout, for_size
from game.rules.querni import Color, QuerniState, Square

AUTO_PASS_SECONDS = 2.2
"""How long the automatic pass's message shows before the turn passes (Q-4.6)."""
GAME_OVER_SECONDS = 1.2
NOTE_SECONDS = 4.0
"""How long an explanation (a refusal) stays before the prompt comes back."""


class PlayScene(PlayScreen):
    """One game of QUERNI, from the first tap to the game-over panel."""

    game_id = GAME_ID

    def __init__(self, app: Any, variant: str | None = None,
                 saved: QuerniSession | None = None,
                 players: Mapping[Color, Player] | None = None,
                 layout: QuerniLayout | None = None, human: str | None = None) -> None:
        """``human``: the person's colour in a new game against the computer (BLUE or RED)."""
        super().__init__(app)
        self._human = Color[human] if human in ("BLUE", "RED") else Color.BLUE
        self.layout = layout or for_size(app.surface.get_size())
        self.rng = app.ctx.visual_rng()
        self.board_view = BoardView(self.layout)
        self.endings = Endings(self)
        self.time = 0.0
        self._given_players = players
        self.b_chain: Any = None
        self.b_hint: Any = None
        self.players: dict[Color, Player] = {}
        self.hints: HintFlow[QuerniState, Hint] = HintFlow(
            HintAsker(deterministic=self.deterministic, seed=self.ctx.seed),
            counted=self._hint_counted, failed=lambda: self.note_that(later("hint.failed"), INFO),
            shown=self._hint_shown)
        self.picture = PlayPicture(self)
        self.coach = Coach(self.settings, self.ctx.save_settings, self.ctx.demo_is_attract
                           or bool(self.ctx.demo))  # the first game's steps (issue 48)
        self.story = PlayStory(self)  # the last move, the move list, a past position viewed
        self._reset(saved, variant)

    # --- state ------------------------------------------------------------------------------
    def _reset(self, session: QuerniSession | None, variant: str | None) -> None:
        """Show ``session`` (or a new game of ``variant``) with a fresh view state."""
        self.stop_thinking()
        if session is None:
            variant = variant or TWO_PLAYERS
            if self.ctx.demo or self.ctx.demo_is_attract:
                variant = DEMO  # what visitors watch: the real opponent, MEDIUM against HARD
            kept = getattr(self, "session", None)  # PLAY AGAIN: the same players, the same sides
            players = (dict(kept.players) if kept is not None and kept.variant == variant
                       else default_players(variant, self._human))
            session = QuerniSession.new(self.ctx.game_rng(GAME_ID), variant, players)
        self.session = session
        self.control = TurnController(session.state)
        given = self._given_players
        self.players = dict(given) if given is not None else {
            color: make_player(session.player(color), deterministic=self.deterministic,
                               seed=self.ctx.seed) for color in Color}
        self.anim = BoardAnimations(self.layout, self.board_view, self.rng)
        orient(self, wanted(self))  # RED against the computer: turned round
        self.gestures = PlayGestures(self)
        self.note: tuple[Note, str] | None = None  # (text, tone) until the next action
        self.note_age = 0.0
        self.message_line = MessageLine()
        self.picture.forget_trail()
        self.pending_pass: Tween | None = None
        self.pending_over: Tween | None = None
        self.computer = ComputerTurns(self)
        self.recorded = False
        self.hints.forget()
        self._check_stuck()

    @property
    def deterministic(self) -> bool:
        """A reproducible run (one update per frame: ``--frames``, ``--bench``, the tests): the
        computer searches a node budget, so ``--seed`` replays the same turns."""
        return bool(getattr(self.app, "fixed_steps_per_frame", False))

    def stop_thinking(self) -> None:
        """Cancel the computer's and the hint's work in progress (asked again when needed)."""
        for player in self.players.values():
            cancel(player)
        self.hints.asker.cancel()

    @property
    def game(self) -> QuerniSession:
        """The game shown (what the shell saves and records)."""
        return self.session

    @property
    def mover(self) -> Player:
        return self.players[self.control.to_move]

    @property
    def human_turn(self) -> bool:
        """A person is to move and taps, the board showing the present (no past turn)."""
        return not self.control.is_over and self.mover.takes_input and not self.story.viewing

    # --- GameScene protocol -----------------------------------------------------------------
    def autosave(self) -> bool:
        if self.session.is_over:
            return False
        return self.ctx.autosave(GAME_ID, self.session)

    def in_progress(self) -> bool:
        return not self.session.is_over and (self.session.turn_count > 0
                                             or self.control.can_undo)

    def restart(self, variant: str) -> None:
        """PLAY AGAIN: a new game in this scene, the same players."""
        self.ctx.start_new_game(GAME_ID, variant)
        self.anim.clear()
        self._reset(None, variant)
        self.refresh_buttons()

    # --- lifecycle --------------------------------------------------------------------------
    def enter(self) -> None:
        self.board_view.prewarm()
        self._build_buttons()
        self.ctx.audio.play_music("music_querni")
        self.refresh_buttons()

    def resume(self) -> None:
        self.refresh_buttons()

    def pause(self) -> None:
        """An overlay came up (the pause menu, a question): the thinking stops; the computer
        thinks again from the same position when the game comes back."""
        self.stop_thinking()

    def exit(self) -> None:
        self.stop_thinking()
        super().exit()

    def _build_buttons(self) -> None:
        L = self.layout

        def button(rect: pygame.Rect, key: str, command: Any, object_id: str) -> Any:
            return buttons.button(self.gui, rect, key, command, object_id, texts=TEXTS)

        self.b_chain = button(L.select_chain_rect, "play.select_chain",
                              self._command(lambda: self.control.select_chain()), "#roll")
        self.b_end = button(L.end_move_rect, "play.end_move",
                            self._command(lambda: self.control.end_move()), "#confirm")
        self.b_undo = button(L.undo_rect, "play.undo", self._command(self.undo), "#choice")
        self.b_hint = button(L.hint_rect, "play.hint", self.ask_hint, "#hint")
        self.b_exit = button(L.leave_rect, "play.exit", self.endings.ask_exit, "#choice")
        self.b_menu = button(L.exit_rect, "play.menu", self.pause_game, "#icon")

    def _command(self, command: Any) -> Any:
        """A button's command: only for a person's turn, its answer shown like a tap's."""

        def run() -> None:
            if not self.human_turn or self.pending_pass is not None:
                return
            self.apply(command())

        return run

    # --- navigation -------------------------------------------------------------------------
    def pause_choices(self) -> list[PauseChoice]:
        """FLIP BOARD, RESIGN (``play_endings``)."""
        return self.endings.pause_choices()

    def leave_note(self) -> Note | None:
        return self.endings.leave_note()

    def flip(self) -> None:
        """FLIP BOARD (two players): the view turns round (``play_orientation``)."""
        orient(self, not self.layout.flipped)

    def _show_game_over(self) -> None:
        self.pending_over = None
        self.open_game_over(self.session.variant, session=self.session)

    def tap_speaker(self) -> None:
        """The speaker logo (Q-6.5): the arcade's sound settings, one state further."""
        hud.tap_speaker(self.ctx)
        self.ctx.audio.play("click")

    # --- what the controller answers ------------------------------------------------------
    def apply(self, result: Result | None, start: tuple[float, float] | None = None) -> None:
        """Animate, sound and explain one answer of the controller (``start``: where a dragged
        piece was let go)."""
        if result is None:
            return
        audio = self.ctx.audio
        if not (isinstance(result, Refusal) or self.hint and self.hint.followed_by(self.control)):
            self.hints.put_away()  # a step away from the hint puts it away
        if isinstance(result, Refusal):
            audio.play("querni_illegal")
            self.note_that(lambda: refusal_text(result), BAD)
            if result.square is not None:
                self.anim.shake(result.square)
        elif isinstance(result, TurnEnded):
            self._turn_ended(result)
        else:
            self.note = None
            if isinstance(result, (Selected, ChainEndPicked)):
                audio.play("querni_select")
            elif isinstance(result, (Deselected, ChainEndReleased, ChainModeChanged)):
                audio.play("click")
            elif isinstance(result, Moved):
                self._moved(result, start)
            elif isinstance(result, JumpStopped):
                audio.play("querni_land")
            elif isinstance(result, ChainChosen):
                audio.play("querni_chain")
                self.anim.light_chain(len(result.squares))
            elif isinstance(result, Undone):
                self._undone(result)
            elif isinstance(result, PassConfirmationNeeded):
                self.app.nav.push("confirm", question_key="play.pass_question",
                                  on_yes=self.confirm_pass, texts=TEXTS,
                                  color=color_name(self.control.to_move),
                                  other=color_name(self.control.to_move.opponent))
        self.refresh_buttons()

    def confirm_pass(self) -> None:
        """Yes to "Pass this turn?": END MOVE with nothing done (Q-4.1)."""
        if self.human_turn:
            self.apply(self.control.end_move(confirm_pass=True))

    def note_that(self, text: Note, tone: str) -> None:
        """Say ``text`` (made anew each time it is read) until the next action."""
        self.note = (text, tone)
        self.note_age = 0.0

    def _moved(self, event: Moved, start: tuple[float, float] | None) -> None:
        piece = self.control.shown.pieces.get(event.to)
        if piece is not None:
            audio, sound = self.ctx.audio, "querni_jump" if event.is_jump else "querni_step"
            self.anim.fly(piece[0], piece[1], (event.frm, event.to), event.is_jump, start=start,
                          on_hop=lambda _i: audio.play(sound),
                          on_land=lambda: audio.play("querni_land"))

    def _undone(self, event: Undone) -> None:
        self.ctx.audio.play("click")
        path, back = event.path, event.back_to
        if path and back is not None:
            piece = self.control.state.pieces.get(path[0])
            if piece is not None:
                self.anim.fly(piece[0], piece[1], (path[-1], back), False, speed=0.8)

    def _turn_ended(self, event: TurnEnded) -> None:
        """END MOVE (or a pass): the turn is the rules' now; save, pop, trail, what next."""
        self.anim.finish_flight()
        self.session.commit(event.path, event.chain, event.state)
        mover = event.mover
        self.picture.turn_ended(event)
        audio = self.ctx.audio
        if event.removed and event.chain is not None:
            numbers = range(event.chain[0], event.chain[1] + 1)
            audio.play("querni_pop")
            self.anim.pop_chain([(sq, mover, n) for sq, n in zip(event.removed, numbers)])
            self.note_that(later("play.removed", color=mover, low=event.chain[0],
                               high=event.chain[1]), GOOD)
        elif event.passed:
            audio.play("querni_pass")
            key = "play.auto_passed" if event.automatic else "play.passed"
            self.note_that(later(key, color=mover), INFO)
        else:
            self.note = None
        self.pending_pass = None
        if event.game_over:
            self._game_over(event)
            return
        self.save_soon(self.session)
        self._check_stuck()

    def _game_over(self, event: TurnEnded) -> None:
        outcome = event.outcome
        assert outcome is not None
        self.ctx.audio.play("querni_draw" if outcome.winner is None else "querni_win")
        if not self.recorded:
            self.recorded = True
            self.ctx.record(GAME_ID, self.session)
        seconds = GAME_OVER_SECONDS + (self.anim.pop.seconds if self.anim.pop else 0.0)
        self.prepare_game_over(self.session.variant, session=self.session)
        self.pending_over = self.anim.later(seconds, self._show_game_over)

    def _check_stuck(self) -> None:
        """Q-4.6: the player to move can do nothing, so the turn passes by itself (after the
        message has been read)."""
        if self.control.is_over or not self.control.must_pass:
            return
        mover = self.control.to_move
        self.note_that(later("play.auto_pass", color=mover, other=mover.opponent), INFO)
        self.pending_pass = self.anim.later(AUTO_PASS_SECONDS, self._auto_pass)

    def _auto_pass(self) -> None:
        if self.pending_pass is None:
            return
        self.pending_pass = None
        self.apply(self.control.auto_pass())

    # --- input ------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:  # what these three mean: ``play_moment.Moment``
        return self.anim.busy or self.pending_pass is not None or self.pending_over is not None

    @property
    def moving(self) -> bool:  # type: ignore[override]  # the engine's attribute, asked here
        return self.anim.moving

    @property
    def waiting(self) -> bool:
        return self.pending_pass is not None or self.pending_over is not None

    def skip_animation(self) -> None:
        self.anim.finish_flight()
        self.anim.finish_pop()

    def hurry(self, pending_too: bool) -> bool:
        """A pending pass or game over comes at once and takes the action; a person's flight
        or pop finishes and the action counts (the computer's move is never cut short)."""
        if pending_too and self.waiting:
            self.anim.finish()
            return True
        if self.anim.busy and self.human_turn:
            self.skip_animation()
        return False

    def moment(self) -> Moment:
        """What the screen is now, for its parts (``play_moment``)."""
        thinking = self.hint_thinking
        return Moment(
            human_turn=self.human_turn, waiting=self.waiting, busy=self.busy,
            hint_available=self.hint_available, hint=self.hint, hint_thinking=thinking,
            dots=self.hints.dots(self.time) if thinking else "", thinking=self.computer.thinking,
            computer_moves=not self.mover.takes_input, versus_computer=self.versus_computer,
            two_people=len(self.endings.people) == 2, note=self.note, time=self.time,
            chain_button=self.b_chain.rect if self.b_chain is not None else None)

    def routed(self, action: inp.Action) -> bool:
        """The coach's bubble (GOT IT: the coaching ends) or the move list took ``action``."""
        pos = action.pos if action.kind == inp.PRESS else None
        if pos is not None and self.picture.coach() and bubble_rect(self.layout).collidepoint(pos):
            self.coach.done()
            self.ctx.audio.play("click")
            return True
        return self.story.handle(action)

    def tapped_on_computer_turn(self, square: Square) -> None:
        self.computer.refuse(square)

    def undo(self) -> None:
        """UNDO (the button, U, Backspace): a step back within the turn; at the start of the
        person's turn against EASY or MEDIUM, TAKE BACK: their last turn and the computer's
        reply go (``QuerniSession.take_back``, counted in the record), saying so."""
        session = self.session
        if self.control.can_undo or not session.take_back():
            self.apply(self.control.undo())
            return
        self._reset(session, None)  # the position, the move list and the players anew
        self.save_soon(session)
        kind = session.player(self.control.to_move.opponent)
        self.note_that(lambda: t("play.took_back", level=level_name(kind)), INFO)
        self.ctx.audio.play("click")

    def intercept(self, action: inp.Action) -> bool:
        return self.gestures.intercept(action)

    def handle(self, action: inp.Action) -> None:
        self.gestures.handle(action)

    @property
    def versus_computer(self) -> bool:
        """A person plays the computer (exactly one side takes input)."""
        return sum(player.takes_input for player in self.players.values()) == 1

    # --- HINT -----------------------------------------------------------------------------------
    @property
    def hint_available(self) -> bool:  # a person's turn, not started (nothing to take back)
        return (self.human_turn and self.pending_pass is None and self.pending_over is None
                and not self.control.can_undo)

    @property
    def hint(self) -> Hint | None:
        return self.hints.showing(self.control.state)

    @property
    def hint_thinking(self) -> bool:
        return self.hints.thinking(self.control.state)

    def ask_hint(self) -> None:
        """HINT / H: HARD's suggestion for the position on the board (again: put it away)."""
        if self.hint_available:
            self.hints.press(self.control.state, self.time)

    def put_hint_away(self) -> None:
        self.hints.put_away()

    def _hint_shown(self) -> None:
        self.note = None
        self.ctx.audio.play("click", 0.5)

    def _hint_counted(self) -> None:
        self.session.hinted()
        self.save_soon(self.session)

    # --- buttons ------------------------------------------------------------------------------
    def refresh_buttons(self) -> None:
        if self.ui is None or self.b_chain is None:
            return
        c = self.control
        person = self.human_turn and self.pending_pass is None
        buttons.set_enabled(self.b_chain, person)
        buttons.set_enabled(self.b_end, person and c.can_end_move)
        buttons.set_enabled(self.b_undo, person and (c.can_undo or self.session.can_take_back))
        buttons.set_enabled(self.b_hint, self.hint_available and not self.hint_thinking)
        buttons.set_enabled(self.b_exit, not c.is_over)

    def message(self) -> tuple[str, str]:
        """The line the player reads now, and its tone: an explanation, else what to do."""
        return self.picture.line()

    # --- per step -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self.message_line.update(dt)
        if self.note is not None and self.pending_pass is None:
            self.note_age += dt
            if self.note_age > NOTE_SECONDS and self.note[1] == BAD:
                self.note = None
        self.anim.update(dt)
        self.story.update(dt)
        self.hints.poll(self.control.state, self.hint_available)
        self.computer.step(dt)
        self.coach.update(self.control)
        self.picture.update(dt)
        if self.ui is not None:
            self.refresh_buttons()
            self.gui.update(dt)

    # --- drawing (play_picture) ------------------------------------------------------------
    def damage(self) -> list[pygame.Rect] | None:
        return self.picture.damage()

    def draw(self, surface: pygame.Surface) -> None:
        self.picture.draw(surface)
