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
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path

from game.arcade.storage.files import set_aside_if_odd

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
