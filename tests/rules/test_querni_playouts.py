"""Seeded random play-outs to the end (a result, at the latest after 60 quiet turns), with the
rules' invariants checked after every turn and the perft checked against the reference on
positions met along the way."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from game.rules.querni import Color, IllegalMove, QuerniState, can_still_chain
from tests.support.querni_rules import board_of, ref_chains, ref_turn_keys, turn_keys

SEEDS = range(50)


def choose(state: QuerniState, rng: random.Random, careful: bool) -> tuple:
    """A random listed turn.

    A reckless player takes any offered removal 7 times in 10, else any turn without one. A
    careful player takes a removal that empties the board at once (Q-5.1), else a removal that
    does not lose (Q-5.2) 9 times in 10, else mostly a movement that brings a piece closest to
    its number neighbours — without that, scattered pieces never chain again and every
    careful game would end in a draw.
    """
    turns = state.legal_turns()
    me = state.to_move
    mine = state.numbers(me)
    removals = [t for t in turns if t[1] is not None]
    if careful:
        safe = []
        for t in removals:
            left = mine - set(range(t[1][0], t[1][1] + 1))
            if not left:
                return t
            if can_still_chain(left):
                safe.append(t)
        removals = safe
    if removals and rng.random() < (0.9 if careful else 0.7):
        return rng.choice(removals)
    plain = [t for t in turns if t[1] is None]
    if not careful or rng.random() < 0.3:
        return rng.choice(plain)
    where = {n: state.where(me, n) for n in mine}

    def gain(turn: tuple) -> int:
        path = turn[0]
        if path is None:
            return 0
        n = state.pieces[path[0]][1]
        return sum(
            distance(path[0], where[m]) - distance(path[-1], where[m])
            for m in (n - 1, n + 1)
            if m in where
        )

    best = max(gain(t) for t in plain)
    return rng.choice([t for t in plain if gain(t) == best])


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """King moves between two squares."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def play_out(seed: int, check: bool = True) -> tuple[QuerniState, str | None, int]:
    """One game; returns the final state, how it ended ("Q-5.1", "Q-5.2", "Q-5.3") and turns."""
    rng = random.Random(seed * 7919 + 1)
    state = QuerniState.new(random.Random(seed))
    careful = seed % 2 == 0
    turns = 0
    while state.result is None:
        turn = choose(state, rng, careful)
        if check and turns % 15 == 0:  # perft against the reference on real positions
            board = board_of(state)
            assert turn_keys(state.legal_turns()) == ref_turn_keys(board, state.to_move.name)
        new = state.play(*turn)
        turns += 1
        if check:
            check_turn(state, turn, new)
        state = new
        assert turns <= 60 * 12  # each removal takes ≥ 3 of 32 pieces; 60 quiet turns between
    how = {"DRAW": "Q-5.3"}.get(state.result)
    if how is None:
        loser_or_winner = state.to_move.opponent  # the last mover
        how = "Q-5.1" if not state.numbers(loser_or_winner) else "Q-5.2"
        assert state.result == (
            loser_or_winner.name if how == "Q-5.1" else loser_or_winner.opponent.name
        )
    return state, how, turns


def check_turn(state: QuerniState, turn: tuple, new: QuerniState) -> None:
    """Invariants of one turn (Q-4, Q-5)."""
    path, chain = turn
    me, other = state.to_move, state.to_move.opponent
    assert new.to_move is other
    assert new.numbers(other) == state.numbers(other)  # only the mover's pieces leave
    if chain is None:
        assert new.numbers(me) == state.numbers(me)
        assert new.quiet_turns == state.quiet_turns + 1
        assert (new.result == "DRAW") == (new.quiet_turns == 60)
        assert new.result in (None, "DRAW")
    else:
        low, high = chain
        assert new.numbers(me) == state.numbers(me) - set(range(low, high + 1))
        assert new.quiet_turns == 0
        left = new.numbers(me)
        expected = me.name if not left else None if can_still_chain(left) else other.name
        assert new.result == expected
    if path is not None:
        assert path[-1] in state.destinations(path[0])
        assert state.pieces[path[0]][0] is me
    for colour in Color:
        assert new.chains(colour) == ref_chains(board_of(new), colour.name)
    assert len(new.pieces) == len(state.pieces) - (0 if chain is None else high - low + 1)
    assert QuerniState.from_dict(json.loads(json.dumps(new.to_dict()))) == new


@pytest.mark.slow
def test_seeded_random_playouts_reach_every_kind_of_end() -> None:
    """Q-4, Q-5 end to end over 50 seeds: every game ends, and between them the games end in
    each way the rules know: a win by emptying (Q-5.1), a loss by leftovers (Q-5.2), a draw
    (Q-5.3), and wins for both colours."""
    endings: Counter = Counter()
    results: Counter = Counter()
    for seed in SEEDS:
        state, how, _ = play_out(seed)
        endings[how] += 1
        results[state.result] += 1
        assert state.legal_turns() == []
        with pytest.raises(IllegalMove):
            state.play()
    assert set(endings) == {"Q-5.1", "Q-5.2", "Q-5.3"}, endings
    assert set(results) == {"BLUE", "RED", "DRAW"}, results


@pytest.mark.parametrize("seed", [3, 4])
def test_playouts_are_reproducible(seed: int) -> None:
    """Same seed, same game: the shuffle is the only chance, and it is injected."""
    first, how, turns = play_out(seed, check=False)
    again, how2, turns2 = play_out(seed, check=False)
    assert first == again and (how, turns) == (how2, turns2)
