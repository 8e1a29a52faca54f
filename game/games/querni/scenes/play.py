"""The QUERNI play screen: the 10×7 board, the HUD and SELECT CHAIN / END MOVE / UNDO / EXIT.

The scene is the view over ``TurnController``: it turns taps, drags and keys into the
controller's commands (Q-6), animates and sounds the events it answers, and draws what the
controller says is lit. Every question of legality goes through the controller to
``game.rules.querni``. Whose turn it is decides who may give input (``players.Player``): a
person's taps reach the controller; a bot's chosen turn is fed through
``gestures.gestures_for_turn`` one gesture at a time, through the very same handling.

Input during animations: a tap while a piece flies or a chain pops finishes the animation at
once and then counts as usual (the position is already the rules'). A tap while an automatic
pass (Q-4.6) or the game-over panel is pending only brings it on at once.

The computer opponent (``computer.ComputerPlayer``) thinks in a worker thread: frames keep
flowing while it does (the thinking dots), taps on the board are refused with a message, and
EXIT and the pause menu work. Leaving the scene, pausing it or starting another game cancels
the thinking (it starts again from the position when the scene comes back). In the demo and
the kiosk's attract mode a new game is the computer at MEDIUM against itself at HARD.

HINT (button or H, on a person's turn before they have moved): HARD's suggestion for the
position, asked in its own worker, shown on the board until the next tap on the board or the
next move. Each position hinted counts once in the session's ``hints`` (saved, recorded).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import pygame

from game.arcade.play.hints import HintFlow
from game.arcade.scene import ArcadeScene
from game.arcade.widgets import buttons
from game.arcade.widgets import palette as arcade_palette
from game.arcade.widgets.background import background
from game.engine import i18n
from game.engine import input as inp
from game.engine.damage import Tracker
from game.engine.gui import picture
from game.engine.tween import Tween
from game.games.querni import GAME_ID
from game.games.querni.computer import Choice, HintAdvisor
from game.games.querni.controller import QUIET_ROUNDS_TO_DRAW, TurnController
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
from game.games.querni.gestures import Gesture, gestures_for_turn, perform
from game.games.querni.players import Player, cancel, make_player
from game.games.querni.scenes.animation import BoardAnimations
from game.games.querni.scenes.hinting import Hint, HintAsker
from game.games.querni.session import DEMO, TWO_PLAYERS, QuerniSession, default_players
from game.games.querni.texts import TEXTS, color_name, t
from game.games.querni.widgets import hud, motion, palette
from game.games.querni.widgets.board import BoardView
from game.games.querni.widgets.layout import QuerniLayout, for_size
from game.rules.querni import Color, QuerniState, Square

DRAG_SLOP = 14
"""Logical px a press must travel before it counts as a drag."""
AUTO_PASS_SECONDS = 2.2
"""How long the automatic pass's message shows before the turn passes (Q-4.6)."""
GAME_OVER_SECONDS = 1.2
BOT_GESTURE_SECONDS = 0.55
"""A bot's gestures come at a person's pace."""
NOTE_SECONDS = 4.0
"""How long an explanation (a refusal) stays before the prompt comes back."""
BAD, GOOD, INFO, HINT_TONE = "bad", "good", "info", "hint"
TONES = {BAD: arcade_palette.BAD, GOOD: arcade_palette.GOOD, INFO: palette.TEXT,
         HINT_TONE: palette.HINT}
PORTRAIT_KEYS = {"up": "left", "down": "right", "left": "down", "right": "up"}
"""Arrow keys on the turned portrait board (a–j down the screen, BLUE's edge on the left),
as the controller's directions for an upright board."""
KEYS = {"accept": "accept", "c": "chain", "e": "end_move", "u": "undo", "back": "undo"}
"""Keys of the input layer → the controller's key names (Esc, ``pause``, is the scene's)."""
HINT_KEY = "h"


