"""``arcade.db``: the SQLite database of the records, opened and kept safe off the frame.

* **Two connections, two threads.** Every write is a job on a :class:`~.jobs.Lane`
  (:meth:`Database.submit`, :meth:`Database.call`) with the writing connection; questions are
  jobs of a second thread with a read-only connection of its own (:meth:`Database.read`), so
  a question never waits behind a commit, and a commit that waits for another program's lock
  (a database browser, a backup) holds up nothing but the records (which stay pending).
* **Two processes** on one database are safe by SQLite's own locking: WAL journal (readers
  never wait for a writer), each write one ``BEGIN IMMEDIATE`` transaction, and a busy timeout
  of :data:`BUSY_SECONDS`. Commits are durable (``synchronous=FULL``).
* **Damage.** A file that is not a regular file, not an SQLite database, another program's
  database or one without the tables this build needs is renamed
  ``arcade.db.corrupt-<stamp>`` (with its ``-wal`` and ``-shm`` files),
  ``Notice("notice.corrupt", {"file": "arcade.db"})`` is appended, and a new database is made.
  One SQLite finds damaged (at opening, in the check at start or in any later query,
  ``SQLITE_CORRUPT``/``SQLITE_NOTADB``) is set aside the same way, and every row it still
  holds is copied into the new one (:mod:`~game.arcade.storage.schema`). One without read
  permission is left where it is (``notice.unreadable``) and the records live in an
  in-memory database for the session, as they do when there is no data folder (or when the
  storage keeps its records in memory).
* Anything else that fails (a full disk, a lock held too long, a file that may be read but
  not written) fails that job only: the caller decides (a record is tried again later). The
  database is opened again when its file was removed or replaced under it, and after a write
  refused as read-only (its mode may be put right while the game runs).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import time
from collections.abc import Callable
from concurrent.futures import Future
from datetime import datetime
from pathlib import Path
from typing import TypeVar

from game.arcade.storage.files import Corrupt, Unreadable, read_regular, sync_dir
from game.arcade.storage.gamedata import stamp
from game.arcade.storage.jobs import Lane
from game.arcade.storage.jsonfile import Notice
from game.arcade.storage.schema import (
    VERSION,
    NotOurs,
    check_tables,
    migrate,
    recover_into,
    version_of,
)

log = logging.getLogger(__name__)

T = TypeVar("T")

DB_FILE = "arcade.db"
BUSY_SECONDS = 5.0
"""How long a write waits for another process's transaction before it fails (and is tried
again later)."""
HEADER = b"SQLite format 3\x00"
SIDE_FILES = ("-wal", "-shm")
READ_BUSY_SECONDS = 0.5
"""How long a question waits for a lock at most (only a database out of WAL mode has one)."""
DAMAGED = (11, 26)
"""SQLITE_CORRUPT, SQLITE_NOTADB: the file itself is bad (other errors fail one job)."""
READ_ONLY = 8
"""SQLITE_READONLY: the file may be read but not written (its connection is opened again)."""


class Unavailable(Exception):
    """The database could not be opened for this job (tried again with the next one)."""


def is_damage(error: BaseException) -> bool:
    """Whether ``error`` says the database file itself is damaged."""
    return _code(error) in DAMAGED


def _code(error: BaseException) -> int | None:
    code = getattr(error, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(error, sqlite3.DatabaseError) and code is not None else None


def transaction(conn: sqlite3.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """``work`` in one write transaction (committed, or rolled back when it raises)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        result = work(conn)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
        raise
    return result


def check_file(path: Path) -> None:
    """:class:`Corrupt` unless ``path`` is missing, empty, or a regular file (never a link) that
    starts like an SQLite database; :class:`Unreadable` without permission. Never blocks."""
    if os.path.islink(path):
        raise Corrupt("a symbolic link")
    head = read_regular(path, len(HEADER), follow=False, head=True)
    if head and head != HEADER:
        raise Corrupt("not an SQLite database")


