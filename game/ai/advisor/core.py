"""The advisor's own board: 16 small ints and bit masks, because the search evaluates hundreds
of thousands of boards per decision. A cell is ``EMPTY`` (0), 1..6 or ``RUINED`` (7); M-4 and
M-7 as the rules have them, checked against the rules in the tests.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial

from ...rules.magdagdon import RUIN, Board, Difficulty

EMPTY = 0
RUINED = 7
SIDE = 4
CELLS = 16
FULL = (1 << CELLS) - 1
_COL0 = 0x1111
_COL3 = 0x8888
RUIN_COST = 15

Vals = tuple[int, ...]
"""A board as 16 ints: 0 empty, 1..6 a number, 7 a ruin."""

Multiset = tuple[int, ...]
"""Die values sorted ascending (a roll without die identities)."""


def encode(board: Board) -> Vals:
    """The rules' board (``None`` / 1..6 / ``RUIN``) as 16 ints."""
    return tuple(
        EMPTY if cell is None else RUINED if cell is RUIN else int(cell)  # type: ignore[arg-type]
        for cell in board
    )


def decode(vals: Sequence[int]) -> Board:
    """Back to the rules' board (for tests and for calling the rules' scoring)."""
    return tuple(None if v == EMPTY else RUIN if v == RUINED else v for v in vals)


# --- the 8 symmetries of the square ----------------------------------------------------------


def _symmetries() -> tuple[tuple[int, ...], ...]:
    """Each symmetry as a map cell -> image cell; identity first."""
    maps: tuple[Callable[[int, int], tuple[int, int]], ...] = (
        lambda r, c: (r, c),
        lambda r, c: (c, 3 - r),
        lambda r, c: (3 - r, 3 - c),
        lambda r, c: (3 - c, r),
        lambda r, c: (r, 3 - c),
        lambda r, c: (3 - r, c),
        lambda r, c: (c, r),
        lambda r, c: (3 - c, 3 - r),
    )
    out = []
    for f in maps:
        image = []
        for cell in range(CELLS):
            r, c = f(*divmod(cell, SIDE))
            image.append(r * SIDE + c)
        out.append(tuple(image))
    return tuple(out)


SYMMETRIES = _symmetries()
"""Rotations and reflections; legality (M-4) and score (M-7) are invariant under all 8
because adjacency is, rows and columns swap roles, and straights count in both directions."""


def transform(vals: Sequence[int], sym: Sequence[int]) -> Vals:
    """The board seen through a symmetry: cell ``sym[i]`` of the result holds ``vals[i]``."""
    out = [0] * CELLS
    for cell, value in enumerate(vals):
        out[sym[cell]] = value
    return tuple(out)


def _neighbours(cell: int) -> tuple[int, ...]:
    row, col = divmod(cell, SIDE)
    out = []
    for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
        if 0 <= r < SIDE and 0 <= c < SIDE:
            out.append(r * SIDE + c)
    return tuple(out)


NEIGHBOURS = tuple(_neighbours(cell) for cell in range(CELLS))
"""Orthogonal neighbours of every cell (M-4.2)."""


# --- masks -------------------------------------------------------------------------------------


def spread(mask: int) -> int:
    """Cells orthogonally adjacent to any cell of ``mask`` (M-4.2)."""
    return (
        ((mask << 1) & ~_COL0 & FULL)
        | ((mask >> 1) & ~_COL3)
        | ((mask << SIDE) & FULL)
        | (mask >> SIDE)
    )


def value_masks(vals: Sequence[int]) -> list[int]:
    """Mask per cell content: index 0 empty, 1..6 numbers, 7 ruins."""
    masks = [0] * 8
    for cell, value in enumerate(vals):
        masks[value] |= 1 << cell
    return masks


def legal_mask(masks: Sequence[int], value: int) -> int:
    """Cells where a die of ``value`` may go (M-4.1..4.4)."""
    numbers = masks[1] | masks[2] | masks[3] | masks[4] | masks[5] | masks[6]
    if not numbers:
        return masks[0]
    near = masks[value] | (masks[value - 1] if value > 1 else 0)
    near |= masks[value + 1] if value < 6 else 0
    return masks[0] & spread(near) & ~spread(numbers & ~near)


