"""One running game per data folder: the lock that keeps the saves to one copy.

Two copies of the game on one folder would both resume the same save, and each would write its
own view of the files. :class:`DataLock` is an **OS-level** lock (``fcntl.flock`` on POSIX,
``msvcrt.locking`` on Windows) on ``<data folder>/.lock``, held for the life of the process: the
OS releases it when the process exits, crashes or is killed, so the lock *file* staying behind
never blocks the next start (its existence means nothing; only the lock on it does).

A second copy that finds the folder locked asks the running copy to come forward
(:meth:`DataLock.request_raise` creates ``.raise-request``) and exits; the running copy polls
:meth:`DataLock.raise_requested` (one ``unlink`` attempt at most every ``poll_seconds``), which
sees and clears the request. Raising the window is the caller's job.

The records need no lock of this package: two processes on ``arcade.db`` are kept apart by
SQLite's own locking (:mod:`~game.arcade.storage.database`).

The lock is taken twice: on the data folder itself (POSIX: ``flock`` on the folder's own
descriptor) and on ``.lock``. A file in the folder can be removed or replaced (by a symlink,
say) under a running copy, whose lock then holds an inode nobody opens any more; the folder
cannot be replaced under it, so a second copy is refused whatever became of ``.lock``.
``.lock`` stays for older copies, which lock only it. Anything but a regular file in its place
(a symlink, a FIFO, a device, a folder) is moved aside (``.lock.aside-<stamp>``, one warning)
before a fresh one is made; lock files are opened with ``O_NOFOLLOW`` and never written to, so
a planted symlink cannot make the game touch another file.

When nothing can be locked at all (the folder cannot be created, or neither it nor a lock file
can be opened), locking is impossible and :meth:`DataLock.acquire` says ``True``: such a folder
cannot be written, so there is nothing two copies could overwrite.

**Where** the data folder is: the platform's user data folder, called after the arcade
(``game.version.APP_NAME``, never after a game, and never moved: every later version finds the
records again), or the one the player names.

**The log file**: a rotating handler that never spills tracebacks onto stderr (the standard
one prints ``--- Logging error ---`` and a traceback for every record on a full disk, flooding
a kiosk's journal): a failure is counted, the stream dropped, and after ``retry_seconds``
(records in between counted as dropped) the file is opened again.
"""

from __future__ import annotations

import contextlib
import errno
import io
import logging
import logging.handlers
import os
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import platformdirs

from game.arcade.storage.files import set_aside_if_odd
from game.version import APP_NAME

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt

log = logging.getLogger(__name__)

LOCK_FILE = ".lock"
RAISE_FILE = ".raise-request"
_FLAGS = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
_BUSY = (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, getattr(errno, "EDEADLOCK", errno.EDEADLK))


def _open(path: Path) -> int | None:
    """A descriptor on the lock file ``path`` (created if possible), or ``None``."""
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT | _FLAGS, 0o600)
    except OSError:
        pass
    try:
        return os.open(path, os.O_RDONLY | _FLAGS)  # a read-only folder: flock works on it
    except OSError as error:
        log.info("no lock file %s (%s)", path, error)
        return None


def _open_folder(folder: Path) -> int | None:
    """A descriptor on the folder itself, to lock (POSIX only: Windows cannot lock one)."""
    if fcntl is None:
        return None
    try:
        return os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _FLAGS)
    except OSError as error:
        log.info("cannot open the folder %s to lock it (%s)", folder, error)
        return None


def _lock_or_close(fd: int, what: Path) -> bool | None:
    """Lock ``fd`` (kept open when taken): ``True`` taken, ``False`` held by another process
    (closed), ``None`` when it cannot be locked here (closed)."""
    try:
        taken = _try_lock(fd)
    except OSError as error:
        log.warning("cannot lock %s (%s): going on without that lock", what, error)
        os.close(fd)
        return None
    if not taken:
        os.close(fd)
    return taken


def _try_lock(fd: int) -> bool:
    """Take the lock on ``fd`` without waiting: ``True`` if taken, ``False`` if another process
    holds it; ``OSError`` when this file system cannot lock."""
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError as error:
        if error.errno in _BUSY:
            return False
        raise
    return True


def _unlock_and_close(fd: int) -> None:
    with contextlib.suppress(OSError):
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
        else:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    with contextlib.suppress(OSError):
        os.close(fd)


