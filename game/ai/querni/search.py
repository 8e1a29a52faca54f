"""HARD's search: a solo plan (``plan.py``), then iterative-deepening negamax alpha-beta with a
transposition table that may overrule the plan only for a forced result.

The planner gets ``PLAN_SHARE`` of the budget; the search then adds ``PLAN_BONUS`` to the
planned root turns, so it departs from the plan only for a win or against a loss within its
depth (its sum of link costs misjudges plans that pay off later; its tactics are what is
useful). Alpha-beta, not MCTS: the evaluation is a good race estimate and pure-Python
play-outs are too slow. Children are valued statically and tried best first after the table's
move; one turn above the leaves they are generated lazily and cut at the first to reach beta,
which lets depth 3–4 fit the budget. The search keeps the best root turn of the last finished
depth (or a better one the unfinished depth found). Symmetric positions are not merged in the
table: they practically never recur.
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
"""Share of the budget the solo planner may use before the search starts; depth 2 of the
search, enough to see a reply that wins at once, takes a few hundred nodes after it."""

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
    """Every sensible turn with its static value for the mover, the new cells and counter; with
    ``enough``, stop at the first turn worth that much (``first`` and removals tried first)."""
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
        if e_depth >= depth and (
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
    """The best root turn by iterative deepening, and figures about the search; ``node_mode``:
    the budget is ``ctx.max_nodes`` and deepening looks only at nodes (the same result on
    every machine), else at the clock (``budget`` in seconds)."""
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
