"""What the venue link says to the server: connect, send records, read a board.

Every value is a query parameter; the SQL is constant text. Sending is idempotent by record id
(``ON CONFLICT DO NOTHING``): a record sent twice (the kiosk killed after the server stored it,
before it noted the acknowledgement) is stored once. Reading asks for bounded text only, so a
hostile row costs the kiosk nothing but a log line (:mod:`~game.arcade.fleet.board`). Only the
link's thread (and the operator's commands) import this module, and with it psycopg 3.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, LiteralString

import psycopg
from psycopg.types.json import Jsonb

from game.arcade.fleet.board import (
    VenueEntry,
    VenueQuery,
    VenueTable,
    entry_from_row,
    period_bounds,
)
from game.arcade.fleet.config import FleetConfig, reason
from game.arcade.fleet.schema import scalar
from game.arcade.storage import GameData, Record
from game.version import APP_NAME, VERSION

log = logging.getLogger(__name__)

CONNECT_TIMEOUT = 5
"""Seconds to reach the server before the attempt counts as failed."""
STATEMENT_TIMEOUT_MS = 15_000
"""No statement of a kiosk waits longer (a lock held by hand, a stuck server): it fails and
is tried again later."""

_INSERT_RECORD: LiteralString = (
    "INSERT INTO arcade_records (game, id, kiosk, recorded_at, variant, initials, score, fields)"
    " VALUES (%s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (game, id) DO NOTHING")
_INSERT_INITIALS: LiteralString = (
    "INSERT INTO arcade_initials (game, id, initials)"
    " SELECT g, i, n FROM (VALUES (%s, %s, %s)) AS v (g, i, n)"
    " WHERE EXISTS (SELECT 1 FROM arcade_records r WHERE r.game = v.g AND r.id = v.i)"
    " ON CONFLICT (game, id) DO NOTHING")
"""Initials go on a record the venue holds (one the server refused, or the owner removed,
takes none: the server would refuse them for a record that is not this kiosk's)."""
_INSERT_DOCUMENT: LiteralString = (
    "INSERT INTO arcade_documents (game, id, kiosk, document) VALUES (%s, %s, %s, %s)"
    " ON CONFLICT (game, id) DO NOTHING")
_HEARTBEAT: LiteralString = """
    INSERT INTO arcade_heartbeats (role, kiosk, version, waiting, lag_seconds, last_upload,
                                   every_seconds, beat_at)
    VALUES (current_user, %s, %s, %s, %s, %s, %s, now())
    ON CONFLICT (role) DO UPDATE SET kiosk = excluded.kiosk, version = excluded.version,
        waiting = excluded.waiting, lag_seconds = excluded.lag_seconds,
        last_upload = excluded.last_upload, every_seconds = excluded.every_seconds,
        beat_at = excluded.beat_at"""
_COLUMNS: LiteralString = """
    SELECT r.game, left(r.id, 65), left(r.kiosk, 25),
           to_char(r.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
           left(r.variant, 65), left(coalesce(nullif(r.initials, ''), i.initials, ''), 4),
           r.score,
           CASE WHEN pg_column_size(r.fields) <= 16384
                 AND octet_length(r.fields::text) <= 8192
                THEN r.fields::text END
      FROM arcade_records r
      LEFT JOIN arcade_initials i ON i.game = r.game AND i.id = r.id"""
"""Bounded text of every column (the fields: at most ``validation.FIELDS_MAX`` bytes)."""
_WHERE: LiteralString = " WHERE r.game = %(game)s AND r.variant = %(variant)s"
_MATCH: LiteralString = " AND r.fields @> %(match)s"
_PERIOD: LiteralString = " AND r.recorded_at >= %(since)s AND r.recorded_at < %(until)s"
_RANKED: LiteralString = (" AND r.score IS NOT NULL"
                          " ORDER BY r.score DESC, r.recorded_at, r.id")
"""The order of the index ``arcade_records_ranked`` (the boards' order: M-8.2)."""
_NEWEST: LiteralString = " ORDER BY r.recorded_at DESC, r.id DESC"
_PAGE: LiteralString = " LIMIT %(limit)s OFFSET %(offset)s"
MAX_PAGES = 20
"""Pages of a board read at most while malformed rows keep it from filling (each is one
index range: the next rows in the board's order)."""


def board_sql(ranked: bool, match: bool, period: bool) -> LiteralString:
    """The query of one page of a board."""
    where = _WHERE + (_MATCH if match else "") + (_PERIOD if period else "")
    return _COLUMNS + where + (_RANKED if ranked else _NEWEST) + _PAGE


def count_sql(period: bool) -> LiteralString:
    """How many rows a day's standings (a board with a match) has in all."""
    return ("SELECT count(*) FROM arcade_records r" + _WHERE + _MATCH
            + (_PERIOD if period else ""))


@dataclass(frozen=True)
class Outgoing:
    """One record to send (``send_record``: the record itself is not acknowledged yet), with
    its initials when it has some, its score (ranked games) and its game document."""

    game: str
    record: Record
    score: int | None
    send_record: bool
    document: dict[str, Any] | None


def connect(config: FleetConfig) -> psycopg.Connection[tuple[Any, ...]]:
    """A connection to the venue (autocommit: each send is its own transaction)."""
    return psycopg.connect(
        config.conninfo, autocommit=True, connect_timeout=CONNECT_TIMEOUT,
        application_name=f"{APP_NAME} {config.name}"[:63],
        options=f"-c statement_timeout={STATEMENT_TIMEOUT_MS}",
        keepalives=1, keepalives_idle=30, keepalives_interval=10, keepalives_count=3)


def send(conn: psycopg.Connection[Any], kiosk: str, items: Sequence[Outgoing],
         ) -> list[tuple[Outgoing, str]]:
    """Store ``items`` in one transaction (all of them, or none). When the server's checks
    refuse one (a date too far from its clock, a score out of range: ``check_violation``),
    each is sent on its own instead; the refused ones and why (they will never be taken:
    the caller notes them as done). Any other error is raised."""
    try:
        store(conn, kiosk, items)
        return []
    except psycopg.errors.CheckViolation as error:
        if len(items) == 1:
            return [(items[0], reason(error, None)[:200])]
    return [refused for item in items for refused in send(conn, kiosk, [item])]


def store(conn: psycopg.Connection[Any], kiosk: str, items: Sequence[Outgoing]) -> None:
    """Insert ``items`` in one transaction (a savepoint inside the caller's)."""
    records = [(item.game, item.record.id, kiosk, item.record.date, item.record.variant,
                item.record.initials, item.score, Jsonb(dict(item.record.fields)))
               for item in items if item.send_record]
    initials = [(item.game, item.record.id, item.record.initials)
                for item in items if item.record.initials]
    documents = [(item.game, item.record.id, kiosk, Jsonb(item.document))
                 for item in items if item.document is not None]
    with conn.transaction(), conn.cursor() as cursor:
        for sql, rows in ((_INSERT_RECORD, records), (_INSERT_INITIALS, initials),
                          (_INSERT_DOCUMENT, documents)):
            if rows:
                cursor.executemany(sql, rows)


def heartbeat(conn: psycopg.Connection[Any], kiosk: str, waiting: int, lag_seconds: int,
              last_upload: float | None, every_seconds: int) -> psycopg.Error | None:
    """Send this kiosk's line of the venue's registry: records waiting and the oldest one's wait
    (its lag), its last upload (epoch seconds), how often it beats (two missed: offline). The
    error when the venue has no registry or this role may not write in it (the link goes on)."""
    upload = None if last_upload is None else datetime.fromtimestamp(last_upload, UTC)
    try:
        conn.execute(_HEARTBEAT, (kiosk, VERSION[:32], waiting, lag_seconds, upload,
                                  max(1, every_seconds)))
    except (psycopg.errors.InsufficientPrivilege, psycopg.errors.UndefinedTable,
            psycopg.errors.CheckViolation) as error:
        return error
    return None


def registered_name(conn: psycopg.Connection[Any]) -> str | None:
    """The kiosk name the venue registered this role under (``None``: not a kiosk's own
    role, or a schema without the registry)."""
    if scalar(conn, "SELECT to_regproc('arcade_kiosk_name') IS NULL") is not False:
        return None
    return str(scalar(conn, "SELECT arcade_kiosk_name()") or "") or None


class BoardReader:
    """Reads boards from the venue, skipping (and logging once) each malformed row."""

    def __init__(self, games: Mapping[str, GameData]) -> None:
        self.games = games
        self._logged: set[tuple[str, str]] = set()
        self.skipped = 0

    def read(self, conn: psycopg.Connection[Any], query: VenueQuery,
             now: datetime | None = None) -> VenueTable:
        """``query``'s board: pages of rows in the board's order until ``query.limit`` valid
        ones are found or the rows end; its total (a day's standings: the server's count less
        the malformed rows met; else the valid rows read)."""
        game = self.games[query.game]
        ranked = query.ranked and game.score_of is not None
        since, until = period_bounds(query.period, now or datetime.now().astimezone())
        params: dict[str, Any] = {"game": query.game, "variant": query.variant,
                                  "match": Jsonb(dict(query.match)), "since": since,
                                  "until": until, "limit": query.limit}
        sql = board_sql(ranked, bool(query.match), since is not None)
        entries: dict[str, VenueEntry] = {}
        skipped, ended = 0, False
        for page in range(MAX_PAGES):
            # never prepared: each read is planned for its own values (a prepared statement's
            # generic plan cannot see that a day's standings match few rows)
            rows = conn.execute(sql, {**params, "offset": page * query.limit},
                                prepare=False).fetchall()
            for row in rows:
                try:
                    entry = VenueEntry(*entry_from_row(row, game, query.variant))
                except ValueError as why:
                    skipped += 1
                    self._skip(row, why)
                    continue
                entries.setdefault(entry.record.id, entry)
            if len(rows) < query.limit:
                ended = True
                break
            if len(entries) >= query.limit:
                break
        found = list(entries.values())[:query.limit]
        total = len(found)
        if query.match and not ended:
            counted = conn.execute(count_sql(since is not None), params,
                                   prepare=False).fetchone()
            total = max(total, (int(counted[0]) if counted else 0) - skipped)
        return VenueTable(tuple(found), total, time.time())

    def _skip(self, row: Sequence[Any], why: ValueError) -> None:
        self.skipped += 1
        key = (str(row[0])[:64] if row else "", str(row[1])[:65] if len(row) > 1 else "")
        if key not in self._logged:
            self._logged.add(key)
            log.warning("venue: skipped a malformed row (game %r, id %r): %s", *key, why)
