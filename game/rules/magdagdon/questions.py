"""Questions a player may ask of a position, answered from M-4 and M-6 alone (they change
nothing of the rules): which empty cells can never be filled any more, and whether a Majda
Power can make a MAGDAGDON roll placeable.

**Dead cells.** Numbers never leave the board, and a die needs every number beside it to be
within 1 of its value (M-4.3) and, once the board holds a number, one number beside it
(M-4.2). So an empty cell can never be filled, whatever dice are rolled, when

* it touches two numbers that differ by 3 or more (``CLASH``: no value is within 1 of both,
  e.g. a 2 and a 6), or
* it touches no number and every way to it from the numbers passes through ruins or cells
  of the first kind (``CUT_OFF``): a chain of empty cells that touch no number can take any
  values, so a cell is reachable exactly when such a chain leads to a fillable cell beside a
  number.

Future ruins only take cells away and future numbers only add limits, so nothing else can
bring such a cell back, and every other empty cell can still be filled with the right dice.
While the board holds no number every empty cell can take the first die (M-4.2).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement

from game.rules.magdagdon.board import (
    CELLS,
    NEIGHBOURS,
    Board,
    Cell,
    check_board,
    check_value,
    find_sequence,
    is_number,
)

CLASH = "clash"
CUT_OFF = "cut_off"


@dataclass(frozen=True)
class DeadCell:
    """An empty cell no die can ever fill, and why: ``CLASH`` (``low`` and ``high`` are the
    smallest and largest numbers it touches, 3 or more apart) or ``CUT_OFF`` (no number can
    ever reach it; ``low == high == 0``)."""

    cell: int
    reason: str
    low: int = 0
    high: int = 0


def dead_cells(board: Sequence[Cell]) -> dict[int, DeadCell]:
    """Every empty cell of ``board`` that can never be filled any more, with its reason
    (see the module's docstring); tentative dice count as numbers when a view is passed."""
    board = check_board(board)
    if not any(is_number(cell) for cell in board):
        return {}
    dead: dict[int, DeadCell] = {}
    open_cells: list[int] = []
    free: set[int] = set()  # empty cells touching no number
    for cell in range(CELLS):
        if board[cell] is not None:
            continue
        near = [v for n in NEIGHBOURS[cell] if is_number(v := board[n])]
        if not near:
            free.add(cell)
        elif max(near) - min(near) >= 3:
            dead[cell] = DeadCell(cell, CLASH, min(near), max(near))
        else:
            open_cells.append(cell)
    reached: set[int] = set()
    stack = list(open_cells)
    while stack:
        for n in NEIGHBOURS[stack.pop()]:
            if n in free and n not in reached:
                reached.add(n)
                stack.append(n)
    for cell in sorted(free - reached):
        dead[cell] = DeadCell(cell, CUT_OFF)
    return dict(sorted(dead.items()))


# --- can a Majda Power help? (M-5, M-6.1) ----------------------------------------------------


def _placeable(board: Board, dice: Sequence[int], need: int) -> bool:
    return find_sequence(board, dice, need) is not None


def adjust_helps(board: Sequence[Cell], dice: Sequence[int], need: int, die: int,
                 delta: int) -> bool:
    """Whether −1 / +1 (``delta``) on ``die`` leaves a legal sequence placing ``need`` of the
    dice from ``board`` (M-6.1 after the power); ``False`` when the die would leave 1..6."""
    board = check_board(board)
    values = [check_value(v) for v in dice]
    if not 0 <= die < len(values) or delta not in (1, -1):
        raise ValueError(f"no −1/+1 of {delta!r} on die {die!r}")
    changed = values[die] + delta
    if not 1 <= changed <= 6:
        return False
    values[die] = changed
    return _placeable(board, values, need)


def helping_adjusts(board: Sequence[Cell], dice: Sequence[int], need: int, delta: int,
                    among: Collection[int] | None = None) -> frozenset[int]:
    """The dice (of ``among``, default all) on which −1 / +1 would make the roll placeable."""
    chosen = range(len(dice)) if among is None else among
    return frozenset(d for d in chosen if adjust_helps(board, dice, need, d, delta))


def reroll_chance(board: Sequence[Cell], dice: Sequence[int], need: int,
                  chosen: Collection[int]) -> Fraction:
    """The chance that rerolling the ``chosen`` dice (M-5.3) makes the roll placeable: the
    share of the 6^k equally likely results for which a legal sequence places ``need``."""
    board = check_board(board)
    values = [check_value(v) for v in dice]
    picked = sorted(set(chosen))
    if not picked or any(not 0 <= d < len(values) for d in picked):
        raise ValueError(f"choose dice of the roll to reroll, not {chosen!r}")
    kept = [v for d, v in enumerate(values) if d not in picked]
    good = total = 0
    for new in combinations_with_replacement(range(1, 7), len(picked)):
        ways = _orderings(new)
        total += ways
        if _placeable(board, [*kept, *new], need):
            good += ways
    return Fraction(good, total)


def _orderings(values: tuple[int, ...]) -> int:
    """How many ordered results of len(values) dice show this multiset."""
    out = 1
    for i in range(2, len(values) + 1):
        out *= i
    for v in set(values):
        for i in range(2, values.count(v) + 1):
            out //= i
    return out
