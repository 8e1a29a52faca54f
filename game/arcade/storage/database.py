"""``arcade.db``: the SQLite database of the records, opened and kept safe on its own thread.

* **One thread.** Every use of the connection is a job on :class:`~.jobs.Jobs` (:meth:`Database
  .submit`, :meth:`Database.call`), so the frame thread never waits for a commit it did not ask
  to wait for, and the connection needs no lock.
* **Two processes** on one database are safe by SQLite's own locking: WAL journal, each write
  one ``BEGIN IMMEDIATE`` transaction, and a busy timeout of :data:`BUSY_SECONDS`. Commits are
  durable (``synchronous=FULL``).
* **Damage.** A file that is not a regular file, not an SQLite database, another program's
  database, one without the tables this build needs, or one SQLite finds damaged (at opening
  or later, ``SQLITE_CORRUPT``/``SQLITE_NOTADB``) is renamed ``arcade.db.corrupt-<stamp>``
  (with its ``-wal`` and ``-shm`` files), ``Notice("notice.corrupt", {"file": "arcade.db"})``
  is appended, and a new database is made. One without read permission is left where it is
  (``notice.unreadable``) and the records live in an in-memory database for the session, as
  they do when there is no data folder (or when the storage keeps its records in memory).
* Anything else that fails (a full disk, a lock held too long) fails that job only: the
  caller decides (a record is tried again later). The database is opened again when its file
  was removed or replaced under it.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import sqlite3
import stat
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TypeVar

from game.arcade.storage.files import Corrupt, Unreadable, sync_dir
from game.arcade.storage.gamedata import stamp
from game.arcade.storage.jobs import Jobs, Ticket
from game.arcade.storage.reading import Notice
from game.arcade.storage.schema import VERSION, NotOurs, check_tables, migrate, version_of

log = logging.getLogger(__name__)

T = TypeVar("T")

DB_FILE = "arcade.db"
BUSY_SECONDS = 5.0
"""How long a write waits for another process's transaction before it fails (and is tried
again later)."""
HEADER = b"SQLite format 3\x00"
SIDE_FILES = ("-wal", "-shm")
DAMAGED = (11, 26)
"""SQLITE_CORRUPT, SQLITE_NOTADB: the file itself is bad (other errors fail one job)."""
_READ_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
               | getattr(os, "O_CLOEXEC", 0))


class Unavailable(Exception):
    """The database could not be opened for this job (tried again with the next one)."""


def is_damage(error: BaseException) -> bool:
    """Whether ``error`` says the database file itself is damaged."""
    code = getattr(error, "sqlite_errorcode", None)
    return isinstance(error, sqlite3.DatabaseError) and code is not None and (
        code & 0xFF) in DAMAGED


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
    """:class:`Corrupt` unless ``path`` is missing, empty, or a regular file that starts like
    an SQLite database; :class:`Unreadable` without permission. Never blocks (a FIFO)."""
    try:
        fd = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        if os.path.lexists(path):
            raise Corrupt("a link to nothing") from None
        return
    except OSError as error:
        if error.errno in (errno.EACCES, errno.EPERM) and not os.path.isdir(path):
            raise Unreadable(str(error)) from None
        raise Corrupt(f"cannot be opened: {error}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or os.path.islink(path):
            raise Corrupt(f"not a regular file (mode {stat.filemode(info.st_mode)})")
        head = os.read(fd, len(HEADER)) if info.st_size else HEADER
    except OSError as error:
        raise Corrupt(f"cannot be read: {error}") from None
    finally:
        os.close(fd)
    if head != HEADER:
        raise Corrupt("not an SQLite database")


class Database:
    """The records database of ``folder`` (``None``: in memory), used through jobs."""

    def __init__(self, folder: Path | None, notices: list[Notice],
                 clock: Callable[[], datetime]) -> None:
        self.folder = folder
        self.notices = notices
        self.clock = clock
        self.jobs = Jobs("records-db")
        self.on_open: Callable[[sqlite3.Connection], None] | None = None
        """Called on the database's thread each time the database is opened (its errors fail
        the opening)."""
        self._conn: sqlite3.Connection | None = None
        self._inode: int | None = None  # of the file the connection has open
        self._memory = folder is None

    @property
    def path(self) -> Path | None:
        return None if self.folder is None else self.folder / DB_FILE

    @property
    def in_memory(self) -> bool:
        """Whether the records live in memory (no folder, or a file we may not read)."""
        return self._memory

    # --- jobs ------------------------------------------------------------------------------

    def submit(self, work: Callable[[sqlite3.Connection], T]) -> Ticket[T]:
        """Run ``work`` with the connection on the database's thread, in its turn."""
        return self.jobs.submit(lambda: self.run(work))

    def call(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """:meth:`submit` and wait: the result, or what ``work`` raised."""
        return self.submit(work).wait()

    def submit_logged(self, work: Callable[[sqlite3.Connection], object],
                      what: str) -> Ticket[bool]:
        """Like :meth:`submit` for a job nobody waits for: a failure is logged (``False``)."""

        def job() -> bool:
            try:
                self.run(work)
            except (sqlite3.Error, Unavailable) as error:
                log.warning("%s failed: %s", what, error)
                return False
            return True

        return self.jobs.submit(job)

    def settle(self) -> None:
        self.jobs.settle()

    def close(self) -> None:
        """Run what is queued, end the thread and close the connection (a later job opens it
        again; an in-memory database stays open, or its records would be gone)."""
        if not self._memory:
            self.jobs.submit(self._disconnect)
        self.jobs.stop()

    def run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work`` on the open database (on the caller's thread: the database's own). A
        damaged database is set aside before the error goes on to the caller."""
        conn = self._connection()
        try:
            return work(conn)
        except sqlite3.DatabaseError as error:
            if is_damage(error) and not self._memory:
                self._set_aside(f"damaged: {error}")
            raise

    # --- opening ---------------------------------------------------------------------------

    def _connection(self) -> sqlite3.Connection:
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
        migrate(conn)
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

    def _set_aside(self, why: str) -> None:
        """Rename the database (and its -wal and -shm) out of the way, and tell."""
        self._disconnect()
        path = self.path
        assert path is not None
        log.warning("%s is corrupt (%s): set aside, a new one is made", DB_FILE, why[:200])
        self.notices.append(Notice("notice.corrupt", {"file": DB_FILE}))
        base = f"{DB_FILE}.corrupt-{stamp(self.clock())}"
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
                log.warning("could not set %s%s aside: %s", DB_FILE, end, error)
                with contextlib.suppress(OSError):
                    os.unlink(f"{path}{end}")
        sync_dir(path.parent)


def _connect(name: str) -> sqlite3.Connection:
    conn = sqlite3.connect(name, timeout=BUSY_SECONDS, isolation_level=None,
                           check_same_thread=False)
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
