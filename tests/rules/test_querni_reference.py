"""The independent QUERNI reference of ``tests.support.querni_rules`` reads the rules right:
its notation round-trips and it counts, chains, jumps and draws as ``querni-rules.md`` says, on
positions worked out by hand (the package is checked against it in ``test_querni_perft.py`` and
``test_querni_properties.py``).
"""

from __future__ import annotations

import pytest

from tests.support.querni_rules import (
    board_of,
    parse,
    ref_chains,
    ref_jump_paths,
    ref_perft,
    ref_play,
    state_of,
)

# --- the reference reads the rules right ----------------------------------------------------------

LONE = """
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  b1 .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
.  .  .  .  .  .  .  .  .  .
"""


def test_notation_round_trip() -> None:
    board = parse(LONE)
    assert board == {(4, 3): ("BLUE", 1)}
    assert board_of(state_of(board)) == board


def test_reference_counts_by_hand() -> None:
    """A lone piece: 8 steps, no jump, no chain, plus the pass = 9; in a corner 3 + 1 = 4."""
    assert ref_perft(parse(LONE), "BLUE") == 9
    corner = {(0, 0): ("BLUE", 1)}
    assert ref_perft(corner, "BLUE") == 4
    # a piece next to one other: 7 steps + 1 jump + pass; the neighbour is RED's, so it does
    # not count for BLUE's movements
    pair = {(4, 3): ("BLUE", 1), (5, 3): ("RED", 1)}
    assert ref_perft(pair, "BLUE") == 9
    assert ref_jump_paths(pair, (4, 3)) == [[(4, 3), (6, 3)]]


def test_reference_chains_by_hand() -> None:
    board = {(0, 0): ("BLUE", 1), (1, 1): ("BLUE", 2), (2, 1): ("BLUE", 3), (3, 2): ("BLUE", 4)}
    assert ref_chains(board, "BLUE") == [(1, 3), (1, 4), (2, 4)]
    assert ref_chains(board, "RED") == []


def test_reference_never_lands_back_home() -> None:
    """Q-4.5: after jumping over RED 1, jumping back over it would land on the start."""
    board = parse(
        """
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .  .  .
        .  r1 .  .  .  .  .  .  .  .
        b1 .  r2 .  .  .  .  .  .  .
        """
    )
    # BLUE 1 at a1 can only jump diagonally over RED 1 (b2) to c3
    assert ref_jump_paths(board, (0, 0)) == [[(0, 0), (2, 2)]]


@pytest.mark.parametrize("mover", ["BLUE", "RED"])
def test_reference_play_counts_quiet_turns(mover: str) -> None:
    board = parse(LONE)
    assert ref_play(board, mover, 59, None, None) == (board, 60, "DRAW")
