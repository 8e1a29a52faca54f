"""What a damaged ``arcade.db`` still holds, copied into a fresh one.

One bad page must cost only the rows on it. When SQLite finds the file damaged, the file is
set aside (:mod:`~game.arcade.storage.database`) and every row that can still be read is
copied into the new database:

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
import subprocess
import tempfile
from pathlib import Path
from typing import NamedTuple

log = logging.getLogger(__name__)

RECORD_COLUMNS = "seq, game, id, date, variant, initials, fields, score, f1, f2, f3, f4"
OTHER_TABLES = {"recorded": "game, id", "foreign_sections": "game, section",
                "meta": "key, value"}
"""Tables copied whole (small); ``ranked`` and ``documents`` are made again."""
BATCH = 500
CLI_SECONDS = 120.0
"""How long the ``sqlite3`` program may take to read a damaged file."""
FARTHEST = 2 ** 62


class Recovered(NamedTuple):
    """What came over: records kept, records missing (by the gaps in their numbers), and
    whether SQLite's own ``.recover`` read the file."""

    kept: int
    lost: int
    by_cli: bool


def recover_into(conn: sqlite3.Connection, damaged: Path) -> Recovered:
    """Copy what ``damaged`` still holds into the (new, empty) database on ``conn``."""
    made = [side for side in (Path(f"{damaged}{end}") for end in ("-wal", "-shm"))
            if not os.path.lexists(side)]
    try:
        return _recover_into(conn, damaged)
    finally:
        for side in made:  # what reading the damaged file made beside it (nothing of its own)
            with contextlib.suppress(OSError):
                side.unlink()


def _recover_into(conn: sqlite3.Connection, damaged: Path) -> Recovered:
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
    return Recovered(kept, max(0, highest - kept), clean is not None)


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
