"""HARD's search: a solo plan (``plan.py``), then iterative-deepening negamax alpha-beta with a
transposition table that may overrule the plan only for a forced result.

HARD first spends ``PLAN_SHARE`` of its budget on the solo planner, which finds the fewest
turns of its own to finish (the opponent standing still) and the first turns of those plans.
The alpha-beta search then values every root turn with ``PLAN_BONUS`` added to the planned
ones, so it changes the plan only for a win or against a loss it finds within its depth, and
otherwise chooses among the equally short plans. Measured against MEDIUM (seed 3, 200 games,
share of the decided games HARD won): the search alone 75.5 %; plan with a bonus of 1 turn
80.5 %, 2 turns 84.0 %, 100 (the search's own judgement out of the way) 84.5 %. The
alpha-beta evaluation is a sum of independent link costs two turns deep, which misjudges
plans that pay off later; its tactics (a win found, a loss to avoid) are what remains useful.

Why alpha-beta rather than MCTS: the evaluation (``evaluate.py``) is a good race estimate, and
pure-Python play-outs are far too slow for MCTS to gather enough of them within a second.
Every interior node evaluates all its children statically (incrementally: ``after_move``) and
tries them best first, after the transposition table's move; one turn above the leaves the
turns are generated lazily and valued one by one, stopping at the first that reaches beta.
That ordering and that cut-off are what let depth 3–4 fit in the budget. The search stops when
the node budget (deterministic) or the time budget (a safety cap) runs out, keeping the best
root turn of the last finished depth, or of the unfinished one when it already found a better
turn.

Symmetries are not used as transposition-table keys: over four whole games of 20,000-node
searches, 28 % of the nodes were exact repeats, and not one was the mirror image (col → 9 − col)
or the colour-swapped flip of a position already searched, so canonical keys would only cost
time. The symmetries hold in the evaluation instead (written once for both colours; tested).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable
from typing import TypedDict

from .context import TT_CAP, Context, OutOfBudget, Turn, remember
from .evaluate import Parent, after_move, evaluate
from .plan import solo_plan
from .position import LOSS, WIN, apply, each_turn, generate, mask_of, positions

MATE = 10_000.0
"""A won game; a win found nearer the root scores higher (``MATE − ply``)."""

EXACT, LOWER, UPPER = 0, 1, 2

MAX_DEPTH = 12

PLAN_SHARE = 0.7
"""Share of the budget the solo planner may use before the search starts (0.4: 87.5 %, 0.7:
89.0 % against MEDIUM, seed 3, 200 games); depth 2 of the search, enough to see a reply that
wins at once, takes a few hundred nodes after it."""

PLAN_WIDTH = 20
"""Positions the solo planner keeps per level in its first beam; later beams are ever twice as
wide, up to ``PLAN_MAX_WIDTH``, while its share of the budget lasts."""

PLAN_MAX_WIDTH = 320
"""The widest beam tried: in small end-games the narrow beams finish at once."""

PLAN_DEPTH = 12
"""Own turns the solo planner looks ahead at most."""

PLAN_BONUS = 100.0
"""What a planned first turn is worth at the root beyond its searched value (in turns): far
more than any evaluation, far less than ``MATE``, so only a forced result overrules the plan."""

DEEPEN_SHARE = 0.4
"""Start another depth only while less than this share of the budget is spent: a deeper
iteration costs several times the last one, so starting later would mostly be wasted."""

Child = tuple[float, Turn, tuple[int, ...], int, int | None]


def outcome_score(result: int, ply: int) -> float:
    """A finished game's value for the player who just moved, ``ply`` turns below the root."""
    if result == WIN:
        return MATE - ply
    if result == LOSS:
        return -(MATE - ply)
    return 0.0


def children(
    cells: tuple[int, ...],
    sign: int,
    quiet: int,
    ply: int,
    ctx: Context,
    enough: float = float("inf"),
    first: Turn | None = None,
) -> list[Child]:
    """Every sensible turn with its static value for the mover, the new cells and counter.

    With ``enough``, stop at the first turn valued at least that much (a cut-off one turn above
    the leaves); ``first`` and the removals are then valued first, as the likeliest to reach it.
    """
    if enough < float("inf"):
        pos = positions(cells, sign)
        mask = mask_of(pos)
        turns: Iterable[Turn] = each_turn(cells, pos, mask, ctx)
        if first is not None:
            turns = itertools.chain((first,), (t for t in turns if t != first))
    else:
        turns, pos, mask = generate(cells, sign, ctx)
    parent = Parent(cells, sign)
    out: list[Child] = []
    for turn in turns:
        ctx.tick()
        new, new_quiet, result = apply(cells, quiet, pos, mask, turn, ctx)
        if result is not None:
            score = outcome_score(result, ply + 1)
        elif turn[2] is None and turn[0] >= 0:
            score = -after_move(parent, cells[turn[0]] * sign, turn[0], turn[1], new, ctx)
        else:
            score = -evaluate(new, -sign, ctx)
        out.append((score, turn, new, new_quiet, result))
        if score >= enough:
            break
    return out


