"""The log file never spills ``--- Logging error ---`` onto stderr (a full disk flooded it)."""

from __future__ import annotations

import contextlib
import errno
import io
import logging
import logging.handlers
import os
import threading
from pathlib import Path
from typing import Any

import pytest

from game.arcade.storage import LOG_FILE
from game.arcade.storage.lock import QuietRotatingFileHandler, open_log
from tests.arcade.storage.support import make


class FullDisk(io.StringIO):
    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


class Ticks:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def record(message: str) -> logging.LogRecord:
    return logging.LogRecord("game", logging.WARNING, __file__, 1, message, None, None)


def test_a_full_disk_is_quiet_pauses_and_tries_again(tmp_path: Path,
                                                     capfd: pytest.CaptureFixture[str]) -> None:
    assert logging.raiseExceptions  # the default that makes the standard handler spill
    ticks = Ticks()
    handler = QuietRotatingFileHandler(tmp_path / LOG_FILE, retry_seconds=60, clock=ticks)
    handler.stream = FullDisk()  # type: ignore[assignment]
    stderr = io.StringIO()
    with contextlib.redirect_stderr(stderr):
        for n in range(50):
            handler.emit(record(f"line {n}"))
    assert stderr.getvalue() == "" and capfd.readouterr().err == ""
    assert handler.failures == 1 and handler.dropped == 50 and handler.paused
    ticks.now += 61  # the disk has room again: the file is reopened
    handler.emit(record("back again"))
    handler.flush()
    assert not handler.paused and handler.failures == 1
    assert "back again" in (tmp_path / LOG_FILE).read_text("utf-8")
    handler.close()


def test_the_standard_handler_would_have_spilled(tmp_path: Path) -> None:
    """The problem, reproduced: what the quiet handler is for."""
    handler = logging.handlers.RotatingFileHandler(tmp_path / "x.log")
    handler.stream = FullDisk()  # type: ignore[assignment]
    stderr = io.StringIO()
    with contextlib.redirect_stderr(stderr):
        handler.emit(record("line"))
    assert "--- Logging error ---" in stderr.getvalue()
    handler.stream = io.StringIO()  # type: ignore[assignment]
    handler.close()


def test_a_failing_rollover_is_quiet_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    handler = QuietRotatingFileHandler(tmp_path / LOG_FILE, max_bytes=50)

    def no_rollover() -> Any:
        raise OSError(errno.EROFS, "read-only")

    monkeypatch.setattr(handler, "doRollover", no_rollover)
    stderr = io.StringIO()
    with contextlib.redirect_stderr(stderr):
        for n in range(5):
            handler.emit(record("x" * 80 + str(n)))
    assert stderr.getvalue() == "" and handler.failures >= 1
    handler.close()
    handler.close()  # twice is fine


def test_log_handler_writes_into_the_data_folder(tmp_path: Path) -> None:
    s = make(tmp_path)
    handler = s.log_handler()
    assert isinstance(handler, QuietRotatingFileHandler)
    logger = logging.getLogger("test.storage.logfile")
    logger.addHandler(handler)
    try:
        logger.warning("hello %s", "log")
    finally:
        logger.removeHandler(handler)
        handler.close()
    assert "WARNING test.storage.logfile: hello log" in (tmp_path / LOG_FILE).read_text("utf-8")


def test_a_fifo_in_the_logs_place_is_set_aside_not_waited_on(tmp_path: Path) -> None:
    """Issue 38, case 3: appending to a FIFO blocks until someone reads it, and start-up hung
    holding the folder lock. It is moved aside and a real log file is made."""
    os.mkfifo(tmp_path / LOG_FILE)
    done: list[QuietRotatingFileHandler | None] = []
    opener = threading.Thread(target=lambda: done.append(open_log(tmp_path)), daemon=True)
    opener.start()
    opener.join(10)
    assert done, "opening the log hung on a FIFO"
    handler = done[0]
    assert handler is not None
    try:
        assert (tmp_path / LOG_FILE).is_file()
        assert [p for p in tmp_path.iterdir() if p.name.startswith(f"{LOG_FILE}.aside-")]
    finally:
        handler.close()


def test_a_symlink_in_the_logs_place_is_never_written_through(tmp_path: Path) -> None:
    """Issue 38, case 9: the log followed a symlink out of the data folder."""
    outside = tmp_path / "outside.txt"
    outside.write_text("not the game's", encoding="utf-8")
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / LOG_FILE).symlink_to(outside)
    handler = open_log(folder)
    assert handler is not None
    try:
        handler.emit(logging.makeLogRecord({"msg": "hello", "levelno": logging.INFO,
                                            "levelname": "INFO"}))
        handler.flush()
    finally:
        handler.close()
    assert outside.read_text(encoding="utf-8") == "not the game's"
    assert "hello" in (folder / LOG_FILE).read_text(encoding="utf-8")
    assert not (folder / LOG_FILE).is_symlink()
