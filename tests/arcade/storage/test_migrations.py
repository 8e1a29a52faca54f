"""Versioned migrations: the real v1 files (written by the v1 code, see ``v1/README.md``) become
v2 at once, the originals are kept beside them, and nothing is lost; their records then go
into ``arcade.db`` (``test_scores_json.py``). Files of a newer version are not corrupt: a copy
is kept and what can be read is used."""

from __future__ import annotations

import errno
import json
import logging
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest

from game.arcade.storage import SCORES_FILE, SETTINGS_FILE, Settings, Storage
from game.arcade.storage import gamedata as migrations
from game.arcade.storage.settings import PIN_FILE, SET, is_pin_hash
from game.rules.magdagdon import MagdagdonGame
from tests.arcade.storage.support import (
    COUNTER,
    GAMES,
    MAGDAGDON,
    V1_DIR,
    Counter,
    copy_v1,
    data_files,
    db_rows,
    fail,
    finished,
    make,
    play_to_end,
    played,
    read_json,
    resume,
    scores,
)

V1_SETTINGS = read_json(V1_DIR / "settings.json")
V1_SCORES = read_json(V1_DIR / "scores.json")
V1_SAVE = read_json(V1_DIR / "savegame.json")
SAVE = Path("saves") / "magdagdon.json"
TABLES = ("PEACEFUL", "SURVIVAL", "NIGHTMARE")


def v1_entries() -> list[tuple[str, dict[str, Any]]]:
    return [(name, entry) for name in TABLES for entry in V1_SCORES["tables"][name]]


def folder_names(folder: Path) -> list[str]:
    """The data files (the records database, made on first use, left out)."""
    return data_files(folder)


# --- the v1 fixtures themselves --------------------------------------------------------------


def test_the_v1_fixtures_are_what_the_v1_code_wrote() -> None:
    assert V1_SETTINGS["version"] == V1_SCORES["version"] == V1_SAVE["version"] == 1
    assert [len(V1_SCORES["tables"][name]) for name in TABLES] == [10, 2, 2]
    table_ids = {entry["game_id"] for _, entry in v1_entries()}
    assert len(set(V1_SCORES["recorded"]) - table_ids) == 2  # two games missed the table
    assert V1_SAVE["game"]["placed"] and V1_SAVE["game"]["dice"]  # saved mid-turn
    raw = (V1_DIR / "settings.json").read_bytes()
    assert raw == json.dumps(V1_SETTINGS, ensure_ascii=False, indent=1).encode()


# --- settings ---------------------------------------------------------------------------------


def test_settings_v1_become_v2_with_the_pin_hashed(tmp_path: Path) -> None:
    copy_v1(tmp_path, "settings.json")
    s = make(tmp_path)
    got = s.load_settings()
    old = V1_SETTINGS["settings"]
    assert (got.language, got.music_volume, got.effects_volume) == ("th", 0.25, 0.5)
    assert (got.music_muted, got.effects_muted, got.fullscreen, got.reduced_motion) == (
        True, False, True, True)
    assert got.idle_seconds == 300 and got.window is None and got.last_game == "magdagdon"
    assert got.game("magdagdon") == {"difficulty": "NIGHTMARE", "digits": True, "coached": True}
    assert got.game("counter") == {"speed": 1.0, "name": "", "sound": True}
    assert got.kiosk_pin_hash == ""  # moved to the PIN's own file (issue 38, case 5)
    assert s.kiosk_pin.status == SET and s.kiosk_pin.attempt(old["kiosk_pin"])
    assert is_pin_hash(read_json(tmp_path / PIN_FILE)["hash"])
    assert s.notices == []
    # rewritten as v2 at once; the original kept byte for byte
    data = read_json(tmp_path / SETTINGS_FILE)
    assert data["version"] == 2 and "kiosk_pin" not in data["settings"]
    assert "difficulty" not in data["settings"] and data["games"]["magdagdon"]["digits"] is True
    assert f'"{old["kiosk_pin"]}"' not in (tmp_path / SETTINGS_FILE).read_text("utf-8")
    backup = tmp_path / "settings.json.v1-backup"
    assert backup.read_bytes() == (V1_DIR / "settings.json").read_bytes()
    assert make(tmp_path).load_settings() == got  # and the v2 file reads the same


