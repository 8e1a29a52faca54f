"""Scoring (M-7): line sums, one combo per full line, ruin and power penalties."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from game.rules.magdagdon.board import RUIN, SIZE, Cell, check_board, is_number
from game.rules.magdagdon.difficulty import Difficulty

RUIN_PENALTY = 15
HIGHEST_SCORE = 544
"""M-7.6: the highest score a board can have (rows ``3 4 5 6`` four times)."""


class Combo(StrEnum):
    """The combos of M-7.2; each member *is* its name as a string ("STRAIGHT" …)."""

    STRAIGHT = "STRAIGHT"
    FOUR_OF_A_KIND = "FOUR_OF_A_KIND"
    TWO_PAIRS = "TWO_PAIRS"

    @property
    def bonus(self) -> int:
        return _BONUS[self]


_BONUS = {Combo.STRAIGHT: 60, Combo.FOUR_OF_A_KIND: 40, Combo.TWO_PAIRS: 20}

LINES: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE)
) + tuple(tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE))
"""The 8 lines: rows 0..3 (left to right) then columns 0..3 (top to bottom)."""


class _ItemAccess:
    """Lets a frozen dataclass also be read like a mapping (``line["sum"]``)."""

    def __getitem__(self, key: str) -> Any:
        try:
            return getattr(self, key)
        except AttributeError:
            raise KeyError(key) from None


@dataclass(frozen=True)
class LineScore(_ItemAccess):
    """One row or column: the sum of its numbers, its combo (or ``None``) and that bonus."""

    sum: int
    combo: Combo | None
    bonus: int


@dataclass(frozen=True)
class ScoreCard(_ItemAccess):
    """The score of a board (M-7.5). Penalties are positive numbers that are subtracted."""

    base: int
    bonuses: int
    ruin_penalty: int
    power_penalty: int
    total: int
    lines: tuple[LineScore, ...]

    @property
    def ruins(self) -> int:
        return self.ruin_penalty // RUIN_PENALTY


def line_combo(values: Sequence[Cell]) -> Combo | None:
    """The highest combo of a line of four cells (M-7.2), ``None`` unless all are numbers."""
    if len(values) != SIZE or not all(is_number(v) for v in values):
        return None
    steps = {b - a for a, b in zip(values, values[1:])}  # type: ignore[operator]
    if steps == {1} or steps == {-1}:
        return Combo.STRAIGHT
    counts = sorted(Counter(values).values())
    if counts == [4]:
        return Combo.FOUR_OF_A_KIND
    if counts == [2, 2]:
        return Combo.TWO_PAIRS
    return None


def score(board: Sequence[Cell], difficulty: Difficulty, powers_used: int) -> ScoreCard:
    """Score any 16-cell board, finished or not (M-7): base + bonuses − ruins − powers."""
    board = check_board(board)
    if not isinstance(difficulty, Difficulty):
        raise ValueError(f"not a Difficulty: {difficulty!r}")
    power_penalty = difficulty.power_penalty(powers_used)
    lines = []
    for cells in LINES:
        values = [board[c] for c in cells]
        combo = line_combo(values)
        lines.append(
            LineScore(
                sum=sum(v for v in values if is_number(v)),
                combo=combo,
                bonus=combo.bonus if combo else 0,
            )
        )
    base = sum(line.sum for line in lines)
    bonuses = sum(line.bonus for line in lines)
    ruin_penalty = RUIN_PENALTY * sum(1 for c in board if c is RUIN)
    return ScoreCard(
        base=base,
        bonuses=bonuses,
        ruin_penalty=ruin_penalty,
        power_penalty=power_penalty,
        total=base + bonuses - ruin_penalty - power_penalty,
        lines=tuple(lines),
    )


def score_range(difficulty: Difficulty) -> tuple[int, int]:
    """The lowest and highest final score a game of ``difficulty`` can have (M-7.5, M-7.6):
    at worst every cell a ruin and every power used, at best :data:`HIGHEST_SCORE`. A score
    outside it was not played (the venue's server refuses it)."""
    if not isinstance(difficulty, Difficulty):
        raise ValueError(f"not a Difficulty: {difficulty!r}")
    return -RUIN_PENALTY * SIZE * SIZE - sum(difficulty.penalties), HIGHEST_SCORE
