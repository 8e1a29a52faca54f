"""A read-only or full disk, a vanished folder, no folder at all: the game goes on."""

from __future__ import annotations

import errno
import logging
import os
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from game.arcade.storage import SCORES_FILE, SETTINGS_FILE, Notice, Settings, jsonfile, schema
from game.arcade.storage.recordsql import RecordSql
from tests.arcade.storage.support import (
    GAMES,
    SAVE_FAILED,
    Counter,
    P,
    db_rows,
    fail,
    finished,
    leftovers,
    make,
    play_to_end,
    played,
    read_json,
    scores,
    stored,
)

SAVE = Path("saves") / "magdagdon.json"


@pytest.mark.parametrize(
    ("target", "func", "err"),
    [(os, "replace", errno.ENOSPC), (os, "fsync", errno.EIO),
     (tempfile, "mkstemp", errno.ENOSPC), (os, "fdopen", errno.EROFS)],
)
def test_failed_writes_return_false_once_noticed_and_recover(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, target: Any, func: str, err: int,
) -> None:
    s = make(tmp_path)
    assert s.save_settings(Settings.for_games(GAMES, language="bg"))
    before = (tmp_path / SETTINGS_FILE).read_bytes()
    with monkeypatch.context() as m:
        m.setattr(target, func, fail(err))
        assert s.save_settings(Settings.for_games(GAMES, language="th")) is False
        assert s.save_game("magdagdon", played()) is False
        assert s.record_game("magdagdon", finished()) == 0  # the database takes it (its own writes)
        assert s.notices == [SAVE_FAILED]  # once per streak
    assert (tmp_path / SETTINGS_FILE).read_bytes() == before  # the old file is intact
    assert leftovers(tmp_path) == []  # no temporary file left behind
    assert not (tmp_path / SCORES_FILE).exists()
    # the disk is back: the next save works
    assert s.save_settings(Settings.for_games(GAMES, language="th")) is True
    s.settle()
    assert make(tmp_path).load_settings().language == "th"
    assert len(scores(make(tmp_path), P)) == 1
    with monkeypatch.context() as m:
        m.setattr(target, func, fail(err))
        assert s.save_settings(Settings()) is False
    assert s.notices == [SAVE_FAILED, SAVE_FAILED]  # a new streak, a new notice


def full_database(*args: Any, **kwargs: Any) -> int:
    """``RecordSql.insert`` on a full disk (SQLite's own error)."""
    raise sqlite3.OperationalError("database or disk is full")


def test_record_when_the_database_is_full_keeps_the_save_and_commits_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = make(tmp_path)
    game = finished(P, 5)
    s.save_game("magdagdon", game)
    with monkeypatch.context() as m:
        m.setattr(RecordSql, "insert", full_database)
        assert s.record_game("magdagdon", game) == 0  # ranked all the same
        s.settle()
        assert s.notices == [SAVE_FAILED]
        assert s.load_game("magdagdon") is None  # known recorded in this session...
        assert s.has_saved_game("magdagdon") is False
        s.settle()
        assert (tmp_path / SAVE).exists()  # ...but its save stays until it is committed
        assert stored(tmp_path, "magdagdon") == []
    assert s.save_settings(Settings()) is True  # the disk is back: the record goes with it
    s.settle()
    assert [r["id"] for r in stored(tmp_path, "magdagdon")] == [s.record_id(game)]
    assert scores(s, P)[0].id == s.record_id(game)
    after = make(tmp_path)  # the save left behind is only removed
    assert after.load_game("magdagdon") is None and after.last_recorded is None
    after.settle()
    assert not (tmp_path / SAVE).exists() and len(scores(after, P)) == 1


def test_a_full_database_keeps_its_records_until_the_storage_closes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = make(tmp_path)
    with monkeypatch.context() as m:
        m.setattr(RecordSql, "insert", full_database)
        s.record_game("magdagdon", finished(P, 4))
        s.record_game("magdagdon", finished(P, 5))
        s.settle()
    s.close()  # tried once more at the end of the run
    assert len(stored(tmp_path, "magdagdon")) == 2


def test_record_when_the_database_fails_then_the_process_dies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = make(tmp_path)
    game = finished(P, 5)
    s.save_game("magdagdon", game)
    monkeypatch.setattr(RecordSql, "insert", full_database)
    assert s.record_game("magdagdon", game) == 0
    s.settle()
    monkeypatch.undo()
    after = make(tmp_path)
    assert after.load_game("magdagdon") is None
    assert [e.id for e in scores(after, P)] == [s.record_id(game)]


