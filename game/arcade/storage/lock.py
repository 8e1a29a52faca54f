"""One running game per data folder, where the folder is, and the log file in it.

:class:`DataLock` keeps the saves to one copy of the game: two copies on one folder would both
resume the same save. It is an OS lock (``flock``; ``msvcrt.locking`` on Windows), released by
the OS when the process exits, crashes or is killed, so a lock *file* left behind never blocks
the next start. It is taken on the folder itself (POSIX: ``.lock`` can be removed or replaced
under a running copy, the folder cannot) and on ``.lock`` (which older copies lock). Anything
but a regular file in ``.lock``'s place is set aside first; lock files are opened with
``O_NOFOLLOW`` and never written. When nothing can be locked (a folder that cannot be created
or opened), :meth:`DataLock.acquire` says ``True``: such a folder cannot be written either.
A second copy finding the folder locked creates ``.raise-request`` and exits; the running copy
polls :meth:`DataLock.raise_requested` and raises its window.

The records need no lock of this package: SQLite's own locking keeps two processes apart.
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
HELD = -1
"""What :func:`_lock` says when another process holds the lock."""


def _lock(path: Path, *modes: int) -> int | None:
    """A descriptor on ``path``, opened with the first of ``modes`` that works (a read-only
    folder's lock file is locked read-only) and locked; :data:`HELD`, or ``None`` when it cannot
    be opened or locked here."""
    fd = None
    for mode in modes:
        with contextlib.suppress(OSError):
            fd = os.open(path, mode | _FLAGS, 0o600)
            break
    if fd is None:
        log.info("cannot open %s to lock it", path)
        return None
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        return fd
    except OSError as error:
        os.close(fd)
        if error.errno in _BUSY:
            return HELD
        log.warning("cannot lock %s (%s): going on without that lock", path, error)
        return None


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
        folder = _lock(self.data_dir, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)) \
            if fcntl is not None else None
        if folder == HELD:
            return False
        path = self.data_dir / LOCK_FILE
        fd = _lock(path, os.O_RDWR | os.O_CREAT, os.O_RDONLY) if set_aside_if_odd(path) else None
        self._fds = [kept for kept in (folder, fd) if kept is not None and kept != HELD]
        if fd == HELD:  # an older copy, which locks only .lock
            self.release()
            return False
        return True

    def release(self) -> None:
        """Let another copy start (also happens by itself when the process ends)."""
        while self._fds:
            fd = self._fds.pop()
            with contextlib.suppress(OSError):
                if fcntl is not None:
                    fcntl.flock(fd, fcntl.LOCK_UN)
                else:
                    msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
            with contextlib.suppress(OSError):
                os.close(fd)

    def request_raise(self) -> bool:
        """From a second copy: ask the running one to bring its window forward."""
        try:
            os.close(os.open(self.data_dir / RAISE_FILE, os.O_WRONLY | os.O_CREAT | _FLAGS, 0o600))
        except OSError as error:
            log.info("cannot ask the running copy to come forward: %s", error)
            return False
        return True

    def raise_requested(self) -> bool:
        """For the running copy, every frame: whether a second copy asked (the request is then
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
"""Called after the arcade, never after a game, and never moved: later versions find it."""


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
    it), or None."""
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
    """``RotatingFileHandler`` whose failures pause it for ``retry_seconds`` (records meanwhile
    counted as dropped) instead of printing a traceback per record to stderr (a full disk would
    flood a kiosk's journal)."""

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
        """Only a regular file: never through a symlink, never blocking on a FIFO."""
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
    """The log file in ``folder`` (3 × 512 KB; something else in its place set aside first), or
    ``None`` if it cannot be opened (then the game logs to stderr only)."""
    path = folder / LOG_FILE
    set_aside_if_odd(path)
    try:
        return QuietRotatingFileHandler(path)
    except OSError as error:
        logging.getLogger(__name__).warning("no log file in %s (%s)", folder, error)
        return None
