"""A hint that stays while it is followed (issue 48), without pygame: what is left of the
advisor's play in the game as it is now, or ``None`` once done or departed from.

Steps are read by value, not by die (placing the other 3 of a roll follows the advice as well),
and tentative dice may go down in another order while what is left stays a legal sequence
(M-4.5); any other change of the position departs from it.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.games.magdagdon.hints import apply_step
from game.rules.magdagdon import Board, IllegalMove, MagdagdonGame, is_legal_sequence

Step = tuple[Any, ...]
Key = tuple[Board, int, tuple[int, ...], tuple[tuple[int, int], ...], int]
_ENDS = ("reroll", "confirm", "accept")  # chance or the turn's end: nothing follows them


def _key(game: MagdagdonGame) -> Key:
    """The position as the advice sees it: dice and tentative dice by value."""
    placed = tuple(sorted((game.dice[d], cell) for d, cell in game.placed.items()))
    return (game.board, game.turns, tuple(sorted(game.dice)), placed, game.powers_used)


def _copy(game: MagdagdonGame) -> MagdagdonGame:
    return MagdagdonGame.from_dict(game.to_dict(), rng=random.Random(0))


class Follow:
    """The advisor's steps for one position, and the positions they pass through."""

    def __init__(self, steps: tuple[Step, ...], game: MagdagdonGame) -> None:
        """``game``: the position the advice was asked about (read, never changed)."""
        copy = _copy(game)
        self.plan: list[Step] = []  # the steps by value: ("place", value, cell, die), ...
        self.keys: list[Key] = [_key(copy)]  # keys[k]: after k steps
        for step in steps:
            self.plan.append(_by_value(step, copy))
            if step[0] in _ENDS:
                break
            apply_step(copy, step)
            self.keys.append(_key(copy))
        self._cache: tuple[tuple[Any, ...], tuple[Step, ...] | None] | None = None

    def left(self, game: MagdagdonGame) -> tuple[Step, ...] | None:
        """The steps still to do in ``game``, with its own dice; ``None`` when none are left
        or the player departed from the advice."""
        stamp = (_key(game), tuple(game.placed.items()), game.dice)
        if self._cache is None or self._cache[0] != stamp:
            self._cache = (stamp, self._left(game))
        return self._cache[1]

    def _left(self, game: MagdagdonGame) -> tuple[Step, ...] | None:
        if not game.in_turn:
            return None
        key = _key(game)
        for done in range(len(self.keys) - 1, -1, -1):
            if self.keys[done] == key:
                return _bind(self.plan[done:], game) if self.plan[done:] else None
        return self._out_of_order(game, key)

    def _out_of_order(self, game: MagdagdonGame, key: Key) -> tuple[Step, ...] | None:
        """Some advised dice placed in another order: the rest, if still legal."""
        first = next((i for i, s in enumerate(self.plan) if s[0] == "place"), None)
        if first is None or self.plan[-1][0] != "confirm":
            return None
        start, end = self.keys[first], self.keys[-1]
        if key[:3] != start[:3] or key[4] != start[4]:
            return None
        have, want = Counter(key[3]), Counter(end[3])
        if have - want or Counter(start[3]) - have:
            return None
        todo = want - have
        rest: list[Step] = []
        for step in self.plan[first:-1]:
            if todo[(step[1], step[2])] > 0:
                todo[(step[1], step[2])] -= 1
                rest.append(step)
        if not is_legal_sequence(game.view(), [(s[1], s[2]) for s in rest]):
            return None
        return _bind([*rest, self.plan[-1]], game)


def _by_value(step: Step, game: MagdagdonGame) -> Step:
    """A step of the advice in terms of values and cells (the die kept as a preference)."""
    kind = step[0]
    if kind == "place":
        return ("place", game.dice[step[1]], step[2], step[1])
    if kind == "adjust":
        return ("adjust", game.dice[step[1]], step[2], step[1])
    if kind == "unplace":
        return ("unplace", game.placed[step[1]], step[1])
    if kind == "reroll":
        return ("reroll", tuple(game.dice[d] for d in step[1]), tuple(step[1]))
    return step


def _bind(plan: list[Step], game: MagdagdonGame) -> tuple[Step, ...] | None:
    """The steps by value as steps of ``game`` (its dice), played on a copy to stay legal;
    ``None`` when they no longer fit."""
    copy = _copy(game)
    out: list[Step] = []
    try:
        for step in plan:
            kind = step[0]
            if kind in ("place", "adjust"):
                bound: Step = (kind, _die(copy, step[1], step[3]), step[2])
            elif kind == "unplace":
                owner = [d for d, cell in copy.placed.items() if cell == step[1]]
                bound = ("unplace", owner[0])
            elif kind == "reroll":
                chosen: list[int] = []
                for value, prefer in zip(step[1], step[2]):
                    chosen.append(_die(copy, value, prefer, chosen))
                bound = ("reroll", tuple(sorted(chosen)))
            else:
                bound = step
            out.append(bound)
            if kind not in _ENDS:
                apply_step(copy, bound)
    except (IllegalMove, IndexError, StopIteration):
        return None
    return tuple(out)


def _die(game: MagdagdonGame, value: int, prefer: int, taken: list[int] | None = None) -> int:
    """An unplaced die showing ``value``: ``prefer`` when it does."""
    free = [d for d in game.unplaced if game.dice[d] == value and d not in (taken or ())]
    return prefer if prefer in free else free[0]
