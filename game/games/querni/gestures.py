"""Whole turns as the taps a person would make, so bots and the demo play through the same
``TurnController`` path as a person (Q-6): the scene hands each gesture to ``perform`` and
never needs to know whose it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from game.games.querni.controller import TurnController
from game.games.querni.events import Result
from game.rules.querni import Chain, Color, QuerniState, Square, must_pass


class GestureKind(StrEnum):
    TAP = "tap"
    DRAG = "drag"
    SELECT_CHAIN = "select_chain"
    UNDO = "undo"
    END_MOVE = "end_move"
    AUTO_PASS = "auto_pass"


@dataclass(frozen=True, slots=True)
class Gesture:
    """One player action on the play screen: a tap on ``square``, a drag from ``square`` to
    ``target``, a button, or the automatic pass of Q-4.6. ``confirm_pass``: END MOVE with the
    "Pass this turn?" question already answered yes."""

    kind: GestureKind
    square: Square | None = None
    target: Square | None = None
    confirm_pass: bool = False

    @classmethod
    def tap(cls, square: Square) -> Gesture:
        return cls(GestureKind.TAP, (square[0], square[1]))


def perform(controller: TurnController, gesture: Gesture) -> Result:
    """Hand one gesture to the controller, exactly as the scene's input handling would."""
    kind = gesture.kind
    if kind is GestureKind.TAP:
        assert gesture.square is not None
        return controller.tap(gesture.square)
    if kind is GestureKind.DRAG:
        assert gesture.square is not None and gesture.target is not None
        return controller.drag(gesture.square, gesture.target)
    if kind is GestureKind.SELECT_CHAIN:
        return controller.select_chain()
    if kind is GestureKind.UNDO:
        return controller.undo()
    if kind is GestureKind.END_MOVE:
        return controller.end_move(confirm_pass=gesture.confirm_pass)
    return controller.auto_pass()


def gestures_for_turn(
    state: QuerniState, path: Sequence[Square] | None, chain: Chain | None
) -> list[Gesture]:
    """The gestures of a whole turn as ``legal_turns`` writes it (Q-6.1..Q-6.3): the piece and
    each landing, SELECT CHAIN and the chain's lowest then highest piece (where they stand
    after the movement), END MOVE; a pass confirmed, or the automatic pass (Q-4.6). Not
    checked here: the controller refuses a wrong one."""
    gestures: list[Gesture] = []
    if path:
        gestures.extend(Gesture.tap(sq) for sq in path)
    if chain is not None:
        shown = state.moved(list(path)) if path else state
        mover: Color = state.to_move
        gestures.append(Gesture(GestureKind.SELECT_CHAIN))
        for number in chain:
            square = shown.where(mover, number)
            if square is None:
                raise ValueError(f"{mover.name} {number} is not on the board: no chain {chain}")
            gestures.append(Gesture.tap(square))
    if not gestures and must_pass(state):
        return [Gesture(GestureKind.AUTO_PASS)]
    gestures.append(Gesture(GestureKind.END_MOVE, confirm_pass=not gestures))
    return gestures


def play_turn(
    controller: TurnController, path: Sequence[Square] | None, chain: Chain | None
) -> list[Result]:
    """Perform a whole turn's gestures from the controller's current state (the demo's and
    the tests' shortcut); every result in order, the last one the ``TurnEnded``."""
    gestures = gestures_for_turn(controller.state, path, chain)
    return [perform(controller, g) for g in gestures]
