"""The value of a board between turns: exact when at most two cells are empty, else the
network, plus a measured allowance for the Majda Powers still in hand, minus the penalties
already paid (M-5.5). One function serves the search, ``advise`` and ``expected_final``, so
a turn played as advised loses nothing in the review.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import product

from ...rules.magdagdon import Difficulty
from .core import (
    CELLS,
    EMPTY,
    NEIGHBOURS,
    RUINED,
    Multiset,
    Vals,
    board_points,
    legal_mask,
    penalty,
    required,
    value_masks,
)
from .network import ENDGAME, MAX_DICE, Network, Path

FREE_FOUR_EMPTIES = 6


@lru_cache(maxsize=16384)
def last_cell_value(vals: Vals) -> float:
    """Exact expected final points (no power penalty, no powers) of a board with one empty
    cell: the best legal die of the roll goes there (M-2.1 requires one), or it is ruined
    when none fits (M-6). Closed form over 4d6: P(no die in a set of k values) = ((6-k)/6)^4."""
    cell = vals.index(EMPTY)
    masks = value_masks(vals)
    scores = []
    for value in range(1, 7):
        if legal_mask(masks, value) >> cell & 1:
            scores.append(_points_with(vals, cell, value))
    scores.sort(reverse=True)
    total = 0.0
    missing_before = 1.0
    for k, points in enumerate(scores, start=1):
        missing_after = ((6 - k) / 6) ** 4
        total += (missing_before - missing_after) * points
        missing_before = missing_after
    return total + missing_before * _points_with(vals, cell, RUINED)


def _points_with(vals: Vals, cell: int, content: int) -> int:
    cells = list(vals)
    cells[cell] = content
    return board_points(cells)


def _pair_rolls() -> dict[tuple[int, int], int]:
    """For each pair of values, the set of the 1296 ordered rolls of 4d6 holding both (two
    of them for a double), as a bit set: unions and counts of rolls become int operations."""
    rolls = list(product(range(1, 7), repeat=4))
    out = {}
    for a in range(1, 7):
        for b in range(a, 7):
            mask = 0
            for k, roll in enumerate(rolls):
                if (roll.count(a) >= 2) if a == b else (a in roll and b in roll):
                    mask |= 1 << k
            out[(a, b)] = mask
    return out


_PAIR_ROLLS = _pair_rolls()


@lru_cache(maxsize=16384)
def two_cells_value(vals: Vals) -> float:
    """Exact expected final points (no powers, no penalty) of a board with two empty cells:
    each roll fills both with its best legal pair of dice (M-2.1 requires two), or, on
    MAGDAGDON, ruins the cell whose loss costs least (then ``last_cell_value``)."""
    first, second = (c for c, v in enumerate(vals) if v == EMPTY)
    best: dict[tuple[int, int], int] = {}
    for a, b in _fitting_pairs(vals, first, second):
        key = (a, b) if a <= b else (b, a)
        points = _points_with_pair(vals, first, a, second, b)
        if points > best.get(key, -(10**9)):
            best[key] = points
    covered, total = 0, 0.0
    for pair, points in sorted(best.items(), key=lambda item: -item[1]):
        new = _PAIR_ROLLS[pair] & ~covered
        total += new.bit_count() * points
        covered |= new
    missing = ROLL_COUNT - covered.bit_count()
    if missing:
        total += missing * max(
            last_cell_value(_with(vals, first, RUINED)),
            last_cell_value(_with(vals, second, RUINED)),
        )
    return total / ROLL_COUNT


ROLL_COUNT = 6**4


def _with(vals: Vals, cell: int, content: int) -> Vals:
    cells = list(vals)
    cells[cell] = content
    return tuple(cells)


def _fitting_pairs(vals: Vals, first: int, second: int) -> list[tuple[int, int]]:
    """Every (a, b) with ``a`` on ``first`` and ``b`` on ``second`` legal in some order
    (M-4.5). A die fits a cell when it is within 1 of every number next to it (M-4.3) and
    the cell touches a number (M-4.2); the die placed first may be that number."""
    if not any(1 <= v <= 6 for v in vals):
        return _fitting_pairs_slowly(vals, first, second)
    near1, touch1 = _fits(vals, first)
    near2, touch2 = _fits(vals, second)
    adjacent = second in NEIGHBOURS[first]
    out = []
    for a in near1:
        for b in near2:
            if adjacent:
                if abs(a - b) <= 1 and (touch1 or touch2):
                    out.append((a, b))
            elif touch1 and touch2:
                out.append((a, b))
    return out


def _fits(vals: Vals, cell: int) -> tuple[list[int], bool]:
    """Values within 1 of every number next to ``cell``, and whether it touches one."""
    numbers = [vals[n] for n in NEIGHBOURS[cell] if 1 <= vals[n] <= 6]
    if not numbers:
        return list(range(1, 7)), False
    low, high = max(numbers) - 1, min(numbers) + 1
    return list(range(max(low, 1), min(high, 6) + 1)), True


def _fitting_pairs_slowly(vals: Vals, first: int, second: int) -> list[tuple[int, int]]:
    """The same by trying both orders on bit masks (a board of ruins only, M-4.2)."""
    masks = value_masks(vals)
    out = set()
    for cell, other, swap in ((first, second, False), (second, first, True)):
        bit = 1 << cell
        for value in range(1, 7):
            if not legal_mask(masks, value) & bit:
                continue
            masks[0] ^= bit
            masks[value] |= bit
            for later in range(1, 7):
                if legal_mask(masks, later) >> other & 1:
                    out.add((later, value) if swap else (value, later))
            masks[value] ^= bit
            masks[0] |= bit
    return sorted(out)


def _points_with_pair(vals: Vals, first: int, a: int, second: int, b: int) -> int:
    cells = list(vals)
    cells[first] = a
    cells[second] = b
    return board_points(cells)


def endgame_value(vals: Vals) -> float:
    """Exact expected final points of a board with one or two empty cells."""
    empties = vals.count(EMPTY)
    return last_cell_value(vals) if empties == 1 else two_cells_value(vals)


class Valuer:
    """Board values for one difficulty: ``value(vals, used)`` is the expected final score
    (penalties included) with good play from a board between turns."""

    def __init__(
        self,
        difficulty: Difficulty,
        network: Network,
        allowance: Sequence[Sequence[float]] | None = None,
    ) -> None:
        self.difficulty = difficulty
        self.network = network
        powers = difficulty.powers
        self.allowance = (
            [list(row) for row in allowance]
            if allowance
            else [[0.0] * (CELLS + 1) for _ in range(powers + 1)]
        )

    def offsets(self, used: int) -> list[float]:
        """Per number of empty cells: the powers allowance minus the penalty paid."""
        left = self.difficulty.powers - used
        paid = penalty(self.difficulty, used)
        row = self.allowance[left]
        return [row[e] - paid for e in range(CELLS + 1)]

    def board_value(self, vals: Sequence[int]) -> float:
        """Expected final points without powers and without penalties."""
        empties = sum(1 for v in vals if v == EMPTY)
        if empties == 0:
            return float(board_points(vals))
        if empties <= ENDGAME:
            return endgame_value(tuple(vals))
        return self.network.learned(vals)

    def value(self, vals: Sequence[int], used: int) -> float:
        """Expected final score of a board between turns with ``used`` powers spent."""
        empties = sum(1 for v in vals if v == EMPTY)
        return self.board_value(vals) + self.offsets(used)[empties]

    def expand(
        self, vals: Sequence[int], dice: Multiset, used: int, keep: int
    ) -> list[tuple[float, Path]]:
        """The ``keep`` best placements of a roll, valued as boards between turns."""
        need = required(vals, self.difficulty)
        return self.network.expand(vals, dice, need, keep, self.offsets(used), endgame_value)

    def expand_free(self, vals: Sequence[int]) -> dict[Multiset, float]:
        """Best value per multiset of placed values (for all rolls at once), without the
        offsets, which depend only on the dice placed. Above ``FREE_FOUR_EMPTIES`` empty cells
        plans of 4 dice are left out: most of the boards there, rarely the best, and this table
        only values REROLLs, so it errs against them."""
        need = required(vals, self.difficulty)
        empties = sum(1 for v in vals if v == EMPTY)
        most = MAX_DICE if empties <= FREE_FOUR_EMPTIES else MAX_DICE - 1
        return self.network.expand_free(vals, need, None, endgame_value, most)

    def ruin_values(self, vals: Sequence[int], used: int) -> list[tuple[float, int]]:
        """Value of accepting MAGDAGDON with each empty cell ruined (M-6.3), best first."""
        out = []
        for cell, content in enumerate(vals):
            if content == EMPTY:
                cells = list(vals)
                cells[cell] = RUINED
                out.append((self.value(cells, used), cell))
        out.sort(key=lambda item: (-item[0], item[1]))
        return out