def dead_cells(vals: Sequence[int]) -> int:
    """Mask of empty cells no value can ever fill: two number neighbours differ by 3 or more,
    so the cell is a certain future ruin (M-4.3)."""
    masks = value_masks(vals)
    numbers = masks[1] | masks[2] | masks[3] | masks[4] | masks[5] | masks[6]
    fillable = 0
    for value in range(1, 7):
        near = masks[value] | (masks[value - 1] if value > 1 else 0)
        near |= masks[value + 1] if value < 6 else 0
        fillable |= ~spread(numbers & ~near)
    return masks[0] & ~fillable & FULL


# --- scoring -----------------------------------------------------------------------------------

LINE_CELLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * SIDE + c for c in range(SIDE)) for r in range(SIDE)
) + tuple(tuple(r * SIDE + c for r in range(SIDE)) for c in range(SIDE))
"""Rows 0..3 then columns 0..3, in reading order (as ``rules.LINES``)."""


def pattern_index(values: Sequence[int]) -> int:
    """Index of four cell contents in a 4096-entry table (base 8)."""
    a, b, c, d = values
    return ((a * 8 + b) * 8 + c) * 8 + d


def pattern_of(index: int) -> tuple[int, int, int, int]:
    """Inverse of ``pattern_index``."""
    return (index >> 9) & 7, (index >> 6) & 7, (index >> 3) & 7, index & 7


def line_points(values: Sequence[int]) -> int:
    """M-7.1..7.3 for one line: its numbers' sum plus the combo of a full line of numbers."""
    numbers = [v for v in values if 1 <= v <= 6]
    total = sum(numbers)
    if len(numbers) < SIDE:
        return total
    steps = {b - a for a, b in zip(values, values[1:])}
    if steps == {1} or steps == {-1}:
        return total + 60
    counts = sorted(values.count(v) for v in set(values))
    if counts == [4]:
        return total + 40
    if counts == [2, 2]:
        return total + 20
    return total


LINE_POINTS: tuple[int, ...] = tuple(line_points(pattern_of(i)) for i in range(4096))
"""``line_points`` for every pattern index: the exact scoring table."""


def board_points(vals: Sequence[int]) -> int:
    """M-7.5 without the power penalty: lines (each number counts in its row and its column)
    plus combos minus 15 per ruin. Exact for any board, finished or not."""
    total = 0
    for line in LINE_CELLS:
        a, b, c, d = line
        total += LINE_POINTS[((vals[a] * 8 + vals[b]) * 8 + vals[c]) * 8 + vals[d]]
    return total - RUIN_COST * sum(1 for v in vals if v == RUINED)


def penalty(difficulty: Difficulty, used: int) -> int:
    """Total power penalty after ``used`` uses (M-2, M-5.5)."""
    return sum(difficulty.penalties[:used])


def required(vals: Sequence[int], difficulty: Difficulty) -> int:
    """M-2.1 on the advisor's board."""
    return min(difficulty.minimum, sum(1 for v in vals if v == EMPTY))


# --- dice ----------------------------------------------------------------------------------------


def _arrangements(values: Sequence[int]) -> int:
    """How many ordered rolls give this multiset."""
    out = factorial(len(values))
    for v in set(values):
        out //= factorial(values.count(v))
    return out


@lru_cache(maxsize=8)
def outcomes(count: int) -> tuple[tuple[Multiset, float], ...]:
    """Every multiset of ``count`` dice with its probability (126 for four dice)."""
    total = 6**count
    return tuple(
        (combo, _arrangements(combo) / total)
        for combo in combinations_with_replacement(range(1, 7), count)
    )


ROLLS = outcomes(4)
"""The roll as an explicit chance step (M-3.1): 126 multisets of 4d6 and their probabilities."""


def merge(kept: Sequence[int], new: Sequence[int]) -> Multiset:
    """The multiset of kept dice plus new ones."""
    return tuple(sorted((*kept, *new)))


def sub_multisets(dice: Multiset) -> set[Multiset]:
    """Every distinct sub-multiset (sorted), the empty one and ``dice`` itself included."""
    out: set[Multiset] = set()
    n = len(dice)
    for chosen in range(1 << n):
        out.add(tuple(dice[i] for i in range(n) if chosen >> i & 1))
    return out
