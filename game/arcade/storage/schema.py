"""The tables of ``arcade.db`` and the numbered migrations that make them.

The schema version is SQLite's own ``PRAGMA user_version``: a new database is 0, and
migration ``n`` (``MIGRATIONS[n - 1]``) takes it from ``n - 1`` to ``n``, each in one
transaction with the version it sets, so a crash leaves the database at one version or the
next. ``PRAGMA application_id`` marks the file as the arcade's: a database of anything else is
set aside, not read.

Migrations only **add** (tables, columns with defaults, indexes): a database a newer version
migrated further is still used by an older one, which writes the columns it knows.

Version 1::

    records   one row per finished game, in recording order (``seq``)
              game, id        the game id and the record id (unique together)
              date, variant, initials
              fields          the game's own fields, a JSON object
              score           the game's ``score_of`` (NULL: the game is not ranked)
              f1 .. f4        the game's facets (``GameData.facets``), for the statistics
    ranked    each ranked game's tables: (game, variant, place) -> the record's seq
    recorded  ids known to be recorded without a record (from version 1 of scores.json)
    foreign   scores.json sections of games this version did not know, kept as they were
    documents the index of the game documents in ``games/``: file name, game, record id, date
    meta      key/value: what the facets and tables were computed with, per game

Version 2 adds the index of the documents by game and record id.
"""

from __future__ import annotations

import sqlite3

APPLICATION_ID = 0x41524344
"""``PRAGMA application_id`` of the arcade's database (``ARCD`` in ASCII)."""
FACET_COLUMNS = ("f1", "f2", "f3", "f4")

_FACET_CHECKS = ",\n".join(
    f"CHECK ({name} IS NULL OR typeof({name}) IN ('integer', 'text'))" for name in FACET_COLUMNS)

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # 1: the records, the tables, the document index
        f"""CREATE TABLE records (
            seq INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            id TEXT NOT NULL,
            date TEXT NOT NULL,
            variant TEXT NOT NULL,
            initials TEXT NOT NULL DEFAULT '',
            fields TEXT NOT NULL,
            score INTEGER,
            f1, f2, f3, f4,
            UNIQUE (game, id),
            CHECK (typeof(score) IN ('integer', 'null')),
            {_FACET_CHECKS})""",
        "CREATE INDEX records_by_game ON records (game, seq)",
        "CREATE INDEX records_by_variant ON records (game, variant, seq)",
        "CREATE INDEX records_facets ON records (game, variant, score, f1, f2, f3, f4)",
        """CREATE TABLE ranked (
            game TEXT NOT NULL, variant TEXT NOT NULL, place INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            PRIMARY KEY (game, variant, place)) WITHOUT ROWID""",
        """CREATE TABLE recorded (
            game TEXT NOT NULL, id TEXT NOT NULL,
            PRIMARY KEY (game, id)) WITHOUT ROWID""",
        "CREATE TABLE foreign_sections (game TEXT PRIMARY KEY, section TEXT NOT NULL)",
        """CREATE TABLE documents (
            name TEXT PRIMARY KEY, game TEXT NOT NULL, record_id TEXT NOT NULL,
            date TEXT NOT NULL)""",
        "CREATE INDEX documents_by_game ON documents (game, name)",
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    ),
    (  # 2: a record's document found by its id, one indexed query
        "CREATE INDEX documents_by_record ON documents (game, record_id)",
    ),
)
VERSION = len(MIGRATIONS)
"""The schema version this build writes."""

REQUIRED = {
    "records": {"seq", "game", "id", "date", "variant", "initials", "fields", "score",
                *FACET_COLUMNS},
    "ranked": {"game", "variant", "place", "seq"},
    "recorded": {"game", "id"},
    "foreign_sections": {"game", "section"},
    "documents": {"name", "game", "record_id", "date"},
    "meta": {"key", "value"},
}
"""The tables and columns this build uses (a newer database must still have them)."""


class NotOurs(Exception):
    """The file is an SQLite database, but not one the arcade can use."""


def version_of(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection,
            steps: tuple[tuple[str, ...], ...] = MIGRATIONS) -> int:
    """Bring the database on ``conn`` (autocommit mode) up to ``len(steps)``, one transaction
    per step; the version it was at. :class:`NotOurs` for another program's database."""
    app_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
    found = version_of(conn)
    if app_id not in (0, APPLICATION_ID) or (app_id == 0 and (found or _has_tables(conn))):
        raise NotOurs(f"application id {app_id:#x}, version {found}")
    for number in range(found + 1, len(steps) + 1):
        conn.execute("BEGIN IMMEDIATE")
        try:
            if version_of(conn) >= number:  # another process migrated it meanwhile
                conn.execute("ROLLBACK")
                continue
            for statement in steps[number - 1]:
                conn.execute(statement)
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {number}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return found


def check_tables(conn: sqlite3.Connection) -> None:
    """:class:`NotOurs` when the database lacks a table or column this build uses (a newer
    version may add, never take away)."""
    missing = _missing(conn)
    if missing is not None:
        raise NotOurs(f"no {missing}")


def _has_tables(conn: sqlite3.Connection) -> bool:
    return bool(conn.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0])


def _missing(conn: sqlite3.Connection) -> str | None:
    """The first table or column this build needs that the database lacks."""
    for table, columns in REQUIRED.items():
        found = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        if not found:
            return f"table {table}"
        lacking = sorted(columns - found)
        if lacking:
            return f"column {table}.{lacking[0]}"
    return None