def test_clear_game_failure_does_not_raise(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = make(tmp_path)
    s.save_game("magdagdon", played())
    monkeypatch.setattr(os, "unlink", fail(errno.EACCES))
    s.clear_game("magdagdon")
    assert s.notices == [SAVE_FAILED]


def test_a_game_that_cannot_be_encoded_is_a_failed_save(tmp_path: Path) -> None:
    s = make(tmp_path)
    assert s.save_game("counter", Counter(1, mode=object())) is False  # type: ignore[arg-type]
    assert s.notices == [SAVE_FAILED]


def test_read_only_folder_by_permissions(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    s = make(folder)
    assert s.save_settings(Settings.for_games(GAMES, language="ko"))
    folder.chmod(0o500)
    try:
        probe = folder / "probe"
        try:
            probe.write_bytes(b"")
        except OSError:
            pass
        else:
            probe.unlink()
            pytest.skip("permissions do not stop writes here (root); see the monkeypatch tests")
        assert s.save_settings(Settings.for_games(GAMES, language="th")) is False
        assert s.save_game("magdagdon", played()) is False
        assert s.notices == [SAVE_FAILED]
        assert make(folder).load_settings().language == "ko"
    finally:
        folder.chmod(0o700)
    assert s.save_settings(Settings.for_games(GAMES, language="th")) is True


def test_data_dir_removed_while_running_is_recreated(tmp_path: Path) -> None:
    folder = tmp_path / "gone"
    s = make(folder)
    folder.rmdir()
    assert s.save_settings(Settings()) and (folder / SETTINGS_FILE).exists()
    assert s.save_game("magdagdon", played()) and (folder / SAVE).exists()


def test_uncreatable_data_dir_works_in_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("I am a file")
    path = blocker / "magdagdon"
    s = make(path)
    assert s.writable is False
    assert s.notices == [Notice("notice.no_data_dir", {"path": str(path)})]
    assert s.load_settings() == Settings.for_games(GAMES) and not s.has_settings()
    assert s.save_settings(Settings.for_games(GAMES, language="th")) is False  # not on disk...
    assert s.load_settings().language == "th"  # ...but kept for the session
    assert s.has_settings()
    game = played()
    assert s.save_game("magdagdon", game) is False
    assert s.has_saved_game("magdagdon")
    loaded = s.load_game("magdagdon")
    assert loaded is not None and loaded.to_dict() == game.to_dict()
    assert s.record_game("magdagdon", finished(P, 4)) == 0
    assert s.record_game("magdagdon", finished(P, 5)) == 0
    assert [e.score for e in scores(s, P)] == sorted((e.score for e in scores(s, P)),
                                                     reverse=True)
    assert s.set_initials("magdagdon", scores(s, P)[0].id, "ABC") is False
    assert scores(s, P)[0].initials == "ABC"
    s.save_game("magdagdon", game)
    s.record_game("magdagdon", play_out(game))
    assert not s.has_saved_game("magdagdon")  # recording cleared the in-memory save
    s.clear_game("magdagdon")
    assert s.log_handler() is None
    assert len(s.notices) == 1
    assert blocker.read_text() == "I am a file" and sorted(os.listdir(tmp_path)) == ["file"]


def play_out(game: Any) -> Any:
    play_to_end(game)
    return game


def test_data_dir_that_is_a_file(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    s = make(blocker)
    assert not s.writable and s.notices[0].key == "notice.no_data_dir"
    assert s.record_game("magdagdon", finished()) == 0


def test_stale_temp_files_are_removed_at_start(tmp_path: Path) -> None:
    (tmp_path / "saves").mkdir()
    old = tmp_path / ".settings.json.abc123.tmp"
    old_save = tmp_path / "saves" / ".counter.json.x1.tmp"
    old_backup = tmp_path / ".scores.json.v1-backup.zz.tmp"
    new = tmp_path / ".scores.json.def456.tmp"
    other = tmp_path / "notes.tmp"
    for p in (old, old_save, old_backup, new, other):
        p.write_bytes(b"half a file")
    long_ago = time.time() - 3600
    for p in (old, old_save, old_backup, other):
        os.utime(p, (long_ago, long_ago))
    make(tmp_path)
    assert not old.exists() and not old_save.exists() and not old_backup.exists()
    assert new.exists() and other.exists()


def test_files_are_json_objects_with_version_two(store: Any, tmp_path: Path) -> None:
    store.save_settings(Settings())
    store.record_game("magdagdon", finished())
    store.save_game("magdagdon", played())
    store.save_game("counter", Counter())
    for name in (SETTINGS_FILE, "saves/magdagdon.json", "saves/counter.json"):
        data = read_json(tmp_path / name)
        assert isinstance(data, dict) and data["version"] == 2
    store.settle()
    assert db_rows(tmp_path, "PRAGMA user_version") == [(schema.VERSION,)]
    assert db_rows(tmp_path, "PRAGMA application_id") == [(schema.APPLICATION_ID,)]
    assert leftovers(tmp_path) == [] and not (tmp_path / SCORES_FILE).exists()


def test_a_full_disk_is_logged_once_a_minute_not_at_every_move(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 38, case 11: a full disk printed a WARNING on every move (147 lines in 6,000
    frames). The failures in between are counted into the next warning."""
    storage = make(tmp_path)
    monkeypatch.setattr(os, "replace", fail(errno.ENOSPC))
    with caplog.at_level(logging.WARNING, logger="game.arcade.storage.jsonfile"):
        for turn in range(40):
            storage.save_game("magdagdon", played(turns=1 + turn % 3))
    lines = [r for r in caplog.records if "cannot write" in r.getMessage()]
    assert len(lines) == 1
    monkeypatch.setattr(jsonfile, "WARN_EVERY", 0.0)
    with caplog.at_level(logging.WARNING, logger="game.arcade.storage.jsonfile"):
        storage.save_game("magdagdon", played())
    assert "more failed writes since the last warning" in caplog.records[-1].getMessage()
