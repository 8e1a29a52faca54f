"""The MAGDAGDON advisor: the best action of the current turn with its expected final score.

    advice = advise(game)            # game in a turn (after ROLL); the game is not changed
    for step in advice.steps: ...    # apply in order through the public game API
    expected_final(game)             # between turns: expected final score with best play

**Steps**, tuples applied in order through the public ``MagdagdonGame`` API: ``("unplace",
die)`` (the plan is made from the committed board, so tentative dice it does not keep are
picked up first, cascades included, M-3.5), ``("place", die, cell)``, ``("confirm",)``,
``("adjust", die, ±1)``, ``("reroll", (die, ...))`` and ``("accept", cell)``. They run to the
end of the turn or to a REROLL (ask again once the dice have landed).

**Reasons**: ``Advice.reason`` is a key of ``REASONS``, filled by ``reason_params`` (ints;
rows, columns and dice values from 1; ``combo`` a glossary term of M-10). The English templates:

- ``only_move``: "This is the only way to place this roll."
- ``completes_row``: "Completes row {line} with a {combo}."
- ``completes_column``: "Completes column {line} with a {combo}."
- ``extra_dice``: "Place {count} extra dice: they fit well here."
- ``builds_row``: "Keeps a {combo} possible in row {line}."
- ``builds_column``: "Keeps a {combo} possible in column {line}."
- ``keeps_open``: "Place only {placed} dice: the others would spoil the board."
- ``most_points``: "Scores {points} points now, with the best outlook for later."
- ``power_adjust``: "Use a Majda Power to turn a {value} into a {to}: worth its {penalty}-point
  penalty."
- ``power_reroll``: "Use a Majda Power to REROLL {count} dice: worth its {penalty}-point penalty."
- ``rescue_adjust``: "Use a Majda Power to turn a {value} into a {to}: it saves the roll from
  MAGDAGDON."
- ``rescue_reroll``: "Use a Majda Power to REROLL {count} dice: it may save the roll from
  MAGDAGDON."
- ``least_harm_ruin``: "Accept MAGDAGDON and ruin row {row}, column {column}: it costs the least."
- ``dead_cell_ruin``: "Accept MAGDAGDON and ruin row {row}, column {column}: no die could ever
  go there."

**gain**: how many expected final points the advice is ahead of the next best
option, never negative (0.0 without an alternative).

Method: ``search`` (the turn's options), ``value`` and ``network`` (the value of the board that
follows), ``tools/train_advisor.py`` (how the network was learned). Pure Python; caches are
bounded and thread-safe; the game passed in is read once and never changed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ...rules.magdagdon import MagdagdonGame
from .core import encode
from .explain import REASONS, explain
from .model import valuer_for
from .search import Choice, choices
from .steps import steps_for

Step = tuple[Any, ...]

__all__ = ["REASONS", "Advice", "Option", "Step", "advise", "expected_final"]


@dataclass(frozen=True)
class Option:
    """One way to play the turn: its steps, expected final score and explanation."""

    steps: tuple[Step, ...]
    expected: float
    reason: str = ""
    reason_params: dict[str, int | str] = field(default_factory=dict)


@dataclass(frozen=True)
class Advice:
    """The best option (``steps``, ``expected``, ``reason``, ``reason_params``), the next two
    best options (``alternatives``, best first) and ``gain``, the lead of the best option over
    the next best in expected final points (0.0 without an alternative)."""

    steps: tuple[Step, ...]
    expected: float
    alternatives: tuple[Option, ...]
    reason: str
    reason_params: dict[str, int | str]
    gain: float


def _copy(data: dict[str, Any]) -> MagdagdonGame:
    """A private copy with its own dice generator: the real one is never advanced."""
    return MagdagdonGame.from_dict(data, rng=random.Random(0))


def _option(data: dict[str, Any], choice: Choice, magdagdon: bool) -> Option:
    reason, params = explain(_copy(data), choice, magdagdon)
    return Option(steps_for(_copy(data), choice), choice.expected, reason, params)


def advise(game: MagdagdonGame) -> Advice:
    """The best action of the current turn, its expected final score and the next two best;
    ``ValueError`` unless ``game`` is in a turn (rolled, not over)."""
    data = game.to_dict()
    copy = _copy(data)
    if not copy.in_turn:
        raise ValueError("advise needs a game in a turn: roll the dice first")
    valuer = valuer_for(copy.difficulty)
    magdagdon = copy.is_magdagdon
    found = choices(
        valuer, encode(copy.board), tuple(sorted(copy.dice)), copy.powers_used, magdagdon
    )
    best, *rest = [_option(data, c, magdagdon) for c in found[:3]]
    gain = best.expected - rest[0].expected if rest else 0.0
    reason = best.reason
    if (
        reason in ("builds_row", "builds_column", "keeps_open", "most_points")
        and len([c for c in found if c.power is None]) == 1
    ):
        reason, params = "only_move", {}
    else:
        params = best.reason_params
    return Advice(best.steps, best.expected, tuple(rest), reason, params, max(gain, 0.0))


def expected_final(game: MagdagdonGame) -> float:
    """Expected final score with best play from here on (penalties included): between turns the
    value of the committed board (the function that values ``advise``'s options, so a turn
    played as advised loses nothing), at the end the final score, in a turn
    ``advise(game).expected``."""
    data = game.to_dict()
    copy = _copy(data)
    if copy.is_over:
        return float(copy.score().total)
    if copy.in_turn:
        return advise(game).expected
    return valuer_for(copy.difficulty).value(encode(copy.board), copy.powers_used)