@pytest.mark.parametrize(("pin", "configured"), [
    ("2468", False),  # v1's public default: no PIN configured now
    ("1234", True), ("12345678", True), ("123", False), ("123456789", False),
    ("12a4", False), ("١٢٣٤", False), (1234, False), (None, False), ("missing", False)])
def test_v1_kiosk_pins(tmp_path: Path, pin: Any, configured: bool) -> None:
    old = dict(V1_SETTINGS["settings"])
    if pin == "missing":
        del old["kiosk_pin"]
    else:
        old["kiosk_pin"] = pin
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"version": 1, "settings": old}), "utf-8")
    store = make(tmp_path)
    store.load_settings()
    assert (store.kiosk_pin.status == SET) is configured
    if configured:
        assert store.kiosk_pin.attempt(pin)


def test_a_v1_settings_file_with_bad_values_migrates_them_to_defaults(tmp_path: Path) -> None:
    old = {"difficulty": "EASY", "language": "xx", "music_volume": 3, "digits": "yes",
           "coached": True, "idle_seconds": 0}
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"version": 1, "settings": old}), "utf-8")
    s = make(tmp_path)
    got = s.load_settings()
    assert got == Settings.for_games(GAMES, games={
        "magdagdon": {"difficulty": "PEACEFUL", "digits": False, "coached": True},
        "counter": {"speed": 1.0, "name": "", "sound": True}})
    assert s.notices == []


# --- scores -----------------------------------------------------------------------------------


def test_scores_v1_become_records_and_nothing_is_lost(tmp_path: Path) -> None:
    copy_v1(tmp_path, "scores.json")
    s = make(tmp_path)
    records = s.records("magdagdon")
    assert s.notices == [] and s.records("counter") == []
    assert len(records) == 14
    by_id = {r.id: r for r in records}
    for name, entry in v1_entries():  # every entry, every field
        r = by_id[entry["game_id"]]
        assert (r.variant, r.date, r.initials) == (name, entry["date"], entry.get("initials", ""))
        assert dict(r.fields) == {k: entry[k] for k in ("score", "turns", "powers", "ruins")}
    assert [(r.date, TABLES.index(r.variant)) for r in records] == sorted(
        (r.date, TABLES.index(r.variant)) for r in records)
    for name in TABLES:  # the tables are the v1 tables
        assert [e.id for e in scores(s, name)] == [e["game_id"] for e in V1_SCORES["tables"][name]]
    data = read_json(tmp_path / "scores.json.migrated")  # the v2 file, then taken in
    assert data["version"] == 2 and not (tmp_path / SCORES_FILE).exists()
    missed = [i for i in V1_SCORES["recorded"] if i not in by_id]
    assert data["games"]["magdagdon"]["recorded"] == missed and len(missed) == 2
    assert db_rows(tmp_path, "SELECT id FROM recorded ORDER BY id") == [(i,) for i in
                                                                       sorted(missed)]
    assert (tmp_path / "scores.json.v1-backup").read_bytes() == (
        V1_DIR / "scores.json").read_bytes()
    # every v1 id still counts as recorded, also those known only from "recorded"
    (tmp_path / "saves").mkdir()
    for game_id in V1_SCORES["recorded"]:
        doc = {"version": 2, "game": "magdagdon", "id": game_id,
               "saved_at": "2026-01-01T00:00:00Z", "state": finished().to_dict()}
        (tmp_path / SAVE).write_text(json.dumps(doc), "utf-8")
        assert s.load_game("magdagdon") is None
        s.settle()
        assert not (tmp_path / SAVE).exists()
    assert len(make(tmp_path).records("magdagdon")) == 14 and s.last_recorded is None


