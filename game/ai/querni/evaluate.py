"""The static evaluation: how many turns each side still needs, and who is ahead in that race.

A side finishes by removing all its numbers in chains (Q-2, Q-3). For each side the estimate
``turns_needed`` adds up:

* **links**: for every two consecutive numbers that must end up adjacent, a cost growing with
  their king distance (0 when already adjacent; about one turn for two squares apart, one step;
  a bit more when every square that one step could use is occupied — that is how a piece of
  either colour *blocks* a chain; jumps make long distances cheaper than steps would);
* **chains**: the numbers left split into runs of consecutive numbers (a removal in the middle of
  a run splits it); each run is cut into chains of ≥ 3 so as to need the fewest turns, each
  chain costing ``CHAIN_COST`` (its removal) plus its links — a small dynamic programme;
* **dead numbers** (Q-5.2): a number whose run is shorter than 3 can never be removed, so that
  side can no longer win: ``DEAD_PENALTY``.

The evaluation is ``turns_needed(opponent) − turns_needed(mover) + TEMPO`` plus a small bonus
per piece already removed (removing early frees the board and restarts the draw counter). It is
written once for both colours, so it is unchanged by the left–right mirror and by swapping the
colours with the board flipped (the tests check both symmetries).
"""

from __future__ import annotations

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
    return remember(ctx.dp, costs, best[size])  # type: ignore[no-any-return]


def turns_needed(cells: tuple[int, ...], pos: list[int], mask: int, ctx: Context) -> float:
    """Estimated turns one side needs to remove all it can still remove, plus the dead-number
    penalty."""
    alive, dead, _ = segments(mask, ctx)
    total = DEAD_PENALTY if dead else 0.0
    for low, high in alive:
        costs = tuple(link_cost(cells, pos[n], pos[n + 1]) for n in range(low, high))
        total += best_cut(costs, ctx)
    return total


def evaluate(cells: tuple[int, ...], sign: int, ctx: Context) -> float:
    """The position's value for the side ``sign`` to move, in turns (positive: ahead)."""
    key = hash((cells, sign))
    found = ctx.evals.get(key)
    if found is not None:
        return found
    mine = positions(cells, sign)
    theirs = positions(cells, -sign)
    my_mask = mask_of(mine)
    their_mask = mask_of(theirs)
    value = (
        turns_needed(cells, theirs, their_mask, ctx)
        - turns_needed(cells, mine, my_mask, ctx)
        + TEMPO
        + REMOVED_BONUS * (their_mask.bit_count() - my_mask.bit_count())
    )
    return remember(ctx.evals, key, value)  # type: ignore[no-any-return]

