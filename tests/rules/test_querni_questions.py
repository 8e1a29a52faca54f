"""The rules' questions the app asks during a turn (``game.rules.querni.questions``)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from game.rules.querni import (
    COLS,
    ROWS,
    Color,
    QuerniState,
    can_move_or_remove,
    hops_jumped,
    is_step,
    jumped_over,
    must_pass,
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