def negamax(
    cells: tuple[int, ...],
    sign: int,
    quiet: int,
    depth: int,
    alpha: float,
    beta: float,
    ply: int,
    ctx: Context,
) -> float:
    """The value of the position for the side to move, searched ``depth`` turns deep."""
    ctx.tick()
    key = hash((cells, sign, quiet))
    entry = ctx.tt.get(key)
    tt_turn = None
    if entry is not None:
        e_depth, e_value, e_flag, tt_turn = entry
        if e_depth >= depth:
            ctx.tt_hits += 1
            if (
                e_flag == EXACT
                or (e_flag == LOWER and e_value >= beta)
                or (e_flag == UPPER and e_value <= alpha)
            ):
                return e_value
    if depth == 1:
        kids = children(cells, sign, quiet, ply, ctx, beta, tt_turn)
    else:
        kids = children(cells, sign, quiet, ply, ctx)
    kids.sort(key=lambda kid: -kid[0])
    if tt_turn is not None:
        for i, kid in enumerate(kids):
            if kid[1] == tt_turn:
                kids.insert(0, kids.pop(i))
                break
    original_alpha = alpha
    best = -float("inf")
    best_turn = kids[0][1]
    for score, turn, new, new_quiet, result in kids:
        if depth > 1 and result is None:
            score = -negamax(new, -sign, new_quiet, depth - 1, -beta, -alpha, ply + 1, ctx)
        if score > best:
            best, best_turn = score, turn
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break
    flag = UPPER if best <= original_alpha else LOWER if best >= beta else EXACT
    remember(ctx.tt, key, (depth, best, flag, best_turn), TT_CAP)
    return best


class SearchInfo(TypedDict, total=False):
    """Figures about one :func:`choose`: the deepest finished iteration, the solo plan's length
    (``None``: unfinished) and first turns (``plan.solo_plan``), the chosen turn's value."""

    depth: int
    plan: int | None
    planned: list[Turn]
    value: float


def choose(
    cells: tuple[int, ...],
    sign: int,
    quiet: int,
    ctx: Context,
    rng: random.Random,
    node_mode: bool,
    budget: float,
) -> tuple[Turn, SearchInfo]:
    """The best root turn by iterative deepening, and figures about the search.

    ``node_mode``: the budget is ``ctx.max_nodes`` and the decision to deepen looks only at
    nodes, so the result is the same on every machine; otherwise it looks at the clock and
    ``budget`` is the time budget in seconds.
    """
    with ctx.unbounded():
        kids = children(cells, sign, quiet, 0, ctx)
    rng.shuffle(kids)  # varied but reproducible ties
    kids.sort(key=lambda kid: -kid[0])
    best_turn, best_value = kids[0][1], kids[0][0]
    info: SearchInfo = {"depth": 0}
    if len(kids) == 1 or kids[0][4] == WIN:
        return best_turn, info
    planned: list[Turn] = []
    if PLAN_SHARE > 0:
        if node_mode and ctx.max_nodes:
            cap: tuple[int | None, float | None] = (int(PLAN_SHARE * ctx.max_nodes), None)
        else:
            cap = (None, PLAN_SHARE * budget)
        with ctx.capped(*cap):
            planned, info["plan"] = solo_plan(
                cells, sign, ctx, PLAN_WIDTH, PLAN_MAX_WIDTH, PLAN_DEPTH
            )
    info["planned"] = planned
    bonus = dict.fromkeys(planned, PLAN_BONUS)
    if planned:
        kids.sort(key=lambda kid: kid[1] not in bonus)
        best_turn, best_value = kids[0][1], kids[0][0] + PLAN_BONUS
    search_nodes, search_start = ctx.nodes, ctx.elapsed()
    for depth in range(2, MAX_DEPTH + 1):
        alpha = -float("inf")
        iteration_best: Child | None = None
        scored: list[tuple[float, int]] = []
        try:
            for index, (_, turn, new, new_quiet, result) in enumerate(kids):
                if result is None:
                    value = -negamax(
                        new, -sign, new_quiet, depth - 1, -float("inf"), -alpha, 1, ctx
                    )
                else:
                    value = outcome_score(result, 1)
                value += bonus.get(turn, 0.0)
                scored.append((value, index))
                if value > alpha:
                    alpha = value
                    iteration_best = kids[index]
                    best_turn, best_value = turn, value
        except OutOfBudget:
            break
        info["depth"] = depth
        # the next depth tries the best turns first
        order = {index: value for value, index in scored}
        kids = [kids[i] for i in sorted(order, key=lambda i: -order[i])]
        assert iteration_best is not None
        if abs(best_value) >= MATE / 2:
            break
        if node_mode and ctx.max_nodes:
            spent = (ctx.nodes - search_nodes) / max(1, ctx.max_nodes - search_nodes)
        else:
            spent = (ctx.elapsed() - search_start) / max(1e-9, budget - search_start)
        if spent > DEEPEN_SHARE:
            break
    info["value"] = best_value
    return best_turn, info
