"""This turn's choices and their expected final scores: every placement plan of the roll, every
−1/+1 and REROLL (M-5), or every cell to ruin (M-6). A choice is valued by the board it leads
to; a power one step deep (the best placement after −1/+1, the exact expectation over a
REROLL's outcomes), its penalty included, so a power wins only when it pays for itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from .core import (
    EMPTY,
    SYMMETRIES,
    Multiset,
    Vals,
    merge,
    outcomes,
    required,
    sub_multisets,
    transform,
)
from .network import Path
from .value import Valuer

PLACEMENT_OPTIONS = 8
"""Placement plans kept per roll before symmetric twins are folded (3 are reported)."""

RUIN_OPTIONS = 3


@dataclass(frozen=True)
class Choice:
    """One option of the turn: ``power`` ``None``, ``("adjust", value, delta)`` or ``("reroll",
    values)``, then ``path`` (placements as (value, cell)) or ``ruin``, or after a REROLL
    neither (the dice are awaited)."""

    expected: float
    power: tuple[object, ...] | None = None
    path: Path = ()
    ruin: int | None = None

    @property
    def rank(self) -> tuple[float, int]:
        """Sort key: best value first; on a tie, no power before a power."""
        return (-self.expected, 0 if self.power is None else 1)


def canonical(vals: Sequence[int]) -> Vals:
    """The least of the 8 symmetric images: one key for boards that play alike."""
    return min(transform(vals, sym) for sym in SYMMETRIES)


def apply_path(vals: Sequence[int], path: Path) -> Vals:
    cells = list(vals)
    for value, cell in path:
        cells[cell] = value
    return tuple(cells)


def placement_choices(valuer: Valuer, vals: Vals, dice: Multiset, used: int) -> list[Choice]:
    """The best distinct placement plans, symmetric twins folded (they score alike)."""
    out: list[Choice] = []
    seen: set[Vals] = set()
    fold = not any(1 <= v <= 6 for v in vals)
    for value, path in _placements(valuer, vals, dice, used):
        after = apply_path(vals, path)
        key = canonical(after) if fold else after
        if key not in seen:
            seen.add(key)
            out.append(Choice(value, None, path))
    return out


@lru_cache(maxsize=256)
def _placements(
    valuer: Valuer, vals: Vals, dice: Multiset, used: int
) -> tuple[tuple[float, Path], ...]:
    """Placement plans, cached (first turns repeat: the empty board comes back every game)."""
    return tuple(valuer.expand(vals, dice, used, PLACEMENT_OPTIONS))


def ruin_choices(valuer: Valuer, vals: Vals, used: int) -> list[Choice]:
    """Accepting MAGDAGDON, one choice per empty cell, best first (M-6.3)."""
    return [Choice(value, None, (), cell) for value, cell in valuer.ruin_values(vals, used)]


def best_after_roll(valuer: Valuer, vals: Vals, dice: Multiset, used: int) -> Choice:
    """The best choice without a power: best placement, or the least harmful ruin."""
    plans = _placements(valuer, vals, dice, used)
    if plans:
        value, path = plans[0]
        return Choice(value, None, path)
    return ruin_choices(valuer, vals, used)[0]


def adjust_choices(valuer: Valuer, vals: Vals, dice: Multiset, used: int) -> list[Choice]:
    """−1 / +1 on each distinct die value (M-5.2), then the best plan of the new dice."""
    out = []
    for value in sorted(set(dice)):
        for delta in (-1, 1):
            if not 1 <= value + delta <= 6:
                continue
            changed = list(dice)
            changed[changed.index(value)] = value + delta
            then = best_after_roll(valuer, vals, tuple(sorted(changed)), used + 1)
            out.append(Choice(then.expected, ("adjust", value, delta), then.path, then.ruin))
    return out


@lru_cache(maxsize=16)
def _free_values(valuer: Valuer, vals: Vals) -> dict[Multiset, float]:
    """Best raw value per multiset of placed values (``Valuer.expand_free``), cached: every
    decision of a turn (before and after each power) shares it."""
    return valuer.expand_free(vals)


@lru_cache(maxsize=64)
def roll_values(valuer: Valuer, vals: Vals, used: int) -> dict[Multiset, float]:
    """Value of every 4-die multiset on this board with its best placement (or ruin): one
    enumeration with free values serves the 126 rolls (see ``Network.expand_free``)."""
    need = required(vals, valuer.difficulty)
    offsets = valuer.offsets(used)
    empties = vals.count(EMPTY)
    per_values = {
        values: raw + offsets[empties - len(values)]
        for values, raw in _free_values(valuer, vals).items()
    }
    ruin = valuer.ruin_values(vals, used)[0][0]
    out = {}
    for roll, _ in outcomes(4):
        placed = [
            per_values[values]
            for values in sub_multisets(roll)
            if len(values) >= need and values in per_values
        ]
        out[roll] = max(placed) if placed else ruin
    return out


def reroll_choices(valuer: Valuer, vals: Vals, dice: Multiset, used: int) -> list[Choice]:
    """REROLL (M-5.3) of each distinct sub-multiset of the dice: the exact expectation over
    the new values of the best play that follows (with one more use spent)."""
    table = roll_values(valuer, vals, used + 1)
    out = []
    for kept in sub_multisets(dice):
        if len(kept) == len(dice):
            continue
        expected = sum(
            chance * table[merge(kept, new)] for new, chance in outcomes(len(dice) - len(kept))
        )
        rerolled = list(dice)
        for value in kept:
            rerolled.remove(value)
        out.append(Choice(expected, ("reroll", tuple(rerolled))))
    return out


def choices(valuer: Valuer, vals: Vals, dice: Multiset, used: int, magdagdon: bool) -> list[Choice]:
    """Every option of the turn worth reporting, best first."""
    if magdagdon:
        found = ruin_choices(valuer, vals, used)[:RUIN_OPTIONS]
    else:
        found = placement_choices(valuer, vals, dice, used)
    if used < valuer.difficulty.powers:
        found += adjust_choices(valuer, vals, dice, used)
        found += reroll_choices(valuer, vals, dice, used)
    found.sort(key=lambda c: c.rank)
    return found
