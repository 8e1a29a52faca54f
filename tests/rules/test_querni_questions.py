"""The rules' questions the app asks during a turn (``game.rules.querni.questions``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.querni import (
    COLS,
    ROWS,
    Color,
    IllegalMove,
    QuerniState,
    TurnTrace,
    can_move_or_remove,
    hops_jumped,
    is_step,
    jumped_over,
    must_pass,
    trace_turn,
)

squares = st.tuples(st.integers(0, COLS - 1), st.integers(0, ROWS - 1))


def test_q_4_3_a_step_is_to_one_of_the_eight_neighbours() -> None:
    assert is_step((4, 3), (5, 4)) and is_step((4, 3), (4, 2))
    assert not is_step((4, 3), (6, 3)) and not is_step((4, 3), (4, 3))


def test_q_4_4_a_jump_passes_over_the_square_between_its_ends() -> None:
    assert jumped_over((1, 1), (3, 3)) == (2, 2)
    assert jumped_over((1, 1), (2, 2)) is None  # a step jumps over nothing
    assert hops_jumped([(1, 1), (3, 1), (3, 3)]) == ((2, 1), (3, 2))
    assert hops_jumped([(1, 1), (2, 1)]) == ()


@given(a=squares, b=squares)
def test_is_step_is_symmetric_and_never_the_same_square(a, b) -> None:
    assert is_step(a, b) == is_step(b, a)
    assert not is_step(a, a)


def test_q_4_6_the_start_is_no_pass_and_a_cornered_player_must_pass() -> None:
    start = QuerniState.new(random.Random(1))
    assert can_move_or_remove(start) and not must_pass(start)
    # BLUE's only piece boxed in by RED in the corner: no step, no jump, no chain
    boxed = QuerniState.from_pieces({(0, 0): (Color.BLUE, 5), (1, 0): (Color.RED, 1),
                                     (0, 1): (Color.RED, 2), (1, 1): (Color.RED, 9),
                                     (2, 0): (Color.RED, 12), (0, 2): (Color.RED, 14),
                                     (2, 2): (Color.RED, 16)}, to_move=Color.BLUE)
    assert must_pass(boxed) and not can_move_or_remove(boxed)


# --- what a played turn touched (the last move's marks, the move list) ----------------------
B, R = Color.BLUE, Color.RED
JUMPS = {(0, 0): (B, 5), (1, 1): (R, 3), (3, 2): (B, 9), (5, 1): (R, 12), (9, 6): (R, 1)}
"""BLUE 5 on a1 can jump over RED 3, BLUE 9 and RED 12: a1 → c3 → e3 → g1."""


def test_q_4_3_a_step_touches_its_start_and_its_destination() -> None:
    state = QuerniState.from_pieces(JUMPS, B)
    trace = trace_turn(state, [(3, 2), (4, 3)], None)
    assert trace == TurnTrace(B, ((3, 2), (4, 3)), None, ())
    assert (trace.start, trace.landings, trace.end) == ((3, 2), (), (4, 3))
    assert trace.vacated == {(3, 2)} and trace.jumped == () and not trace.passed


def test_q_4_5_a_jump_sequence_touches_every_landing() -> None:
    state = QuerniState.from_pieces(JUMPS, B)
    path = [(0, 0), (2, 2), (4, 2), (6, 0)]
    trace = trace_turn(state, path, None)
    assert trace.landings == ((2, 2), (4, 2)) and trace.end == (6, 0)
    assert trace.jumped == ((1, 1), (3, 2), (5, 1))
    assert trace.vacated == {(0, 0), (2, 2), (4, 2)}  # the destination holds the piece


def test_q_4_1_a_removal_after_the_movement_touches_where_the_chain_stood_then() -> None:
    # BLUE 4 steps from e1 to d2, next to 5 (c3) and 6 (c4): the chain 4–6 is removed at once,
    # the moved piece's new square included
    state = QuerniState.from_pieces({(4, 0): (B, 4), (2, 2): (B, 5), (2, 3): (B, 6),
                                     (2, 5): (B, 9), (7, 6): (R, 1)}, B)
    trace = trace_turn(state, [(4, 0), (3, 1)], (4, 6))
    assert trace.removed == ((3, 1), (2, 2), (2, 3))  # in number order
    assert trace.vacated == {(4, 0), (3, 1), (2, 2), (2, 3)}
    assert trace_turn(state, None, None).passed  # a pass touches nothing
    assert trace_turn(state, None, None).vacated == frozenset()


def test_a_turn_the_rules_refuse_has_no_trace() -> None:
    state = QuerniState.from_pieces(JUMPS, B)
    with pytest.raises(IllegalMove):
        trace_turn(state, [(0, 0), (5, 5)], None)  # neither a step nor a jump
    with pytest.raises(IllegalMove):
        trace_turn(state, None, (3, 5))  # no such chain