class Database:
    """The records database of ``folder`` (``None``: in memory), used through jobs."""

    def __init__(self, folder: Path | None, notices: list[Notice],
                 clock: Callable[[], datetime]) -> None:
        self.folder = folder
        self.notices = notices
        self.clock = clock
        self.jobs = Lane("records-db")
        self.reader = Lane("records-read")
        self.take_ins: list[Callable[[sqlite3.Connection], None]] = []
        """Steps of :func:`~.schema.migrate` that take older files in, on each opening."""
        self.on_open: Callable[[sqlite3.Connection], None] | None = None
        """Called on the database's thread each time the database is opened (its errors fail
        the opening)."""
        self._conn: sqlite3.Connection | None = None
        self._inode: int | None = None  # of the file the connection has open
        self._reading: sqlite3.Connection | None = None  # the reader thread's, read-only
        self._read_inode: int | None = None
        self._memory = folder is None
        self._refused = False  # a write was refused as read-only: open the file again

    @property
    def path(self) -> Path | None:
        return None if self.folder is None else self.folder / DB_FILE

    @property
    def in_memory(self) -> bool:
        """Whether the records live in memory (no folder, or a file we may not read)."""
        return self._memory

    # --- jobs ------------------------------------------------------------------------------

    def submit(self, work: Callable[[sqlite3.Connection], T]) -> Future[T]:
        """Run ``work`` with the connection on the database's thread, in its turn."""
        return self.jobs.submit(lambda: self.run(work))

    def call(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """:meth:`submit` and wait: the result, or what ``work`` raised."""
        return self.submit(work).result()

    def submit_logged(self, work: Callable[[sqlite3.Connection], object],
                      what: str) -> Future[bool]:
        """Like :meth:`submit` for a job nobody waits for: a failure is logged (``False``)."""

        def job() -> bool:
            try:
                self.run(work)
            except (sqlite3.Error, Unavailable) as error:
                log.warning("%s failed: %s", what, error)
                return False
            return True

        return self.jobs.submit(job)

    def read(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` with the read-only connection on the reading thread and wait: it sees
        what is committed, and never waits behind a write (in memory: in the writes' turn).
        A damaged database found there is recovered by the writing thread."""
        if self._memory:
            return self.call(work)
        return self.reader.submit(lambda: self._run_read(work)).result()

    def settle(self, timeout: float | None = None) -> bool:
        return self.jobs.settle(timeout)

    def close(self, timeout: float | None = None) -> bool:
        """Run what is queued (at most ``timeout`` seconds), end the threads and close the
        connections (a later job opens them again; an in-memory database stays open, or its
        records would be gone); whether everything queued ran. The writing connection closes
        last: it takes the -wal into the file and removes it (a read-only one cannot)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        if not self._memory:
            self.jobs.submit(self._close_connections)
        ended = self.jobs.stop(timeout)
        self.reader.stop(None if deadline is None else max(0.0, deadline - time.monotonic()))
        return ended

    def _close_connections(self) -> None:
        self.reader.call(self._drop_reader)
        self._disconnect()

    def check(self) -> None:
        """SQLite's quick check of the whole file (a job at start, off the frame): a damaged
        database is recovered now, not at the first question that reaches the bad page."""
        if self._memory:
            return
        conn = self._connection()
        try:
            found = [row[0] for row in conn.execute("PRAGMA quick_check(5)")]
        except sqlite3.DatabaseError as error:
            if is_damage(error):
                self._recover(f"damaged: {error}")
            return
        if found != ["ok"]:
            self._recover(f"the quick check found: {'; '.join(map(str, found))[:200]}")

    def run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work`` on the open database (on the caller's thread: the database's own). A
        damaged database is recovered before the error goes on to the caller; after a write
        refused as read-only the file is opened again with the next job."""
        conn = self._connection()
        try:
            result = work(conn)
        except sqlite3.DatabaseError as error:
            if is_damage(error) and not self._memory:
                self._recover(f"damaged: {error}")
            elif _code(error) == READ_ONLY and not self._memory:
                self._refused = True
            raise
        if self._refused and conn.total_changes:
            self._refused = False  # it may be written again
        return result

    def _run_read(self, work: Callable[[sqlite3.Connection], T]) -> T:
        try:
            conn = self._read_connection()
        except sqlite3.Error as error:
            raise Unavailable(f"{DB_FILE} cannot be read: {error}") from None
        try:
            return work(conn)
        except sqlite3.DatabaseError as error:
            if conn.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
            if is_damage(error):
                self._drop_reader()
                why = str(error)
                self.submit_logged(lambda c: self._recover_if_damaged(c, why),
                                   "recovering the damaged database")
            raise

    def _read_connection(self) -> sqlite3.Connection:
        path = self.path
        assert path is not None
        try:
            inode: int | None = os.stat(path).st_ino
        except OSError:
            inode = None
        if self._reading is not None and inode != self._read_inode:
            self._drop_reader()
        if self._reading is None:
            if inode is None:
                raise sqlite3.OperationalError(f"{DB_FILE} is not there")
            conn = _connect(f"{path.resolve().as_uri()}?mode=ro", READ_BUSY_SECONDS, uri=True)
            self._reading, self._read_inode = conn, inode
        return self._reading

    def _drop_reader(self) -> None:
        if self._reading is not None:
            with contextlib.suppress(sqlite3.Error):
                self._reading.close()
        self._reading = None
        self._read_inode = None

    def _recover_if_damaged(self, conn: sqlite3.Connection, error: str) -> None:
        """On the writing thread, after the reader found damage: recovered, unless the file
        the reader saw has been replaced since (recovered already)."""
        try:
            found = [row[0] for row in conn.execute("PRAGMA quick_check(1)")]
        except sqlite3.DatabaseError as again:
            if not is_damage(again):
                raise
            found = [str(again)]
        if found != ["ok"]:
            self._recover(f"damaged: {error}")

    def backup(self, conn: sqlite3.Connection) -> str:
        """Copy the database on ``conn`` whole to ``arcade.db.backup-<stamp>``: its name
        (``OSError`` when it cannot be made)."""
        folder = self.folder
        assert folder is not None
        base = f"{DB_FILE}.backup-{stamp(self.clock())}"
        target, counter = folder / base, 1
        while os.path.lexists(target):
            counter += 1
            target = folder / f"{base}-{counter}"
        try:
            copy = sqlite3.connect(target)
            try:
                conn.backup(copy)
            finally:
                copy.close()
        except sqlite3.Error as error:
            Path(target).unlink(missing_ok=True)
            raise OSError(f"the records could not be copied to {target.name}: {error}") from None
        return target.name

    # --- opening ---------------------------------------------------------------------------

    def _connection(self) -> sqlite3.Connection:
        if self._refused and self._conn is not None:
            self._disconnect()  # SQLite opens a file it may not write read-only, for good
        if (self._conn is not None and self._inode is not None and not self._memory
                and not self._still_there()):
            log.info("%s was removed or replaced: opening it again", DB_FILE)
            self._disconnect()
        if self._conn is None:
            self._conn = self._open()
        return self._conn

    def _still_there(self) -> bool:
        path = self.path
        try:
            return path is not None and os.stat(path).st_ino == self._inode
        except OSError:
            return False

    def _open(self) -> sqlite3.Connection:
        path = self.path
        if path is None or self._memory:
            return self._prepare(_connect(":memory:"))
        try:
            check_file(path)
            for suffix in SIDE_FILES:
                side = Path(f"{path}{suffix}")
                if os.path.islink(side) or (os.path.lexists(side) and not os.path.isfile(side)):
                    raise Corrupt(f"{side.name} is not a regular file")
        except Unreadable as why:
            log.warning("%s cannot be read (%s): left in place; records are kept in memory",
                        DB_FILE, why)
            self.notices.append(Notice("notice.unreadable", {"file": DB_FILE}))
            self._memory = True
            return self._prepare(_connect(":memory:"))
        except Corrupt as why:
            self._set_aside(str(why))
        try:
            return self._open_file(path)
        except (NotOurs, sqlite3.DatabaseError) as error:
            if isinstance(error, sqlite3.OperationalError) and not is_damage(error):
                raise Unavailable(f"{DB_FILE} cannot be opened: {error}") from None
            if is_damage(error):
                self._recover(str(error))
                if self._conn is not None:
                    return self._conn
            else:
                self._set_aside(str(error))
        try:
            return self._open_file(path)
        except (NotOurs, sqlite3.Error) as error:
            raise Unavailable(f"{DB_FILE} cannot be made: {error}") from None

    def _open_file(self, path: Path) -> sqlite3.Connection:
        try:
            _create_private(path)
        except OSError as error:
            raise Unavailable(f"{DB_FILE} cannot be made: {error}") from None
        conn = _connect(str(path))
        try:
            with contextlib.suppress(sqlite3.OperationalError):  # a read-only file keeps its
                conn.execute("PRAGMA journal_mode=WAL")  # journal; its writes fail anyway
            try:
                self._inode = os.stat(path).st_ino
            except OSError:
                self._inode = None  # not looked at again
            return self._prepare(conn)
        except BaseException:
            conn.close()
            raise

    def _prepare(self, conn: sqlite3.Connection) -> sqlite3.Connection:
        conn.execute("PRAGMA synchronous=FULL")
        migrate(conn, folder=None if self._memory else self.folder, take_ins=self.take_ins)
        check_tables(conn)
        found = version_of(conn)
        if found > VERSION:
            log.warning("%s is version %d, newer than this build knows (%d): used as far as "
                        "it goes", DB_FILE, found, VERSION)
        if self.on_open is not None:
            self.on_open(conn)
        return conn

    def _disconnect(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(sqlite3.Error):
                self._conn.close()
        self._conn = None
        self._inode = None

    # --- setting aside ---------------------------------------------------------------------

    def _recover(self, why: str) -> None:
        """Set the damaged database aside, make a new one and copy into it every row the old
        one still holds (:mod:`~game.arcade.storage.schema`)."""
        damaged = self._set_aside(why)
        path = self.path
        assert path is not None
        try:
            conn = self._open_file(path)
        except (NotOurs, sqlite3.Error) as error:
            raise Unavailable(f"{DB_FILE} cannot be made: {error}") from None
        self._conn = conn
        if not os.path.exists(damaged):
            return
        try:
            kept, lost, by_cli = recover_into(conn, damaged)
        except (sqlite3.Error, OSError) as error:
            log.warning("no records could be recovered from %s: %s", damaged.name, error)
            return
        log.warning("%s recovered from %s%s: %d records kept, %d lost", DB_FILE, damaged.name,
                    " (sqlite3 .recover)" if by_cli else "", kept, lost)
        if self.on_open is not None:
            self.on_open(conn)  # the tables, scores and facets worked out from the records

    def _set_aside(self, why: str) -> Path:
        """Rename the database (and its -wal and -shm) out of the way, and tell; where it
        went."""
        if not self.reader.on_thread():  # the writer's connection closes last: it takes
            self.reader.call(self._drop_reader)  # the -wal into the file and removes it
        else:
            self._drop_reader()
        self._disconnect()
        path = self.path
        assert path is not None
        log.warning("%s is corrupt (%s): set aside, a new one is made", DB_FILE, why[:200])
        self.notices.append(Notice("notice.corrupt", {"file": DB_FILE}))
        return set_aside(path, self.clock())


def set_aside(path: Path, when: datetime) -> Path:
    """Rename the SQLite file ``path`` with its -wal and -shm to ``<name>.corrupt-<stamp>[-n]``
    (one that cannot be renamed is removed); where it went."""
    base = f"{path.name}.corrupt-{stamp(when)}"
    target = path.with_name(base)
    counter = 1
    while any(os.path.lexists(f"{target}{end}") for end in ("", *SIDE_FILES)):
        counter += 1
        target = path.with_name(f"{base}-{counter}")
    for end in ("", *SIDE_FILES):
        try:
            os.rename(f"{path}{end}", f"{target}{end}")
        except FileNotFoundError:
            continue
        except OSError as error:
            log.warning("could not set %s%s aside: %s", path.name, end, error)
            with contextlib.suppress(OSError):
                os.unlink(f"{path}{end}")
    sync_dir(path.parent)
    return target


def _connect(name: str, timeout: float = BUSY_SECONDS, uri: bool = False) -> sqlite3.Connection:
    conn = sqlite3.connect(name, timeout=timeout, isolation_level=None,
                           check_same_thread=False, uri=uri)
    # bytes that are not UTF-8 read back as lone surrogates, which validation refuses
    conn.text_factory = lambda raw: raw.decode("utf-8", "surrogateescape")
    return conn


def _create_private(path: Path) -> None:
    """Make the database file readable by its owner only (SQLite gives its -wal and -shm the
    same mode)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0),
                     0o600)
    except FileExistsError:
        return
    os.close(fd)
