"""The venue database's tables, created and upgraded by the arcade itself.

Numbered migrations (:data:`MIGRATIONS`) are applied in order, each recorded in
``arcade_migrations`` in the same transaction as its statements, so a schema is always at one
whole version. Every kiosk runs :func:`migrate` when it connects; the work happens under a
PostgreSQL advisory lock taken inside that transaction, so two kiosks starting at once on an
empty database do not race: the second waits, then finds the schema done. A kiosk whose role
may not create tables (the least-privilege role of docs/fleet.md) only reads the version: it
needs the schema made once by the owner.

Tables (every value a kiosk sends is a query parameter, never text in the SQL):

* ``arcade_records``: one row per finished game of every kiosk, keyed by (game, record id); the
  record's own fields as JSON, its score as a column for ranked games.
* ``arcade_initials``: initials a player put on a record after it was sent (insert-only: the
  kiosk's role needs no UPDATE).
* ``arcade_documents``: a game's replayable document of a record (as the data folder's
  ``games/`` holds it).
* ``arcade_venue``: one random id of this database; a kiosk's acknowledgements are kept per
  venue id, so a new database (or an old one given a new id after a restore) gets everything
  again.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, LiteralString

from game.arcade.fleet import guard

if TYPE_CHECKING:
    import psycopg

    from game.arcade.storage import GameData

log = logging.getLogger(__name__)

LOCK_KEY = 0x4152_4341_4445_0001
"""The advisory lock that serialises migrations (any bigint the venue's other users leave
alone)."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    statements: tuple[LiteralString, ...]


MIGRATIONS = (
    Migration(1, "records, initials, documents and the venue's id", (
        """CREATE TABLE arcade_records (
            game text NOT NULL,
            id text NOT NULL,
            kiosk text NOT NULL,
            recorded_at timestamptz NOT NULL,
            variant text NOT NULL,
            initials text NOT NULL DEFAULT '',
            score integer,
            fields jsonb NOT NULL,
            uploaded_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (game, id))""",
        "CREATE INDEX arcade_records_ranked ON arcade_records "
        "(game, variant, score DESC, recorded_at, id)",
        "CREATE INDEX arcade_records_recent ON arcade_records (game, variant, recorded_at DESC)",
        """CREATE TABLE arcade_initials (
            game text NOT NULL,
            id text NOT NULL,
            initials text NOT NULL,
            uploaded_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (game, id))""",
        """CREATE TABLE arcade_documents (
            game text NOT NULL,
            id text NOT NULL,
            kiosk text NOT NULL,
            document jsonb NOT NULL,
            uploaded_at timestamptz NOT NULL DEFAULT now(),
            PRIMARY KEY (game, id))""",
        "CREATE TABLE arcade_venue (id text PRIMARY KEY)",
        "INSERT INTO arcade_venue (id) VALUES (gen_random_uuid()::text)",
    )),
    Migration(2, "an index for boards filtered by a record field (a day's standings)", (
        "CREATE INDEX arcade_records_fields ON arcade_records USING gin (fields jsonb_path_ops)",
    )),
    Migration(3, "one role per kiosk: its own rows only, checked scores and dates, removed "
                 "scores kept apart, heartbeats", guard.MIGRATION),
)
LATEST = MIGRATIONS[-1].version


class SchemaError(RuntimeError):
    """The venue's schema cannot be used by this build (too old, and this role may not
    upgrade it)."""


def version(conn: psycopg.Connection[Any]) -> int:
    """The schema version recorded in the database (0: none yet)."""
    found = conn.execute("SELECT to_regclass('arcade_migrations') IS NOT NULL").fetchone()
    if not found or not found[0]:
        return 0
    row = conn.execute("SELECT coalesce(max(version), 0) FROM arcade_migrations").fetchone()
    return int(row[0]) if row else 0


def migrate(conn: psycopg.Connection[Any], games: Sequence[GameData] = ()) -> str:
    """Bring the schema to :data:`LATEST` (under the advisory lock) and, for a role that may
    (the owner), the score bounds up to ``games``' rules; the venue's id. A role that may not
    create tables (a kiosk's) never takes the lock: on an older schema it gets a
    :class:`SchemaError` saying the owner must upgrade it."""
    if version(conn) < LATEST:
        if not may_create(conn):
            raise SchemaError("the venue's tables need an upgrade by their owner "
                              f"(schema version {version(conn)}, this build needs {LATEST})")
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
            _apply(conn)
    elif version(conn) > LATEST:
        log.info("the venue's schema is at version %d, newer than this build's %d: using the "
                 "tables this build knows", version(conn), LATEST)
    if games and owns_tables(conn):
        sync_bounds(conn, games)
    return venue_id(conn)


def venue_id(conn: psycopg.Connection[Any]) -> str:
    """The venue database's id (``SchemaError`` when it has none)."""
    row = conn.execute("SELECT id FROM arcade_venue ORDER BY id LIMIT 1").fetchone()
    if not row or not isinstance(row[0], str) or not row[0]:
        raise SchemaError("the venue database has no id (arcade_venue is empty)")
    return row[0]


def may_create(conn: psycopg.Connection[Any]) -> bool:
    """Whether this role may create tables here (the owner's, not a kiosk's)."""
    row = conn.execute("SELECT has_schema_privilege(current_schema(), 'CREATE')").fetchone()
    return bool(row and row[0])


def owns_tables(conn: psycopg.Connection[Any]) -> bool:
    """Whether this role owns the venue's records (the owner, or a superuser)."""
    row = conn.execute("SELECT pg_has_role(current_user, c.relowner, 'MEMBER') FROM pg_class c"
                       " WHERE c.oid = to_regclass('arcade_records')").fetchone()
    return bool(row and row[0])


def sync_bounds(conn: psycopg.Connection[Any], games: Sequence[GameData]) -> None:
    """``arcade_score_bounds`` as the games' rules give them (what the server holds kiosks'
    scores to)."""
    rows = [(game.id, variant, low, high) for game in games
            for variant, (low, high) in game.score_ranges.items()]
    if not rows or version(conn) < 3:
        return
    with conn.transaction(), conn.cursor() as cursor:
        cursor.executemany(
            "INSERT INTO arcade_score_bounds (game, variant, low, high) VALUES (%s, %s, %s, %s)"
            " ON CONFLICT (game, variant) DO UPDATE SET low = excluded.low, high = excluded.high"
            " WHERE (arcade_score_bounds.low, arcade_score_bounds.high)"
            " IS DISTINCT FROM (excluded.low, excluded.high)", rows)


def _apply(conn: psycopg.Connection[Any]) -> None:
    """The migrations not yet recorded, inside the caller's locked transaction."""
    conn.execute("""CREATE TABLE IF NOT EXISTS arcade_migrations (
                        version integer PRIMARY KEY,
                        name text NOT NULL,
                        applied_at timestamptz NOT NULL DEFAULT now())""")
    done = {int(row[0]) for row in conn.execute("SELECT version FROM arcade_migrations")}
    for migration in MIGRATIONS:
        if migration.version in done:
            continue
        for statement in migration.statements:
            conn.execute(statement)
        conn.execute("INSERT INTO arcade_migrations (version, name) VALUES (%s, %s)",
                     (migration.version, migration.name))
        log.info("venue schema: migration %d applied (%s)", migration.version, migration.name)
