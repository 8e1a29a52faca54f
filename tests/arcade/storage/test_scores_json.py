"""``scores.json`` into ``arcade.db``: the real v1 and v2 data folders (``v1/``, ``v2/``, written
by the old code) migrate with nothing lost, once, and the file stays as a backup
(``scores.json.migrated``); a kill at any point and an older copy that writes a new
``scores.json`` afterwards lose nothing either."""

from __future__ import annotations

import json
import os
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from game.arcade.storage import DB_FILE, SCORES_FILE, Storage
from game.arcade.storage.recordsql import RecordSql
from game.games.registry import GAMES as SPECS
from tests.arcade.storage.support import (
    COUNTER,
    MAGDAGDON,
    V1_DIR,
    V2_DIR,
    copy_v1,
    copy_v2,
    data_files,
    db_rows,
    finished,
    make,
    read_json,
    stored,
    write_scores,
)

REAL = [spec.data for spec in SPECS]
"""The arcade's own games: MAGDAGDON and QUERNI (the v2 fixture also holds a third game)."""
V2_SCORES = read_json(V2_DIR / "scores.json")
MIGRATED = "scores.json.migrated"


def real(folder: Path) -> Storage:
    return Storage(folder, games=REAL)


def as_rows(storage: Storage, game_id: str) -> list[dict[str, Any]]:
    return [record.to_json() for record in storage.records(game_id)]


# --- the real v2 folder ----------------------------------------------------------------------


def test_the_v2_fixture_is_what_its_readme_says() -> None:
    games = V2_SCORES["games"]
    assert V2_SCORES["version"] == 2 and sorted(games) == ["magdagdon", "querni", "tally"]
    assert [len(games[g]["records"]) for g in ("magdagdon", "querni", "tally")] == [24, 5, 1]
    assert len(games["magdagdon"]["recorded"]) == 2
    assert sum(r["variant"] == "DAILY" for r in games["magdagdon"]["records"]) == 3
    assert len(list((V2_DIR / "games").iterdir())) == 5


def test_a_v2_folder_migrates_with_nothing_lost(tmp_path: Path) -> None:
    copy_v2(tmp_path)
    before_files = {p: (tmp_path / p).read_bytes() for p in data_files(tmp_path)}
    s = real(tmp_path)
    s.check_files()
    assert s.notices == []
    games = V2_SCORES["games"]
    for game_id in ("magdagdon", "querni"):  # every record, every field, in recording order
        assert as_rows(s, game_id) == games[game_id]["records"]
    recorded = {i for (i,) in db_rows(tmp_path, "SELECT id FROM recorded")}
    assert recorded == set(games["magdagdon"]["recorded"])
    [(game, section)] = db_rows(tmp_path, "SELECT game, section FROM foreign_sections")
    assert game == "tally" and json.loads(section) == games["tally"]  # kept as it was
    # the tables are what ranking the old file's records gave
    for variant in ("PEACEFUL", "SURVIVAL", "NIGHTMARE", "DAILY"):
        rows = [r for r in games["magdagdon"]["records"] if r["variant"] == variant]
        best = sorted(rows, key=lambda r: -r["score"])[:10]
        assert [r.id for r in s.table("magdagdon", variant)] == [r["id"] for r in best]
    # the file stays, renamed, byte for byte; everything else is untouched
    assert (tmp_path / MIGRATED).read_bytes() == before_files.pop("scores.json")
    assert not (tmp_path / SCORES_FILE).exists()
    # settings.json is rewritten once: its PIN moves into kiosk-pin.json (with its copy and
    # marker) and the QUERNI settings it lacked are filled in
    pin_files = {"kiosk-pin.json", "kiosk-pin.json.last-good", "kiosk-pin.set"}
    after = {p: (tmp_path / p).read_bytes() for p in data_files(tmp_path)
             if p not in {MIGRATED, "settings.json", *pin_files}}
    assert pin_files <= set(data_files(tmp_path))
    before_settings = json.loads(before_files.pop("settings.json"))["settings"]
    assert s.load_settings().language == before_settings["language"]
    assert after == before_files
    # the game in progress resumes, the documents are indexed, the daily attempts are found
    assert s.load_game("magdagdon") is not None
    documents = s.documents("querni")
    assert [d.name for d in documents] == sorted((p.name for p in (V2_DIR / "games").iterdir()),
                                                 reverse=True)  # newest first
    assert {d.record_id for d in documents} == {r["id"] for r in games["querni"]["records"]}
    assert all(s.game_document("querni", d.name) is not None for d in documents)
    daily = [r for r in games["magdagdon"]["records"] if r["variant"] == "DAILY"]
    assert [r.to_json() for r in s.records("magdagdon", "DAILY")] == daily