def _frozen(value: Any) -> Any:
    """A value to compare: mappings and sets as sorted tuples (``PlayScene.damage``)."""
    if isinstance(value, Mapping):
        return tuple(sorted(value.items()))
    if isinstance(value, (set, frozenset)):
        return tuple(sorted(value))
    if isinstance(value, list):
        return tuple(value)
    return value


def refusal_text(refusal: Refusal) -> str:
    """Why nothing happened, in the player's language (colour names translated)."""
    params = dict(refusal.params)
    if "color" in params:
        params["color"] = color_name(params["color"])
    return t(f"refusal.{refusal.key}", **params)


class PlayScene(ArcadeScene):
    """One game of QUERNI, from the first tap to the game-over panel."""

    game_id = GAME_ID

    def __init__(self, app: Any, variant: str | None = None,
                 saved: QuerniSession | None = None,
                 players: Mapping[Color, Player] | None = None,
                 layout: QuerniLayout | None = None, human: str | None = None) -> None:
        """``human``: the colour the person plays against the computer (``"BLUE"`` or
        ``"RED"``, for a new game of a ``vs_*`` variant; BLUE by default)."""
        super().__init__(app)
        self._human = Color[human] if human in ("BLUE", "RED") else Color.BLUE
        self.layout = layout or for_size(app.surface.get_size())
        self.rng = app.ctx.visual_rng()
        self.board_view = BoardView(self.layout)
        self.time = 0.0
        self._given_players = players
        self.b_chain: Any = None
        self.b_hint: Any = None
        self.players: dict[Color, Player] = {}
        self.hints: HintFlow[QuerniState, Hint] = HintFlow(
            HintAsker(HintAdvisor(deterministic=self.deterministic, seed=self.ctx.seed)),
            counted=self._hint_counted, failed=lambda: self._note(t("hint.failed"), INFO),
            shown=self._hint_shown)
        self._static: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._damage = Tracker()
        self._reset(saved, variant)

    # --- state ------------------------------------------------------------------------------
    def _reset(self, session: QuerniSession | None, variant: str | None) -> None:
        """Show ``session`` (or a new game of ``variant``) with a fresh view state."""
        self.stop_thinking()
        if session is None:
            variant = variant or TWO_PLAYERS
            if self.ctx.demo or self.ctx.demo_is_attract:
                variant = DEMO  # what visitors watch: the real opponent, MEDIUM against HARD
            players = self._new_players.get(variant) or default_players(variant, self._human)
            session = QuerniSession.new(self.ctx.game_rng(GAME_ID), variant, players)
        self.session = session
        self.control = TurnController(session.state)
        if self._given_players is not None:
            self.players = dict(self._given_players)
        else:
            self.players = {color: make_player(session.player(color),
                                               deterministic=self.deterministic,
                                               seed=self.ctx.seed) for color in Color}
        self.anim = BoardAnimations(self.layout, self.board_view, self.rng)
        self.press: dict[str, Any] | None = None
        self.note: tuple[str, str] | None = None  # (text, tone) until the next action
        self.note_age = 0.0
        self.message_age = 0.0
        self._shown_message = ""
        self.trail_path: tuple[Square, ...] = ()
        self.ghosts: dict[Square, tuple[Color, int]] = {}
        self.trail_age = 1.0
        self.cursor_shown = False
        self.pending_pass: Tween | None = None
        self.pending_over: Tween | None = None
        self.bot_plan: list[Gesture] = []
        self.bot_choice: tuple[QuerniState, Choice] | None = None  # decided, not yet played
        self.bot_wait = 0.0
        self.recorded = False
        self.hints.forget()
        self._check_stuck()

    @property
    def deterministic(self) -> bool:
        """A reproducible run (one update per frame: ``--frames``, ``--bench``, the tests): the
        computer searches a node budget, so ``--seed`` replays the same turns."""
        return bool(getattr(self.app, "fixed_steps_per_frame", False))

    @property
    def _new_players(self) -> dict[str, dict[str, str]]:
        """Who plays a new game of a variant, when chosen on the setup screen (the person's
        colour against the computer); PLAY AGAIN keeps it."""
        session = getattr(self, "session", None)
        if session is None:
            return {}
        return {session.variant: dict(session.players)}

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
    def state(self):  # noqa: ANN201 - the committed QuerniState
        return self.control.state

    @property
    def mover(self) -> Player:
        return self.players[self.control.to_move]

    @property
    def human_turn(self) -> bool:
        """The player to move gives input by tapping (a person)."""
        return not self.control.is_over and self.mover.takes_input

    @property
    def settings(self) -> dict[str, Any]:
        return self.ctx.game_settings(GAME_ID)

    @property
    def sound_state(self) -> hud.Sound:
        try:
            return hud.Sound(self.settings.get("sound", "all_on"))
        except ValueError:
            return hud.Sound.ALL_ON

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
        self._refresh_buttons()

    # --- lifecycle --------------------------------------------------------------------------
    def enter(self) -> None:
        self.board_view.prewarm()
        self._build_buttons()
        self.ctx.audio.play_music("music_querni")
        self._apply_sound()
        self._refresh_buttons()

    def resume(self) -> None:
        self._apply_sound()  # the settings may have changed the speaker's state
        self._refresh_buttons()

    def pause(self) -> None:
        """An overlay came up (the pause menu, a question): the thinking stops; the computer
        thinks again from the same position when the game comes back."""
        self.stop_thinking()

    def exit(self) -> None:
        self.stop_thinking()
        hud.apply_sound(self.ctx, hud.Sound.ALL_ON)  # leaving QUERNI: the arcade's sound
        super().exit()

    def _build_buttons(self) -> None:
        L, ui = self.layout, self.gui

        def button(rect: pygame.Rect, key: str, command: Any, object_id: str) -> Any:
            return buttons.button(ui, rect, key, self._command(command), object_id, texts=TEXTS)

        self.b_chain = button(L.select_chain_rect, "play.select_chain",
                              lambda: self.control.select_chain(), "#roll")
        self.b_end = button(L.end_move_rect, "play.end_move", lambda: self.control.end_move(),
                            "#confirm")
        self.b_undo = button(L.undo_rect, "play.undo", lambda: self.control.undo(), "#choice")
        self.b_hint = buttons.button(ui, L.hint_rect, "play.hint", self.ask_hint, "#hint",
                                     texts=TEXTS)
        self.b_exit = buttons.button(ui, L.leave_rect, "play.exit", self.ask_exit, "#choice",
                                     texts=TEXTS)
        self.b_menu = buttons.button(ui, L.exit_rect, "play.menu", self.pause_game, "#icon",
                                     texts=TEXTS)

    def _command(self, command: Any) -> Any:
        """A button's command: only for a person's turn, its answer shown like a tap's."""

        def run() -> None:
            if not self.human_turn or self.pending_pass is not None:
                return
            self.apply(command())

        return run

    # --- navigation -------------------------------------------------------------------------
    def pause_game(self) -> None:
        self.app.nav.push("pause", game_id=GAME_ID, on_leave=self.autosave)

    def ask_exit(self) -> None:
        """EXIT (Q-6.6): asks first; an exited game cannot be continued."""
        self.app.nav.push("confirm", **self._exit_question())

    def _exit_question(self) -> dict[str, Any]:
        """What the exit question opens with."""
        return {"question_key": "play.exit_question", "on_yes": self.exit_game, "texts": TEXTS}

    def exit_game(self) -> None:
        """The game is abandoned: its save goes (no CONTINUE), it is not recorded; the
        computer stops thinking at once."""
        self.stop_thinking()
        if self.ctx.storage is not None and not self.ctx.demo_is_attract:
            self.ctx.storage.clear_game(GAME_ID)
        self.app.nav.clear_to("title", game_id=GAME_ID)

    def _show_game_over(self) -> None:
        self.pending_over = None
        variant = self.session.variant
        self.app.nav.push(f"{GAME_ID}.game_over", session=self.session,
                          on_play_again=lambda: self.restart(variant),
                          on_menu=lambda: self.app.nav.clear_to("title", game_id=GAME_ID))

    # --- the speaker logo (Q-6.5) ---------------------------------------------------------
    def tap_speaker(self) -> None:
        """One tap mutes the music, a second all sound, a third turns everything on."""
        self.settings["sound"] = str(hud.next_sound(self.sound_state))
        self.ctx.save_settings()
        self._apply_sound()
        self.ctx.audio.play("click")

    def _apply_sound(self) -> None:
        hud.apply_sound(self.ctx, self.sound_state)

    # --- what the controller answers ------------------------------------------------------
    def apply(self, result: Result | None) -> None:
        """Animate, sound and explain one answer of the controller."""
        if result is None:
            return
        audio = self.ctx.audio
        if not isinstance(result, Refusal):
            self.hints.put_away()  # a move (or any step of one) puts the hint away
        if isinstance(result, Refusal):
            audio.play("querni_illegal")
            self._note(refusal_text(result), BAD)
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
                self._moved(result)
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
        self._refresh_buttons()

    def confirm_pass(self) -> None:
        """Yes to "Pass this turn?": END MOVE with nothing done (Q-4.1)."""
        if self.human_turn:
            self.apply(self.control.end_move(confirm_pass=True))

    def _note(self, text: str, tone: str) -> None:
        self.note = (text, tone)
        self.note_age = 0.0

    def _moved(self, event: Moved, start: tuple[float, float] | None = None) -> None:
        piece = self.control.shown.pieces.get(event.to)
        if piece is None:
            return
        audio = self.ctx.audio

        def hop(_index: int) -> None:
            audio.play("querni_jump" if event.is_jump else "querni_step")

        self.anim.fly(piece[0], piece[1], (event.frm, event.to), event.is_jump, start=start,
                      on_hop=hop, on_land=lambda: audio.play("querni_land"))

    def _undone(self, event: Undone) -> None:
        self.ctx.audio.play("click")
        path = event.path
        if path:
            piece = self.control.state.pieces.get(path[0])
            if piece is not None:
                self.anim.fly(piece[0], piece[1], (path[-1], path[0]), False, speed=0.8)

    def _turn_ended(self, event: TurnEnded) -> None:
        """END MOVE (or a pass): the turn is the rules' now; save, pop, trail, what next."""
        self.anim.finish_flight()
        self.session.commit(event.path, event.chain, event.state)
        mover = event.mover
        self.trail_path = event.path or ()
        self.trail_age = 0.0
        self.ghosts = {}
        audio = self.ctx.audio
        if event.removed and event.chain is not None:
            numbers = range(event.chain[0], event.chain[1] + 1)
            self.ghosts = dict(zip(event.removed, ((mover, n) for n in numbers)))
            audio.play("querni_pop")
            self.anim.pop_chain([(sq, mover, n) for sq, n in zip(event.removed, numbers)])
            self._note(t("play.removed", color=color_name(mover), low=event.chain[0],
                         high=event.chain[1]), GOOD)
        elif event.passed:
            audio.play("querni_pass")
            key = "play.auto_passed" if event.automatic else "play.passed"
            self._note(t(key, color=color_name(mover)), INFO)
        else:
            self.note = None
        self.pending_pass = None
        if event.game_over:
            self._game_over(event)
            return
        self.ctx.autosave(GAME_ID, self.session, later=True)
        self._check_stuck()

    def _game_over(self, event: TurnEnded) -> None:
        outcome = event.outcome
        assert outcome is not None
        self.ctx.audio.play("querni_draw" if outcome.winner is None else "querni_win")
        if not self.recorded:
            self.recorded = True
            self.ctx.record(GAME_ID, self.session)
        seconds = GAME_OVER_SECONDS + (self.anim.pop.seconds if self.anim.pop else 0.0)
        self.pending_over = self.anim.later(seconds, self._show_game_over)

    def _check_stuck(self) -> None:
        """Q-4.6: the player to move can do nothing, so the turn passes by itself (after the
        message has been read)."""
        if self.control.is_over or not self.control.must_pass:
            return
        mover = self.control.to_move
        self._note(t("play.auto_pass", color=color_name(mover),
                     other=color_name(mover.opponent)), INFO)
        self.pending_pass = self.anim.later(AUTO_PASS_SECONDS, self._auto_pass)

    def _auto_pass(self) -> None:
        if self.pending_pass is None:
            return
        self.pending_pass = None
        self.apply(self.control.auto_pass())

    # --- input ------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """Something plays out that a tap brings to its end (a flight, a pop, a pending
        automatic pass or game-over panel)."""
        return self.anim.busy or self.pending_pass is not None or self.pending_over is not None

    @property
    def moving(self) -> bool:  # type: ignore[override]  # the engine's attribute, asked here
        """A piece flies or a chain pops (the computer's moves too, with nobody touching the
        screen): drawn at full rate."""
        return self.anim.moving

    @property
    def waiting(self) -> bool:
        """Only an automatic pass or the game-over panel is coming: input waits for it."""
        return self.pending_pass is not None or self.pending_over is not None

    def skip_animation(self) -> None:
        self.anim.finish_flight()
        self.anim.finish_pop()

    def intercept(self, action: inp.Action) -> bool:
        """A press while an automatic pass or the game-over panel is pending brings it on at
        once (and only that); a press during a flight or a pop finishes it and counts."""
        if action.kind != inp.PRESS:
            return False
        if self.waiting and not self._on_menu(action.pos):
            self.anim.finish()
            return True
        if self.anim.busy and self.human_turn:  # the computer's move is never cut short
            self.skip_animation()
        return False

    def _on_menu(self, pos: tuple[int, int] | None) -> bool:
        return pos is not None and (self.layout.exit_rect.collidepoint(pos)
                                    or self.layout.leave_rect.collidepoint(pos)
                                    or self.layout.hint_rect.collidepoint(pos)
                                    or self.layout.speaker_rect.collidepoint(pos))

    def handle(self, action: inp.Action) -> None:
        kind = action.kind
        if kind == inp.KEY:
            self._key(action.key)
        elif kind == inp.PRESS and action.pos is not None:
            self._press(action.pos)
        elif kind == inp.MOVE and self.press is not None and action.pos is not None:
            press = self.press
            if math.dist(action.pos, press["start"]) > DRAG_SLOP:
                press["moved"] = True
            press["pos"] = action.pos
        elif kind == inp.RELEASE and action.pos is not None:
            self._release(action.pos)
        elif kind == inp.FOCUS_LOST:
            self.press = None

    def _press(self, pos: tuple[int, int]) -> None:
        if self.layout.speaker_rect.collidepoint(pos):
            self.tap_speaker()
            return
        square = self.layout.square_at(pos)
        self.press = None
        if square is None or self.waiting:
            return
        if not self.human_turn:
            self._refuse_while_computer_plays(square)
            return
        self.hints.put_away()  # a tap on the board puts the hint away (and counts as usual)
        self.cursor_shown = False
        self.press = {"square": square, "start": pos, "pos": pos, "moved": False}

    def _release(self, pos: tuple[int, int]) -> None:
        press, self.press = self.press, None
        if press is None or not self.human_turn or self.waiting:
            return
        frm: Square = press["square"]
        if not press["moved"]:
            self.apply(self.control.tap(frm))
            return
        to = self.layout.square_at(pos)
        if to is None:
            return  # let go off the board: nothing happens
        result = self.control.drag(frm, to)
        if isinstance(result, Moved):
            self.note = None
            self._moved(result, start=pos)
            self._refresh_buttons()
        else:
            self.apply(result)

    def _key(self, key: str | None) -> None:
        if key == "pause":
            self.pause_game()
            return
        if key is None:
            return
        if key == HINT_KEY:
            self.ask_hint()
            return
        if self.waiting:
            self.anim.finish()
            return
        if self.anim.busy and self.human_turn:  # the computer's move is never cut short
            self.skip_animation()
        if key in PORTRAIT_KEYS:
            self.cursor_shown = True
            self.control.move_cursor(PORTRAIT_KEYS[key] if self.layout.turned else key)
            return
        name = KEYS.get(key)
        if name is None or not self.human_turn:
            return
        if name == "accept":
            self.cursor_shown = True
        self.apply(self.control.press_key(name))

    # --- a bot's turn -------------------------------------------------------------------------
    def _bot_step(self, dt: float) -> None:
        """The player to move does not tap: ask it for its turn, then play that turn's
        gestures one by one at a person's pace."""
        if self.control.is_over or self.mover.takes_input or self.waiting:
            return
        if not self.bot_plan:
            state = self.control.state
            if self.bot_choice is None or self.bot_choice[0] != state:
                # asked at once, even while the last move still animates; answered once
                choice = self.mover.choose(state)
                self.bot_choice = None if choice is None else (state, choice)
            if self.bot_choice is None or self.anim.busy:
                return  # still thinking, or the last move still plays out
            path, chain = self.bot_choice[1]
            self.bot_choice = None
            self.bot_plan = gestures_for_turn(state, path, chain)
            self.bot_wait = BOT_GESTURE_SECONDS
        if self.busy:
            return
        self.bot_wait -= dt
        if self.bot_wait > 0:
            return
        self.bot_wait = BOT_GESTURE_SECONDS
        gesture = self.bot_plan.pop(0)
        self.apply(perform(self.control, gesture))

    @property
    def thinking(self) -> bool:
        """The computer is deciding its turn (the HUD's dots)."""
        return (not self.control.is_over and not self.mover.takes_input
                and not self.bot_plan and self.bot_choice is None)

    @property
    def versus_computer(self) -> bool:
        """A person plays the computer (exactly one side takes input)."""
        return sum(player.takes_input for player in self.players.values()) == 1

    def _refuse_while_computer_plays(self, square: Square) -> None:
        """A tap on the board on the computer's turn: nothing happens, and the player is told
        why (its own piece, or: it is thinking)."""
        if self.control.is_over:
            return
        piece = self.control.shown.pieces.get(square)
        mover = self.control.to_move
        if piece is not None and piece[0] is mover:
            key = "play.computer_piece" if self.versus_computer else "play.not_now"
            self.anim.shake(square)
        else:
            key = "play.computer_thinking" if self.versus_computer else "play.not_now"
        self.ctx.audio.play("querni_illegal")
        self._note(t(key, color=color_name(mover)), BAD)

    # --- HINT -----------------------------------------------------------------------------------
    @property
    def hint_available(self) -> bool:
        """A person is to move and has not started their turn (nothing to take back)."""
        return (self.human_turn and self.pending_pass is None and self.pending_over is None
                and not self.control.can_undo)

    @property
    def hint(self) -> Hint | None:
        """HARD's suggestion shown now, if any."""
        return self.hints.showing(self.control.state)

    @property
    def hint_thinking(self) -> bool:
        return self.hints.thinking(self.control.state)

    def ask_hint(self) -> None:
        """HINT / H: HARD's suggestion for the position on the board (again: put it away)."""
        if self.hint_available:
            self.hints.press(self.control.state, self.time)

    def _hint_shown(self) -> None:
        self.note = None
        self.ctx.audio.play("click", 0.5)

    def _hint_counted(self) -> None:
        self.session.hinted()
        self.ctx.autosave(GAME_ID, self.session, later=True)

    # --- buttons ------------------------------------------------------------------------------
    def _refresh_buttons(self) -> None:
        if self.ui is None or self.b_chain is None:
            return
        c = self.control
        person = self.human_turn and self.pending_pass is None
        buttons.set_enabled(self.b_chain, person)
        buttons.set_enabled(self.b_end, person and c.can_end_move)
        buttons.set_enabled(self.b_undo, person and c.can_undo)
        buttons.set_enabled(self.b_hint, self.hint_available and not self.hint_thinking)
        buttons.set_enabled(self.b_exit, not c.is_over)

    # --- the message strip --------------------------------------------------------------------
    def message(self) -> tuple[str, str]:
        """The line the player reads now, and its tone: an explanation, else what to do."""
        if self.note is not None:
            return self.note
        c = self.control
        hint = self.hint
        if hint is not None:
            return hint.text, HINT_TONE
        if self.hint_thinking:
            return t("hint.thinking") + self.hints.dots(self.time), HINT_TONE
        if c.is_over:
            return t("play.over"), INFO
        color = color_name(c.to_move)
        if not self.mover.takes_input:  # thinking, then playing its decided turn
            if self.thinking:
                key = "play.computer_thinking" if self.versus_computer else "play.thinking"
            else:
                key = "play.computer_playing" if self.versus_computer else "play.playing"
            return t(key, color=color), INFO
        if c.chain_mode:
            if c.chain is not None:
                return t("play.prompt_chain_chosen", color=color, low=c.chain[0],
                         high=c.chain[1]), GOOD
            if c.chain_first is not None:
                return t("play.prompt_chain_second"), INFO
            return t("play.prompt_chain_first"), INFO
        if c.movement_open:
            return t("play.prompt_jump_on"), INFO
        if c.has_moved:
            return t("play.prompt_moved"), INFO
        if c.selected is not None:
            return t("play.prompt_selected"), INFO
        return t("play.prompt_start", color=color), INFO

    # --- per step -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self.message_age += dt
        self.trail_age += dt
        if self.note is not None and self.pending_pass is None:
            self.note_age += dt
            if self.note_age > NOTE_SECONDS and self.note[1] == BAD:
                self.note = None
        self.anim.update(dt)
        self.hints.poll(self.control.state, self.hint_available)
        self._bot_step(dt)
        if not self.control.trail:
            self.trail_path, self.ghosts = (), {}
        if self.ui is not None:
            self._refresh_buttons()
            self.gui.update(dt)

    # --- drawing ------------------------------------------------------------------------------
    def dragged(self) -> tuple[Square, tuple[int, int]] | None:
        """The piece being dragged and where the pointer holds it (not in chain mode)."""
        press = self.press
        if press is None or not press["moved"] or self.control.chain_mode:
            return None
        square = press["square"]
        piece = self.control.shown.pieces.get(square)
        if piece is None or piece[0] is not self.control.to_move:
            return None
        return square, press["pos"]

    def _board_args(self) -> dict[str, Any]:
        """What the board shows now: ``BoardView.draw``'s arguments."""
        c = self.control
        dragged = self.dragged()
        hidden = self.anim.hidden
        if dragged is not None:
            hidden.add(dragged[0])
        chain_mode = c.chain_mode
        candidates = c.chain_candidates if c.chain is None else frozenset()
        trail = set(c.trail) | set(c.path[:-1])
        trail_path = c.path if c.path else (self.trail_path if c.trail else ())
        show_chains = bool(self.settings.get("show_chains", True))
        hint = self.hint if self.hint is not None and not self.anim.busy else None
        return {
            "pieces": c.shown.pieces,
            "selected": c.chain_first if chain_mode else c.selected,
            "step_targets": c.lit_steps,
            "jump_targets": c.lit_jumps,
            "chain_candidates": candidates,
            "chain_selected": c.chain_squares,
            "chain_progress": self.anim.chain_progress,
            "removable_marks": () if chain_mode or not self.human_turn else c.chain_marks(
                show_chains),
            "trail": trail,
            "trail_path": trail_path if len(trail_path) > 1 else (),
            "trail_alpha": motion.trail_alpha(self.trail_age) if c.trail else 1.0,
            "ghosts": self.ghosts if c.trail else None,
            "cursor": c.cursor if self.cursor_shown else None,
            "hidden": hidden,
            "offsets": self.anim.offsets,
            "time": self.time,
            "hint_path": hint.path if hint is not None else (),
            "hint_chain": hint.chain_squares if hint is not None else (),
        }

    def _static_key(self, size: tuple[int, int]) -> tuple[object, ...]:
        return (size, i18n.current())

    def static_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """What never changes during a game — the backdrop, the board's frame with its squares
        and coordinates, the logo — composed once into one opaque layer."""
        key = self._static_key(size)
        if self._static is None or self._static[0] != key:
            layer = background(size).copy()
            self.board_view.draw_frame(layer)
            hud.draw_logo(layer, self.layout)
            self._static = (key, layer)
        return self._static[1]

    def damage(self) -> list[pygame.Rect] | None:
        """Untouched, the turn token bobs (and the thinking dots bounce), a new message rises,
        and the board pulses while something on it is selected or lit: redrawn there alone.
        Pieces in flight, a popping chain or a drag: everything."""
        if self.anim.moving or self.dragged() is not None:
            return self._damage.whole()
        args = self._board_args()
        moving = [self.layout.turn_rect.inflate(8, 8)]
        if BoardView.animated(**args):
            moving.append(self.layout.frame_rect.inflate(80, 80))
        if self.message_age < 0.25:
            moving.append(self.layout.message_rect.inflate(8, 24))
        board = {name: _frozen(value) for name, value in args.items() if name != "time"}
        signature = (self._static_key(self.app.surface.get_size()),
                     tuple(sorted(board.items())), self._hud_state(), picture(self.ui))
        return self._damage.areas(signature, moving)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.static_layer(surface.get_size()), (0, 0))
        c = self.control
        dragged = self.dragged()
        self.board_view.draw(surface, **self._board_args(), frame=False)
        self.anim.draw(surface)
        if dragged is not None:
            piece = c.shown.pieces[dragged[0]]
            self.board_view.draw_piece(surface, piece[0], piece[1], dragged[1],
                                       ground=(dragged[1][0], dragged[1][1] + 16),
                                       scale=(1.08, 1.08), state="selected")
        self._draw_hud(surface)
        if self.ui is not None:
            self.gui.draw_ui(surface)
        if c.chain_mode and self.b_chain is not None:  # SELECT CHAIN is on: a gold frame
            pygame.draw.rect(surface, arcade_palette.GOLD, self.b_chain.rect.inflate(14, 14), 5,
                             border_radius=26)

    def _hud_state(self) -> tuple[Any, ...]:
        """What the HUD shows apart from its motion: mover, label, thinking, the counts, the
        quiet rounds, the message and its tone, the speaker, SELECT CHAIN's frame."""
        c = self.control
        mover = c.to_move
        if c.is_over:
            outcome = c.outcome
            label = t("play.over")
            if outcome is not None and outcome.winner is not None:
                mover = outcome.winner
                label = t("over.wins", color=color_name(mover))
        else:
            label = t("play.to_move", color=color_name(mover))
        counts = tuple(c.pieces_left(color) for color in Color)
        return (mover, label, self.thinking, counts, c.quiet_rounds, self.message(),
                self.sound_state, c.chain_mode)

    def _draw_hud(self, surface: pygame.Surface) -> None:
        c, L = self.control, self.layout
        mover, label, thinking, left, _rounds, (text, tone), sound, _chain = \
            self._hud_state()
        hud.draw_turn(surface, L, mover, label, self.time, thinking=thinking)
        hud.draw_pieces_left(surface, L, dict(zip(Color, left)), t("play.left"))
        hud.draw_quiet_rounds(surface, L, t("play.quiet_rounds"), c.quiet_rounds,
                              QUIET_ROUNDS_TO_DRAW)
        if text != self._shown_message:
            self._shown_message = text
            self.message_age = 0.0
        hud.draw_message(surface, L, text, TONES.get(tone, palette.TEXT), self.message_age)
        hud.draw_speaker(surface, L.speaker_rect, sound)
