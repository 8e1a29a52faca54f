"""Damaged, hostile and unreadable files: set aside (or left alone) with a notice, never a crash,
never a hang."""

from __future__ import annotations

import errno
import json
import os
import re
import threading
from pathlib import Path
from typing import Any

import pytest

from game.arcade.storage import (
    DB_FILE,
    MAX_BYTES,
    SCORES_FILE,
    SCORES_MAX_BYTES,
    SETTINGS_FILE,
    Notice,
    Settings,
    Storage,
)
from game.arcade.storage import jsonfile as jsonfile_module
from tests.arcade.storage.support import (
    GAMES,
    STAMP_RE,
    START,
    Counter,
    P,
    finished,
    make,
    played,
    read_json,
    resume,
    scores,
    write_scores,
)

SAVE_FILE = "saves/magdagdon.json"
COUNTER_SAVE = "saves/counter.json"
FILES = [SETTINGS_FILE, SCORES_FILE, SAVE_FILE, COUNTER_SAVE]


def good_bytes(name: str, folder: Path) -> bytes:
    s = make(folder)
    if name == SETTINGS_FILE:
        s.save_settings(Settings.for_games(GAMES, language="bg"))
    elif name == SCORES_FILE:  # the records before arcade.db: read once, to take them in
        write_scores(folder, {"magdagdon": {"records": [GOOD_ROW], "recorded": []}})
    elif name == SAVE_FILE:
        s.save_game("magdagdon", played())
    else:
        s.save_game("counter", Counter(1))
    return (folder / name).read_bytes()


def wrong_types(name: str, good: bytes) -> bytes:
    data = json.loads(good)
    if name == SETTINGS_FILE:
        data["settings"] = ["not", "an", "object"]
    elif name == SCORES_FILE:
        data["games"]["magdagdon"]["records"][0]["score"] = "lots"
    elif name == SAVE_FILE:
        data["state"]["board"] = "full"
    else:
        data["state"]["count"] = -1
    return json.dumps(data).encode()


