"""HARD's solo planner: a beam search over the mover's own turns only, the opponent standing still.

QUERNI is mostly two races side by side (Q-2): each side needs some 5–10 turns of its own, and
the pieces of one side matter to the other mainly as obstacles and jump stones. The alpha-beta
search (``search.py``) looks at every reply of the opponent, so in the budget it sees only two
turns of its own; a plan that pays off in three or more turns (a movement that opens a jump
lane, a chain built to be removed whole later) is beyond it. The beam search looks only at the
mover's turns: each level keeps the ``width`` positions with the fewest turns still needed
(``evaluate.total``) among all one-turn continuations of the last level's, until one finishes
(Q-5.1). The first turn of the best plan is what ``search.choose`` favours at the root.
"""

from __future__ import annotations

from .context import Context, OutOfBudget
from .evaluate import _touched, _twos, link_cost, link_costs, total
from .position import WIN, Turn, apply, generate, mask_of, positions

PlanResult = tuple[Turn | None, int | None]


def _own_turns(
    sign: int,
    cells: tuple[int, ...],
    pos: list[int],
    mask: int,
    costs: list[float],
    twos: list[int],
    turn: Turn,
    new: tuple[int, ...],
    ctx: Context,
) -> float:
    """``turns_needed`` of the mover after ``turn``; a plain movement reuses ``costs``."""
    start, end, chain = turn
    if chain is None and start >= 0:
        number = cells[start] * sign
        moved = list(pos)
        moved[number] = end
        mine = _touched(new, moved, costs, twos, (start, end))
        if mine is costs:
            mine = list(costs)
        for n in (number - 1, number):
            if 1 <= n < len(moved) - 1 and moved[n] >= 0 and moved[n + 1] >= 0:
                mine[n] = link_cost(new, moved[n], moved[n + 1])
        return total(mine, mask, ctx)
    after = positions(new, sign)
    return total(link_costs(new, after), mask_of(after), ctx)


def solo_plan(
    cells: tuple[int, ...], sign: int, ctx: Context, width: int, max_depth: int
) -> tuple[Turn | None, int | None]:
    """The first turn of the shortest plan found and its length in turns (``None`` when no plan
    finished within ``max_depth`` levels or the budget: the turn is then the first of the most
    promising unfinished plan, or ``None`` when not even one level was done)."""
    frontier: list[tuple[tuple[int, ...], Turn | None]] = [(cells, None)]
    best_first: Turn | None = None
    try:
        for depth in range(1, max_depth + 1):
            found: dict[tuple[int, ...], tuple[float, Turn]] = {}
            for here, first in frontier:
                turns, pos, mask = generate(here, sign, ctx)
                costs = link_costs(here, pos)
                twos = _twos(pos)
                for turn in turns:
                    ctx.tick()
                    if turn[0] < 0 and turn[2] is None:
                        continue  # a pass never shortens a solo plan
                    new, _, result = apply(here, 0, pos, mask, turn, ctx)
                    root = first if first is not None else turn
                    if result == WIN:
                        return root, depth
                    if result is not None or new in found:
                        continue
                    value = _own_turns(sign, here, pos, mask, costs, twos, turn, new, ctx)
                    found[new] = (value, root)
            if not found:
                break
            ranked = sorted(found.items(), key=lambda item: item[1][0])[:width]
            frontier = [(c, root) for c, (_, root) in ranked]
            best_first = frontier[0][1]
    except OutOfBudget:
        pass
    return best_first, None
