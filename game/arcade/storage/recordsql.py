"""The records in ``arcade.db``, as SQL: written with what the queries need, read back checked.

Every function here runs on the database's thread (:mod:`~game.arcade.storage.database`) with
its connection. A record is written with its game's ``score_of`` (``score``) and facets
(``f1``..``f4``, :attr:`GameData.facets`) beside its fields, and placed in its variant's table
(``ranked``) in the same transaction, by the game's own ``rank``: the table grows exactly as
ranking every record in recording order would build it (ties keep the earlier record first,
M-8.2), so a table is read with one short query.

Reading back trusts nothing: every row is checked like a record of ``scores.json`` was (ids,
dates, initials, strings that UTF-8 can encode, the game's ``check_record``) and a row that
fails is left out (logged once). Counts and sums come back as ints or are left out too.

Answers read from ``arcade.db`` with the records still waiting for their commit added.

A question is read through the read-only connection, which sees only what is committed
(:mod:`~game.arcade.storage.recordstore`); the records the read did not hold yet are added
here, as committing them would have placed them, so a screen shows a game the moment it
ends, whatever holds up the database. Initials handed in but not committed are put on too.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple, TypeVar

from game.arcade.storage.files import unencodable
from game.arcade.storage.gamedata import (
    MAX_FACETS,
    RECORD_ID_RE,
    RESERVED,
    GameData,
    Record,
    record_from_json,
)
from game.arcade.storage.schema import FACET_COLUMNS

log = logging.getLogger(__name__)

MAX_VALUE = 2 ** 53
"""Scores and facets are ints within ±this (exact as floats too), or they are not kept."""
MAX_TEXT = 64
"""Facets that are strings have at most this many characters."""

Key = int | str | None
Table = list[tuple[int, int]]
"""A variant's table as (seq, score), best first."""

_RECORD = "id, date, variant, initials, fields"
INDEX_ORDER = ("variant", "score", *FACET_COLUMNS)
"""The columns of the index the statistics are read by (after ``game``), in its order."""


class Tally(NamedTuple):
    """One group of :meth:`RecordSql.tally`: its key (one value per name grouped by), how many
    games, and the sums asked for (in the order asked)."""

    key: tuple[Key, ...]
    games: int
    sums: tuple[int, ...]


def higher_is_better(scores: Sequence[int], new: int) -> int | None:
    """The default ranking: below every equal or better score (ties: the earlier first)."""
    return sum(1 for score in scores if score >= new)


def place_in(table: Table, seq: int, score: int, game: GameData) -> Table | None:
    """``table`` with the record ``seq`` ranked in by the game's ``rank``, cut to its size;
    ``None`` when the record misses the table."""
    rank = game.rank or higher_is_better
    position = rank([row[1] for row in table], score)
    if position is None or not 0 <= position < game.table_size:
        return None
    position = min(position, len(table))
    return [*table[:position], (seq, score), *table[position:]][:game.table_size]


def valid_key(value: Any) -> bool:
    """Whether ``value`` may be a score or facet: an int within :data:`MAX_VALUE`, a short
    string UTF-8 can encode, or ``None``."""
    if value is None:
        return True
    if type(value) is int:
        return -MAX_VALUE <= value <= MAX_VALUE
    return isinstance(value, str) and len(value) <= MAX_TEXT and unencodable(value) is None


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def layout_of(game: GameData) -> str:
    """What a game's stored scores, facets and tables were worked out with (``meta``)."""
    return json.dumps({"ranked": game.score_of is not None, "facets": list(game.facets),
                       "table_size": game.table_size}, sort_keys=True)


