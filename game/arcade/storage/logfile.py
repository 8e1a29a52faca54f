"""The log file: a rotating handler that never spills tracebacks onto stderr.

The standard handler reports its own failures with ``handleError``, which prints
``--- Logging error ---`` and a traceback to stderr for every record: on a full disk that floods
the terminal (and a kiosk's journal) while the game itself is fine. This handler stays quiet: a
failure is counted, the broken stream dropped, and the handler pauses for ``retry_seconds``
(records in between are counted as dropped); then it reopens the file and tries again.
"""

from __future__ import annotations

import contextlib
import io
import logging
import logging.handlers
import os
import stat
import time
from collections.abc import Callable
from pathlib import Path

from game.arcade.storage.files import set_aside_if_odd
from game.version import APP_NAME

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
