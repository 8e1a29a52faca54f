"""A played turn that leaves the very position HARD's own turn would is HARD's turn (issue 44):
the same verdict as an identical turn, never marked, even when the piece took another route or
landed elsewhere before its chain was removed with it."""

from __future__ import annotations

import random

from game.ai.querni import review, turn_key
from game.ai.querni.review import judge_turn
from game.rules.querni import QuerniState


def twin_turns() -> tuple[QuerniState, tuple, tuple]:
    """A position with two turns of different keys (start, end, chain) and one outcome: the
    moved piece ends in the chain that is removed."""
    rng = random.Random(0)
    state = QuerniState.new(rng)
    for _ in range(40):
        groups: dict = {}
        for path, chain in state.legal_turns():
            after = tuple(sorted(state.play(path, chain).pieces.items()))
            groups.setdefault(after, []).append((path, chain))
        for turns in groups.values():
            keys = {turn_key(*turn): turn for turn in turns}
            if len(keys) > 1:
                first, second = list(keys.values())[:2]
                return state, first, second
        state = state.play(*rng.choice(state.legal_turns()))
    raise AssertionError("no twin turns in the first 40 plies")


def test_a_turn_with_hards_outcome_is_hards_turn(monkeypatch):
    state, played, hards = twin_turns()
    assert turn_key(*played) != turn_key(*hards)
    monkeypatch.setattr(review, "choose_turn", lambda *args, **kwargs: hards)
    verdict = judge_turn(state, *played, random.Random(1), max_nodes=2_000)
    assert verdict.same and verdict.loss == 0 and not verdict.clearly_worse
