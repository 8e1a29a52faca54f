"""A kill between the steps of recording: nothing is lost, nothing is recorded twice."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from game.arcade.storage import SCORES_FILE
from tests.arcade.storage.support import P, finished, leftovers, make, read_json, scores

SAVE = Path("saves") / "magdagdon.json"


def _kill_on(monkeypatch: pytest.MonkeyPatch, func_name: str, name: str,
             exc: type[BaseException] = SystemExit) -> None:
    real = getattr(os, func_name)

    def killer(*args: Any, **kwargs: Any) -> Any:
        if Path(str(args[-1])).name == name:  # unlink(path) / replace(temp, path)
            raise exc("killed")
        return real(*args, **kwargs)

    monkeypatch.setattr(os, func_name, killer)


@pytest.mark.parametrize("exc", [SystemExit, KeyboardInterrupt])
def test_kill_between_writing_scores_and_removing_the_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, exc: type[BaseException],
) -> None:
    game = finished(P, 6)
    s = make(tmp_path)
    s.save_game("magdagdon", game)
    with monkeypatch.context() as m:
        _kill_on(m, "unlink", "magdagdon.json", exc)
        with pytest.raises(exc):
            s.record_game("magdagdon", game)
    assert (tmp_path / SAVE).exists()  # the kill left the finished save behind
    assert len(read_json(tmp_path / SCORES_FILE)["games"]["magdagdon"]["records"]) == 1
    after = make(tmp_path)
    assert after.has_saved_game("magdagdon") is False
    assert after.load_game("magdagdon") is None
    assert [e.id for e in scores(after, P)] == [s.record_id(game)]
    assert not (tmp_path / SAVE).exists()
    assert after.load_game("magdagdon") is None and len(scores(make(tmp_path), P)) == 1
    assert after.last_recorded is None  # nothing new was recorded in this session


def test_kill_before_the_scores_reach_the_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = finished(P, 6)
    s = make(tmp_path)
    s.save_game("magdagdon", game)
    with monkeypatch.context() as m:
        _kill_on(m, "replace", SCORES_FILE)
        with pytest.raises(SystemExit):
            s.record_game("magdagdon", game)
    assert not (tmp_path / SCORES_FILE).exists() and leftovers(tmp_path) == []
    after = make(tmp_path)
    assert after.load_game("magdagdon") is None  # the finished save is recorded now
    assert [e.id for e in scores(after, P)] == [s.record_id(game)]
    assert after.last_recorded == s.record_id(game)
    assert not (tmp_path / SAVE).exists()
