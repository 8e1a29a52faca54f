"""Movements (Q-4.2..Q-4.5): steps, jump sequences, and the check of a played path.

Everything works on the flat cell tuple of ``board.py`` (0 empty, +n BLUE, −n RED).

Why destinations need no path search: during a jump sequence nothing on the board changes but
the moving piece, which has left its start square (so the start is empty — though a jump can
never pass over it: the piece always stands on squares of its start's column and row parity,
and the jumped square is always of another parity). So "can jump from A to B" is the same
relation at every moment of the turn and in both directions: a *static, undirected* graph on
the empty squares. The squares a jump sequence can end on are exactly that graph's connected
component around the start, minus the start itself (Q-4.5 forbids landing there), and any of
them is reached by a path that lands nowhere twice — the breadth-first tree path. Listing
*every* sequence (``jump_paths``) is the only exponential part and is used only when asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules.errors import IllegalMove
from game.rules.querni.board import ADJACENT, COLS, JUMPS, NEIGHBOURS, check_square, index, name


def steps(cells: Sequence[int], start: int) -> list[int]:
    """Q-4.3: the empty squares adjacent to ``start``, in ``DIRECTIONS`` order."""
    return [n for n in NEIGHBOURS[start] if not cells[n]]


def jump_tree(cells: Sequence[int], start: int) -> dict[int, int]:
    """Every square a jump sequence from ``start`` can end on, mapped to the square it was
    reached from (the start for a first jump), in breadth-first order (see the module text).

    The piece on ``start`` counts as lifted: its square is empty for the whole sequence.
    """
    parent: dict[int, int] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for here in frontier:
            for over, land in JUMPS[here]:
                if cells[over] and land != start and land not in parent and not cells[land]:
                    parent[land] = here
                    nxt.append(land)
        frontier = nxt
    return parent


def tree_path(parent: dict[int, int], start: int, end: int) -> list[int]:
    """The path ``[start, …, end]`` through a ``jump_tree``."""
    path = [end]
    while path[-1] != start:
        path.append(parent[path[-1]])
    path.reverse()
    return path


def all_jump_paths(cells: Sequence[int], start: int) -> list[list[int]]:
    """Q-4.5: every jump sequence from ``start`` as ``[start, landing1, …]``, depth first.

    Order: directions in ``DIRECTIONS`` order at every square, each path listed before its
    continuations. The start and every landing are never landed on again.
    """
    out: list[list[int]] = []
    path = [start]
    seen = {start}

    def extend(here: int) -> None:
        for over, land in JUMPS[here]:
            if cells[over] and not cells[land] and land not in seen:
                path.append(land)
                seen.add(land)
                out.append(list(path))
                extend(land)
                seen.discard(land)
                path.pop()

    extend(start)
    return out


def _hop_kind(a: int, b: int) -> str:
    """ "step" for adjacent squares, "jump" for two apart in a straight line, else "far"."""
    if b in ADJACENT[a]:
        return "step"
    dc = b % COLS - a % COLS
    dr = b // COLS - a // COLS
    if dc in (-2, 0, 2) and dr in (-2, 0, 2) and (dc or dr):
        return "jump"
    return "far"


def check_path(cells: Sequence[int], sign: int, path: Any) -> list[int]:
    """Check a movement of the side with ``sign`` (Q-4.2..Q-4.5); return it as cell indices.

    Raises ``IllegalMove`` saying what is wrong; ``cells`` is not changed.
    """
    if isinstance(path, (str, bytes)) or not isinstance(path, (list, tuple)):
        raise IllegalMove(
            "A movement is a list of squares: the piece, then where it goes.", "bad_path"
        )
    squares = [check_square(s) for s in path]
    if len(squares) < 2:
        raise IllegalMove(
            "A movement needs the piece's square and at least one square to go to.",
            "path_too_short",
        )
    start = index(squares[0])
    piece = cells[start]
    if not piece:
        raise IllegalMove(
            f"There is no piece on {name(squares[0])}.", "no_piece", square=squares[0]
        )
    if (piece > 0) != (sign > 0):
        raise IllegalMove("That piece is not yours.", "not_your_piece", square=squares[0])
    out = [index(s) for s in squares]
    kinds = [_hop_kind(a, b) for a, b in zip(out, out[1:])]
    if "far" in kinds:
        i = kinds.index("far")
        raise IllegalMove(
            f"{name(squares[i + 1])} is neither next to {name(squares[i])} nor a jump away.",
            "too_far",
            start=squares[i],
            square=squares[i + 1],
        )
    if kinds == ["step"]:
        if cells[out[1]]:
            raise IllegalMove(f"{name(squares[1])} is not empty.", "occupied", square=squares[1])
        return out
    if "step" in kinds:
        raise IllegalMove(
            "A movement is one step or a series of jumps, never both.", "step_and_jump"
        )
    landed = {start}
    for i, (a, b) in enumerate(zip(out, out[1:])):
        over = (a + b) // 2
        if not cells[over] or over == start:
            raise IllegalMove(
                f"There is no piece to jump over between {name(squares[i])} and "
                f"{name(squares[i + 1])}.",
                "nothing_to_jump",
                start=squares[i],
                square=squares[i + 1],
            )
        if b == start:
            raise IllegalMove(
                "A jumping piece may not land back on the square it started from.",
                "back_to_start",
                square=squares[i + 1],
            )
        if b in landed:
            raise IllegalMove(
                f"A piece may not land on {name(squares[i + 1])} twice in one turn.",
                "landed_twice",
                square=squares[i + 1],
            )
        if cells[b]:
            raise IllegalMove(
                f"{name(squares[i + 1])} is not empty.", "occupied", square=squares[i + 1]
            )
        landed.add(b)
    return out
