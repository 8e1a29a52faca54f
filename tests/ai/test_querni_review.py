"""HARD's verdict on a played QUERNI turn (``game.ai.querni.review``): the turn it would have
played, both valued by one measure, and "clearly worse" past ``CLEARLY_WORSE``. Fixed seeds;
no durations measured."""

from __future__ import annotations

import random

import pytest

from game.ai.querni import choose_turn, turn_key
from game.ai.querni.review import CLEARLY_WORSE, judge_turn, turn_value
from game.ai.querni.search import MATE
from game.rules.querni import Color, IllegalMove, QuerniState

B, R = Color.BLUE, Color.RED
NODES = 30_000


def seeded_position() -> QuerniState:
    """Seed 0's start after two MEDIUM turns: BLUE to move, with a chain it can remove."""
    state = QuerniState.new(random.Random(0))
    for n in range(2):
        path, chain = choose_turn(state, "medium", random.Random(n))
        state = state.play(list(path) if path else None, chain)
    return state


def test_passing_instead_of_removing_a_chain_is_clearly_worse():
    """Q-4.1: a pass is legal, but BLUE gives away its removal (Q-3) and a movement."""
    state = seeded_position()
    assert any(chain is not None for _path, chain in state.legal_turns())
    verdict = judge_turn(state, None, None, random.Random(1), max_nodes=NODES)
    assert verdict.clearly_worse and not verdict.same
    assert verdict.loss >= CLEARLY_WORSE
    assert verdict.best in state.legal_turns()
    # HARD's own turn: the one it chooses with the same generator and budget
    assert verdict.best == choose_turn(state, "hard", random.Random(1), max_nodes=NODES)
    # the values are those of the measure, for the player who moved
    assert verdict.played_value == pytest.approx(turn_value(state, turn_key(None, None)))
    assert verdict.best_value == pytest.approx(turn_value(state, turn_key(*verdict.best)))


def test_hards_own_turn_is_never_marked():
    state = seeded_position()
    own = choose_turn(state, "hard", random.Random(1), max_nodes=NODES)
    verdict = judge_turn(state, *own, random.Random(1), max_nodes=NODES)
    assert verdict.same and verdict.loss == 0 and not verdict.clearly_worse


def test_the_verdict_is_the_same_every_time():
    state = seeded_position()
    first = judge_turn(state, None, None, random.Random(3), max_nodes=NODES)
    again = judge_turn(state, None, None, random.Random(3), max_nodes=NODES)
    assert first == again


def test_a_missed_win_costs_a_whole_game():
    """Q-5.1: BLUE can remove its last three pieces (1–3) and win; after a pass RED removes
    its own last three and wins instead."""
    pieces = {(0, 0): (B, 1), (1, 0): (B, 2), (2, 0): (B, 3),
              (5, 5): (R, 1), (6, 5): (R, 2), (7, 5): (R, 3)}
    state = QuerniState.from_pieces(pieces, B)
    verdict = judge_turn(state, None, None, random.Random(1), max_nodes=NODES)
    path, chain = verdict.best
    assert state.play(path, chain).result == "BLUE"
    assert verdict.played_value < -MATE / 2 < MATE / 2 < verdict.best_value
    assert verdict.clearly_worse


def test_an_illegal_or_finished_turn_is_refused():
    state = seeded_position()
    with pytest.raises(IllegalMove):
        judge_turn(state, [(0, 3), (0, 4)], None, random.Random(1), max_nodes=NODES)
