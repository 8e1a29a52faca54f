"""One running game per data folder: an OS lock that a crash or kill releases by itself."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.arcade.storage import DataLock
from game.arcade.storage.lock import LOCK_FILE, RAISE_FILE

ROOT = Path(__file__).resolve().parents[3]
OTHER_COPY = """
import sys, time
sys.path.insert(0, sys.argv[1])
from game.arcade.storage import DataLock
lock = DataLock(sys.argv[2])
taken = lock.acquire()
print("acquired" if taken else "busy", flush=True)
if not taken and sys.argv[3] == "raise":
    print("asked" if lock.request_raise() else "could not ask", flush=True)
if taken and sys.argv[3] == "hold":
    time.sleep(120)
"""


def other_copy(folder: Path, mode: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", OTHER_COPY, str(ROOT), str(folder), mode],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


class Ticks:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_second_copy_is_refused_and_asks_the_first_to_come_forward(tmp_path: Path) -> None:
    ticks = Ticks()
    lock = DataLock(tmp_path, clock=ticks, poll_seconds=0.5)
    assert lock.acquire() and lock.held and lock.acquire()  # idempotent
    assert lock.raise_requested() is False
    second = other_copy(tmp_path, "raise")
    out, err = second.communicate(timeout=60)
    assert out.split() == ["busy", "asked"], err
    assert (tmp_path / RAISE_FILE).exists()
    assert lock.raise_requested() is False  # polled less than poll_seconds ago: no disk look
    ticks.now += 0.5
    assert lock.raise_requested() is True and not (tmp_path / RAISE_FILE).exists()
    ticks.now += 1
    assert lock.raise_requested() is False  # seen once, then cleared
    lock.release()
    assert not lock.held
    third = other_copy(tmp_path, "once")
    assert third.communicate(timeout=60)[0].split() == ["acquired"]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX kill")
def test_a_killed_copy_leaves_no_stale_lock(tmp_path: Path) -> None:
    holder = other_copy(tmp_path, "hold")
    assert holder.stdout is not None
    assert holder.stdout.readline().strip() == "acquired"
    assert DataLock(tmp_path).acquire() is False
    holder.send_signal(signal.SIGKILL)
    holder.wait(timeout=30)
    holder.stdout.close()
    holder.stderr.close()  # type: ignore[union-attr]
    assert (tmp_path / LOCK_FILE).exists()  # the file stays; the lock went with the process
    lock = DataLock(tmp_path)
    assert lock.acquire() is True
    lock.release()


def test_a_folder_that_cannot_exist_cannot_be_locked_and_is_no_obstacle(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    lock = DataLock(blocker / "data")
    assert lock.acquire() is True and not lock.held
    assert lock.request_raise() is False and lock.raise_requested() is False


def test_lock_files_are_never_followed(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    data = tmp_path / "data"
    data.mkdir()
    (data / LOCK_FILE).symlink_to(target)
    (data / RAISE_FILE).symlink_to(target)
    lock = DataLock(data)
    assert lock.acquire() is True and lock.held  # the link set aside, a real lock taken
    assert DataLock(data).request_raise() is False
    assert not target.exists()
    lock.release()


def replace_by_link(path: Path, target: Path) -> None:
    os.unlink(path)
    path.symlink_to(target)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX kill")
@pytest.mark.parametrize("how", ["symlink", "removed"])
def test_a_lock_file_replaced_under_a_running_copy_never_lets_a_second_one_run(
        tmp_path: Path, how: str) -> None:
    """Issue 38, case 9: with ``.lock`` replaced by a symlink both copies ran (the second one
    could open no lock file, so it took locking to be impossible there)."""
    holder = other_copy(tmp_path, "hold")
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "acquired"
        if how == "symlink":
            replace_by_link(tmp_path / LOCK_FILE, tmp_path / "elsewhere")
        else:
            os.unlink(tmp_path / LOCK_FILE)
        second = other_copy(tmp_path, "once")
        out, err = second.communicate(timeout=60)
        assert out.split() == ["busy"], err
        assert not (tmp_path / "elsewhere").exists()
    finally:
        holder.kill()
        holder.communicate(timeout=30)


@pytest.mark.parametrize("kind", ["symlink", "fifo", "device", "folder"])
def test_something_else_as_the_lock_file_is_set_aside_and_reported(
        tmp_path: Path, kind: str, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 38, case 9: only a regular file is the lock; anything else is renamed out of the
    way (never opened, never followed), one warning says so, and the lock works as usual."""
    path = tmp_path / LOCK_FILE
    if kind == "symlink":
        path.symlink_to(tmp_path / "elsewhere")
    elif kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(path)
    elif kind == "device":
        if not os.path.exists("/dev/null"):
            pytest.skip("no /dev/null")
        path.symlink_to("/dev/null")
    else:
        path.mkdir()
    with caplog.at_level(logging.WARNING):
        lock = DataLock(tmp_path)
        assert lock.acquire() is True and lock.held
    try:
        assert path.is_file() and not path.is_symlink()
        aside = [p for p in tmp_path.iterdir() if p.name.startswith(f"{LOCK_FILE}.aside-")]
        assert len(aside) == 1 and "not a regular file" in caplog.text
        assert not (tmp_path / "elsewhere").exists()
        out, err = other_copy(tmp_path, "once").communicate(timeout=60)
        assert out.split() == ["busy"], err
    finally:
        lock.release()

