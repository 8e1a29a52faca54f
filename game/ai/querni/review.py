"""HARD's verdict on a turn that was played (REVIEW): HARD's own turn and both valued by one
measure, the position after each searched ``VERDICT_DEPTH`` turns deep by HARD's alpha-beta
(its root values carry the plan's bonus and cannot be compared). ``Verdict.loss`` is the turns
of the race given away; ``CLEARLY_WORSE`` is where a screen marks it. No pygame, no text; each
call has its own ``Context``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.rules.querni import Chain, Color, IllegalMove, Path, QuerniState

from . import choose_turn, turn_key
from .context import CancelFlag, Context, OutOfBudget, Turn
from .position import apply, mask_of, positions
from .search import MATE, negamax, outcome_score

VERDICT_DEPTH = 2
"""Turns searched after each judged turn: the opponent's best reply and the mover's next turn,
then the static evaluation. Depth 1 is blind to a movement that prepares next turn's removal;
depth 3 marks the same turns at half as much again the time (``benchmarks.querni_review``)."""

CLEARLY_WORSE = 1.0
"""A played turn is clearly worse when HARD's own turn is valued at least this much higher, in
turns of the race (about what one movement is worth): it marks a good share of MEDIUM's and
EASY's turns and none of HARD's. A missed win or an allowed loss is worth ``MATE``."""

VALUE_NODES = 60_000
"""At most this many nodes to value one turn; past it the value of one depth less is used."""


@dataclass(frozen=True)
class Verdict:
    """HARD's judgement of one played turn: its own turn (``best``, as ``(path, chain)`` for
    ``QuerniState.play``) and the values of both for the player who moved, in turns."""

    best: tuple[Path | None, Chain | None]
    best_value: float
    played_value: float
    same: bool
    """The played turn is HARD's own (same piece, same destination, same chain), or leaves
    the very position HARD's would: never marked."""

    @property
    def loss(self) -> float:
        """Turns of the race the played turn gave away (0 when it was as good or better)."""
        if self.same:
            return 0.0
        return max(0.0, self.best_value - self.played_value)

    @property
    def clearly_worse(self) -> bool:
        """The played turn was clearly worse than HARD's (``CLEARLY_WORSE``)."""
        return self.loss >= CLEARLY_WORSE


def judge_turn(
    state: QuerniState,
    path: Path | None,
    chain: Chain | None,
    rng: random.Random | None = None,
    *,
    cancel: CancelFlag | None = None,
    max_nodes: int = 30_000,
    time_budget: float | None = None,
) -> Verdict:
    """HARD's verdict on the turn ``(path, chain)`` played from ``state``, the same on every
    machine for the same seed (``max_nodes``); ``IllegalMove`` for an illegal turn or a game
    over, ``Cancelled`` once ``cancel`` is set."""
    after = state.play(list(path) if path else None, chain)  # IllegalMove unless legal
    best = choose_turn(state, "hard", rng, cancel=cancel, max_nodes=max_nodes,
                       time_budget=time_budget)
    played = turn_key(path, chain)
    chosen = turn_key(*best)
    played_value = turn_value(state, played, cancel)
    best_path, best_chain = best
    same = chosen == played or after.pieces == state.play(
        list(best_path) if best_path else None, best_chain).pieces
    best_value = played_value if same else turn_value(state, chosen, cancel)
    return Verdict(best, best_value, played_value, same)


def turn_value(state: QuerniState, turn: Turn, cancel: CancelFlag | None = None,
               depth: int = VERDICT_DEPTH) -> float:
    """The value of playing ``turn`` (the engine's ``(start, end, chain)``) from ``state``,
    for the player who plays it, in turns: the position after it searched ``depth`` turns
    deep (a finished game: ``±MATE``)."""
    if state.result is not None:
        raise IllegalMove("The game is over.", "game_over")
    sign = 1 if state.to_move is Color.BLUE else -1
    cells, quiet = state.cells, state.quiet_turns
    while True:
        ctx = Context(cancel, VALUE_NODES)
        pos = positions(cells, sign)
        try:
            new, new_quiet, result = apply(cells, quiet, pos, mask_of(pos), turn, ctx)
            if result is not None:
                return outcome_score(result, 1)
            return -negamax(new, -sign, new_quiet, depth, -MATE * 2, MATE * 2, 1, ctx)
        except OutOfBudget:
            if depth <= 1:
                raise
            depth -= 1
