"""The value of a board between turns: exact when at most one cell is empty, else the
network, plus a measured allowance for the Majda Powers still in hand, minus the penalties
already paid (M-5.5). One function serves the search, ``advise`` and ``expected_final``, so
a turn played as advised loses nothing in the review.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ...rules.magdagdon import Difficulty
from .core import (
    CELLS,
    EMPTY,
    RUINED,
    Multiset,
    Vals,
    board_points,
    legal_mask,
    penalty,
    required,
    value_masks,
)
from .network import Network, Path


@lru_cache(maxsize=65536)
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
        if empties == 1:
            return last_cell_value(tuple(vals))
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
        return self.network.expand(vals, dice, need, keep, self.offsets(used), last_cell_value)

    def expand_free(self, vals: Sequence[int]) -> dict[Multiset, float]:
        """Best value per multiset of placed values (serves all rolls at once), *without*
        the offsets: they depend only on the number of dice placed, so one enumeration
        serves every number of powers used."""
        need = required(vals, self.difficulty)
        return self.network.expand_free(vals, need, None, last_cell_value)

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
