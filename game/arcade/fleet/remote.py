"""What the venue link says to the server: connect, send records, read a board.

Every value is a query parameter; the SQL is constant text. Sending is idempotent by record id
(``ON CONFLICT DO NOTHING``): a record sent twice (the kiosk killed after the server stored it,
before it noted the acknowledgement) is stored once. Initials a player puts on a record after it
was sent go to their own insert-only table. Reading asks the server for bounded text only (an
id of at most 65 characters, fields of at most 8 KB, …), so a hostile row costs the kiosk
nothing but a log line (:mod:`~game.arcade.fleet.validation`).

Only the link's thread imports this module (and with it the driver, psycopg 3).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, LiteralString

import psycopg
from psycopg.types.json import Jsonb

from game.arcade.fleet.board import VenueEntry, VenueQuery, VenueTable
from game.arcade.fleet.config import FleetConfig
from game.arcade.fleet.validation import entry_from_row
from game.arcade.storage import GameData, Record
from game.version import APP_NAME

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
    "INSERT INTO arcade_initials (game, id, initials) VALUES (%s, %s, %s)"
    " ON CONFLICT (game, id) DO NOTHING")
_INSERT_DOCUMENT: LiteralString = (
    "INSERT INTO arcade_documents (game, id, kiosk, document) VALUES (%s, %s, %s, %s)"
    " ON CONFLICT (game, id) DO NOTHING")
_COLUMNS: LiteralString = """
    SELECT r.game, left(r.id, 65), left(r.kiosk, 25),
           to_char(r.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
           left(r.variant, 65), left(coalesce(nullif(r.initials, ''), i.initials, ''), 4),
           r.score,
           CASE WHEN pg_column_size(r.fields) <= 16384
                 AND octet_length(r.fields::text) <= 8192
                THEN r.fields::text END
      FROM arcade_records r
      LEFT JOIN arcade_initials i ON i.game = r.game AND i.id = r.id
     WHERE r.game = %s AND r.variant = %s AND r.fields @> %s"""
"""Bounded text of every column (the fields: at most ``validation.FIELDS_MAX`` bytes)."""
_RANKED: LiteralString = (_COLUMNS
                          + " ORDER BY r.score DESC NULLS LAST, r.recorded_at, r.id LIMIT %s")
_NEWEST: LiteralString = _COLUMNS + " ORDER BY r.recorded_at DESC, r.id DESC LIMIT %s"
_COUNT: LiteralString = ("SELECT count(*) FROM arcade_records r"
                         " WHERE r.game = %s AND r.variant = %s AND r.fields @> %s")


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


def send(conn: psycopg.Connection[Any], kiosk: str, items: Sequence[Outgoing]) -> None:
    """Store ``items`` in one transaction (all of them, or none)."""
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


class BoardReader:
    """Reads boards from the venue, skipping (and logging once) each malformed row."""

    def __init__(self, games: Mapping[str, GameData]) -> None:
        self.games = games
        self._logged: set[tuple[str, str]] = set()
        self.skipped = 0

    def read(self, conn: psycopg.Connection[Any], query: VenueQuery) -> VenueTable:
        game = self.games[query.game]
        match = Jsonb(dict(query.match))
        sql = _RANKED if query.ranked and game.score_of is not None else _NEWEST
        rows = conn.execute(sql, (query.game, query.variant, match, query.limit)).fetchall()
        counted = conn.execute(_COUNT, (query.game, query.variant, match)).fetchone()
        entries = list(self._entries(rows, game, query.variant))
        return VenueTable(tuple(entries), int(counted[0]) if counted else len(entries),
                          time.time())

    def _entries(self, rows: Iterable[Sequence[Any]], game: GameData,
                 variant: str) -> Iterable[VenueEntry]:
        for row in rows:
            try:
                record, kiosk = entry_from_row(row, game, variant)
            except ValueError as why:
                self._skip(row, why)
                continue
            yield VenueEntry(record, kiosk)

    def _skip(self, row: Sequence[Any], why: ValueError) -> None:
        self.skipped += 1
        key = (str(row[0])[:64] if row else "", str(row[1])[:65] if len(row) > 1 else "")
        if key in self._logged:
            return
        self._logged.add(key)
        log.warning("venue: skipped a malformed row (game %r, id %r): %s", key[0], key[1], why)