class DataLock:
    """The lock that makes a game the only one running on ``data_dir``."""

    def __init__(self, data_dir: Path | str, clock: Callable[[], float] = time.monotonic,
                 poll_seconds: float = 0.5) -> None:
        self.data_dir = Path(data_dir)
        self.clock = clock
        self.poll_seconds = poll_seconds
        self._fds: list[int] = []  # the folder's and .lock's, while held
        self._last_poll: float | None = None

    @property
    def held(self) -> bool:
        return bool(self._fds)

    def acquire(self) -> bool:
        """``True`` when this process may use the folder (the locks are ours, or locking is
        impossible there); ``False`` when another running copy holds one."""
        if self._fds:
            return True
        with contextlib.suppress(OSError, ValueError):
            self.data_dir.mkdir(parents=True, exist_ok=True)
        folder = _open_folder(self.data_dir)
        if folder is not None:
            taken = _lock_or_close(folder, self.data_dir)
            if taken is False:
                return False
            if taken:
                self._fds.append(folder)
        path = self.data_dir / LOCK_FILE
        fd = _open(path) if set_aside_if_odd(path) else None
        if fd is not None:
            taken = _lock_or_close(fd, path)
            if taken is False:  # an older copy, which locks only .lock
                self.release()
                return False
            if taken:
                self._fds.append(fd)
        return True

    def release(self) -> None:
        """Let another copy start (also happens by itself when the process ends)."""
        while self._fds:
            _unlock_and_close(self._fds.pop())

    def request_raise(self) -> bool:
        """From a second copy: ask the running one to bring its window forward."""
        try:
            fd = os.open(self.data_dir / RAISE_FILE, os.O_WRONLY | os.O_CREAT | _FLAGS, 0o600)
        except OSError as error:
            log.info("cannot ask the running copy to come forward: %s", error)
            return False
        os.close(fd)
        return True

    def raise_requested(self) -> bool:
        """For the running copy, every frame: whether a second copy asked (then the request is
        cleared). Looks at the disk at most once per ``poll_seconds``."""
        now = self.clock()
        if self._last_poll is not None and now - self._last_poll < self.poll_seconds:
            return False
        self._last_poll = now
        try:
            os.unlink(self.data_dir / RAISE_FILE)
        except OSError:
            return False
        return True


DEFAULT_DIR = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def resolve_data_dir(data_dir: Path | str | None) -> Path:
    """The data folder ``data_dir`` names (``None``: :data:`DEFAULT_DIR`); ``ValueError`` for
    an empty name (it would write into the working directory) or a ``~user`` that does not
    exist."""
    if data_dir is None:
        return DEFAULT_DIR
    if isinstance(data_dir, str) and not data_dir.strip():
        raise ValueError("the data folder is empty: give a folder, or leave it out for the default")
    expanded = os.path.expanduser(os.fspath(data_dir))
    if expanded.startswith("~"):
        raise ValueError(f"the data folder {str(data_dir)!r} names a home folder that is not there")
    return Path(expanded)


def unusable(folder: Path) -> str | None:
    """Why ``folder`` cannot hold the game's data (not a folder, or nothing can be written in
    it: ``/proc``, a read-only mount), or None when a file can be made and removed there."""
    if not os.path.isdir(folder):
        return "not a folder"
    try:
        with tempfile.TemporaryFile(dir=folder, prefix=".probe-"):
            pass
    except OSError as error:
        return error.strerror or str(error)
    return None


LOG_FILE = f"{APP_NAME}.log"
MAX_BYTES = 512 * 1024
BACKUPS = 3
RETRY_SECONDS = 60.0
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class QuietRotatingFileHandler(logging.handlers.RotatingFileHandler):
    """``RotatingFileHandler`` whose failures pause it instead of printing to stderr."""

    def __init__(self, filename: Path | str, max_bytes: int = MAX_BYTES,
                 backups: int = BACKUPS, retry_seconds: float = RETRY_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(filename, maxBytes=max_bytes, backupCount=backups, encoding="utf-8")
        self.retry_seconds = retry_seconds
        self.clock = clock
        self.failures = 0
        self.dropped = 0
        self._resume_at: float | None = None
        self.setFormatter(logging.Formatter(FORMAT))

    @property
    def paused(self) -> bool:
        return self._resume_at is not None

    def emit(self, record: logging.LogRecord) -> None:
        if self._resume_at is not None:
            if self.clock() < self._resume_at:
                self.dropped += 1
                return
            self._resume_at = None
        super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:
        """Count the failure, drop the stream and pause; never write to stderr."""
        self.failures += 1
        self.dropped += 1
        self._resume_at = self.clock() + self.retry_seconds
        stream, self.stream = self.stream, None
        if stream is not None:
            with contextlib.suppress(Exception):
                stream.close()

    def close(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            super().close()

    def _open(self) -> io.TextIOWrapper:
        """The log opened for appending only if it is a regular file: never through a
        symlink, and never blocking on a FIFO (which would hang the start-up)."""
        flags = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
                 | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
        fd = os.open(self.baseFilename, flags, 0o644)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(f"{self.baseFilename} is not a regular file")
            return os.fdopen(fd, "a", encoding=self.encoding, errors=self.errors)
        except BaseException:
            os.close(fd)
            raise


def open_log(folder: Path) -> QuietRotatingFileHandler | None:
    """The log file in ``folder`` (:data:`LOG_FILE`, 3 × 512 KB), or ``None`` if it cannot
    be opened (then the game logs to stderr only). Something else in its place (a symlink, a
    FIFO, a device, a folder) is set aside first, never written through."""
    path = folder / LOG_FILE
    set_aside_if_odd(path)
    try:
        return QuietRotatingFileHandler(path)
    except OSError as error:
        logging.getLogger(__name__).warning("no log file in %s (%s)", folder, error)
        return None
