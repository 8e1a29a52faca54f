"""Recording a finished game never waits for the disk (issue 38, point 12: the frame where a
game ended froze 0.8–1.5 s while the whole scores.json was written).

The commit is held here for as long as the test wants (a slow disk): ``record_game`` — and the
frame that calls it — returns all the same, with the record pending; the save is removed and
the document indexed only after the commit. Nothing here measures time (the benchmark does:
``python -m benchmarks.records``); a recording that waited would find the commit still held
and fail its checks after the guard's timeout.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.arcade.storage.recordsql import RecordSql
from tests.arcade.storage.support import P, finished, make, scores, stored

SAVE = Path("saves") / "magdagdon.json"
GUARD = 60.0
"""Seconds a held commit waits at most: only a recording that wrongly waited reaches it."""


class HeldDisk:
    """``RecordSql.insert`` that waits for :meth:`release` (a disk as slow as the test likes)."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.released = threading.Event()
        self.real = RecordSql.insert

    def insert(self, sql: RecordSql, *args: Any) -> int:
        self.entered.set()
        self.released.wait(GUARD)
        return self.real(sql, *args)

    def release(self) -> None:
        self.released.set()


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldDisk]:
    disk = HeldDisk()
    monkeypatch.setattr(RecordSql, "insert", lambda sql, *args: disk.insert(sql, *args))
    yield disk
    disk.release()


def test_record_game_returns_while_the_commit_is_held(tmp_path: Path, held: HeldDisk) -> None:
    s = make(tmp_path)
    game = finished(P, 5)
    s.save_game("magdagdon", game)
    assert s.record_game("magdagdon", game) == 0  # ranked from the table as it stands
    assert held.entered.wait(GUARD)  # the commit is under way on the database's thread...
    assert not held.released.is_set()  # ...and still held: recording did not wait for it
    assert s.last_recorded == s.record_id(game)
    assert s.has_saved_game("magdagdon") is False  # pending counts as recorded
    assert (tmp_path / SAVE).exists()  # the save waits for the commit
    assert stored(tmp_path, "magdagdon") == []
    held.release()
    s.settle()
    assert [r["id"] for r in stored(tmp_path, "magdagdon")] == [s.record_id(game)]
    assert not (tmp_path / SAVE).exists()
    assert scores(s, P)[0].id == s.record_id(game)


def test_questions_asked_while_a_commit_is_held_answer_with_it(tmp_path: Path,
                                                               held: HeldDisk) -> None:
    """A table asked for after a game was recorded includes it, without waiting for its
    commit: questions read what is committed and add what is pending (issue 46)."""
    s = make(tmp_path)
    game = finished(P, 4)
    s.record_game("magdagdon", game)
    assert held.entered.wait(GUARD)
    assert [r.id for r in scores(s, P)] == [s.record_id(game)]  # answered while still held
    assert not held.released.is_set()
    held.release()
    s.settle()
    assert [r.id for r in scores(s, P)] == [s.record_id(game)]  # once, after the commit too


@pytest.mark.slow
def test_the_frame_that_ends_a_game_goes_on_while_its_commit_is_held(tmp_path: Path,
                                                                     held: HeldDisk) -> None:
    """The demo plays MAGDAGDON to its end with the disk held: its GAME OVER line comes and
    the frames after it run while the record still waits for the disk."""
    from game.arcade.demo import DemoDriver
    from game.engine.testing import run_frames
    from game.games.registry import GAMES
    from tests.support import make_arcade

    app = make_arcade(tmp_path / "data")
    reports: list[str] = []
    try:
        app.demo = DemoDriver(app, GAMES, "magdagdon", seed=3, report=reports.append)
        app.nav.push("magdagdon.play", variant="PEACEFUL")
        for _ in range(4000):
            run_frames(app, 1)
            if reports:
                break
        assert reports, "the demo never finished its game"
        run_frames(app, 30)  # the game-over screen, drawn and animated
        assert held.entered.is_set() and not held.released.is_set()
        assert type(app.stack.top).__name__ in ("GameOverScene", "InitialsScene")
        assert stored(tmp_path / "data", "magdagdon") == []
        held.release()
        storage = app.ctx.storage
        assert storage is not None
        storage.settle()
        assert len(stored(tmp_path / "data", "magdagdon")) == 1
    finally:
        held.release()
        app.shutdown()


def test_initials_set_while_the_commit_is_held_are_kept_and_the_record_lands(
        tmp_path: Path, held: HeldDisk) -> None:
    s = make(tmp_path)
    game = finished(P, 5)
    s.save_game("magdagdon", game)
    s.record_game("magdagdon", game)
    assert held.entered.wait(GUARD)
    answer: list[bool] = []
    naming = threading.Thread(target=lambda: answer.append(
        s.set_initials("magdagdon", s.record_id(game), "ZED")))
    naming.start()  # the initials scene's OK: waits its turn after the commit
    held.release()
    naming.join(GUARD)
    s.settle()
    assert answer == [True]
    assert stored(tmp_path, "magdagdon")[0]["initials"] == "ZED"
    assert not (tmp_path / SAVE).exists()  # committed, not left waiting: its save went
    assert s.save_game("magdagdon", game) is True  # a recorded game is not saved again
