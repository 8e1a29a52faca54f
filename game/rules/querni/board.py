"""The 10 × 7 board (Q-1.1), the two colours and the geometry every rule is built on.

A square is ``(col, row)`` for the outside world. Inside the package a square is an index
``row * COLS + col`` into a flat 70-cell tuple, because move generation is the inner loop of
every turn, of the perft tests and of the demo player; the neighbour and jump tables below are
computed once so that no rule ever has to check the board's edges again.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from game.rules.errors import IllegalMove

COLS = 10
ROWS = 7
CELLS = COLS * ROWS
PIECES = 16
"""Pieces per colour, numbered 1..PIECES (Q-1.2)."""

Square = tuple[int, int]

DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
)
"""The 8 directions of a step or a jump (Q-4.3, Q-4.4), counter-clockwise from east.

Their order fixes the order of ``jump_paths`` and ``legal_turns``, so it is part of what
makes replays and pinned perft lists reproducible.
"""


class Color(StrEnum):
    """The two players (Q-1.1); each member *is* its name as a string ("BLUE", "RED")."""

    BLUE = "BLUE"
    RED = "RED"

    @property
    def opponent(self) -> Color:
        return Color.RED if self is Color.BLUE else Color.BLUE

    @property
    def sign(self) -> int:
        """+1 for BLUE, −1 for RED: a cell stores ``sign * number`` (0 is empty)."""
        return 1 if self is Color.BLUE else -1


def index(square: Square) -> int:
    """The cell index of a square known to be on the board."""
    return square[1] * COLS + square[0]


def square_of(cell: int) -> Square:
    """The ``(col, row)`` square of a cell index."""
    row, col = divmod(cell, COLS)
    return (col, row)


SQUARES: tuple[Square, ...] = tuple(square_of(i) for i in range(CELLS))


def _on_board(col: int, row: int) -> bool:
    return 0 <= col < COLS and 0 <= row < ROWS


def _neighbours(cell: int) -> tuple[int, ...]:
    col, row = square_of(cell)
    return tuple(
        (row + dr) * COLS + col + dc for dc, dr in DIRECTIONS if _on_board(col + dc, row + dr)
    )


def _jumps(cell: int) -> tuple[tuple[int, int], ...]:
    col, row = square_of(cell)
    return tuple(
        ((row + dr) * COLS + col + dc, (row + 2 * dr) * COLS + col + 2 * dc)
        for dc, dr in DIRECTIONS
        if _on_board(col + 2 * dc, row + 2 * dr)
    )


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(CELLS))
"""The up to 8 squares adjacent to each cell, side by side or diagonally (Q-3.1, Q-4.3)."""

JUMPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(_jumps(i) for i in range(CELLS))
"""For each cell, every straight jump as ``(jumped cell, landing cell)``, landing on the board
(Q-4.4); whether the jumped cell is occupied and the landing cell empty is up to the position."""

ADJACENT: tuple[frozenset[int], ...] = tuple(frozenset(n) for n in NEIGHBOURS)

START_SQUARES: dict[Color, tuple[Square, ...]] = {
    Color.BLUE: tuple((col, row) for row in (0, 1) for col in range(1, 9)),
    Color.RED: tuple((col, row) for row in (5, 6) for col in range(1, 9)),
}
"""Q-1.3: columns 1..8 of rows 0–1 (BLUE) and 5–6 (RED), listed row by row, left to right —
the order in which ``QuerniState.new`` deals each player's shuffled numbers."""


def is_square(value: Any) -> bool:
    """Whether ``value`` is a ``(col, row)`` pair of ints (tuple or list) on the board."""
    return (
        isinstance(value, (tuple, list))
        and len(value) == 2
        and type(value[0]) is int
        and type(value[1]) is int
        and _on_board(value[0], value[1])
    )


def check_square(value: Any) -> Square:
    """``value`` as a square tuple; ``IllegalMove`` (a ``ValueError``) when it is not one."""
    if not is_square(value):
        raise IllegalMove(
            f"{value!r} is not a square of the board: columns 0..9, rows 0..6.",
            "not_a_square",
            square=value,
        )
    return (value[0], value[1])


def name(square: Square) -> str:
    """How the board shows a square: column a..j, row 1..7 (Q-1.1), e.g. ``(0, 0)`` → ``a1``."""
    return f"{'abcdefghij'[square[0]]}{square[1] + 1}"
