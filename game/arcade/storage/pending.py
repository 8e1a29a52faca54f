"""Answers read from ``arcade.db`` with the records still waiting for their commit added.

A question is read through the read-only connection, which sees only what is committed
(:mod:`~game.arcade.storage.recordstore`); the records the read did not hold yet are added
here, as committing them would have placed them, so a screen shows a game the moment it
ends, whatever holds up the database. Initials handed in but not committed are put on too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from game.arcade.storage.gamedata import GameData
from game.arcade.storage.records import Record
from game.arcade.storage.recordsql import RecordSql, Tally, place_in

T = TypeVar("T")


def table(sql: RecordSql, game: GameData, variant: str, found: list[Record],
          waiting: Sequence[Record]) -> list[Record]:
    """A ranked table with ``waiting`` ranked in (in the order they were recorded)."""
    rows = dict(enumerate(found))
    ranked = [(i, _score(sql.derived(game, r)[0])) for i, r in rows.items()]
    for record in waiting:
        score = sql.derived(game, record)[0]
        if record.variant == variant and isinstance(score, int):
            rows[len(rows)] = record
            ranked = place_in(ranked, len(rows) - 1, score, game) or ranked
    return [rows[seq] for seq, _ in ranked]


def records(found: list[Record], waiting: Sequence[Record], variant: str | None,
            last: int | None) -> list[Record]:
    """A game's records (of ``variant``), oldest first, the waiting ones last."""
    found = found + [r for r in waiting if variant is None or r.variant == variant]
    return found if last is None else found[max(0, len(found) - last):]


def tally(sql: RecordSql, game: GameData, found: list[Tally], waiting: Sequence[Record],
          by: Sequence[str], sums: Sequence[str], variant: str | None) -> list[Tally]:
    """The statistics' groups with ``waiting`` counted in."""
    groups = {group.key: group for group in found}
    for record in waiting:
        if variant is not None and record.variant != variant:
            continue
        values = dict(zip(("score", *game.facets), sql.derived(game, record), strict=False))
        values["variant"] = record.variant
        key = tuple(values[name] for name in by)
        adds = tuple(v if type(v) is int else 0 for v in (values[name] for name in sums))
        old = groups.get(key, Tally(key, 0, (0,) * len(sums)))
        groups[key] = Tally(key, old.games + 1,
                            tuple(a + b for a, b in zip(old.sums, adds, strict=True)))
    return list(groups.values())


def with_initials(answer: T, initials: Mapping[str, str]) -> T:
    """``answer`` (a record, a list of them, or anything else) with ``initials`` put on its
    records by id."""

    def named(record: Record) -> Record:
        if record.id not in initials:
            return record
        return Record(record.id, record.date, record.variant, initials[record.id],
                      record.fields)

    if isinstance(answer, Record):
        return named(answer)  # type: ignore[return-value]
    if isinstance(answer, list):
        return [named(r) if isinstance(r, Record) else r  # type: ignore[return-value]
                for r in answer]
    return answer


def _score(value: object) -> int:
    return value if type(value) is int else 0