CORRUPTIONS = {
    "garbage": lambda name, good: bytes(range(256)) * 4,
    "empty": lambda name, good: b"",
    "truncated": lambda name, good: good[: len(good) // 2],
    "array": lambda name, good: b"[" + good + b"]",
    "old_version": lambda name, good: json.dumps({**json.loads(good), "version": 0}).encode(),
    "string_version": lambda name, good: json.dumps({**json.loads(good), "version": "2"}).encode(),
    "bool_version": lambda name, good: json.dumps({**json.loads(good), "version": True}).encode(),
    "float_version": lambda name, good: json.dumps({**json.loads(good), "version": 2.0}).encode(),
    "no_version": lambda name, good: json.dumps(
        {k: v for k, v in json.loads(good).items() if k != "version"}).encode(),
    "too_big": lambda name, good: good[:-1] + b" " * (2 * MAX_BYTES) + b"}",
    "sparse_over_the_cap": lambda name, good: good,  # extended below, without writing 64 MB
    "invalid_utf8": lambda name, good: good[:-1] + b', "x": "caf\xe9 \xff"}',
    "nan": lambda name, good: good[:-1] + b', "x": NaN}',
    "infinity": lambda name, good: good[:-1] + b', "x": -Infinity}',
    "deep": lambda name, good: b"[" * 100_000 + b"]" * 100_000,
    "wrong_types": wrong_types,
}


def load_one(s: Storage, name: str) -> Any:
    if name == SETTINGS_FILE:
        return s.load_settings()
    if name == SCORES_FILE:
        return scores(s, P)
    return s.load_game("magdagdon" if name == SAVE_FILE else "counter")


DEFAULTS = {SETTINGS_FILE: Settings.for_games(GAMES), SCORES_FILE: [], SAVE_FILE: None,
            COUNTER_SAVE: None}


@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize("case", sorted(CORRUPTIONS))
def test_corrupt_file_is_set_aside_with_a_notice(tmp_path: Path, name: str, case: str) -> None:
    good = good_bytes(name, tmp_path / "good")
    bad = CORRUPTIONS[case](name, good)
    assert bad != good or case == "sparse_over_the_cap"
    folder = tmp_path / "data"
    (folder / "saves").mkdir(parents=True)
    (folder / name).write_bytes(bad)
    if case == "sparse_over_the_cap":
        cap = SCORES_MAX_BYTES if name == SCORES_FILE else MAX_BYTES
        os.truncate(folder / name, cap + 1)
        bad = (folder / name).read_bytes()
    elif case == "too_big" and name == SCORES_FILE:
        assert len(bad) < SCORES_MAX_BYTES  # valid JSON within the cap: not corrupt
        s = make(folder)
        assert len(scores(s, P)) == 1 and s.notices == []
        return
    s = make(folder)
    assert load_one(s, name) == DEFAULTS[name]
    assert s.notices == [Notice("notice.corrupt", {"file": name})]
    assert not (folder / name).exists()
    aside = [p for p in (folder / name).parent.iterdir()
             if p.name.startswith(Path(name).name + ".corrupt-")]
    assert len(aside) == 1 and re.fullmatch(re.escape(Path(name).name) + r"\.corrupt-" + STAMP_RE,
                                            aside[0].name)
    assert aside[0].name == f"{Path(name).name}.corrupt-20261130T021500Z"
    assert aside[0].read_bytes() == bad
    # the defaults are in use and the next save writes a good file again
    assert load_one(s, name) == DEFAULTS[name] and len(s.notices) == 1
    if name == SETTINGS_FILE:
        assert s.save_settings(Settings.for_games(GAMES, language="th"))
        assert make(folder).load_settings().language == "th"
    elif name == SCORES_FILE:
        assert s.record_game("magdagdon", finished()) == 0
        s.settle()
        assert len(scores(make(folder), P)) == 1
    elif name == SAVE_FILE:
        assert s.save_game("magdagdon", played())
        assert make(folder).load_game("magdagdon") is not None
    else:
        assert s.save_game("counter", Counter(1))
        assert make(folder).load_game("counter") is not None


GOOD_ROW = {"id": "a1", "date": "2026-01-02T03:04:05Z", "variant": "PEACEFUL", "initials": "",
            "score": 300, "turns": 12, "powers": 1, "ruins": 0}


@pytest.mark.parametrize(
    "mutate",
    [
        lambda e: e.update(score=True),
        lambda e: e.update(score=1.5),
        lambda e: e.update(turns=-1),
        lambda e: e.update(powers=9),
        lambda e: e.update(date="yesterday"),
        lambda e: e.update(date="2026-02-30T00:00:00Z"),
        lambda e: e.update(id=""),
        lambda e: e.update(id=7),
        lambda e: e.update(id="../../x"),
        lambda e: e.update(initials="abcd"),
        lambda e: e.update(variant="EASY"),
        lambda e: e.update(variant=""),
        lambda e: e.pop("ruins"),
        lambda e: e.pop("variant"),
        lambda e: e.update(id="a1"),  # the same id twice
    ],
    ids=["bool", "float", "turns", "powers", "date", "no_such_day", "empty_id", "int_id",
         "path_id", "initials", "variant", "empty_variant", "missing", "no_variant",
         "duplicate_id"],
)
def test_one_malformed_record_makes_the_file_corrupt(tmp_path: Path, mutate: Any) -> None:
    bad = dict(GOOD_ROW, id="b2")
    mutate(bad)
    data = {"version": 2, "games": {"magdagdon": {"records": [GOOD_ROW, bad]}}}
    (tmp_path / SCORES_FILE).write_text(json.dumps(data), "utf-8")
    s = make(tmp_path)
    assert s.records("magdagdon") == []
    assert s.notices == [Notice("notice.corrupt", {"file": SCORES_FILE})]


@pytest.mark.parametrize(
    "data",
    [
        {"version": 2},
        {"version": 2, "games": []},
        {"version": 2, "games": {"magdagdon": []}},
        {"version": 2, "games": {"magdagdon": {"records": {}}}},
        {"version": 2, "games": {"magdagdon": {"records": [], "recorded": "a1"}}},
        {"version": 2, "games": {"magdagdon": {"records": [], "recorded": [1]}}},
        {"version": 2, "games": {"counter": {"records": [{**GOOD_ROW, "variant": "short"}]}}},
    ],
    ids=["no_games", "games_list", "section_list", "records_dict", "recorded_str",
         "recorded_int", "counter_record_without_count"],
)
def test_scores_file_of_the_wrong_shape_is_corrupt(tmp_path: Path, data: dict) -> None:
    (tmp_path / SCORES_FILE).write_text(json.dumps(data), "utf-8")
    s = make(tmp_path)
    assert s.records("magdagdon") == []
    assert s.notices == [Notice("notice.corrupt", {"file": SCORES_FILE})]


def test_the_same_record_id_in_two_games_is_fine(tmp_path: Path) -> None:
    counter_row = {"id": "a1", "date": "2026-01-02T03:04:05Z", "variant": "short", "count": 3}
    data = {"version": 2, "games": {"magdagdon": {"records": [GOOD_ROW]},
                                    "counter": {"records": [counter_row]}}}
    (tmp_path / SCORES_FILE).write_text(json.dumps(data), "utf-8")
    s = make(tmp_path)
    assert len(s.records("magdagdon")) == len(s.records("counter")) == 1 and s.notices == []


def test_save_file_of_the_wrong_shape_is_corrupt(tmp_path: Path) -> None:
    s = make(tmp_path)
    s.save_game("magdagdon", played())
    good = read_json(tmp_path / SAVE_FILE)
    for bad in ({**good, "id": "../../etc"}, {k: v for k, v in good.items() if k != "state"},
                {**good, "state": {**good["state"], "version": 2}}, {**good, "game": "counter"},
                {**good, "saved_at": "now"}, {**good, "state": [1]}):
        (tmp_path / SAVE_FILE).write_text(json.dumps(bad), "utf-8")
        fresh = make(tmp_path)
        assert fresh.has_saved_game("magdagdon") is False
        assert fresh.load_game("magdagdon") is None
        assert fresh.notices == [Notice("notice.corrupt", {"file": SAVE_FILE})]
        assert not (tmp_path / SAVE_FILE).exists()


def test_corrupt_names_get_a_counter_when_taken(tmp_path: Path) -> None:
    for _ in range(3):
        (tmp_path / SETTINGS_FILE).write_bytes(b"{oops")
        Storage(tmp_path, games=GAMES, clock=lambda: START).load_settings()
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["settings.json.corrupt-20261130T021500Z",
                     "settings.json.corrupt-20261130T021500Z-2",
                     "settings.json.corrupt-20261130T021500Z-3"]


# --- files that are not regular files --------------------------------------------------------


def test_a_folder_where_a_file_should_be_is_set_aside(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).mkdir()
    s = make(tmp_path)
    assert s.load_settings() == Settings.for_games(GAMES)
    assert s.notices == [Notice("notice.corrupt", {"file": SETTINGS_FILE})]
    assert s.save_settings(Settings()) and (tmp_path / SETTINGS_FILE).is_file()


def run_with_watchdog(fifos: list[Path], action: Any, seconds: float = 20.0) -> Any:
    """Run ``action`` in a thread; if it blocks on a FIFO, unblock it and fail."""
    result: dict[str, Any] = {}

    def target() -> None:
        try:
            result["value"] = action()
        except BaseException as error:  # pragma: no cover - reported below
            result["error"] = error

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():  # hung in open() or read(): release it, then fail
        for fifo in fifos:
            try:
                fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
                os.close(fd)
            except OSError:
                pass
        thread.join(5)
        pytest.fail(f"start-up hung on a FIFO for {seconds} s")
    if "error" in result:
        raise result["error"]
    return result["value"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_fifos_with_data_file_names_never_hang_the_start(tmp_path: Path) -> None:
    (tmp_path / "saves").mkdir()
    fifos = [tmp_path / name for name in (*FILES, "savegame.json", DB_FILE)]
    for fifo in fifos:
        os.mkfifo(fifo)

    def start() -> Storage:
        s = make(tmp_path)
        assert s.has_saved_game("magdagdon") is False
        assert s.has_settings() is False
        s.check_files()
        return s

    s = run_with_watchdog(fifos, start)
    assert sorted(n.params["file"] for n in s.notices) == sorted([*FILES, "savegame.json",
                                                                  DB_FILE])
    assert {n.key for n in s.notices} == {"notice.corrupt"}
    for fifo in fifos:  # set aside (renamed), nothing read from it; a new database made
        assert not os.path.lexists(fifo) or (fifo.name == DB_FILE and fifo.is_file())
        assert list(fifo.parent.glob(f"{fifo.name}.corrupt-*"))
    assert s.save_settings(s.load_settings()) and (tmp_path / SETTINGS_FILE).is_file()


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
@pytest.mark.parametrize("name", [SCORES_FILE, DB_FILE])
def test_a_symlink_to_a_device_is_set_aside_the_device_untouched(tmp_path: Path,
                                                                 name: str) -> None:
    (tmp_path / name).symlink_to("/dev/zero")
    s = make(tmp_path)
    assert s.records("magdagdon") == []
    assert s.notices == [Notice("notice.corrupt", {"file": name})]
    aside = next(tmp_path.glob(f"{name}.corrupt-*"))
    assert aside.is_symlink() and os.readlink(aside) == "/dev/zero"
    assert s.record_game("magdagdon", finished()) == 0  # a new database takes the records
    s.settle()
    assert len(make(tmp_path).records("magdagdon")) == 1


def test_symlinks_to_regular_files_are_followed_and_never_written_through(tmp_path: Path) -> None:
    elsewhere = tmp_path / "dotfiles"
    elsewhere.mkdir()
    good_bytes(SETTINGS_FILE, elsewhere)
    target = elsewhere / SETTINGS_FILE
    before = target.read_bytes()
    data = tmp_path / "data"
    data.mkdir()
    (data / SETTINGS_FILE).symlink_to(target)
    s = make(data)
    assert s.load_settings().language == "bg" and s.notices == []
    assert s.save_settings(Settings.for_games(GAMES, language="ko"))
    assert target.read_bytes() == before  # the link was replaced, its target untouched
    assert not (data / SETTINGS_FILE).is_symlink()


# --- files we may not read -------------------------------------------------------------------


def deny(monkeypatch: pytest.MonkeyPatch, names: set[str], err: int = errno.EACCES) -> None:
    """``os.open`` of these file names fails with ``err`` (the tests may run as root)."""
    real = os.open

    def fake_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if Path(os.fspath(path)).name in names:
            raise OSError(err, os.strerror(err), os.fspath(path))
        return real(path, flags, *args, **kwargs)

    monkeypatch.setattr(jsonfile_module.os, "open", fake_open)


UNREADABLE = [SETTINGS_FILE, DB_FILE, SAVE_FILE]


@pytest.mark.parametrize("err", [errno.EACCES, errno.EPERM])
def test_an_unreadable_file_is_reported_left_in_place_and_never_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, err: int,
) -> None:
    writer = make(tmp_path)
    writer.save_settings(Settings.for_games(GAMES, language="bg"))
    for value in (4, 5):
        writer.record_game("magdagdon", finished(P, value))
    game = played()
    writer.save_game("magdagdon", game)
    writer.close()
    before = {name: (tmp_path / name).read_bytes() for name in UNREADABLE}
    deny(monkeypatch, {"settings.json", DB_FILE, "magdagdon.json"}, err)
    s = make(tmp_path)
    assert s.load_settings() == Settings.for_games(GAMES)
    assert s.records("magdagdon") == [] and scores(s, P) == []
    assert s.has_saved_game("magdagdon") is False and s.load_game("magdagdon") is None
    assert s.notices == [Notice("notice.unreadable", {"file": n}) for n in UNREADABLE]
    assert s.has_settings() is True  # it is there: not a first start
    # the game goes on in memory and never overwrites (or removes) those files
    assert s.save_settings(Settings.for_games(GAMES, language="th")) is False
    assert s.load_settings().language == "th"
    assert s.record_game("magdagdon", finished(P, 6)) == 0
    other = played(seed=9)
    assert s.save_game("magdagdon", other) is False
    assert resume(s).to_dict() == other.to_dict()
    s.clear_game("magdagdon")
    s.check_files()
    s.close()
    assert len(s.notices) == 3  # each told once
    assert {name: (tmp_path / name).read_bytes() for name in UNREADABLE} == before
    assert not list(tmp_path.rglob("*.corrupt-*"))
    assert len([r for r in caplog.records if "cannot be read" in r.getMessage()]) == 3
    monkeypatch.undo()  # permissions fixed: everything is still there
    again = make(tmp_path)
    assert again.load_settings().language == "bg" and len(again.records("magdagdon")) == 2
    assert resume(again).to_dict() == game.to_dict()
