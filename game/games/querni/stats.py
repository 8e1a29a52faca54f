"""QUERNI's statistics from the stored records alone, pure Python: per variant the games,
results (the person's against the computer, by colour between two people), draws, abandoned
games and mean length; a resignation is the resigning side's loss. :func:`stored_groups` asks
storage for the games counted by result and colour with their turns added up;
:func:`groups_of` works the same out of a list of records."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from game.games.querni import GAME_ID
from game.games.querni.session import HUMAN, NO_RESULT

if TYPE_CHECKING:
    from game.arcade.storage import Record, Storage


class Group(NamedTuple):
    """Games of one variant that ended with ``result``, the person playing ``me`` (``None``:
    two people): how many, and their turns added up."""

    result: str
    me: str | None
    games: int
    turns: int


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


def human_of(fields: dict[str, Any]) -> str | None:
    """:func:`human_colour` of a record's fields (the ``human`` facet of its spec)."""
    players = fields.get("players", {})
    return human_colour(dict(players)) if isinstance(players, dict) else None


def groups_of(records: Iterable[Record]) -> dict[str, list[Group]]:
    """The records' groups, per variant."""
    counted: dict[tuple[str, str, str | None], list[int]] = {}
    for row in records:
        key = (row.variant, str(row.get("result")), human_of(dict(row.fields)))
        sums = counted.setdefault(key, [0, 0])
        sums[0] += 1
        sums[1] += int(row.get("turns", 0))
    found: dict[str, list[Group]] = {}
    for (variant, result, me), (games, turns) in counted.items():
        found.setdefault(variant, []).append(Group(result, me, games, turns))
    return found


def stored_groups(storage: Storage | None, variant: str | None = None) -> dict[str, list[Group]]:
    """The stored records' groups, per variant (of ``variant`` only, if given)."""
    if storage is None:
        return {}
    found: dict[str, list[Group]] = {}
    for tally in storage.tally(GAME_ID, by=("variant", "result", "human"), sums=("turns",),
                               variant=variant):
        name, result, me = tally.key
        if isinstance(name, str) and isinstance(result, str) and (me is None
                                                                   or isinstance(me, str)):
            found.setdefault(name, []).append(Group(result, me, tally.games, tally.sums[0]))
    return found


def figures(variant: str, groups: Iterable[Group]) -> VariantStats:
    """The figures of ``variant`` from its groups."""
    games = first = second = draws = turns = abandoned = 0
    versus = False
    for group in groups:
        games += group.games
        turns += group.turns
        versus = versus or group.me is not None
        if group.result == "DRAW":
            draws += group.games
        elif group.result == NO_RESULT:
            abandoned += group.games
        elif group.me is not None:
            if group.result == group.me:
                first += group.games
            else:
                second += group.games
        elif group.result == "BLUE":
            first += group.games
        else:
            second += group.games
    return VariantStats(variant, games, first, second, draws,
                        turns / games if games else None, versus, abandoned)


def variant_stats(variant: str, records: Iterable[Record]) -> VariantStats:
    return figures(variant, groups_of(records).get(variant, []))


def all_stats(variants: Sequence[str], records: Sequence[Record]) -> dict[str, VariantStats]:
    groups = groups_of(records)
    return {variant: figures(variant, groups.get(variant, [])) for variant in variants}


def stored_stats(storage: Storage | None, variants: Sequence[str]) -> dict[str, VariantStats]:
    """Every variant's figures, asked of ``storage``."""
    groups = stored_groups(storage)
    return {variant: figures(variant, groups.get(variant, [])) for variant in variants}
