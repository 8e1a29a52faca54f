"""QUERNI's computer opponent: ``choose_turn(state, level, rng)`` returns a turn to play. No
pygame and no text; every call builds its own caches (``context.py``), so calls may run in
worker threads side by side.
"""

from __future__ import annotations

import random

from game.rules.querni import COLS, Chain, Color, IllegalMove, Path, QuerniState

from . import levels
from .context import CancelFlag, Cancelled, Context, Turn
from .search import choose

LEVELS = ("easy", "medium", "hard")

HARD_TIME_BUDGET = 0.6
"""Seconds HARD plans and searches by default: a wall-clock cap, of which the planner takes at
most ``search.PLAN_SHARE``; the search often stops sooner. Depth helps a little, and 0.6 s takes
most of it while the slowest turns stay well under the 1 s target on shared cores
(``benchmarks.querni_ai``)."""

SAFETY_CAP = 2.5
"""Seconds HARD may take at most in node mode (``max_nodes`` given, no ``time_budget``)."""

__all__ = ["HARD_TIME_BUDGET", "LEVELS", "Cancelled", "choose_turn"]


def choose_turn(
    state: QuerniState,
    level: str,
    rng: random.Random | None = None,
    *,
    cancel: CancelFlag | None = None,
    max_nodes: int | None = None,
    time_budget: float | None = None,
) -> tuple[Path | None, Chain | None]:
    """The turn the computer plays as ``state.to_move`` at ``level``, as ``(path, chain)``.

    ``rng``: EASY's mistakes and the tie-breaks. ``cancel``: anything with ``is_set()``; once
    set, the call raises ``Cancelled`` within milliseconds. ``max_nodes`` bounds HARD's search,
    so with the same seed the turn is the same on every machine (unless ``time_budget``,
    default ``SAFETY_CAP``, cuts it first); without it HARD searches for ``time_budget``
    (default ``HARD_TIME_BUDGET``). ``ValueError`` for an unknown level, ``IllegalMove`` when
    the game is over.
    """
    if level not in LEVELS:
        raise ValueError(f"level must be one of {LEVELS}, not {level!r}")
    if state.result is not None:
        raise IllegalMove("The game is over.", "game_over")
    rng = rng if rng is not None else random.Random()
    sign = 1 if state.to_move is Color.BLUE else -1
    if level == "hard":
        node_mode = max_nodes is not None
        default = SAFETY_CAP if node_mode else HARD_TIME_BUDGET
        budget = time_budget if time_budget is not None else default
        ctx = Context(cancel, max_nodes, budget)
        ctx.check_cancel()
        turn = choose(state.cells, sign, state.quiet_turns, ctx, rng, node_mode, budget)[0]
    else:
        ctx = Context(cancel)
        ctx.check_cancel()
        pick = levels.easy if level == "easy" else levels.medium
        turn = pick(state.cells, sign, state.quiet_turns, ctx, rng)
    return to_public(state, turn)


def turn_key(path: Path | None, chain: Chain | None) -> Turn:
    """The internal ``(start, end, chain)`` of a rules turn ``(path, chain)``."""
    if path is None:
        return (-1, -1, chain)
    (c0, r0), (c1, r1) = path[0], path[-1]
    return (r0 * COLS + c0, r1 * COLS + c1, chain)


def to_public(state: QuerniState, turn: Turn) -> tuple[Path | None, Chain | None]:
    """The rules' own turn matching the internal ``turn``; should one ever be illegal (the
    tests check none is), the engine passes rather than play it."""
    for path, chain in state.legal_turns():
        if turn_key(path, chain) == turn:
            return path, chain
    return None, None