class RecordSql:
    """The records of the given games in the database (other games' rows are left alone)."""

    def __init__(self, games: Mapping[str, GameData]) -> None:
        self.games = games
        self._refused: set[tuple[str, str]] = set()

    # --- writing ---------------------------------------------------------------------------

    def derived(self, game: GameData, record: Record) -> tuple[Key, ...]:
        """The record's score and facets as stored (a value that is not valid: ``None``)."""
        data = record.as_dict()
        values: list[Key] = []
        makers: list[Callable[[dict[str, Any]], Key] | None] = [game.score_of,
                                                                 *game.facets.values()]
        for make in makers:
            try:
                value = None if make is None else make(data)
            except (KeyError, TypeError, ValueError, ArithmeticError):
                value = None
            values.append(value if valid_key(value) else None)
        values += [None] * (1 + MAX_FACETS - len(values))
        if values[0] is not None and type(values[0]) is not int:
            values[0] = None
        return tuple(values)

    def insert(self, conn: sqlite3.Connection, game_id: str, records: Iterable[Record]) -> int:
        """Add ``records`` (in order) that are not there yet, each placed in its table; an
        existing record only takes initials it lacks. How many were added."""
        game = self.games[game_id]
        tables: dict[str, Table] = {}
        changed: set[str] = set()
        added = 0
        for record in records:
            derived = self.derived(game, record)
            fields = json.dumps(dict(record.fields), ensure_ascii=False, allow_nan=False,
                                separators=(",", ":"))
            cursor = conn.execute(
                "INSERT INTO records (game, id, date, variant, initials, fields, score, "
                f"{', '.join(FACET_COLUMNS)}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (game, id) DO NOTHING",
                (game_id, record.id, record.date, record.variant, record.initials, fields,
                 *derived))
            if cursor.rowcount == 0:
                if record.initials:
                    conn.execute("UPDATE records SET initials = ? WHERE game = ? AND id = ? "
                                 "AND initials = ''", (record.initials, game_id, record.id))
                continue
            added += 1
            score = derived[0]
            if isinstance(score, int) and cursor.lastrowid is not None:
                if record.variant not in tables:
                    tables[record.variant] = self._table_rows(conn, game_id, record.variant)
                placed = place_in(tables[record.variant], cursor.lastrowid, score, game)
                if placed is not None:
                    tables[record.variant] = placed
                    changed.add(record.variant)
        for variant in changed:
            self._store_table(conn, game_id, variant, tables[variant])
        return added

    def add_recorded(self, conn: sqlite3.Connection, game_id: str, ids: Iterable[str]) -> None:
        """Ids known to be recorded that have no record (from version 1)."""
        conn.executemany(
            "INSERT OR IGNORE INTO recorded (game, id) SELECT ?, ? WHERE NOT EXISTS "
            "(SELECT 1 FROM records WHERE game = ? AND id = ?)",
            [(game_id, i, game_id, i) for i in ids if RECORD_ID_RE.fullmatch(i)])

    def set_initials(self, conn: sqlite3.Connection, game_id: str, record_id: str,
                     initials: str) -> bool:
        cursor = conn.execute("UPDATE records SET initials = ? WHERE game = ? AND id = ?",
                              (initials, game_id, record_id))
        return cursor.rowcount > 0

    def _table_rows(self, conn: sqlite3.Connection, game_id: str, variant: str) -> Table:
        rows = conn.execute(
            "SELECT t.seq, r.score FROM ranked t JOIN records r ON r.seq = t.seq "
            "WHERE t.game = ? AND t.variant = ? ORDER BY t.place", (game_id, variant))
        return [(seq, score) for seq, score in rows
                if type(score) is int and abs(score) <= MAX_VALUE]

    def reset(self, conn: sqlite3.Connection) -> None:
        """Every game's records gone (the caller keeps a backup first)."""
        for table in ("records", "ranked", "recorded", "foreign_sections"):
            conn.execute(f"DELETE FROM {table}")

    def check_layouts(self, conn: sqlite3.Connection) -> None:
        """Work the stored scores, facets and tables out again for every game whose layout
        (:func:`layout_of`) is not the one they were stored with: once after an upgrade."""
        for game_id, game in self.games.items():
            key = f"layout:{game_id}"
            row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
            layout = layout_of(game)
            if row is not None and row[0] == layout and self._unranked(conn, game):
                conn.execute("BEGIN IMMEDIATE")  # tables lost (a recovered database)
                try:
                    self._rerank(conn, game)
                    conn.execute("COMMIT")
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
            if row is None or row[0] != layout:
                conn.execute("BEGIN IMMEDIATE")
                try:
                    self._relayout(conn, game)
                    conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                                 (key, layout))
                    conn.execute("COMMIT")
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise

    def _relayout(self, conn: sqlite3.Connection, game: GameData) -> None:
        conn.execute("DELETE FROM ranked WHERE game = ?", (game.id,))
        tables: dict[str, Table] = {}
        after = 0
        while True:
            rows = conn.execute(f"SELECT seq, {_RECORD} FROM records WHERE game = ? AND seq > ? "
                                "ORDER BY seq LIMIT 5000", (game.id, after)).fetchall()
            if not rows:
                break
            for seq, *row in rows:
                after = seq
                try:
                    derived = self.derived(game, self.to_record(game, row))
                except (ValueError, TypeError, RecursionError):
                    derived = (None,) * (1 + MAX_FACETS)
                conn.execute(f"UPDATE records SET score = ?, {' = ?, '.join(FACET_COLUMNS)} = ? "
                             "WHERE seq = ?", (*derived, seq))
                score, variant = derived[0], row[2]
                if isinstance(score, int):
                    placed = place_in(tables.get(variant, []), seq, score, game)
                    if placed is not None:
                        tables[variant] = placed
        for variant, table in tables.items():
            self._store_table(conn, game.id, variant, table)

    @staticmethod
    def _unranked(conn: sqlite3.Connection, game: GameData) -> bool:
        """Whether a ranked game has scored records but no table at all."""
        return game.score_of is not None and conn.execute(
            "SELECT NOT EXISTS (SELECT 1 FROM ranked WHERE game = ?) AND EXISTS (SELECT 1 "
            "FROM records WHERE game = ? AND score IS NOT NULL)", (game.id, game.id)
        ).fetchone()[0] == 1

    def _rerank(self, conn: sqlite3.Connection, game: GameData) -> None:
        """The game's tables made again from the stored scores, in recording order."""
        tables: dict[str, Table] = {}
        rows = conn.execute("SELECT seq, variant, score FROM records WHERE game = ? AND "
                            "score IS NOT NULL ORDER BY seq", (game.id,))
        for seq, variant, score in rows:
            if type(score) is int and abs(score) <= MAX_VALUE:
                placed = place_in(tables.get(variant, []), seq, score, game)
                if placed is not None:
                    tables[variant] = placed
        for variant, table in tables.items():
            self._store_table(conn, game.id, variant, table)

    @staticmethod
    def _store_table(conn: sqlite3.Connection, game_id: str, variant: str,
                     table: Table) -> None:
        conn.execute("DELETE FROM ranked WHERE game = ? AND variant = ?", (game_id, variant))
        conn.executemany("INSERT INTO ranked (game, variant, place, seq) VALUES (?, ?, ?, ?)",
                         [(game_id, variant, place, seq) for place, (seq, _) in
                          enumerate(table)])

    # --- reading ---------------------------------------------------------------------------

    def with_pending(self, game_id: str, variant: str, scores: list[int],
                     records: list[Record]) -> list[int]:
        """A table's ``scores`` with ``records`` (not committed yet) ranked in, in order."""
        game = self.games[game_id]
        table = [(0, score) for score in scores]
        for record in records:
            score = self.derived(game, record)[0]
            if record.variant == variant and isinstance(score, int):
                table = place_in(table, -1, score, game) or table
        return [score for _, score in table]

    def is_recorded(self, conn: sqlite3.Connection, game_id: str, record_id: str) -> bool:
        return (game_id, record_id) in self.recorded_among(conn, [(game_id, record_id)])

    def recorded_among(self, conn: sqlite3.Connection,
                       keys: Sequence[tuple[str, str]]) -> set[tuple[str, str]]:
        """The (game id, record id) of ``keys`` that are recorded: one indexed query a game."""
        found: set[tuple[str, str]] = set()
        for game_id in {game for game, _ in keys}:
            ids = [record_id for game, record_id in keys if game == game_id]
            marks = ",".join("?" * len(ids))
            found.update((game_id, record_id) for (record_id,) in conn.execute(
                f"SELECT id FROM records WHERE game = ? AND id IN ({marks}) UNION "
                f"SELECT id FROM recorded WHERE game = ? AND id IN ({marks})",
                [game_id, *ids, game_id, *ids]))
        return found

    def table(self, conn: sqlite3.Connection, game_id: str, variant: str) -> list[Record]:
        rows = conn.execute(
            f"SELECT {', '.join('r.' + c for c in _RECORD.split(', '))} FROM ranked t "
            "JOIN records r ON r.seq = t.seq WHERE t.game = ? AND t.variant = ? "
            "ORDER BY t.place", (game_id, variant))
        return self._checked(game_id, rows)

    def table_scores(self, conn: sqlite3.Connection, game_id: str, variant: str) -> list[int]:
        return [score for _, score in self._table_rows(conn, game_id, variant)]

    def all_table_scores(self, conn: sqlite3.Connection) -> dict[tuple[str, str], list[int]]:
        """The scores of every table of the given games, best first, by (game, variant)."""
        found: dict[tuple[str, str], list[int]] = {}
        rows = conn.execute("SELECT t.game, t.variant, r.score FROM ranked t JOIN records r "
                            "ON r.seq = t.seq ORDER BY t.game, t.variant, t.place")
        for game_id, variant, score in rows:
            if game_id in self.games and type(score) is int and abs(score) <= MAX_VALUE:
                found.setdefault((game_id, variant), []).append(score)
        return found

    def records(self, conn: sqlite3.Connection, game_id: str, variant: str | None = None,
                last: int | None = None) -> list[Record]:
        """Oldest first; ``last``: only the newest ``last`` of them."""
        where, params = "game = ?", [game_id]
        if variant is not None:
            where, params = where + " AND variant = ?", [*params, variant]
        if last is None:
            rows = conn.execute(f"SELECT {_RECORD} FROM records WHERE {where} ORDER BY seq",
                                params)
            return self._checked(game_id, rows)
        rows = conn.execute(f"SELECT {_RECORD} FROM records WHERE {where} ORDER BY seq DESC "
                            "LIMIT ?", [*params, max(0, last)])
        return self._checked(game_id, reversed(rows.fetchall()))

    def record(self, conn: sqlite3.Connection, game_id: str, record_id: str) -> Record | None:
        rows = conn.execute(f"SELECT {_RECORD} FROM records WHERE game = ? AND id = ?",
                            (game_id, record_id))
        found = self._checked(game_id, rows)
        return found[0] if found else None

    def records_by_id(self, conn: sqlite3.Connection, game_id: str,
                      ids: Sequence[str]) -> list[Record]:
        """The records among ``ids`` (at most a few hundred: one query's parameters)."""
        marks = ",".join("?" * len(ids))
        return self._checked(game_id, conn.execute(
            f"SELECT {_RECORD} FROM records WHERE game = ? AND id IN ({marks})",
            (game_id, *ids)))

    def batch(self, conn: sqlite3.Connection, after: int,
              size: int) -> tuple[int, list[tuple[int, str, Record]]]:
        """Up to ``size`` rows after ``seq`` ``after``: the last seq seen and (seq, game,
        record) of the given games' records among them (for walking every record without
        holding them all)."""
        rows = conn.execute(f"SELECT seq, game, {_RECORD} FROM records WHERE seq > ? "
                            "ORDER BY seq LIMIT ?", (after, size)).fetchall()
        found: list[tuple[int, str, Record]] = []
        for seq, game_id, *row in rows:
            after = seq
            if game_id in self.games:
                found.extend((seq, game_id, record) for record in self._checked(game_id, [row]))
        return after, found

    def tally(self, conn: sqlite3.Connection, game_id: str, by: Sequence[str],
              sums: Sequence[str] = (), variant: str | None = None) -> list[Tally]:
        """The game's records in groups by the values of ``by`` (``variant``, ``score`` or
        facet names): each group's count and the sums of ``sums`` (facet names)."""
        game = self.games[game_id]
        keys = [self.column(game, name) for name in by]
        added = [self.column(game, name) for name in sums]
        select = ", ".join([*keys, "count(*)", *(f"coalesce(sum({c}), 0)" for c in added)])
        where, params = "game = ?", [game_id]
        if variant is not None:
            where, params = where + " AND variant = ?", [*params, variant]
        # grouped in the order of the facets' index, so it is read in order, without sorting
        # (an unranked game's score is NULL throughout: grouping by it changes nothing)
        order = [c for c in INDEX_ORDER
                 if c in keys or (c == "score" and game.score_of is None and keys)]
        group = f" GROUP BY {', '.join(order)}" if keys else ""
        found: list[Tally] = []
        for row in conn.execute(f"SELECT {select} FROM records WHERE {where}{group}", params):
            key, count, totals = row[:len(keys)], row[len(keys)], row[len(keys) + 1:]
            if count == 0:
                continue
            if not (all(valid_key(k) for k in key) and all(type(v) is int for v in totals)
                    and type(count) is int):
                log.warning("a group of %s's statistics is not valid: left out", game_id)
                continue
            found.append(Tally(tuple(key), count, tuple(totals)))
        return found

    @staticmethod
    def column(game: GameData, name: str) -> str:
        if name in ("variant", "score"):
            return name
        names = list(game.facets)
        if name not in names:
            raise ValueError(f"{game.id} has no facet {name!r}")
        return FACET_COLUMNS[names.index(name)]

    def _checked(self, game_id: str, rows: Iterable[Sequence[Any]]) -> list[Record]:
        game = self.games[game_id]
        found = []
        for row in rows:
            try:
                found.append(self.to_record(game, row))
            except (ValueError, TypeError, RecursionError) as error:
                record_id = str(row[0])[:70]
                if (game_id, record_id) not in self._refused:
                    self._refused.add((game_id, record_id))
                    log.warning("record %s of %s in the database is not valid, left out: %s",
                                record_id, game_id, str(error)[:200])
        return found

    @staticmethod
    def to_record(game: GameData, row: Sequence[Any]) -> Record:
        """A record from its row (id, date, variant, initials, fields JSON); ``ValueError``
        when anything in it is not what a record holds."""
        record_id, date, variant, initials, raw = row
        if not isinstance(raw, str):
            raise ValueError("its fields are not text")
        fields = json.loads(raw, parse_constant=_reject_constant)
        if not isinstance(fields, dict) or set(fields) & set(RESERVED):
            raise ValueError("its fields are not an object of the game's own fields")
        if "variant" in fields:
            raise ValueError("its fields hold a variant")
        bad = unencodable([record_id, date, variant, initials, fields])
        if bad is not None:
            raise ValueError(f"a string that cannot be written back: {bad!r}")
        return record_from_json({"id": record_id, "date": date, "variant": variant,
                                 "initials": initials, **fields}, game)


T = TypeVar("T")


def pending_table(sql: RecordSql, game: GameData, variant: str, found: list[Record],
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


def pending_records(found: list[Record], waiting: Sequence[Record], variant: str | None,
            last: int | None) -> list[Record]:
    """A game's records (of ``variant``), oldest first, the waiting ones last."""
    found = found + [r for r in waiting if variant is None or r.variant == variant]
    return found if last is None else found[max(0, len(found) - last):]


def pending_tally(sql: RecordSql, game: GameData, found: list[Tally], waiting: Sequence[Record],
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
