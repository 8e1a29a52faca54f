"""A kill between the steps of recording: nothing is lost, nothing is recorded twice.

Recording commits the record to ``arcade.db`` first and removes the save second, both off the
frame. A kill between the two leaves the finished save beside its committed record; a kill
before the commit leaves only the finished save. Either way the next start finds the game
recorded exactly once (the real processes killed with SIGKILL are in ``tests/test_kill.py``).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from game.arcade.storage.recordsql import RecordSql
from tests.arcade.storage.support import P, finished, make, scores, stored

SAVE = Path("saves") / "magdagdon.json"


def test_kill_between_committing_the_record_and_removing_the_save(tmp_path: Path) -> None:
    game = finished(P, 6)
    s = make(tmp_path)
    s.save_game("magdagdon", game)
    saved = (tmp_path / SAVE).read_bytes()
    s.record_game("magdagdon", game)
    s.settle()
    assert not (tmp_path / SAVE).exists() and len(stored(tmp_path, "magdagdon")) == 1
    (tmp_path / SAVE).write_bytes(saved)  # killed before the removal reached the disk
    after = make(tmp_path)
    assert after.has_saved_game("magdagdon") is False
    assert after.load_game("magdagdon") is None
    assert [e.id for e in scores(after, P)] == [s.record_id(game)]
    after.settle()
    assert not (tmp_path / SAVE).exists()
    assert after.load_game("magdagdon") is None and len(scores(make(tmp_path), P)) == 1
    assert after.last_recorded is None  # nothing new was recorded in this session


def test_kill_before_the_record_is_committed(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    game = finished(P, 6)
    s = make(tmp_path)
    s.save_game("magdagdon", game)

    def killed(*args: Any, **kwargs: Any) -> int:
        raise sqlite3.OperationalError("the process was killed here")

    with monkeypatch.context() as m:
        m.setattr(RecordSql, "insert", killed)
        assert s.record_game("magdagdon", game) == 0
        s.settle()
    assert (tmp_path / SAVE).exists()  # no commit: the finished save stays
    assert stored(tmp_path, "magdagdon") == []
    after = make(tmp_path)  # the next start, without the dead process's memory
    assert after.load_game("magdagdon") is None  # the finished save is recorded now
    assert [e.id for e in scores(after, P)] == [s.record_id(game)]
    assert after.last_recorded == s.record_id(game)
    after.settle()
    assert not (tmp_path / SAVE).exists()
