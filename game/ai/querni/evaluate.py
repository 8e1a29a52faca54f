"""The static evaluation: how many turns each side still needs, and who is ahead in that race.

``turns_needed`` adds up, for a side: the links (a cost per two consecutive numbers that must
end up adjacent, growing with their distance, more when the squares a step could use are
taken: how pieces block a chain); the chains (its numbers split into runs, each cut into
chains of ≥ 3 as cheaply as possible, a small dynamic programme, each costing ``CHAIN_COST``);
and ``DEAD_PENALTY`` for a number that can never be removed (Q-5.2). The evaluation is
``turns_needed(opponent) − turns_needed(mover) + TEMPO`` plus a bonus per piece removed,
written once for both colours, so it keeps the board's symmetries (tested).
"""

from __future__ import annotations

from game.rules.querni import PIECES

from .context import Context, remember
from .geometry import COMMON, DIST
from .position import mask_of, positions, segments

LINK_COST: tuple[float, ...] = (0.0, 0.0, 1.0, 1.7, 2.3, 2.8, 3.2, 3.5, 3.8, 4.0)
"""Turns to make two numbers adjacent, by king distance (index); 1 is already adjacent."""

BLOCKED_STEP = 1.5
"""Cost of two squares apart when every square adjacent to both is occupied."""

CHAIN_COST = 0.5
"""The removal a chain needs: one per turn, though in the same turn as a movement."""

DEAD_PENALTY = 40.0
"""A side with a dead number can never win (Q-5.2): worth about a lost race."""

TEMPO = 0.5
"""The side to move is half a turn ahead."""

REMOVED_BONUS = 0.15
"""Per piece removed: a removal now is worth a little more than the same removal later."""


def link_cost(cells: tuple[int, ...], a: int, b: int) -> float:
    """Turns needed to make the pieces on cells ``a`` and ``b`` adjacent (see module text)."""
    d = DIST[a][b]
    if d != 2:
        return LINK_COST[d]
    for c in COMMON[a][b]:
        if not cells[c]:
            return 1.0
    return BLOCKED_STEP


def best_cut(costs: tuple[float, ...], ctx: Context) -> float:
    """Fewest turns for one run of consecutive numbers whose link costs are ``costs``: cut it
    into chains of ≥ 3 numbers, each costing ``CHAIN_COST`` plus its inner links."""
    found = ctx.dp.get(costs)
    if found is not None:
        return found
    size = len(costs) + 1
    prefix = [0.0]
    for c in costs:
        prefix.append(prefix[-1] + c)
    inf = float("inf")
    best = [0.0] + [inf] * size
    for j in range(3, size + 1):
        value = inf
        for k in range(0, j - 2):
            v = best[k] + prefix[j - 1] - prefix[k]
            if v < value:
                value = v
        best[j] = value + CHAIN_COST
    return remember(ctx.dp, costs, best[size])


def link_costs(cells: tuple[int, ...], pos: list[int]) -> list[float]:
    """``costs[n]``: ``link_cost`` of numbers n and n+1 when both are on the board, else 0."""
    costs = [0.0] * (PIECES + 1)
    for n in range(1, PIECES):
        a, b = pos[n], pos[n + 1]
        if a >= 0 and b >= 0:
            costs[n] = link_cost(cells, a, b)
    return costs


def total(costs: list[float], mask: int, ctx: Context) -> float:
    """``turns_needed`` from the link costs of one side and its numbers on the board."""
    alive, dead, _ = segments(mask, ctx)
    value = DEAD_PENALTY if dead else 0.0
    for low, high in alive:
        value += best_cut(tuple(costs[low:high]), ctx)
    return value


def turns_needed(cells: tuple[int, ...], pos: list[int], mask: int, ctx: Context) -> float:
    """Estimated turns one side needs to remove all it can still remove, plus the dead-number
    penalty."""
    return total(link_costs(cells, pos), mask, ctx)


def race(mover_turns: float, other_turns: float, mover_mask: int, other_mask: int) -> float:
    """The value for the side to move, from both sides' turns needed and numbers left."""
    return (
        other_turns
        - mover_turns
        + TEMPO
        + REMOVED_BONUS * (other_mask.bit_count() - mover_mask.bit_count())
    )


def evaluate(cells: tuple[int, ...], sign: int, ctx: Context) -> float:
    """The position's value for the side ``sign`` to move, in turns (positive: ahead)."""
    mine = positions(cells, sign)
    theirs = positions(cells, -sign)
    my_mask = mask_of(mine)
    their_mask = mask_of(theirs)
    return race(
        turns_needed(cells, mine, my_mask, ctx),
        turns_needed(cells, theirs, their_mask, ctx),
        my_mask,
        their_mask,
    )


class Parent:
    """What the evaluation of every child of one position shares: both sides' positions,
    number masks and link costs, and which links are two squares apart (only those depend on
    the occupancy of other squares, so only those can change when another piece moves)."""

    __slots__ = (
        "sign",
        "mine",
        "theirs",
        "my_mask",
        "their_mask",
        "my_costs",
        "their_costs",
        "my_twos",
        "their_twos",
        "their_total",
    )

    def __init__(self, cells: tuple[int, ...], sign: int) -> None:
        self.sign = sign
        self.mine = positions(cells, sign)
        self.theirs = positions(cells, -sign)
        self.my_mask = mask_of(self.mine)
        self.their_mask = mask_of(self.theirs)
        self.my_costs = link_costs(cells, self.mine)
        self.their_costs = link_costs(cells, self.theirs)
        self.my_twos = _twos(self.mine)
        self.their_twos = _twos(self.theirs)
        self.their_total: float | None = None


def _twos(pos: list[int]) -> list[int]:
    return [
        n
        for n in range(1, PIECES)
        if pos[n] >= 0 and pos[n + 1] >= 0 and DIST[pos[n]][pos[n + 1]] == 2
    ]


def _touched(
    cells: tuple[int, ...],
    pos: list[int],
    costs: list[float],
    twos: list[int],
    squares: tuple[int, int],
) -> list[float]:
    """``costs`` with the two-apart links whose shared neighbours include ``squares`` redone."""
    out = costs
    for n in twos:
        common = COMMON[pos[n]][pos[n + 1]]
        if squares[0] in common or squares[1] in common:
            if out is costs:
                out = list(costs)
            out[n] = link_cost(cells, pos[n], pos[n + 1])
    return out


def after_move(
    parent: Parent, number: int, start: int, end: int, cells: tuple[int, ...], ctx: Context
) -> float:
    """``evaluate(cells, -parent.sign)`` for the child where the mover's ``number`` went from
    ``start`` to ``end`` without a removal — computed from the parent's link costs, redoing
    only the links that movement can change."""
    pos = list(parent.mine)
    pos[number] = end
    squares = (start, end)
    mine = _touched(cells, pos, parent.my_costs, parent.my_twos, squares)
    if mine is parent.my_costs:
        mine = list(mine)
    for n in (number - 1, number):
        if 1 <= n < PIECES and pos[n] >= 0 and pos[n + 1] >= 0:
            mine[n] = link_cost(cells, pos[n], pos[n + 1])
    theirs = _touched(cells, parent.theirs, parent.their_costs, parent.their_twos, squares)
    if theirs is parent.their_costs:
        if parent.their_total is None:
            parent.their_total = total(theirs, parent.their_mask, ctx)
        their_total = parent.their_total
    else:
        their_total = total(theirs, parent.their_mask, ctx)
    return race(
        their_total,
        total(mine, parent.my_mask, ctx),
        parent.their_mask,
        parent.my_mask,
    )
