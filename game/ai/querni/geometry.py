"""Board tables the engine looks up instead of computing in its inner loops, on
``QuerniState.cells`` (index ``row * COLS + col``); built once at import, never changed, so
searches share them safely.
"""

from __future__ import annotations

from game.rules.querni import COLS, DIRECTIONS, ROWS

CELLS = COLS * ROWS


def _on_board(col: int, row: int) -> bool:
    return 0 <= col < COLS and 0 <= row < ROWS


def _neighbours(cell: int) -> tuple[int, ...]:
    row, col = divmod(cell, COLS)
    return tuple(
        (row + dr) * COLS + col + dc for dc, dr in DIRECTIONS if _on_board(col + dc, row + dr)
    )


def _jumps(cell: int) -> tuple[tuple[int, int], ...]:
    row, col = divmod(cell, COLS)
    return tuple(
        ((row + dr) * COLS + col + dc, (row + 2 * dr) * COLS + col + 2 * dc)
        for dc, dr in DIRECTIONS
        if _on_board(col + 2 * dc, row + 2 * dr)
    )


def _distance(a: int, b: int) -> int:
    """King-move distance: the number of steps between two squares on an empty board."""
    ra, ca = divmod(a, COLS)
    rb, cb = divmod(b, COLS)
    return max(abs(ra - rb), abs(ca - cb))


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(c) for c in range(CELLS))
"""The up to 8 squares adjacent to each cell (Q-3.1, Q-4.3)."""

JUMPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(_jumps(c) for c in range(CELLS))
"""Each straight jump from a cell as ``(jumped cell, landing cell)`` (Q-4.4)."""

DIST: tuple[tuple[int, ...], ...] = tuple(
    tuple(_distance(a, b) for b in range(CELLS)) for a in range(CELLS)
)
"""King distance between every two cells: 1 means adjacent, so linked in a chain."""

COMMON: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(c for c in NEIGHBOURS[a] if c in NEIGHBOURS[b]) if DIST[a][b] == 2 else ()
        for b in range(CELLS)
    )
    for a in range(CELLS)
)
"""For two cells two steps apart, the squares adjacent to both: where one step links them."""

MIRROR: tuple[int, ...] = tuple((c // COLS) * COLS + (COLS - 1 - c % COLS) for c in range(CELLS))
"""The left–right mirror (col → 9 − col), a symmetry of every rule."""

FLIP: tuple[int, ...] = tuple((ROWS - 1 - c // COLS) * COLS + c % COLS for c in range(CELLS))
"""The vertical flip (row → 6 − row); with the colours swapped, a symmetry of every rule."""


def span(low: int, high: int) -> int:
    """The bit mask of the numbers ``low..high``."""
    return (1 << (high + 1)) - (1 << low)
