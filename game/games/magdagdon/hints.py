"""The advisor as the play screen uses it, without pygame: which state a hint answers, what its
steps point at, its line for the player, and applying its steps. The advisor works on a copy
made on the main thread (:func:`ask` runs in a worker), and an answer is shown only while the
game is still in the state it was asked about (:func:`state_key`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from game.ai.advisor import Advice, advise
from game.rules.magdagdon import Board, MagdagdonGame, is_legal_sequence

PLURAL_PARAM = {"extra_dice": "count", "keeps_open": "placed", "most_points": "points",
                "power_reroll": "count", "rescue_reroll": "count"}
"""Reasons whose text depends on a number: that parameter is passed as ``count`` (the
catalogue's plural groups choose their form by ``count``)."""

StateKey = tuple[Board, tuple[int, ...], tuple[tuple[int, int], ...], int, int]
"""What a hint depends on (:func:`state_key`)."""


def state_key(game: MagdagdonGame) -> StateKey:
    """What a hint depends on: board, dice, tentative dice, powers used and turn."""
    return (game.board, game.dice, tuple(game.placed.items()), game.powers_used, game.turns)


def copy_of(game: MagdagdonGame) -> MagdagdonGame:
    """A private copy for the worker (made on the main thread; its dice generator is its own)."""
    return MagdagdonGame.from_dict(game.to_dict())


def ask(game: MagdagdonGame) -> Advice:
    """The advisor's answer for ``game`` (a copy: called in the worker thread)."""
    return advise(game)


@dataclass(frozen=True)
class Ghost:
    """A die the hint places: which die, on which cell, showing which value, and its place
    in the order (1, 2, …) when the order matters (M-4.5), else 0."""

    die: int
    cell: int
    value: int
    order: int = 0


@dataclass(frozen=True)
class Targets:
    """What a hint points at: ``ghosts`` the dice the ``place`` steps put down, ``dice`` those
    to mark in the tray, ``pick_up`` cells whose tentative die goes back, ``buttons`` to ring
    (``"minus"``, ``"plus"``, ``"reroll"``, ``"accept"``, or ``"confirm"`` once only it is
    left), ``ruin`` the cell to ruin after ACCEPT."""

    ghosts: tuple[Ghost, ...] = ()
    dice: frozenset[int] = frozenset()
    pick_up: frozenset[int] = frozenset()
    buttons: frozenset[str] = frozenset()
    ruin: int | None = None


def step_targets(steps: tuple[tuple[Any, ...], ...], game: MagdagdonGame) -> Targets:
    """The targets of ``steps`` (an advice's, or what is left of it) for ``game`` now."""
    places: list[tuple[int, int]] = []
    dice: set[int] = set()
    pick_up: set[int] = set()
    buttons: set[str] = set()
    ruin: int | None = None
    placed = dict(game.placed)
    for step in steps:
        kind = step[0]
        if kind == "place":
            places.append((step[1], step[2]))
            dice.add(step[1])
        elif kind == "unplace":
            if step[1] in placed:
                pick_up.add(placed[step[1]])
        elif kind == "adjust":
            buttons.add("minus" if step[2] < 0 else "plus")
            dice.add(step[1])
        elif kind == "reroll":
            buttons.add("reroll")
            dice.update(step[1])
        elif kind == "accept":
            buttons.add("accept")
            ruin = step[1]
    if steps and all(step[0] == "confirm" for step in steps):
        buttons.add("confirm")
    values = _values_after(steps, game)
    ordered = _order_matters([(values[d], c) for d, c in places], game, pick_up)
    ghosts = tuple(Ghost(d, c, values[d], i + 1 if ordered else 0)
                   for i, (d, c) in enumerate(places))
    return Targets(ghosts, frozenset(dice), frozenset(pick_up), frozenset(buttons), ruin)


def _values_after(steps: tuple[tuple[Any, ...], ...], game: MagdagdonGame) -> list[int]:
    """The dice's values once the steps' −1 / +1 are done (what the ghosts show)."""
    values = list(game.dice)
    for step in steps:
        if step[0] == "adjust":
            values[step[1]] += step[2]
    return values


def _order_matters(moves: list[tuple[int, int]], game: MagdagdonGame,
                   picked: set[int]) -> bool:
    """Whether some order of the (value, cell) placements is illegal from the committed
    board with the tentative dice the steps keep (M-4.5): then the ghosts are numbered."""
    if len(moves) < 2:
        return False
    cells = list(game.view())
    for cell in picked:  # the dice the steps pick up first
        cells[cell] = game.board[cell]
    board = tuple(cells)
    return not all(is_legal_sequence(board, order) for order in permutations(moves))


def reason_message(reason: str, reason_params: dict[str, Any]
                   ) -> list[tuple[str, dict[str, Any]]]:
    """The reason as sentences: keys of MAGDAGDON's catalogue (``advice.<reason>``, then
    ``advice.worth_penalty`` for a power that pays its penalty) and their parameters. A
    ``combo`` parameter is given as the key of its glossary name (``combo_name.<combo>``)."""
    params: dict[str, Any] = dict(reason_params)
    if "combo" in params:
        params["combo"] = f"combo_name.{params['combo']}"
    plural = PLURAL_PARAM.get(reason)
    if plural is not None and plural in params:
        params["count"] = params.pop(plural)
    penalty = params.pop("penalty", None)
    parts = [(f"advice.{reason}", params)]
    if reason.startswith("power_") and penalty is not None:
        parts.append(("advice.worth_penalty", {"penalty": penalty}))
    return parts


def gain_points(advice: Advice) -> int | None:
    """How many expected points the advice is ahead of the next best play, rounded; ``None``
    when there is no other play to compare with."""
    if not advice.alternatives:
        return None
    return max(0, round(advice.gain))


def apply_step(game: MagdagdonGame, step: tuple[Any, ...]) -> None:
    """One advisor step on ``game`` through the rules' public API (tests and reviews)."""
    kind, *args = step
    commands: dict[str, Callable[..., object]] = {
        "place": game.place, "unplace": game.unplace, "confirm": game.confirm,
        "accept": game.accept_magdagdon, "adjust": game.adjust,
        "reroll": lambda dice: game.reroll(list(dice))}
    if kind not in commands:
        raise ValueError(f"unknown advisor step {step!r}")
    commands[kind](*args)
