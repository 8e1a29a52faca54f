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

Version 2 adds the index of the documents by game and record id; version 3 the venue link's
``venue_acked`` (what each venue's server stored) and ``venue_boards`` (the last boards read).

Files of older versions are taken in by :func:`migrate` too, after the numbered steps, each in
one transaction, then renamed ``<name>.migrated`` (a kill between the two takes it in again,
which changes nothing): ``fleet.db``, the venue link's file before version 3.

**Recovery**: one bad page must cost only the rows on it. When SQLite finds the file damaged,
the file is set aside (:mod:`~game.arcade.storage.database`) and every row that can still be
read is copied into the new database:

* with the ``sqlite3`` program, when it is installed: its ``.recover`` reads every page it
  can, past damaged ones, into a clean copy, and the rows are taken from there;
* else row by row: the records are read in recording order, and a range that cannot be read
  is stepped over (found by doubling, then halving, the step past it).

The tables are ranked again from the records' stored scores afterwards (the damaged file's
are not trusted), and the index of the documents is listed again from ``games/``. How many
records were kept and how many are missing is logged.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import sqlite3
import stat
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from game.arcade.storage.gamedata import stamp, utcnow

log = logging.getLogger(__name__)

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
    (  # 3: the venue link's acknowledgements and last boards (taken in from fleet.db)
        """CREATE TABLE venue_acked (
            venue TEXT NOT NULL, game TEXT NOT NULL, id TEXT NOT NULL,
            initials TEXT NOT NULL, document INTEGER NOT NULL,
            PRIMARY KEY (venue, game, id)) WITHOUT ROWID""",
        """CREATE TABLE venue_boards (
            query TEXT PRIMARY KEY, read_at TEXT NOT NULL, payload TEXT NOT NULL)""",
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
    "venue_acked": {"venue", "game", "id", "initials", "document"},
    "venue_boards": {"query", "read_at", "payload"},
}
"""The tables and columns this build uses (a newer database must still have them)."""


class NotOurs(Exception):
    """The file is an SQLite database, but not one the arcade can use."""


def version_of(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, steps: tuple[tuple[str, ...], ...] = MIGRATIONS,
            folder: Path | None = None,
            take_ins: Sequence[Callable[[sqlite3.Connection], None]] = ()) -> int:
    """Bring the database on ``conn`` (autocommit mode) up to ``len(steps)``, one transaction
    per step, then take in the older files: ``fleet.db`` of ``folder`` (``None``: none) and
    what ``take_ins`` take (``scores.json``), each without waiting for another program's
    lock (a step that fails is logged and tried again at the next opening); the version it
    was at. :class:`NotOurs` for another program's database (one whose ``PRAGMA application_id``
    is not the arcade's, or one without it that holds tables)."""
    app_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
    found = version_of(conn)
    if app_id != APPLICATION_ID and (app_id != 0 or found or _has_tables(conn)):
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
    older: list[Callable[[sqlite3.Connection], None]] = [*take_ins]
    if folder is not None:
        older.insert(0, partial(take_in_fleet_db, folder=folder))
    waits = conn.execute("PRAGMA busy_timeout").fetchone()[0]
    conn.execute("PRAGMA busy_timeout = 0")  # a lock held elsewhere: taken in next time
    try:
        for take_in in older:
            try:
                take_in(conn)
            except sqlite3.Error as error:  # busy or read-only: the file stays for next time
                log.warning("an older file is not taken in now: %s", error)
    finally:
        conn.execute(f"PRAGMA busy_timeout = {int(waits)}")
    return found


FLEET_FILE = "fleet.db"
FLEET_TABLES = {"acked": "venue_acked", "boards": "venue_boards"}


def take_in_fleet_db(conn: sqlite3.Connection, folder: Path) -> None:
    """``fleet.db``'s rows into their tables (rows already there win), then the file renamed
    ``fleet.db.migrated``; one that cannot be read is renamed ``fleet.db.corrupt-<stamp>``
    (losing it costs only sending the records to the venue again)."""
    path = folder / FLEET_FILE
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return
    except OSError:
        return
    rows: dict[str, list[tuple[object, ...]]] = {}
    try:
        old = sqlite3.connect(f"{path.resolve().as_uri()}?mode=rw", uri=True, timeout=1.0)
        try:
            for table in FLEET_TABLES:
                rows[table] = old.execute(f"SELECT * FROM {table}").fetchall()
        finally:
            old.close()
        end = "migrated"
    except sqlite3.Error as error:
        if not os.path.lexists(path):
            return  # taken in by another connection meanwhile
        log.warning("%s cannot be read (%s): set aside, its records are offered to the venue "
                    "again", FLEET_FILE, error)
        rows, end = {}, f"corrupt-{stamp(utcnow())}"
    conn.execute("BEGIN IMMEDIATE")
    try:
        for table, found in rows.items():
            marks = ", ".join("?" * (5 if table == "acked" else 3))
            conn.executemany(f"INSERT OR IGNORE INTO {FLEET_TABLES[table]} VALUES ({marks})",
                             found)
        conn.execute("COMMIT")
    finally:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
    target, counter = f"{path}.{end}", 1
    while os.path.lexists(target):  # an earlier backup stays
        counter += 1
        target = f"{path}.{end}-{counter}"
    for side in ("", "-wal", "-shm"):
        with contextlib.suppress(OSError):
            os.rename(f"{path}{side}", f"{target}{side}")


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


RECORD_COLUMNS = "seq, game, id, date, variant, initials, fields, score, f1, f2, f3, f4"
OTHER_TABLES = {"recorded": "game, id", "foreign_sections": "game, section",
                "meta": "key, value", "venue_acked": "venue, game, id, initials, document",
                "venue_boards": "query, read_at, payload"}
