"""HARD's solo planner: a beam search over the mover's own turns only, the opponent standing
still.

QUERNI is mostly two races side by side (Q-2), and the alpha-beta search sees only two turns of
its own in the budget, missing plans that pay off later. Each level of the beam keeps the
``width`` positions with the fewest turns still needed among all one-turn continuations, until
one finishes (Q-5.1); the first turn of the best plan is what ``search.choose`` favours.
"""

from __future__ import annotations

from .context import Context, OutOfBudget, Turn
from .evaluate import _touched, _twos, link_cost, link_costs, total
from .position import WIN, apply, generate, mask_of, positions


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


def beam(
    cells: tuple[int, ...], sign: int, ctx: Context, width: int, max_depth: int
) -> tuple[list[Turn], int | None, bool]:
    """One beam search ``width`` wide: the first turns of the shortest plans found, their length
    (``None`` when none finished: then the most promising unfinished plan's first turn, if a
    level was done), and whether it ran to its end within the budget."""
    frontier: list[tuple[tuple[int, ...], Turn | None]] = [(cells, None)]
    best_first: list[Turn] = []
    try:
        for depth in range(1, max_depth + 1):
            found: dict[tuple[int, ...], tuple[float, Turn]] = {}
            winners: list[Turn] = []
            for here, first in frontier:
                if first is not None and first in winners:
                    continue
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
                        if root not in winners:
                            winners.append(root)
                        if first is not None:
                            break
                        continue
                    if winners or result is not None or new in found:
                        continue
                    value = _own_turns(sign, here, pos, mask, costs, twos, turn, new, ctx)
                    found[new] = (value, root)
            if winners:
                return winners, depth, True
            if not found:
                break
            ranked = sorted(found.items(), key=lambda item: item[1][0])[:width]
            frontier = [(c, root) for c, (_, root) in ranked]
            top = frontier[0][1]
            best_first = [top] if top is not None else []
    except OutOfBudget:
        return best_first, None, False
    return best_first, None, True


def solo_plan(
    cells: tuple[int, ...], sign: int, ctx: Context, width: int, max_width: int, max_depth: int
) -> tuple[list[Turn], int | None]:
    """The best plans' first turns and length, from beams ever twice as wide while the budget
    lasts (a wider beam finds shorter plans); a beam cut short counts only when no narrower
    one finished."""
    best: tuple[list[Turn], int | None] = ([], None)
    done = False
    while width <= max_width:
        firsts, length, complete = beam(cells, sign, ctx, width, max_depth)
        if not complete:
            if not done:
                best = (firsts, length)
            break
        if not done or (length is not None and (best[1] is None or length <= best[1])):
            if done and length == best[1]:
                firsts = best[0] + [t for t in firsts if t not in best[0]]
            best = (firsts, length)
        done = True
        width *= 2
    return best
