"""Autosaves written by the writer thread (``JsonStore.write_later``, ``save_game(later=True)``).

A move's frame hands the save's bytes over and goes on; the writer thread writes them with the
same atomic write. These tests slow the disk down (a sleep in ``atomic_write``) so that a
method which did not wait for the queued write would see the old file.
"""

from __future__ import annotations

import errno
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from game.arcade.storage import jobs, jsonfile
from game.arcade.storage.jsonfile import JsonStore, Notice
from tests.arcade.storage.support import SAVE_FAILED, fail, make, played

NAME = "saves/game.json"


def writer_threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if t.name == "save-writer"}


def started_writers(action: Callable[[], object]) -> list[threading.Thread]:
    """The writer threads that ``action`` started (other stores' may be lingering)."""
    before = writer_threads()
    action()
    return sorted(writer_threads() - before, key=lambda t: t.ident or 0)


def _store(folder: Path) -> JsonStore:
    return JsonStore(folder, lambda: datetime(2026, 12, 1, tzinfo=UTC), [], subdirs=("saves",))


@pytest.fixture
def slow_disk(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """Every atomic write takes 50 ms; the bytes written, in order."""
    written: list[bytes] = []
    write = jsonfile.atomic_write

    def slow(path: Path, raw: bytes) -> None:
        time.sleep(0.05)
        write(path, raw)
        written.append(raw)

    monkeypatch.setattr(jsonfile, "atomic_write", slow)
    return written


def test_a_later_write_returns_at_once_and_lands(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The write happens on another thread: ``write_later`` returns while the disk is held."""
    caller = threading.current_thread()
    held, writing = threading.Event(), threading.Event()
    writers: list[threading.Thread] = []
    write = jsonfile.atomic_write

    def held_disk(path: Path, raw: bytes) -> None:
        writers.append(threading.current_thread())
        writing.set()
        if threading.current_thread() is not caller:  # (the caller must not wait for itself)
            assert held.wait(30)
        write(path, raw)

    monkeypatch.setattr(jsonfile, "atomic_write", held_disk)
    store = _store(tmp_path)
    assert store.write_later(NAME, {"turn": 1}) is True
    assert writing.wait(30) and writers[0] is not caller  # written by the writer thread ...
    assert not (tmp_path / NAME).exists()  # ... which is still held up: it returned before
    held.set()
    store.settle()
    assert (tmp_path / NAME).read_bytes() == b'{"turn":1}'
    assert store.notices == []


def test_every_other_method_waits_for_what_is_queued(tmp_path: Path,
                                                     slow_disk: list[bytes]) -> None:
    store = _store(tmp_path)
    assert store.write(NAME, {"turn": 1})
    store.write_later(NAME, {"turn": 2})
    loaded = store.read(NAME)  # a read sees the newest bytes, not the file before them
    assert loaded is not None and loaded.data == {"turn": 2}
    store.write_later(NAME, {"turn": 3})
    assert store.remove(NAME)  # the delete comes after the write it follows
    store.settle()
    assert not (tmp_path / NAME).exists()
    store.write_later(NAME, {"turn": 4})
    assert store.write(NAME, {"turn": 5}, compact=True)  # newer than the one queued before
    store.settle()
    assert (tmp_path / NAME).read_bytes() == b'{"turn":5}'


def test_only_the_newest_queued_bytes_of_a_name_are_written(tmp_path: Path,
                                                           slow_disk: list[bytes]) -> None:
    store = _store(tmp_path)
    for turn in range(1, 7):  # six moves while the disk is busy with the first
        store.write_later(NAME, {"turn": turn})
    store.write_later("saves/other.json", {"other": True})
    store.settle()
    assert slow_disk[-2:] == [b'{"turn":6}', b'{"other":true}']  # newest, then in order
    assert len(slow_disk) <= 3  # the first (already being written), the newest, the other
    assert (tmp_path / NAME).read_bytes() == b'{"turn":6}'


def test_a_failed_later_write_is_noticed_once_and_the_next_one_recovers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = _store(tmp_path)
    with monkeypatch.context() as m:
        m.setattr(jsonfile.os, "fsync", fail(errno.EIO))
        assert store.write_later(NAME, {"turn": 1}) is True  # queued: the failure comes later
        store.settle()
        store.write_later(NAME, {"turn": 2})
        store.settle()
    assert store.notices == [SAVE_FAILED]  # one per failure streak
    assert not (tmp_path / NAME).exists()
    store.write_later(NAME, {"turn": 3})
    store.settle()
    assert (tmp_path / NAME).read_bytes() == b'{"turn":3}'
    assert list(tmp_path.glob("saves/.*.tmp")) == []


def test_bytes_that_cannot_be_encoded_fail_at_once(tmp_path: Path) -> None:
    store = _store(tmp_path)
    assert store.write_later(NAME, {"turn": float("nan")}) is False
    assert store.write_later(NAME, {"big": "x" * 100}, max_bytes=50) is False
    assert store.notices == [Notice("notice.save_failed", {})]


def test_a_bug_in_a_write_does_not_stop_the_writer(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    store = _store(tmp_path)
    write = jsonfile.atomic_write
    calls = [0]

    def broken_once(path: Path, raw: bytes) -> None:
        calls[0] += 1
        if calls[0] == 1:
            raise RuntimeError("a bug")
        write(path, raw)

    monkeypatch.setattr(jsonfile, "atomic_write", broken_once)
    store.write_later(NAME, {"turn": 1})
    store.settle()
    assert "could not write saves/game.json" in caplog.text
    store.write_later(NAME, {"turn": 2})
    store.settle()
    assert (tmp_path / NAME).read_bytes() == b'{"turn":2}'


def test_without_a_data_folder_later_writes_live_in_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    store = _store(blocker / "data")
    assert not store.writable
    store.write_later(NAME, {"turn": 1})
    loaded = store.read(NAME)
    assert loaded is not None and loaded.data == {"turn": 1}


def test_close_writes_what_is_queued_and_the_store_goes_on(tmp_path: Path,
                                                           slow_disk: list[bytes]) -> None:
    store = _store(tmp_path)
    (writer,) = started_writers(lambda: store.write_later(NAME, {"turn": 1}))
    store.close()
    assert (tmp_path / NAME).read_bytes() == b'{"turn":1}'
    writer.join(5)
    assert not writer.is_alive()  # closed: no thread is left waiting
    store.write_later(NAME, {"turn": 2})  # a new thread for the next move
    store.close()
    assert (tmp_path / NAME).read_bytes() == b'{"turn":2}'


def test_the_next_move_finds_the_writer_waiting_and_a_quiet_store_keeps_none(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves a few seconds apart reuse one thread (starting one costs the move's frame ~0.25 ms);
    LINGER seconds after the last one it ends by itself."""
    monkeypatch.setattr(jobs, "SAVES_LINGER", 0.5)
    store = _store(tmp_path)
    (first,) = started_writers(lambda: store.write_later(NAME, {"turn": 1}))
    store.settle()
    assert first.is_alive()
    assert started_writers(lambda: store.write_later(NAME, {"turn": 2})) == []
    store.settle()
    assert first.is_alive()
    assert (tmp_path / NAME).read_bytes() == b'{"turn":2}'
    first.join(5)
    assert not first.is_alive()
    store.write_later(NAME, {"turn": 3})  # a new one after the quiet spell
    store.close()
    assert (tmp_path / NAME).read_bytes() == b'{"turn":3}'


def test_a_run_that_ends_without_closing_still_writes_its_last_save(tmp_path: Path) -> None:
    """The process ends right after a move, past the app's own shutdown (an error, a script
    that forgot ``close``): the queued save is written at exit, not lost with the thread."""
    script = (
        "import time\n"
        "from datetime import datetime, UTC\n"
        "from pathlib import Path\n"
        "from game.arcade.storage import jsonfile\n"
        "write = jsonfile.atomic_write\n"
        "def slow(path, raw):\n"
        "    time.sleep(0.3)\n"
        "    write(path, raw)\n"
        "jsonfile.atomic_write = slow\n"
        f"store = jsonfile.JsonStore(Path({str(tmp_path)!r}), lambda: datetime.now(UTC), [])\n"
        "store.write_later('last.json', {'turn': 9})\n"
    )
    root = Path(__file__).resolve().parents[3]
    done = subprocess.run([sys.executable, "-c", script], cwd=root, timeout=60,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "last.json").read_bytes() == b'{"turn":9}'


def test_save_game_later_is_loaded_like_any_save(tmp_path: Path, slow_disk: list[bytes]) -> None:
    storage = make(tmp_path)
    game = played()
    assert storage.save_game("magdagdon", game, later=True) is True
    resumed = storage.load_game("magdagdon")  # waits for the queued save
    assert resumed is not None and resumed.view() == game.view()
    storage.close()
    assert make(tmp_path).load_game("magdagdon") is not None


def test_settle_waits_until_another_run_on_the_folder_finds_the_save(
        tmp_path: Path, slow_disk: list[bytes]) -> None:
    """A second run reading the folder while the first's save is still queued finds no game;
    after ``Storage.settle`` it finds it (what a test of a killed run must wait for)."""
    storage = make(tmp_path)
    assert storage.save_game("magdagdon", played(), later=True) is True
    assert make(tmp_path).load_game("magdagdon") is None  # still on its way (50 ms)
    storage.settle()
    assert slow_disk and make(tmp_path).load_game("magdagdon") is not None
    storage.close()


def test_a_later_removal_takes_its_turn_with_the_writes(tmp_path: Path,
                                                        slow_disk: list[bytes]) -> None:
    """``remove_later``: in order with the queued writes, the newest per name winning."""
    store = _store(tmp_path)
    assert store.write(NAME, {"turn": 1})
    store.remove_later(NAME)
    assert store.read(NAME) is None  # a read waits for the removal
    store.write_later(NAME, {"turn": 2})
    store.remove_later(NAME)  # newer than the write queued before it: removed
    store.settle()
    assert not (tmp_path / NAME).exists()
    store.remove_later(NAME)
    store.write_later(NAME, {"turn": 3})  # newer than the removal: written
    store.remove_later("saves/missing.json")  # nothing to remove is fine
    store.settle()
    assert (tmp_path / NAME).read_bytes() == b'{"turn":3}' and store.notices == []
