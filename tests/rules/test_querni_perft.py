"""Perft: ``len(legal_turns())`` against the independent reference
(``tests.support.querni_rules``) on named and seeded positions — the start, jump-rich
lattices, chain-rich snakes, boxed-in pieces and real mid-game positions — and pinned numbers
so that any change shows up.

Perft counts *distinct turns*: one per (movement end, chain) pair, the pass included
(``rules-api.md``); two jump sequences ending on the same square are one turn.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from game.rules.querni import QuerniState
from tests.support.querni_rules import (
    RefBoard,
    board_of,
    position,
    ref_jump_paths,
    ref_steps,
    ref_turn_keys,
    state_of,
    turn_keys,
)

START_SEED = 0
START_PERFT_1 = 64
START_PERFT_2 = 4032
START_0 = """
.  r15 r9  r5  r16 r2  r13 r3  r10 .
.  r4  r8  r14 r12 r7  r6  r1  r11 .
.  .   .   .   .   .   .   .   .   .
.  .   .   .   .   .   .   .   .   .
.  .   .   .   .   .   .   .   .   .
.  b14 b8  b9  b5  b1  b7  b16 b13 .
.  b11 b15 b6  b2  b10 b3  b4  b12 .
"""


def start(seed: int) -> QuerniState:
    return QuerniState.new(random.Random(seed))


def lattice(extra: int, seed: int) -> QuerniState:
    """Pieces on every (odd col, odd row) square — diagonal jump hubs — plus ``extra`` pieces on
    squares that open orthogonal jumps, and BLUE 16 in the corner a1 with a web of jumps."""
    squares = [(c, r) for r in (1, 3, 5) for c in (1, 3, 5, 7, 9)]
    openers = [(c, r) for c in (1, 3, 5, 7, 9) for r in (0, 2, 4, 6)]
    openers += [(c, r) for c in (0, 2, 4, 6, 8) for r in (1, 3, 5)]
    openers.remove((1, 0))
    squares += random.Random(seed).sample(openers, extra)
    board: RefBoard = {(0, 0): ("BLUE", 16)}
    counts = {"BLUE": 0, "RED": 0}
    for i, sq in enumerate(squares):
        colour = "BLUE" if i % 2 == 0 and counts["BLUE"] < 15 else "RED"
        counts[colour] += 1
        board[sq] = (colour, counts[colour])
    return state_of(board)


def snake(mover: str) -> QuerniState:
    """BLUE 1..16 along a king-walk snake (105 chains), RED pieces alongside to jump over."""
    return position(
        """
        .  .  .  .  .  .  .  .  .  .
        .  r1 r2 r3 .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        .  b1 b2 b3 b4 b5 b6 b7 b8 .
        .  .  .  .  .  .  .  .  b9 .
        .  b16 b15 b14 b13 b12 b11 b10 . .
        .  .  r4 .  r5 .  r6 .  .  .
        """,
        mover,
    )


def clustered(seed: int) -> QuerniState:
    """Random numbers of both colours crowded into a 6 × 5 box: jumps and chains galore."""
    rng = random.Random(seed)
    box = [(c, r) for c in range(2, 8) for r in range(1, 6)]
    squares = rng.sample(box, rng.randint(14, 24))
    board: RefBoard = {}
    numbers = {"BLUE": rng.sample(range(1, 17), 16), "RED": rng.sample(range(1, 17), 16)}
    for sq in squares:
        colour = rng.choice(["BLUE", "RED"])
        board[sq] = (colour, numbers[colour].pop())
    return state_of(board, rng.choice(["BLUE", "RED"]))


def midgame(seed: int, turns: int = 30) -> QuerniState:
    """A real position: ``turns`` random turns from a seeded start, removing a chain half the
    times one is offered, never a removal that ends the game."""
    rng = random.Random(seed)
    state = start(seed)
    for _ in range(turns):
        options = [t for t in state.legal_turns() if state.play(*t).result is None]
        chained = [t for t in options if t[1] is not None]
        state = state.play(*rng.choice(chained if chained and rng.random() < 0.5 else options))
    return state


POSITIONS: dict[str, Callable[[], QuerniState]] = {
    "start-seed-0": lambda: start(0),
    "start-seed-1": lambda: start(1),
    "start-seed-7": lambda: start(7),
    "start-seed-3-red": lambda: start(3).play(),
    "lone-centre": lambda: position(
        """
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  b7 .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        """
    ),
    "hub": lambda: position(
        """
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  .  r1 r2 b2 .  .  .  .
        .  .  .  b3 b1 r3 .  .  .  .
        .  .  .  r4 b4 r5 .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        """
    ),
    "zigzag": lambda: position(
        """
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  r9 .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  r8 .  r7 .  .
        .  .  .  .  .  .  .  .  .  .
        .  r5 .  b2 .  r6 .  .  .  .
        b1 .  .  .  .  .  .  .  .  .
        """
    ),
    "boxed": lambda: position(
        """
        r1 b5 .  .  .  .  .  .  .  .
        b6 b7 .  .  .  .  .  .  r9 r8
        b1 b2 b3 .  .  .  .  .  r7 b16
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        """
    ),
    "chain-maker": lambda: position(
        """
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  b1 .  b3 .  b5 b6 .  .
        .  .  .  b2 .  .  .  b4 .  .
        .  .  .  .  .  r4 r5 r6 .  .
        .  .  .  .  .  .  .  .  .  .
        """,
        "BLUE",
    ),
    "lattice-diagonal": lambda: lattice(0, 0),
    "lattice-dense": lambda: lattice(12, 3),
    "snake-blue": lambda: snake("BLUE"),
    "snake-red": lambda: snake("RED"),
    **{f"clustered-{seed}": (lambda seed=seed: clustered(seed)) for seed in range(5)},
    **{f"midgame-{seed}": (lambda seed=seed: midgame(seed)) for seed in (11, 12, 13)},
}

PINNED: dict[str, int] = {
    "boxed": 73,
    "chain-maker": 144,
    "clustered-0": 68,
    "clustered-1": 59,
    "clustered-2": 227,
    "clustered-3": 54,
    "clustered-4": 74,
    "hub": 29,
    "lattice-dense": 126,
    "lattice-diagonal": 69,
    "lone-centre": 9,
    "midgame-11": 74,
    "midgame-12": 75,
    "midgame-13": 76,
    "snake-blue": 7706,
    "snake-red": 138,
    "start-seed-0": 64,
    "start-seed-1": 64,
    "start-seed-3-red": 162,
    "start-seed-7": 62,
    "zigzag": 17,
}


def check_against_reference(state: QuerniState) -> list:
    """Distinct turns, equal to the reference as (start, end, chain); every path valid."""
    turns = state.legal_turns()
    board = board_of(state)
    mover = state.to_move.name
    assert turn_keys(turns) == ref_turn_keys(board, mover)
    jumps = {
        start: {tuple(p) for p in ref_jump_paths(board, start)}
        for start, (colour, _) in board.items()
        if colour == mover
    }
    for path, _chain in turns:
        if path is None:
            continue
        start, *rest = path
        is_step = len(rest) == 1 and rest[0] in ref_steps(board, start)
        assert is_step or tuple(path) in jumps[start], path
    return turns


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_perft_depth_1_matches_reference(name: str) -> None:
    """Q-4: legal_turns are exactly the reference's turns, pinned per position."""
    state = POSITIONS[name]()
    assert state.result is None
    turns = check_against_reference(state)
    assert len(turns) == PINNED[name]


def test_start_position_perft_pinned() -> None:
    """Q-1.3/Q-1.4: the start of ``QuerniState.new(random.Random(0))`` is pinned (square order
    of ``START_SQUARES``, BLUE's shuffle first), with its perft at depths 1 and 2."""
    state = start(START_SEED)
    assert state == position(START_0)
    assert state.play().legal_turns().__len__() == 63  # RED's reply to a pass
    # the 64: the pass, 60 chainless movements and 3 movements that make a chain
    assert [t for t in state.legal_turns() if t[1] is not None] == [
        ([(3, 0), (5, 2)], (5, 7)),
        ([(5, 0), (3, 2)], (8, 10)),
        ([(7, 0), (5, 2)], (4, 6)),
    ]
    assert len(state.legal_turns()) == START_PERFT_1
    assert sum(len(state.play(*t).legal_turns()) for t in state.legal_turns()) == START_PERFT_2


@pytest.mark.slow
def test_start_position_perft_2_matches_reference() -> None:
    state = start(START_SEED)
    total = 0
    for turn in state.legal_turns():
        child = state.play(*turn)
        total += 0 if child.result else sum(ref_turn_keys(board_of(child), "RED").values())
    assert total == START_PERFT_2
