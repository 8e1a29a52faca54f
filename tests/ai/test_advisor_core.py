"""The advisor's own board and search agree with the rules package (M-4, M-6.1, M-7) and
with brute force; its value is symmetric (the 8 symmetries fold only what they may)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import product
from typing import Any

import pytest

from game.ai import autoplay
from game.ai.advisor.core import (
    ROLLS,
    SYMMETRIES,
    board_points,
    decode,
    encode,
    legal_mask,
    transform,
    value_masks,
)
from game.ai.advisor.model import valuer_for
from game.ai.advisor.network import Network, hand_tables
from game.ai.advisor.value import endgame_value, last_cell_value
from game.rules.magdagdon import RUIN, Difficulty, MagdagdonGame, legal_cells, score
from tests.rules.magdagdon_support import ALL_DIFFICULTIES, board_of


def boards(seed: int, games: int = 6) -> list[tuple[Any, ...]]:
    """Committed boards from seeded hint-player games (every stage, ruins included)."""
    out = []
    for i in range(games):
        game = MagdagdonGame(ALL_DIFFICULTIES[i % 3], rng=random.Random(seed * 100 + i))
        while not game.is_over:
            out.append(game.board)
            autoplay.play_turn(game)
        out.append(game.board)
    return out


def brute_afterstates(board: tuple[Any, ...], dice: tuple[int, ...], need: int) -> set[Any]:
    """Every board reachable by a legal sequence of ``need``..4 of ``dice`` (M-3, M-4)."""
    out: set[Any] = set()

    def grow(current: tuple[Any, ...], left: tuple[int, ...], placed: int) -> None:
        if placed >= need:
            out.add(current)
        for i, value in enumerate(left):
            for cell in legal_cells(current, value):
                cells = list(current)
                cells[cell] = value
                grow(tuple(cells), left[:i] + left[i + 1 :], placed + 1)

    grow(board, dice, 0)
    return out


def test_encoding_round_trip_and_rules_legality() -> None:
    """M-4: the advisor's masks give exactly the rules' legal cells."""
    for board in boards(1):
        vals = encode(board)
        assert decode(vals) == board
        masks = value_masks(vals)
        for value in range(1, 7):
            mask = legal_mask(masks, value)
            assert {c for c in range(16) if mask >> c & 1} == legal_cells(board, value)


def test_board_points_is_the_rules_score() -> None:
    """M-7.5 without the power penalty, on unfinished and finished boards."""
    for board in boards(2):
        assert board_points(encode(board)) == score(board, Difficulty.NIGHTMARE, 0).total


def test_rolls_are_the_126_multisets_of_4d6() -> None:
    """M-3.1 as a chance step: 126 multisets whose probabilities count the 1296 rolls."""
    counts = Counter(tuple(sorted(r)) for r in product(range(1, 7), repeat=4))
    assert len(ROLLS) == 126
    for dice, chance in ROLLS:
        assert chance == pytest.approx(counts[dice] / 1296)


def test_enumeration_finds_every_placement_set() -> None:
    """The search reaches exactly the boards brute force reaches (M-4.5 orders included);
    on the empty board it keeps one of each symmetric family (first die on cell 0, 1 or 5)."""
    rng = random.Random(3)
    net = Network(hand_tables())
    for board in boards(3, games=3):
        if None not in board:
            continue
        dice = tuple(sorted(rng.randint(1, 6) for _ in range(4)))
        need = min(2, board.count(None))
        found = {
            decode(_apply(encode(board), path))
            for _, path in net.expand(encode(board), dice, need, keep=10**6)
        }
        expected = brute_afterstates(board, dice, need)
        if any(c is not None for c in board):
            assert found == expected
        else:
            canon = {min(transform(encode(b), s) for s in SYMMETRIES) for b in expected}
            assert {min(transform(encode(b), s) for s in SYMMETRIES) for b in found} == canon


def test_hand_network_values_boards_at_their_points() -> None:
    """The hand-made network (greedy's yardstick) values a board at its points so far."""
    rng = random.Random(4)
    net = Network(hand_tables())
    for board in boards(4, games=3):
        if board.count(None) < 3:
            continue
        dice = tuple(sorted(rng.randint(1, 6) for _ in range(4)))
        for value, path in net.expand(encode(board), dice, 2, keep=50):
            assert value == pytest.approx(board_points(_apply(encode(board), path)))


def test_free_enumeration_matches_per_roll_search() -> None:
    """One pass with free values gives, for each roll, the best of the per-roll search."""
    net = valuer_for(Difficulty.PEACEFUL).network
    rng = random.Random(5)
    for board in boards(5, games=2)[1:8]:
        if board.count(None) < 2:
            continue
        vals = encode(board)
        per_values = net.expand_free(vals, 2, None, endgame_value)
        for _ in range(6):
            dice = tuple(sorted(rng.randint(1, 6) for _ in range(4)))
            plans = net.expand(vals, dice, 2, 1, None, endgame_value)
            subsets = {tuple(dice[i] for i in range(4) if m >> i & 1) for m in range(16)}
            best = max(
                (per_values[s] for s in subsets if len(s) >= 2 and s in per_values),
                default=None,
            )
            assert (plans[0][0] if plans else None) == pytest.approx(best)


def test_value_is_invariant_under_the_symmetries() -> None:
    """Rotations and reflections change neither legality nor score (M-4, M-7), so the value
    must not change either."""
    for difficulty in (Difficulty.SURVIVAL, Difficulty.NIGHTMARE):
        valuer = valuer_for(difficulty)
        for board in boards(6, games=2):
            vals = encode(board)
            for sym in SYMMETRIES:
                assert valuer.value(transform(vals, sym), 0) == pytest.approx(valuer.value(vals, 0))


def test_last_cell_value_is_the_exact_expectation() -> None:
    """One empty cell: the best legal die of the roll goes there, else a ruin (M-2.1, M-6)."""
    board = board_of("1234/2234/3334/.444")
    expected = 0.0
    for roll in product(range(1, 7), repeat=4):
        outcomes = []
        for value in set(roll):
            if 12 in legal_cells(board, value):
                outcomes.append(_score_with(board, 12, value))
        expected += (max(outcomes) if outcomes else _score_with(board, 12, RUIN)) / 1296
    assert last_cell_value(encode(board)) == pytest.approx(expected)


def _score_with(board: tuple[Any, ...], cell: int, content: Any) -> int:
    cells = list(board)
    cells[cell] = content
    return score(tuple(cells), Difficulty.NIGHTMARE, 0).total


def _with(board: tuple[Any, ...], cell: int, content: Any) -> tuple[Any, ...]:
    cells = list(board)
    cells[cell] = content
    return tuple(cells)


def _apply(vals: tuple[int, ...], path: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    cells = list(vals)
    for value, cell in path:
        cells[cell] = value
    return tuple(cells)


def test_two_cells_value_is_the_exact_expectation() -> None:
    """Two empty cells: each roll fills both with its best pair of dice that fits them in some
    order (M-2.1, M-4.2, M-4.3, M-4.5), or, when none does (MAGDAGDON, M-6), ruins the cell
    whose loss costs least and the last cell is worth ``last_cell_value``. Brute force over the
    1296 rolls with the rules' ``legal_cells``, on real boards whose other empty cells are
    ruined (any two cells of a real board may be the last two)."""
    rolls = [Counter(roll) for roll in product(range(1, 7), repeat=4)]
    rng = random.Random(9)
    checked = 0
    for board in boards(9, games=6):
        empty = [c for c, v in enumerate(board) if v is None]
        if len(empty) < 2:
            continue
        keep = set(rng.sample(empty, 2))
        board = tuple(RUIN if c in empty and c not in keep else v for c, v in enumerate(board))
        first, second = sorted(keep)
        fitting = {}  # (die on first, die on second) -> final points
        for a, b in product(range(1, 7), repeat=2):
            first_then_second = first in legal_cells(board, a) and second in legal_cells(
                _with(board, first, a), b)
            second_then_first = second in legal_cells(board, b) and first in legal_cells(
                _with(board, second, b), a)
            if first_then_second or second_then_first:
                fitting[(a, b)] = _score_with(_with(board, first, a), second, b)
        ruined = max(last_cell_value(encode(_with(board, cell, RUIN))) for cell in keep)
        expected = 0.0
        for dice in rolls:
            points = [p for (a, b), p in fitting.items()
                      if (dice[a] >= 2 if a == b else dice[a] and dice[b])]
            expected += (max(points) if points else ruined) / len(rolls)
        assert endgame_value(encode(board)) == pytest.approx(expected)
        checked += 1
    assert checked > 20