def test_v1_order_is_by_date_then_table_order(tmp_path: Path) -> None:
    def entry(game_id: str, date: str) -> dict[str, Any]:
        return {"score": 100, "date": date, "turns": 16, "powers": 0, "ruins": 0,
                "game_id": game_id, "initials": ""}

    same = "2026-05-05T05:05:05Z"
    old = entry("n0", "2026-01-01T00:00:00Z")
    del old["initials"]  # the first v1 files had no initials
    tables = {"NIGHTMARE": [entry("n1", same), old],
              "PEACEFUL": [entry("p1", same), entry("p2", same)],
              "SURVIVAL": [entry("s1", same)]}
    (tmp_path / SCORES_FILE).write_text(json.dumps({"version": 1, "tables": tables}), "utf-8")
    s = make(tmp_path)
    assert [r.id for r in s.records("magdagdon")] == ["n0", "p1", "p2", "s1", "n1"]
    assert s.records("magdagdon")[0].initials == "" and s.notices == []


@pytest.mark.parametrize("data", [
    {"version": 1, "tables": {"EASY": []}},
    {"version": 1, "tables": {"PEACEFUL": [{"score": 1}]}},
    {"version": 1, "tables": {"PEACEFUL": [{"score": "x", "date": "2026-01-01T00:00:00Z",
                                            "turns": 1, "powers": 0, "ruins": 0,
                                            "game_id": "a"}]}},
    {"version": 1, "tables": []}, {"version": 1, "tables": {}, "recorded": "a"},
], ids=["unknown_table", "missing_fields", "bad_score", "tables_list", "recorded_str"])
def test_a_damaged_v1_scores_file_is_corrupt_as_before(tmp_path: Path, data: dict) -> None:
    (tmp_path / SCORES_FILE).write_text(json.dumps(data), "utf-8")
    s = make(tmp_path)
    assert s.records("magdagdon") == [] and [n.key for n in s.notices] == ["notice.corrupt"]
    assert not (tmp_path / "scores.json.v1-backup").exists()
    assert len(list(tmp_path.glob("scores.json.corrupt-*"))) == 1


# --- the saved game ---------------------------------------------------------------------------


def test_a_v1_mid_turn_save_moves_to_saves_and_resumes(tmp_path: Path) -> None:
    copy_v1(tmp_path, "savegame.json")
    s = make(tmp_path)
    before = folder_names(tmp_path)
    assert s.has_saved_game("magdagdon") is True  # a pure look, also at a v1 save
    assert folder_names(tmp_path) == before
    game = s.load_game("magdagdon")
    assert isinstance(game, MagdagdonGame)
    assert game.to_dict() == V1_SAVE["game"] and game.in_turn and game.placed
    assert s.record_id(game) == V1_SAVE["game_id"]
    assert not (tmp_path / "savegame.json").exists()
    assert (tmp_path / "savegame.json.v1-backup").read_bytes() == (
        V1_DIR / "savegame.json").read_bytes()
    data = read_json(tmp_path / SAVE)
    assert data == {"version": 2, "game": "magdagdon", "id": V1_SAVE["game_id"],
                    "saved_at": V1_SAVE["saved_at"], "state": V1_SAVE["game"]}
    expected = MagdagdonGame.from_dict(V1_SAVE["game"])
    assert resume(make(tmp_path)).to_dict() == expected.to_dict()


def test_everything_migrates_at_start_and_is_found_afterwards(tmp_path: Path) -> None:
    copy_v1(tmp_path)
    s = make(tmp_path)
    s.check_files()
    assert s.notices == []
    assert folder_names(tmp_path) == sorted([
        "saves/magdagdon.json", "savegame.json.v1-backup", "scores.json.migrated",
        "scores.json.v1-backup", "settings.json", "settings.json.v1-backup",
        PIN_FILE, f"{PIN_FILE}.last-good", "kiosk-pin.set"])  # the v1 PIN, in its own file
    again = make(tmp_path)
    assert again.kiosk_pin.attempt(V1_SETTINGS["settings"]["kiosk_pin"])
    assert again.load_settings().game("magdagdon")["difficulty"] == "NIGHTMARE"
    assert len(again.records("magdagdon")) == 14
    assert resume(again).to_dict() == V1_SAVE["game"]
    # the resumed game is played to its end and recorded under its v1 id
    game = resume(again)
    play_to_end(game)
    again.save_game("magdagdon", game)
    again.record_game("magdagdon", game)
    assert again.records("magdagdon")[-1].id == V1_SAVE["game_id"]
    again.settle()
    assert not (tmp_path / SAVE).exists() and again.notices == []


