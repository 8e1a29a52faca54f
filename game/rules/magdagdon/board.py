"""The 4×4 board (M-1), legal placement (M-4) and the search for legal sequences (M-6.1).

A board is a tuple of 16 cells, row-major; a cell is ``None``, an ``int`` 1..6 or ``RUIN``.
The search works on bit masks (one 16-bit mask per die value) because it is the inner
loop of every turn, of MAGDAGDON detection and of the demo player.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeGuard

from game.rules.errors import IllegalMove
from game.rules.magdagdon.difficulty import Difficulty

SIZE = 4
CELLS = SIZE * SIZE
FULL = (1 << CELLS) - 1
_COL0 = sum(1 << (r * SIZE) for r in range(SIZE))
_COL3 = _COL0 << (SIZE - 1)


class _Ruin:
    """The single ruin sentinel (M-1.2); survives copy and pickle as the same object."""

    _instance: _Ruin | None = None

    def __new__(cls) -> _Ruin:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "RUIN"

    def __reduce__(self) -> str:
        return "RUIN"

    def __copy__(self) -> _Ruin:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> _Ruin:
        return self


RUIN = _Ruin()

Cell = int | None | _Ruin
Board = tuple[Cell, ...]

EMPTY_BOARD: Board = (None,) * CELLS


def _neighbours(cell: int) -> tuple[int, ...]:
    row, col = divmod(cell, SIZE)
    out = []
    if row > 0:
        out.append(cell - SIZE)
    if row < SIZE - 1:
        out.append(cell + SIZE)
    if col > 0:
        out.append(cell - 1)
    if col < SIZE - 1:
        out.append(cell + 1)
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(c) for c in range(CELLS))
"""Orthogonal neighbours of every cell (M-4.2): up, down, left, right."""


def is_number(cell: object) -> TypeGuard[int]:
    """Whether a cell value is a die number 1..6 (not empty, not a ruin)."""
    return type(cell) is int and 1 <= cell <= 6


def check_value(value: object, what: str = "die value") -> int:
    """Return ``value`` if it is an int 1..6, else raise ``ValueError``."""
    if not is_number(value):
        raise ValueError(f"a {what} must be an int from 1 to 6, not {value!r}")
    return value


def check_board(board: object) -> Board:
    """Return ``board`` as a tuple after checking its shape; ``ValueError`` if malformed."""
    if isinstance(board, (str, bytes)) or not isinstance(board, Sequence):
        raise ValueError(f"a board must be a sequence of 16 cells, not {type(board).__name__}")
    if len(board) != CELLS:
        raise ValueError(f"a board has 16 cells, not {len(board)}")
    for i, cell in enumerate(board):
        if cell is not None and cell is not RUIN and not is_number(cell):
            raise ValueError(f"cell {i} holds {cell!r}: a cell is None, 1..6 or RUIN")
    return tuple(board)


def empty_cells(board: Board) -> list[int]:
    """Indices of the empty cells, in order."""
    return [i for i, cell in enumerate(board) if cell is None]


def required_placements(board: Sequence[Cell], difficulty: Difficulty) -> int:
    """M-2.1: min(normal minimum, number of empty cells)."""
    board = check_board(board)
    if not isinstance(difficulty, Difficulty):
        raise ValueError(f"not a Difficulty: {difficulty!r}")
    return min(difficulty.minimum, len(empty_cells(board)))


def placement_problem(board: Board, value: int, cell: int) -> IllegalMove | None:
    """Why a die of ``value`` may not go on ``cell`` (M-4), or ``None`` when it may."""
    here = board[cell]
    if here is RUIN:
        return IllegalMove("That cell is a ruin.", "cell_ruin", cell=cell)
    if here is not None:
        return IllegalMove("That cell is already taken.", "cell_taken", cell=cell)
    has_neighbour = False
    for n in NEIGHBOURS[cell]:
        other = board[n]
        if is_number(other):
            has_neighbour = True
            if abs(other - value) > 1:
                return IllegalMove(
                    f"A {value} cannot go next to a {other}.",
                    "too_far",
                    value=value,
                    neighbour=other,
                )
    if not has_neighbour and any(is_number(c) for c in board):
        return IllegalMove(
            "A die must touch a number on the board: up, down, left or right.", "not_connected"
        )
    return None


def legal_cells(board: Sequence[Cell], value: int) -> frozenset[int]:
    """The cells where a die of ``value`` may be placed now (M-4)."""
    board = check_board(board)
    check_value(value)
    masks, _ = _masks(board)
    return frozenset(_bits(_legal_mask(masks, value)))


# --- bit-mask search ------------------------------------------------------------------------


def _masks(board: Board) -> tuple[list[int], int]:
    """One mask per value (index 1..6; index 0 unused) and the mask of ruins."""
    masks = [0] * 7
    ruins = 0
    for i, cell in enumerate(board):
        if cell is None:
            continue
        if cell is RUIN:
            ruins |= 1 << i
        else:
            masks[cell] |= 1 << i  # type: ignore[index]
    masks[0] = ruins
    return masks, ruins


def _spread(mask: int) -> int:
    """Cells orthogonally adjacent to any cell of ``mask``."""
    return (
        ((mask << 1) & ~_COL0 & FULL)
        | ((mask >> 1) & ~_COL3)
        | ((mask << SIZE) & FULL)
        | (mask >> SIZE)
    )


def _legal_mask(masks: list[int], value: int) -> int:
    """Mask of legal cells for ``value``; ``masks[0]`` holds the ruins."""
    numbers = masks[1] | masks[2] | masks[3] | masks[4] | masks[5] | masks[6]
    empty = FULL & ~(numbers | masks[0])
    if not numbers:
        return empty
    near = _near_values(masks, value)
    far = numbers & ~near
    return empty & _spread(near) & ~_spread(far)


def _near_values(masks: list[int], value: int) -> int:
    out = masks[value]
    if value > 1:
        out |= masks[value - 1]
    if value < 6:
        out |= masks[value + 1]
    return out


def _bits(mask: int) -> Iterable[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _search(
    masks: list[int],
    counts: list[int],
    need: int,
    seen: set[tuple[int, ...]],
    path: list[tuple[int, int]],
) -> bool:
    """Depth-first search for ``need`` more placements; ``path`` gets (value, cell) on success.

    ``seen`` holds positions already proven hopeless for this ``need``: the same set of
    placements reached in another order is never explored twice.
    """
    for value in range(1, 7):
        if not counts[value]:
            continue
        legal = _legal_mask(masks, value)
        if not legal:
            continue
        if need == 1:
            cell = (legal & -legal).bit_length() - 1
            path.append((value, cell))
            return True
        counts[value] -= 1
        for cell in _bits(legal):
            bit = 1 << cell
            masks[value] |= bit
            key = tuple(masks)
            if key not in seen:
                path.append((value, cell))
                if _search(masks, counts, need - 1, seen, path):
                    masks[value] ^= bit
                    counts[value] += 1
                    return True
                path.pop()
                seen.add(key)
            masks[value] ^= bit
        counts[value] += 1
    return False


def _check_dice(dice: Iterable[int]) -> list[int]:
    if isinstance(dice, (str, bytes)):
        raise ValueError("dice must be a sequence of ints 1..6")
    return [check_value(v) for v in dice]


def find_sequence(
    board: Sequence[Cell], dice: Sequence[int], count: int
) -> list[tuple[int, int]] | None:
    """One legal sequence placing ``count`` of ``dice``, as (die index, cell) pairs, or ``None``.

    Die indices refer to positions in ``dice``; each die is used at most once.
    """
    board = check_board(board)
    values = _check_dice(dice)
    if type(count) is not int:
        raise ValueError(f"count must be an int, not {count!r}")
    if count <= 0:
        return []
    if count > len(values) or count > len(empty_cells(board)):
        return None
    masks, _ = _masks(board)
    counts = [0] * 7
    for v in values:
        counts[v] += 1
    path: list[tuple[int, int]] = []
    if not _search(masks, counts, count, set(), path):
        return None
    free = list(range(len(values)))
    out = []
    for value, cell in path:
        die = next(i for i in free if values[i] == value)
        free.remove(die)
        out.append((die, cell))
    return out


def can_place_minimum(board: Sequence[Cell], dice: Sequence[int], minimum: int) -> bool:
    """Whether some legal sequence (M-4, any order) places ``minimum`` of ``dice`` (M-6.1)."""
    return find_sequence(board, dice, minimum) is not None


def is_legal_sequence(board: Board, moves: Iterable[tuple[int, int]]) -> bool:
    """Whether placing (value, cell) pairs one after another is legal from ``board`` (M-4.5)."""
    cells = list(board)
    for value, cell in moves:
        if placement_problem(tuple(cells), value, cell) is not None:
            return False
        cells[cell] = value
    return True


def is_connected(board: Sequence[Cell]) -> bool:
    """Whether the numbers on ``board`` form one orthogonally connected field (M-1.3)."""
    numbers = {i for i, c in enumerate(board) if is_number(c)}
    if not numbers:
        return True
    start = next(iter(numbers))
    stack, seen = [start], {start}
    while stack:
        for n in NEIGHBOURS[stack.pop()]:
            if n in numbers and n not in seen:
                seen.add(n)
                stack.append(n)
    return seen == numbers
