"""The QUERNI play screen's gestures: a piece tapped, or dragged to a square, SELECT CHAIN's
taps, the keys, and a press that only brings on what is pending. Only a gesture's view state
lives here (the piece being pressed); every move goes to the turn controller."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from game.engine import input as inp
from game.games.querni import GAME_ID
from game.games.querni.events import Moved, Refusal, Result
from game.games.querni.games_list import level_name
from game.games.querni.scenes.play_picture import INFO
from game.games.querni.texts import color_name, later, t
from game.games.querni.widgets.coach import bubble_rect
from game.rules.querni import Square

if TYPE_CHECKING:
    from game.arcade.context import GameContext
    from game.arcade.play.hints import HintFlow
    from game.games.querni.coach import Coach
    from game.games.querni.controller import TurnController
    from game.games.querni.events import Result
    from game.games.querni.scenes.animation import BoardAnimations
    from game.games.querni.scenes.hinting import Hint
    from game.games.querni.scenes.play_computer import ComputerTurns
    from game.games.querni.scenes.play_endings import Endings
    from game.games.querni.scenes.play_picture import PlayPicture
    from game.games.querni.scenes.play_story import PlayStory
    from game.games.querni.session import QuerniSession
    from game.games.querni.widgets.layout import QuerniLayout
    from game.rules.querni import QuerniState


class Owner(Protocol):
    """What the gestures use of the play screen that owns them: they show or hide the
    keyboard cursor and clear the note."""

    cursor_shown: bool
    note: tuple[Callable[[], str], str] | None

    @property
    def control(self) -> TurnController: ...
    @property
    def layout(self) -> QuerniLayout: ...
    @property
    def anim(self) -> BoardAnimations: ...
    @property
    def hints(self) -> HintFlow[QuerniState, Hint]: ...
    @property
    def computer(self) -> ComputerTurns: ...
    @property
    def endings(self) -> Endings: ...
    @property
    def story(self) -> PlayStory: ...
    @property
    def human_turn(self) -> bool: ...
    @property
    def waiting(self) -> bool: ...
    @property
    def hint(self) -> Hint | None: ...
    @property
    def hint_available(self) -> bool: ...
    @property
    def pending_pass(self) -> object | None: ...
    @property
    def pending_over(self) -> object | None: ...
    @property
    def session(self) -> QuerniSession: ...
    @property
    def ctx(self) -> GameContext: ...
    @property
    def coach(self) -> Coach: ...
    @property
    def picture(self) -> PlayPicture: ...
    def note_that(self, text: Callable[[], str], tone: str) -> None: ...
    def _reset(self, session: QuerniSession | None, variant: str | None) -> None: ...
    def apply(self, result: Result | None) -> None: ...
    def ask_hint(self) -> None: ...
    def flip(self) -> None: ...
    def moved(self, event: Moved, start: tuple[float, float] | None = None) -> None: ...
    def pause_game(self) -> None: ...
    def refresh_buttons(self) -> None: ...
    def skip_animation(self) -> None: ...
    def tap_speaker(self) -> None: ...

DRAG_SLOP = 14  # logical px a press must travel before it counts as a drag
PORTRAIT_KEYS = {"up": "left", "down": "right", "left": "down", "right": "up"}
"""Arrow keys on the turned portrait board (a–j down the screen, BLUE's edge on the left),
as the controller's directions for an upright board."""
OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}
"""On a board turned round (``layout.flipped``) every arrow means the opposite direction."""
KEYS = {"accept": "accept", "c": "chain", "e": "end_move", "u": "undo", "back": "undo"}
"""Keys of the input layer → the controller's key names (Esc, ``pause``, is the scene's)."""
HINT_KEY = "h"
FLIP_KEY = "f"
"""FLIP BOARD between two people (the pause menu's choice)."""


def hint_refused(scene: Owner) -> str | None:
    """Why HINT cannot be asked now, as the key of its words (``None`` when it can, or while
    a question of the game waits for an answer)."""
    if scene.hint_available or scene.pending_pass is not None or scene.pending_over is not None:
        return None
    if scene.control.is_over:
        return "refusal.game_over"
    if not scene.human_turn:
        return "hint.your_turn"
    return "hint.turn_started"