def test_a_migrated_folder_is_taken_in_once(tmp_path: Path) -> None:
    copy_v2(tmp_path)
    real(tmp_path).check_files()
    again = real(tmp_path)
    again.check_files()
    assert len(again.records("magdagdon")) == 24 and again.notices == []
    assert sorted(p.name for p in tmp_path.glob("scores.json*")) == [MIGRATED]


def test_the_third_games_records_come_back_when_a_build_knows_it(tmp_path: Path) -> None:
    """The v2 folder holds a game this build does not have; a build that has it again finds
    its records (its GameData: a counter's, as ``v2/README.md`` describes it)."""
    copy_v2(tmp_path)
    real(tmp_path).check_files()
    tally = type(COUNTER)(**{**COUNTER.__dict__, "id": "tally",
                             "check_record": lambda record: None})
    later = Storage(tmp_path, games=[*REAL, tally])
    assert as_rows(later, "tally") == V2_SCORES["games"]["tally"]["records"]
    assert db_rows(tmp_path, "SELECT game FROM foreign_sections") == []


# --- the real v1 folder ----------------------------------------------------------------------


def test_a_v1_folder_migrates_twice_with_nothing_lost(tmp_path: Path) -> None:
    """v1 → v2 (the games' own steps) → arcade.db: each original kept beside."""
    copy_v1(tmp_path)
    s = make(tmp_path)
    s.check_files()
    assert s.notices == [] and len(s.records("magdagdon")) == 14
    v1 = read_json(V1_DIR / "scores.json")
    table_ids = {e["game_id"] for entries in v1["tables"].values() for e in entries}
    assert {r.id for r in s.records("magdagdon")} == table_ids
    recorded = {i for (i,) in db_rows(tmp_path, "SELECT id FROM recorded")}
    assert recorded == set(v1["recorded"]) - table_ids and len(recorded) == 2
    assert (tmp_path / "scores.json.v1-backup").read_bytes() == (V1_DIR / "scores.json"
                                                                 ).read_bytes()
    assert read_json(tmp_path / MIGRATED)["version"] == 2
    for name, entries in v1["tables"].items():
        assert [r.id for r in s.table("magdagdon", name)] == [e["game_id"] for e in entries]


# --- kills and older copies --------------------------------------------------------------------


def test_a_kill_between_the_commit_and_the_rename_takes_nothing_in_twice(tmp_path: Path) -> None:
    copy_v2(tmp_path)
    raw = (tmp_path / SCORES_FILE).read_bytes()
    real(tmp_path).check_files()
    (tmp_path / MIGRATED).unlink()
    (tmp_path / SCORES_FILE).write_bytes(raw)  # as if the rename never reached the disk
    s = real(tmp_path)
    s.check_files()
    assert as_rows(s, "magdagdon") == V2_SCORES["games"]["magdagdon"]["records"]
    assert (tmp_path / MIGRATED).read_bytes() == raw and not (tmp_path / SCORES_FILE).exists()