def test_a_finished_v1_save_is_recorded_once(tmp_path: Path) -> None:
    game = finished()
    doc = {"version": 1, "game_id": "0123abcd", "saved_at": "2026-01-01T00:00:00Z",
           "game": game.to_dict()}
    (tmp_path / "savegame.json").write_text(json.dumps(doc, indent=1), "utf-8")
    s = make(tmp_path)
    assert s.has_saved_game("magdagdon") is False
    assert s.load_game("magdagdon") is None
    assert [r.id for r in s.records("magdagdon")] == ["0123abcd"]
    s.settle()
    assert not (tmp_path / SAVE).exists() and not (tmp_path / "savegame.json").exists()


def test_a_v1_save_whose_game_is_recorded_is_never_resumed(tmp_path: Path) -> None:
    copy_v1(tmp_path, "scores.json")
    doc = dict(V1_SAVE, game_id=V1_SCORES["recorded"][-1])
    (tmp_path / "savegame.json").write_text(json.dumps(doc), "utf-8")
    s = make(tmp_path)
    assert s.has_saved_game("magdagdon") is False and s.load_game("magdagdon") is None
    assert not (tmp_path / SAVE).exists() and s.notices == []


def test_a_kill_during_the_save_move_loses_nothing_and_copies_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    copy_v1(tmp_path, "savegame.json")
    real_unlink = os.unlink

    def killed(path: Any, *args: Any, **kwargs: Any) -> None:
        if Path(os.fspath(path)).name == "savegame.json":
            raise SystemExit("killed")
        real_unlink(path, *args, **kwargs)

    with monkeypatch.context() as m:
        m.setattr(os, "unlink", killed)
        with pytest.raises(SystemExit):
            make(tmp_path).load_game("magdagdon")
    assert (tmp_path / "savegame.json").exists() and (tmp_path / SAVE).exists()
    s = make(tmp_path)
    assert resume(s).to_dict() == V1_SAVE["game"]
    assert not (tmp_path / "savegame.json").exists()
    assert sorted(p.name for p in tmp_path.glob("savegame.json*")) == ["savegame.json.v1-backup"]
    assert s.notices == []


def test_an_older_copy_run_after_the_upgrade_keeps_both_saves(tmp_path: Path) -> None:
    s = make(tmp_path)
    newer = played(seed=3)
    s.save_game("magdagdon", newer)
    new_bytes = (tmp_path / SAVE).read_bytes()
    copy_v1(tmp_path, "savegame.json")  # the v1 game wrote its save afterwards
    again = make(tmp_path)
    assert resume(again).to_dict() == V1_SAVE["game"]  # the newest play wins
    [kept] = list((tmp_path / "saves").glob("magdagdon.json.replaced-*"))
    assert kept.read_bytes() == new_bytes