class PlayGestures:
    """Turns the players' presses, drags and keys into the turn controller's commands."""

    def __init__(self, scene: Owner) -> None:
        self.scene = scene
        self.press: dict[str, Any] | None = None

    def dragged(self) -> tuple[Square, tuple[int, int]] | None:
        """The piece being dragged and where the pointer holds it (not in chain mode)."""
        control = self.scene.control
        press = self.press
        if press is None or not press["moved"] or control.chain_mode:
            return None
        square = press["square"]
        piece = control.shown.pieces.get(square)
        if piece is None or piece[0] is not control.to_move:
            return None
        return square, press["pos"]

    def intercept(self, action: inp.Action) -> bool:
        """A press while an automatic pass or the game-over panel is pending brings it on at
        once (and only that); a press during a flight or a pop finishes it and counts."""
        scene = self.scene
        if action.kind != inp.PRESS:
            return False
        if scene.waiting and not self._on_menu(action.pos):
            scene.anim.finish()
            return True
        if scene.anim.busy and scene.human_turn:  # the computer's move is never cut short
            scene.skip_animation()
        return False

    def _on_menu(self, pos: tuple[int, int] | None) -> bool:
        scene = self.scene
        return pos is not None and (scene.layout.exit_rect.collidepoint(pos)
                                    or scene.layout.leave_rect.collidepoint(pos)
                                    or scene.layout.hint_rect.collidepoint(pos)
                                    or scene.layout.speaker_rect.collidepoint(pos))

    def handle(self, action: inp.Action) -> None:
        if action.kind == inp.PRESS and self._coach_tapped(action.pos):
            return
        if self.scene.story.handle(action):  # the move list, or a past position viewed
            return
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

    def _coach_tapped(self, pos: tuple[int, int] | None) -> bool:
        """A tap on the first-game coach's bubble (GOT IT) ends the coaching for good."""
        scene = self.scene
        if pos is None or scene.picture.coach() is None:
            return False
        if not bubble_rect(scene.layout).collidepoint(pos):
            return False
        scene.coach.done()
        scene.ctx.audio.play("click")
        return True

    def _press(self, pos: tuple[int, int]) -> None:
        scene = self.scene
        if scene.layout.speaker_rect.collidepoint(pos):
            scene.tap_speaker()
            return
        square = scene.layout.square_at(pos)
        self.press = None
        if square is None or scene.waiting:
            return
        if not scene.human_turn:
            scene.computer.refuse(square)
            return
        if scene.hint is None or square not in scene.hint.squares():
            scene.hints.put_away()  # a tap off the hint's squares puts it away (and counts)
        scene.cursor_shown = False
        self.press = {"square": square, "start": pos, "pos": pos, "moved": False}

    def _release(self, pos: tuple[int, int]) -> None:
        scene = self.scene
        press, self.press = self.press, None
        if press is None or not scene.human_turn or scene.waiting:
            return
        frm: Square = press["square"]
        if not press["moved"]:
            scene.apply(scene.control.tap(frm))
            return
        to = scene.layout.square_at(pos)
        if to is None:
            return  # let go off the board: nothing happens
        result = scene.control.drag(frm, to)
        if isinstance(result, Moved):
            scene.note = None
            if scene.hint is not None and not scene.hint.followed_by(scene.control):
                scene.hints.put_away()
            scene.moved(result, start=pos)
            scene.refresh_buttons()
        else:
            scene.apply(result)

    def _key(self, key: str | None) -> None:
        scene = self.scene
        if key == "pause":
            scene.pause_game()
            return
        if key is None:
            return
        if key == HINT_KEY:
            why = hint_refused(scene)
            if why is not None:  # H where HINT is off: say why (the button only looks off)
                scene.note_that(later(why), "bad")
            scene.ask_hint()
            return
        if key == FLIP_KEY and len(scene.endings.people) == 2:
            scene.flip()
            return
        if scene.waiting:
            scene.anim.finish()
            return
        if scene.anim.busy and scene.human_turn:  # the computer's move is never cut short
            scene.skip_animation()
        if key in PORTRAIT_KEYS:
            scene.cursor_shown = True
            direction = PORTRAIT_KEYS[key] if scene.layout.turned else key
            scene.control.move_cursor(OPPOSITE[direction] if scene.layout.flipped else direction)
            return
        name = KEYS.get(key)
        if name is None or not scene.human_turn:
            return
        if name == "accept":
            scene.cursor_shown = True
        scene.apply(self.undo() if name == "undo" else scene.control.press_key(name))

    def undo(self) -> Result | None:
        """UNDO (the button, U, Backspace): a step back within the turn; at the start of the
        person's turn against EASY or MEDIUM, TAKE BACK (issue 48): their last turn and the
        computer's reply go (``QuerniSession.take_back``, counted in the game's record) and
        the screen shows the position before them, saying so."""
        scene = self.scene
        session = scene.session
        if scene.control.can_undo or not session.take_back():
            return scene.control.undo()
        scene._reset(session, None)  # the position, the move list and the players anew
        scene.ctx.autosave(GAME_ID, session, later=True)
        kind = session.player(scene.control.to_move.opponent)
        scene.note_that(lambda: t("play.took_back", level=level_name(kind)), INFO)
        scene.ctx.audio.play("click")
        return None


def refusal_text(refusal: Refusal) -> str:
    """Why nothing happened, in the player's language (colour names translated)."""
    params = dict(refusal.params)
    if "color" in params:
        params["color"] = color_name(params["color"])
    return t(f"refusal.{refusal.key}", **params)
