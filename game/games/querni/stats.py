"""QUERNI's statistics, computed from the stored records alone: per variant (two players, or
a computer opponent's level) the games, the results — from the player's side against the
computer (wins, losses), by colour between two people — the draws, the games two people
abandoned and the mean game length. A resigned game counts as a loss for the side that resigned
(a win for the other); an abandoned one (EXIT between two people) is neither. Pure Python (no
pygame), tested against hand-computed figures."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.games.querni.session import HUMAN, NO_RESULT

if TYPE_CHECKING:
    from game.arcade.storage import Record


@dataclass(frozen=True)
class VariantStats:
    """``first``/``second``: wins and losses of the person against the computer, or the wins
    of BLUE and RED between two people (``versus_computer`` says which); ``abandoned``: games
    left without a result (counted in ``games`` and the mean length, in no other figure)."""

    variant: str
    games: int
    first: int
    second: int
    draws: int
    mean_turns: float | None
    versus_computer: bool
    abandoned: int = 0


def human_colour(players: dict[str, str]) -> str | None:
    """The colour the one person played against the computer, or None (two people)."""
    people = [colour for colour, who in players.items() if who == HUMAN]
    return people[0] if len(people) == 1 else None


def variant_stats(variant: str, records: Iterable[Record]) -> VariantStats:
    rows = [r for r in records if r.variant == variant]
    first = second = draws = turns = abandoned = 0
    versus = False
    for row in rows:
        result = row.get("result")
        turns += int(row.get("turns", 0))
        me = human_colour(dict(row.get("players", {})))
        versus = versus or me is not None
        if result == "DRAW":
            draws += 1
        elif result == NO_RESULT:
            abandoned += 1
        elif me is not None:
            first, second = (first + 1, second) if result == me else (first, second + 1)
        elif result == "BLUE":
            first += 1
        else:
            second += 1
    return VariantStats(variant, len(rows), first, second, draws,
                        turns / len(rows) if rows else None, versus, abandoned)


def all_stats(variants: Sequence[str], records: Sequence[Record]) -> dict[str, VariantStats]:
    return {variant: variant_stats(variant, records) for variant in variants}