@pytest.mark.parametrize("where", [(RecordSql, "insert"), (os, "rename")],
                         ids=["in_the_transaction", "at_the_rename"])
def test_a_kill_while_taking_it_in_leaves_the_file_to_the_next_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: tuple[Any, str]) -> None:
    copy_v2(tmp_path)

    def killed(*args: Any, **kwargs: Any) -> Any:
        raise SystemExit("killed")

    with monkeypatch.context() as m:
        m.setattr(*where, killed)
        with pytest.raises(SystemExit):
            real(tmp_path).check_files()
    assert (tmp_path / SCORES_FILE).exists()
    s = real(tmp_path)
    s.check_files()
    assert len(s.records("magdagdon")) == 24 and len(s.records("querni")) == 5


def test_records_an_older_copy_wrote_to_scores_json_afterwards_are_taken_in(
        tmp_path: Path) -> None:
    """An older version of the arcade, run after this one, keeps writing scores.json: its
    new records (and the initials it set) come in at the next start, none twice."""
    s = make(tmp_path, games=(MAGDAGDON,))
    game = finished(value=3)
    s.record_game("magdagdon", game)
    s.close()
    mine = stored(tmp_path, "magdagdon")[0]
    older = {"id": "0ld", "date": "2026-12-01T10:00:00Z", "variant": "SURVIVAL",
             "initials": "OLD", "score": 99, "turns": 16, "powers": 0, "ruins": 0}
    write_scores(tmp_path, {"magdagdon": {"records": [{**mine, "initials": "ME"}, older],
                                          "recorded": []}})
    again = make(tmp_path, games=(MAGDAGDON,))
    assert as_rows(again, "magdagdon") == [{**mine, "initials": "ME"}, older]
    assert sorted(p.name for p in tmp_path.glob("scores.json*")) == [MIGRATED]


def test_scores_json_waits_for_a_database_another_program_holds_without_holding_up_the_start(
        tmp_path: Path) -> None:
    """Taking it in is a step of the database's migrations that never waits for another
    program's lock: the start goes on at once, and a later opening takes the file in."""
    first = real(tmp_path)
    assert first.records("magdagdon") == []  # arcade.db made, at the current version (WAL)
    first.close()
    (tmp_path / SCORES_FILE).write_bytes((V2_DIR / SCORES_FILE).read_bytes())
    holder = sqlite3.connect(tmp_path / DB_FILE, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        started = time.monotonic()
        locked = real(tmp_path)
        assert locked.records("magdagdon") == []  # not taken in yet: nothing is lost
        assert time.monotonic() - started < 3.0  # not the 5 s busy timeout
        locked.close()
        assert (tmp_path / SCORES_FILE).is_file()
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    again = real(tmp_path)
    assert len(again.records("magdagdon")) == 24
    assert sorted(p.name for p in tmp_path.glob("scores.json*")) == [MIGRATED]


def test_a_storage_that_keeps_its_records_in_memory_leaves_scores_json(tmp_path: Path) -> None:
    copy_v2(tmp_path)
    s = Storage(tmp_path, games=REAL, play_in_memory=True)
    s.check_files()
    assert s.records("magdagdon") == [] and (tmp_path / SCORES_FILE).exists()
    assert not (tmp_path / DB_FILE).exists()


def test_the_first_game_after_the_migration_ranks_against_the_records_taken_in(
        tmp_path: Path) -> None:
    rows = [{"id": f"r{i}", "date": "2026-01-02T03:04:05Z", "variant": "PEACEFUL",
             "initials": "", "score": 500, "turns": 16, "powers": 0, "ruins": 0}
            for i in range(10)]
    write_scores(tmp_path, {"magdagdon": {"records": rows}})
    s = make(tmp_path)
    s.check_files()
    assert s.record_game("magdagdon", finished(value=1)) is None  # misses the full table
    assert s.record_game("magdagdon", finished(value=6)) == 0  # 512 beats 500