"""Tables copied whole (small); ``ranked`` and ``documents`` are made again."""
BATCH = 500
CLI_SECONDS = 120.0
"""How long the ``sqlite3`` program may take to read a damaged file."""
FARTHEST = 2 ** 62


def recover_into(conn: sqlite3.Connection, damaged: Path) -> tuple[int, int, bool]:
    """Copy what ``damaged`` still holds into the (new, empty) database on ``conn``: records
    kept, records missing (by the gaps in their numbers), and whether SQLite's own
    ``.recover`` read the file."""
    made = [side for side in (Path(f"{damaged}{end}") for end in ("-wal", "-shm"))
            if not os.path.lexists(side)]
    try:
        return _recover_into(conn, damaged)
    finally:
        for side in made:  # what reading the damaged file made beside it (nothing of its own)
            with contextlib.suppress(OSError):
                side.unlink()


def _recover_into(conn: sqlite3.Connection, damaged: Path) -> tuple[int, int, bool]:
    with tempfile.TemporaryDirectory(prefix=".recover-", dir=damaged.parent) as work:
        clean = _by_cli(damaged, Path(work) / "recovered.db")
        source = sqlite3.connect(f"{(clean or damaged).resolve().as_uri()}?mode=ro", uri=True)
        source.text_factory = bytes  # read as stored; written back as text
        conn.execute("BEGIN IMMEDIATE")  # one transaction: all of it, or nothing
        try:
            kept, highest = _copy_records(source, conn)
            for table, columns in OTHER_TABLES.items():
                try:
                    rows = source.execute(f"SELECT {columns} FROM {table}").fetchall()
                except sqlite3.DatabaseError as error:
                    log.warning("the %s of the damaged database are lost: %s", table, error)
                    continue
                if table == "meta":  # what the scores were worked out with, not the listing
                    rows = [row for row in rows if row[0] != b"documents_folder"]
                conn.executemany(f"INSERT OR REPLACE INTO {table} ({columns}) VALUES "
                                 f"({', '.join('?' * len(columns.split(',')))})",
                                 [tuple(map(_text, row)) for row in rows])
            conn.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            raise
        finally:
            source.close()
    return kept, max(0, highest - kept), clean is not None


def _text(value: object) -> object:
    """A value read as bytes, back as the text it was stored as (bytes that are not UTF-8
    stay a blob: reading the record back refuses it)."""
    if isinstance(value, bytes):
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            return value
    return value


def _by_cli(damaged: Path, target: Path) -> Path | None:
    """``damaged`` read by ``sqlite3 … .recover`` into ``target``; ``None`` when the program
    is missing or fails."""
    program = shutil.which("sqlite3")
    if program is None:
        return None
    try:
        with subprocess.Popen([program, str(damaged), ".recover"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL) as reader:
            loaded = subprocess.run([program, str(target)], stdin=reader.stdout,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                    timeout=CLI_SECONDS, check=False)
            if reader.stdout is not None:
                reader.stdout.close()
            reader.wait(CLI_SECONDS)
    except (OSError, subprocess.SubprocessError) as error:
        log.warning("sqlite3 .recover could not read the damaged database: %s", error)
        return None
    if reader.returncode != 0 or not target.exists():
        log.warning("sqlite3 .recover failed (%s): %s", reader.returncode,
                    loaded.stderr.decode("utf-8", "replace")[:200])
        return None
    try:
        check = sqlite3.connect(target)
        try:
            check.execute("SELECT count(*) FROM records").fetchone()
        finally:
            check.close()
    except sqlite3.Error as error:
        log.warning("sqlite3 .recover found no records: %s", error)
        return None
    return target


def _rows(source: sqlite3.Connection, after: int,
          size: int) -> list[tuple[object, ...]] | None:
    """Up to ``size`` records after number ``after`` of the damaged file; ``None`` where the
    file cannot be read there."""
    try:
        return source.execute(f"SELECT {RECORD_COLUMNS} FROM records WHERE seq > ? "
                              "ORDER BY seq LIMIT ?", (after, size)).fetchall()
    except sqlite3.DatabaseError:
        return None


def _copy_records(source: sqlite3.Connection, conn: sqlite3.Connection) -> tuple[int, int]:
    """Every readable record copied in order: (how many, the highest number seen)."""
    kept = highest = after = 0
    insert = (f"INSERT OR IGNORE INTO records ({RECORD_COLUMNS}) "
              f"VALUES ({', '.join('?' * 12)})")
    while True:
        rows = _rows(source, after, BATCH)
        if rows is None:
            rows = _rows(source, after, 1)  # the rows before the damage, one at a time
        if rows is None:
            past = _past_damage(source, after)
            if past is None:
                break
            after = past
            continue
        if not rows:
            break
        conn.executemany(insert, [tuple(map(_text, row)) for row in rows])
        kept += len(rows)
        after = int(rows[-1][0])  # type: ignore[call-overload]
        highest = max(highest, after)
    return kept, highest


def _past_damage(source: sqlite3.Connection, bad: int) -> int | None:
    """The smallest number after ``bad`` from which records can be read again (``None``:
    none can)."""
    step = 1
    while _rows(source, bad + step, 1) is None:
        step *= 2
        if bad + step > FARTHEST:
            return None
    good, low = bad + step, bad + step // 2
    while good - low > 1:
        middle = (good + low) // 2
        if _rows(source, middle, 1) is None:
            low = middle
        else:
            good = middle
    return good
