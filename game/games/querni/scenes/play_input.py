"""The QUERNI play screen's gestures: a piece tapped, or dragged to a square, SELECT CHAIN's
taps, the keys, and a press that only brings on what is pending. Only a gesture's view state
lives here (the piece being pressed, the keyboard cursor shown); every move goes to the turn
controller."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from game.engine import input as inp
from game.games.querni.events import Refusal, Result
from game.games.querni.scenes.play_moment import Moment
from game.games.querni.texts import color_name, later, t
from game.rules.querni import Square

if TYPE_CHECKING:
    from game.games.querni.controller import TurnController
    from game.games.querni.widgets.layout import QuerniLayout


class Screen(Protocol):
    """What the gestures ask of the play screen: the controller, the layout, a reading of the
    moment, and its commands."""

    control: TurnController
    layout: QuerniLayout
    def moment(self) -> Moment: ...
    def apply(self, result: Result | None, start: tuple[float, float] | None = None) -> None: ...
    def note_that(self, text: Callable[[], str], tone: str) -> None: ...
    def hurry(self, pending_too: bool) -> bool: ...
    def routed(self, action: inp.Action) -> bool: ...
    def tapped_on_computer_turn(self, square: Square) -> None: ...
    def put_hint_away(self) -> None: ...
    def ask_hint(self) -> None: ...
    def undo(self) -> None: ...
    def flip(self) -> None: ...
    def pause_game(self) -> None: ...
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


def hint_refused(moment: Moment, control: TurnController) -> str | None:
    """Why HINT cannot be asked now, as the key of its words (``None`` when it can, or while
    a question of the game waits for an answer)."""
    if moment.hint_available or moment.waiting:
        return None
    if control.is_over:
        return "refusal.game_over"
    if not moment.human_turn:
        return "hint.your_turn"
    return "hint.turn_started"


class PlayGestures:
    """Turns the players' presses, drags and keys into the turn controller's commands; keeps
    the piece being pressed and whether the keyboard's cursor shows."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.press: dict[str, Any] | None = None
        self.cursor_shown = False

    def dragged(self) -> tuple[Square, tuple[int, int]] | None:
        """The piece being dragged and where the pointer holds it (not in chain mode)."""
        control = self.screen.control
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
        if action.kind != inp.PRESS:
            return False
        return self.screen.hurry(pending_too=not self._on_menu(action.pos))

    def _on_menu(self, pos: tuple[int, int] | None) -> bool:
        L = self.screen.layout
        return pos is not None and any(rect.collidepoint(pos) for rect in (
            L.exit_rect, L.leave_rect, L.hint_rect, L.speaker_rect))

    def handle(self, action: inp.Action) -> None:
        if self.screen.routed(action):  # the coach's bubble, the move list, a past position
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

    def _press(self, pos: tuple[int, int]) -> None:
        screen = self.screen
        if screen.layout.speaker_rect.collidepoint(pos):
            screen.tap_speaker()
            return
        square = screen.layout.square_at(pos)
        self.press = None
        moment = screen.moment()
        if square is None or moment.waiting:
            return
        if not moment.human_turn:
            screen.tapped_on_computer_turn(square)
            return
        if moment.hint is None or square not in moment.hint.squares():
            screen.put_hint_away()  # a tap off the hint's squares puts it away (and counts)
        self.cursor_shown = False
        self.press = {"square": square, "start": pos, "pos": pos, "moved": False}

    def _release(self, pos: tuple[int, int]) -> None:
        screen = self.screen
        press, self.press = self.press, None
        moment = screen.moment()
        if press is None or not moment.human_turn or moment.waiting:
            return
        frm: Square = press["square"]
        if not press["moved"]:
            screen.apply(screen.control.tap(frm))
            return
        to = screen.layout.square_at(pos)
        if to is not None:  # let go off the board: nothing happens
            screen.apply(screen.control.drag(frm, to), start=pos)

    def _key(self, key: str | None) -> None:
        screen = self.screen
        if key == "pause":
            screen.pause_game()
            return
        if key is None:
            return
        moment = screen.moment()
        if key == HINT_KEY:
            why = hint_refused(moment, screen.control)
            if why is not None:  # H where HINT is off: say why (the button only looks off)
                screen.note_that(later(why), "bad")
            screen.ask_hint()
            return
        if key == FLIP_KEY and moment.two_people:
            screen.flip()
            return
        if screen.hurry(pending_too=True):
            return
        if key in PORTRAIT_KEYS:
            self.cursor_shown = True
            layout = screen.layout
            direction = PORTRAIT_KEYS[key] if layout.turned else key
            screen.control.move_cursor(OPPOSITE[direction] if layout.flipped else direction)
            return
        name = KEYS.get(key)
        if name is None or not moment.human_turn:
            return
        if name == "accept":
            self.cursor_shown = True
        if name == "undo":
            screen.undo()
        else:
            screen.apply(screen.control.press_key(name))


def refusal_text(refusal: Refusal) -> str:
    """Why nothing happened, in the player's language (colour names translated)."""
    params = dict(refusal.params)
    if "color" in params:
        params["color"] = color_name(params["color"])
    return t(f"refusal.{refusal.key}", **params)
