"""QUERNI's hint (Q-6.4): the squares it lights for a chain are where the chain's pieces stand
once the suggested piece has moved — exactly the squares the rules empty when that turn is
played (Q-5)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.games.querni.scenes.hinting import Hint
from game.rules.querni import QuerniState


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 30))
def test_a_hinted_chain_lights_the_squares_the_turn_empties(seed, plies):
    rng = random.Random(seed)
    state = QuerniState.new(rng)
    for _ in range(plies):
        if state.is_over:
            return
        state = state.play(*rng.choice(state.legal_turns()))
    if state.is_over:
        return
    for path, chain in state.legal_turns():
        if chain is None:
            continue
        hint = Hint(state, (path, chain))
        moved = state.moved(path) if path else state
        emptied = set(moved.pieces) - set(state.play(path, chain).pieces)
        assert set(hint.chain_squares) == emptied
        assert len(hint.chain_squares) == chain[1] - chain[0] + 1
