"""The gestures are a part that needs no play scene: given a controller, a layout, a reading of
the moment and the screen's commands, a tap becomes the controller's answer, a drag carries
where it was let go, and H where HINT is off says why."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from game.engine import input as inp
from game.games.querni.controller import TurnController
from game.games.querni.events import Moved, Result, Selected
from game.games.querni.scenes.play_input import PlayGestures
from game.games.querni.scenes.play_moment import Moment
from game.games.querni.texts import t
from game.games.querni.widgets.layout import for_size
from game.rules.querni import Color, QuerniState
from tests.support.querni_screen import JUMPS

NOW = Moment(human_turn=True, waiting=False, busy=False, hint_available=False, hint=None,
             hint_thinking=False, dots="", thinking=False, computer_moves=False,
             versus_computer=False, two_people=True, note=None, time=0.0, chain_button=None)


class Screen:
    """A stand-in for the play screen: it records what the gestures ask of it."""

    def __init__(self, moment: Moment = NOW) -> None:
        self.control = TurnController(QuerniState.from_pieces(JUMPS, Color.BLUE))
        self.layout = for_size((1920, 1080))
        self.now = moment
        self.asked: list[tuple[str, Any]] = []

    def moment(self) -> Moment:
        return self.now

    def apply(self, result: Result | None, start: tuple[float, float] | None = None) -> None:
        self.asked.append(("apply", (result, start)))

    def note_that(self, text: Callable[[], str], tone: str) -> None:
        self.asked.append(("note", (text(), tone)))

    def hurry(self, pending_too: bool) -> bool:
        return False

    def routed(self, action: inp.Action) -> bool:
        return False

    def tapped_on_computer_turn(self, square: Any) -> None:
        self.asked.append(("computer", square))

    def put_hint_away(self) -> None:
        self.asked.append(("hint away", None))

    def __getattr__(self, name: str) -> Callable[[], None]:  # ask_hint, undo, flip, …
        return lambda: self.asked.append((name, None))


def press_and_release(gestures: PlayGestures, start: tuple[int, int], end: tuple[int, int]
                      ) -> None:
    gestures.handle(inp.Action(inp.PRESS, pos=start))
    gestures.handle(inp.Action(inp.MOVE, pos=end))
    gestures.handle(inp.Action(inp.RELEASE, pos=end))


def test_a_tap_goes_to_the_controller_and_its_answer_to_the_screen() -> None:
    screen = Screen()
    gestures = PlayGestures(screen)
    a1 = screen.layout.square_centre((0, 0))
    press_and_release(gestures, a1, a1)
    (kind, (result, start)), = [entry for entry in screen.asked if entry[0] == "apply"]
    assert isinstance(result, Selected) and result.square == (0, 0) and start is None
    assert ("hint away", None) in screen.asked  # a tap off a hint's squares puts it away


def test_a_drag_is_answered_with_where_the_piece_was_let_go() -> None:
    screen = Screen()
    gestures = PlayGestures(screen)
    c3 = screen.layout.square_centre((2, 2))
    press_and_release(gestures, screen.layout.square_centre((0, 0)), c3)
    result, start = screen.asked[-1][1]
    assert isinstance(result, Moved) and result.to == (2, 2) and start == c3


def test_on_the_computer_s_turn_a_tap_is_the_computer_part_s_to_refuse() -> None:
    screen = Screen(replace(NOW, human_turn=False, computer_moves=True))
    gestures = PlayGestures(screen)
    press_and_release(gestures, *[screen.layout.square_centre((0, 0))] * 2)
    assert screen.asked == [("computer", (0, 0))]
    assert screen.control.selected is None


def test_h_where_hint_is_off_says_why_and_still_asks(app) -> None:
    screen = Screen(replace(NOW, human_turn=False))
    PlayGestures(screen).handle(inp.Action(inp.KEY, key="h"))
    (kind, (text, tone)), asked = screen.asked
    assert kind == "note" and tone == "bad" and text == t("hint.your_turn")
    assert asked == ("ask_hint", None)
