"""The post-game review, without pygame: each turn's play against the advisor's, and the
expected points it lost.

A turn is split at its chance events (the roll, each power) into decisions; each loses
``best − chosen`` expected final points, both measured by the advisor's own valuer: after
CONFIRM or a ruin ``expected_final`` of the board that followed, after −1 / +1 the advisor's
``expected`` with the changed dice, after REROLL its exact expectation over the new values.
So a turn played as advised loses 0, a loss is never negative, and luck never counts. Run it
off the frame loop (a fraction of a second per decision); it reports progress and stops when
asked.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.advisor import Advice, advise, expected_final
from game.ai.advisor.core import encode
from game.ai.advisor.model import valuer_for
from game.ai.advisor.search import reroll_choices
from game.games.magdagdon.hints import apply_step
from game.rules.magdagdon import Board, MagdagdonGame

COSTLIEST = 3
"""How many of the costliest turns are highlighted."""
NOTABLE = 0.5
"""A turn that lost less than this (expected points) is played as advised: never highlighted."""


@dataclass(frozen=True)
class TurnReview:
    """One turn: the roll, the boards before and after the player's play, the advisor's play
    of the same roll (``advised``: ``None`` when it would first use a REROLL, whose dice are
    unknown) and the expected points lost; powers as ``("adjust", value, to)`` or
    ``("reroll", count)``."""

    turn: int  # 1-based
    roll: tuple[int, ...]
    before: Board
    after: Board
    advised: Board | None
    loss: float
    best: float  # the advisor's expected final score right after the roll
    advised_powers: tuple[tuple[Any, ...], ...] = ()
    powers: tuple[tuple[Any, ...], ...] = ()
    reason: str = ""  # the advisor's reason for its play of the roll (``Advice.reason``)
    reason_params: tuple[tuple[str, Any], ...] = ()

    @property
    def notable(self) -> bool:
        """Lost enough to mention (else: as good as the advisor's play)."""
        return self.loss >= NOTABLE


@dataclass(frozen=True)
class Review:
    """Every reviewed turn in order, and the (up to three) costliest, by index into ``turns``."""

    turns: tuple[TurnReview, ...] = ()
    costliest: tuple[int, ...] = ()
    final: int | None = None  # the final score, when the history reaches the end
    missing: int = 0  # turns played before the history began (an older save resumed)

    @property
    def total_loss(self) -> float:
        return sum(t.loss for t in self.turns)

    def cost_rank(self, index: int) -> int | None:
        """1 for the costliest turn, 2 and 3 for the next; ``None`` for the others."""
        ranked = sorted(self.costliest, key=lambda i: (-self.turns[i].loss, i))
        return ranked.index(index) + 1 if index in ranked else None


class Cancelled(Exception):
    """The review was asked to stop (the player left the page)."""


def _game(state: dict[str, Any]) -> MagdagdonGame:
    return MagdagdonGame.from_dict(state, rng=random.Random(0))


def _turns(history: Sequence[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The complete turns of the history: a roll, its powers, its end."""
    turns: list[list[dict[str, Any]]] = []
    current: list[dict[str, Any]] | None = None
    for entry in history:
        at = entry["at"]
        if at == "roll":
            current = [entry]
        elif current is not None:
            current.append(entry)
            if at == "end":
                turns.append(current)
                current = None
    return turns


def _reroll_value(state: dict[str, Any], dice: Sequence[int]) -> float:
    """The advisor's expectation of rerolling ``dice`` (indices) in ``state``."""
    game = _game(state)
    valuer = valuer_for(game.difficulty)
    values = tuple(sorted(game.dice[d] for d in dice))
    found = reroll_choices(valuer, encode(game.board), tuple(sorted(game.dice)),
                           game.powers_used)
    for choice in found:
        if choice.power == ("reroll", values):
            return choice.expected
    raise ValueError(f"no REROLL of {values} among the advisor's options")


def _advised(state: dict[str, Any]) -> tuple[Advice, Board | None, tuple[tuple[Any, ...], ...]]:
    """The advisor's advice after the roll, its board after playing the roll (None when it
    stops at a REROLL) and its powers."""
    game = _game(state)
    advice = advise(game)
    powers: list[tuple[Any, ...]] = []
    for step in advice.steps:
        if step[0] == "adjust":
            value = game.dice[step[1]]
            powers.append(("adjust", value, value + step[2]))
        elif step[0] == "reroll":  # the dice to come are unknown: the play stops here
            powers.append(("reroll", len(step[1])))
            return advice, None, tuple(powers)
        apply_step(game, step)
    return advice, game.board, tuple(powers)


def _chosen(entry: dict[str, Any], before: dict[str, Any]) -> float:
    """The value of what the player did between ``before`` and ``entry``."""
    at = entry["at"]
    if at == "end":
        return expected_final(_game(entry["state"]))
    if at == "adjust":
        return advise(_game(entry["state"])).expected
    return _reroll_value(before, entry["dice"])


def _player_powers(turn: list[dict[str, Any]]) -> tuple[tuple[Any, ...], ...]:
    powers: list[tuple[Any, ...]] = []
    for before, entry in zip(turn, turn[1:]):
        if entry["at"] == "adjust":
            old, new = before["state"]["dice"], entry["state"]["dice"]
            changed = [i for i in range(len(old)) if old[i] != new[i]]
            if changed:
                powers.append(("adjust", old[changed[0]], new[changed[0]]))
        elif entry["at"] == "reroll":
            powers.append(("reroll", len(entry["dice"])))
    return tuple(powers)


def review_turn(turn: list[dict[str, Any]]) -> TurnReview:
    """One turn of the history (a roll, its powers and its end) reviewed."""
    first = turn[0]["state"]
    advice, advised, advised_powers = _advised(first)
    best = advice.expected
    loss = 0.0
    decision = turn[0]
    known: float | None = best  # the best value at ``decision``, when already worked out
    for entry in turn[1:]:
        top = known if known is not None else advise(_game(decision["state"])).expected
        chosen = _chosen(entry, decision["state"])
        loss += max(0.0, top - chosen)
        # after a −1/+1 the value of the choice was the advice at the state it left
        known = chosen if entry["at"] == "adjust" else None
        decision = entry
    start = _game(first)
    after = _game(turn[-1]["state"])
    powers = _player_powers(turn)
    return TurnReview(
        turn=start.turns + 1,
        roll=tuple(start.dice),
        before=start.board,
        after=after.board,
        advised=advised,
        loss=loss,
        best=best,
        advised_powers=advised_powers,
        powers=powers,
        reason=advice.reason,
        reason_params=tuple(sorted(advice.reason_params.items())),
    )


def review(history: Sequence[dict[str, Any]],
           progress: Callable[[float], None] | None = None,
           cancelled: Callable[[], bool] | None = None) -> Review:
    """The review of a session's ``history``; ``progress(fraction)`` after each turn,
    ``cancelled()`` before each (raises :class:`Cancelled` when true)."""
    turns = _turns(history)
    reviewed: list[TurnReview] = []
    for index, turn in enumerate(turns):
        if cancelled is not None and cancelled():
            raise Cancelled
        reviewed.append(review_turn(turn))
        if progress is not None:
            progress((index + 1) / len(turns))
    ranked = sorted((i for i, t in enumerate(reviewed) if t.notable),
                    key=lambda i: (-reviewed[i].loss, i))
    final = None
    missing = reviewed[0].turn - 1 if reviewed else 0
    if turns:
        last = _game(turns[-1][-1]["state"])
        final = last.score().total if last.is_over else None
    return Review(tuple(reviewed), tuple(sorted(ranked[:COSTLIEST])), final, missing)