def test_the_v1_save_never_overwrites_a_damaged_or_unreadable_new_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    copy_v1(tmp_path, "savegame.json")
    (tmp_path / "saves").mkdir()
    (tmp_path / SAVE).write_bytes(b"{damaged")
    s = make(tmp_path)
    assert resume(s).to_dict() == V1_SAVE["game"]
    assert [n.key for n in s.notices] == ["notice.corrupt"]
    assert len(list((tmp_path / "saves").glob("magdagdon.json.corrupt-*"))) == 1
    # an unreadable new save is left alone, and the v1 save stays where it is, too
    copy_v1(tmp_path, "savegame.json")
    locked = (tmp_path / SAVE).read_bytes()
    real_open = os.open

    def deny(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if Path(os.fspath(path)).name == "magdagdon.json":
            raise OSError(errno.EACCES, "denied", os.fspath(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", deny)
    s = make(tmp_path)
    assert resume(s).to_dict() == V1_SAVE["game"]  # played from the v1 file
    assert [n.key for n in s.notices] == ["notice.unreadable"]
    assert (tmp_path / SAVE).read_bytes() == locked and (tmp_path / "savegame.json").exists()


def test_the_v1_save_waits_when_no_backup_can_be_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    copy_v1(tmp_path, "savegame.json")
    s = make(tmp_path)
    with monkeypatch.context() as m:
        m.setattr(tempfile, "mkstemp", fail(errno.ENOSPC))
        game = s.load_game("magdagdon")  # played from the v1 file, which stays
        assert game is not None and game.to_dict() == V1_SAVE["game"]
    assert (tmp_path / "savegame.json").exists() and not (tmp_path / SAVE).exists()
    assert s.save_game("magdagdon", game)  # the disk is back: moved, then saved
    assert not (tmp_path / "savegame.json").exists()
    assert (tmp_path / "savegame.json.v1-backup").exists()
    assert resume(make(tmp_path)).to_dict() == game.to_dict()


def test_a_migration_whose_backup_fails_is_done_later_and_never_without_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    copy_v1(tmp_path, "settings.json")
    s = make(tmp_path)
    with monkeypatch.context() as m:
        m.setattr(tempfile, "mkstemp", fail(errno.ENOSPC))
        assert s.load_settings().language == "th"
        assert s.save_settings(s.load_settings()) is False  # no backup yet: not overwritten
    assert (tmp_path / SETTINGS_FILE).read_bytes() == (V1_DIR / "settings.json").read_bytes()
    assert s.save_settings(s.load_settings()) is True  # the backup first, then the file
    assert (tmp_path / "settings.json.v1-backup").read_bytes() == (
        V1_DIR / "settings.json").read_bytes()
    assert read_json(tmp_path / SETTINGS_FILE)["version"] == 2


def test_a_storage_without_magdagdon_keeps_its_v1_data_for_later(tmp_path: Path) -> None:
    copy_v1(tmp_path)
    s = make(tmp_path, games=(COUNTER,))
    s.check_files()
    s.record_game("counter", Counter(3, 3))
    s.settle()
    assert (tmp_path / "savegame.json").exists()  # nobody here can decode it: left alone
    full = make(tmp_path)
    full.check_files()
    assert len(full.records("magdagdon")) == 14 and len(full.records("counter")) == 1
    assert full.load_settings().game("magdagdon")["difficulty"] == "NIGHTMARE"
    assert resume(full).to_dict() == V1_SAVE["game"]
    assert full.notices == [] and s.notices == []


# --- a newer version's files ------------------------------------------------------------------


def test_newer_settings_keep_a_copy_and_use_what_is_known(
    tmp_path: Path, caplog: pytest.LogCaptureFixture,
) -> None:
    doc = {"version": 3, "settings": {"language": "xx", "music_volume": 0.3, "hologram": True},
           "games": {"magdagdon": {"digits": True, "level": 9}, "chess960": {"a": 1}},
           "profiles": [{"name": "ann"}]}
    raw = json.dumps(doc).encode()
    (tmp_path / SETTINGS_FILE).write_bytes(raw)
    with caplog.at_level(logging.WARNING, logger="game.arcade.storage"):
        s = make(tmp_path)
        got = s.load_settings()
        make(tmp_path).load_settings()  # a second start: no second copy
    assert got.language == "en" and got.music_volume == 0.3
    assert got.game("magdagdon")["digits"] is True and got.games["chess960"] == {"a": 1}
    assert s.notices == []
    [copy] = list(tmp_path.glob("settings.json.newer-v3-*"))
    assert copy.name == "settings.json.newer-v3-20261130T021500Z" and copy.read_bytes() == raw
    assert len([r for r in caplog.records if "newer" in r.getMessage()]) == 2  # one per start
    assert (tmp_path / SETTINGS_FILE).read_bytes() == raw  # untouched until the player saves
    assert s.save_settings(got) and read_json(tmp_path / SETTINGS_FILE)["version"] == 2
    assert copy.read_bytes() == raw


def test_newer_settings_of_another_shape_are_read_as_far_as_possible(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"version": 7, "settings": [1]}), "utf-8")
    s = make(tmp_path)
    assert s.load_settings() == Settings.for_games(GAMES) and s.notices == []
    assert len(list(tmp_path.glob("settings.json.newer-v7-*"))) == 1


def test_newer_scores_keep_a_copy_and_are_taken_in_as_far_as_possible(tmp_path: Path) -> None:
    good = {"id": "a1", "date": "2026-01-02T03:04:05Z", "variant": "PEACEFUL", "initials": "",
            "score": 300, "turns": 12, "powers": 1, "ruins": 0, "hints": 3}
    odd = {"id": "b2", "date": "2026-01-02T03:04:05Z", "variant": "ZEN", "score": 5}
    doc = {"version": 3, "games": {"magdagdon": {"records": [good, odd], "best": {}},
                                   "chess960": {"records": [1]}}}
    raw = json.dumps(doc).encode()
    (tmp_path / SCORES_FILE).write_bytes(raw)
    s = make(tmp_path)
    assert [r.id for r in s.records("magdagdon")] == ["a1"] and s.notices == []
    assert s.records("magdagdon")[0].hints == 3
    s.record_game("magdagdon", finished())
    assert [r.id for r in s.records("magdagdon")][0] == "a1"
    [(section,)] = db_rows(tmp_path, "SELECT section FROM foreign_sections")
    assert json.loads(section) == {"records": [1]}
    [copy] = list(tmp_path.glob("scores.json.newer-v3-*"))
    assert copy.read_bytes() == raw  # the record this build could not read is kept there
    assert (tmp_path / "scores.json.migrated").read_bytes() == raw


def test_a_newer_save_is_resumed_when_it_decodes_else_kept(tmp_path: Path) -> None:
    game = played()
    doc = {"version": 3, "game": "magdagdon", "id": "abc", "saved_at": "2026-01-01T00:00:00Z",
           "state": game.to_dict(), "replay": []}
    (tmp_path / "saves").mkdir()
    (tmp_path / SAVE).write_text(json.dumps(doc), "utf-8")
    s = make(tmp_path)
    assert s.has_saved_game("magdagdon")
    loaded = resume(s)
    assert loaded.to_dict() == game.to_dict() and s.record_id(loaded) == "abc"
    doc["state"] = {"version": 9, "quantum": True}
    (tmp_path / SAVE).write_text(json.dumps(doc), "utf-8")
    s = make(tmp_path)
    assert s.load_game("magdagdon") is None and s.notices == []
    assert (tmp_path / SAVE).exists()  # not ours to delete
    assert len(list((tmp_path / "saves").glob("magdagdon.json.newer-v3-*"))) == 2


# --- the registry -----------------------------------------------------------------------------


def test_migrations_are_applied_in_order_up_to_the_current_version(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    registry = migrations.Migrations({game.id: game.migrations for game in GAMES})
    assert registry.can_upgrade("settings", 1) and not registry.can_upgrade("settings", 2)
    assert not registry.can_upgrade("settings", 0)
    seen: list[int] = []

    def two_to_three(data: dict[str, Any]) -> dict[str, Any]:
        seen.append(data["version"])
        return {**data, "version": 3, "three": True}

    monkeypatch.setitem(migrations.CURRENT, "settings", 3)
    monkeypatch.setitem(registry.steps, ("settings", 2), two_to_three)
    out = registry.upgrade("settings", {"version": 1, "settings": {"digits": True}})
    assert out["version"] == 3 and out["three"] and seen == [2]
    assert out["games"] == {"magdagdon": {"digits": True}}
    with pytest.raises(ValueError):
        registry.upgrade("settings", {"version": 0})


def test_the_storage_reads_only_through_the_registry(tmp_path: Path) -> None:
    """A v1 file of a kind without a v1 migration (a save in saves/) is corrupt."""
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "counter.json").write_text(
        json.dumps({"version": 1, "game": "counter"}), "utf-8")
    s = Storage(tmp_path, games=(COUNTER, MAGDAGDON))
    assert s.load_game("counter") is None and [n.key for n in s.notices] == ["notice.corrupt"]
