"""Settings: the arcade's fields and one section per game, validated field by field."""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import tempfile
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.arcade.storage import SETTINGS_FILE, Settings, jsonfile
from game.engine.locales import LOCALES
from tests.arcade.storage.support import (
    COUNTER,
    GAMES,
    MAGDAGDON,
    leftovers,
    make,
    played,
    read_json,
)

DEFAULTS = Settings.for_games(GAMES)


def write_settings(folder: Path, general: dict[str, Any], games: Any = None) -> None:
    doc: dict[str, Any] = {"version": 2, "settings": general}
    if games is not None:
        doc["games"] = games
    (folder / SETTINGS_FILE).write_text(json.dumps(doc), "utf-8")


def mine() -> Settings:
    s = Settings.for_games(GAMES, language="ko", music_volume=0.25, effects_volume=1.0,
                           music_muted=True, effects_muted=True, fullscreen=True,
                           reduced_motion=True, idle_seconds=300, last_game="counter",
                           window={"x": -1200, "y": 40, "w": 1280, "h": 720, "display": "1"})
    s.game("magdagdon").update(difficulty="NIGHTMARE", digits=True, coached=True)
    s.game("counter").update(speed=1.5, name="ann", sound=False)
    return s


def test_settings_round_trip(tmp_path: Path) -> None:
    ours = mine()
    assert make(tmp_path).save_settings(ours) is True
    data = read_json(tmp_path / SETTINGS_FILE)
    assert data["version"] == 2 and set(data) == {"version", "settings", "games"}
    assert data["games"]["magdagdon"] == {"difficulty": "NIGHTMARE", "digits": True,
                                          "coached": True}
    assert data["settings"]["kiosk_pin_hash"] == ""  # the PIN has a file of its own
    again = make(tmp_path)
    loaded = again.load_settings()
    assert loaded == ours and again.notices == []
    assert leftovers(tmp_path) == []


def test_missing_file_gives_defaults_without_notice(store: Any) -> None:
    assert store.load_settings() == DEFAULTS
    assert store.notices == [] and store.has_settings() is False
    store.save_settings(DEFAULTS)
    assert store.has_settings() is True


def test_defaults() -> None:
    d = DEFAULTS
    assert (d.language, d.music_volume, d.effects_volume, d.idle_seconds) == ("en", 0.6, 0.9, 90)
    assert not (d.music_muted or d.effects_muted or d.fullscreen or d.reduced_motion)
    assert d.kiosk_pin_hash == "" and d.window is None
    assert d.last_game == "magdagdon"
    assert d.games == {"magdagdon": {"difficulty": "PEACEFUL", "digits": False, "coached": False},
                       "counter": {"speed": 1.0, "name": "", "sound": True}}


def test_game_section_is_created_with_defaults_and_changed_in_place() -> None:
    s = Settings(schemas={"counter": COUNTER.settings})
    section = s.game("counter")
    assert section == {"speed": 1.0, "name": "", "sound": True}
    section["speed"] = 2.0
    assert s.game("counter")["speed"] == 2.0 and s.games["counter"] is section
    assert Settings().game("whatever") == {}  # no schema: an empty section


def test_has_settings_is_false_after_a_corrupt_file_was_set_aside(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_bytes(b"\x00")
    s = make(tmp_path)
    assert s.load_settings() == DEFAULTS and s.has_settings() is False


def test_unknown_keys_ignored_and_bad_values_fall_back_per_field(tmp_path: Path) -> None:
    write_settings(tmp_path, {
        "language": "th",  # good
        "music_volume": 1,  # an int is a fine float
        "effects_volume": "loud",  # wrong type
        "fullscreen": 1,  # not a bool
        "reduced_motion": True,  # good
        "idle_seconds": 1.5,  # not an int
        "kiosk_pin_hash": "1234",  # not a hash (a plain PIN is never accepted)
        "window": {"x": 1, "y": 2, "w": 3, "h": 4, "display": "0"},  # too small
        "last_game": "../etc",  # not a game id
        "from_the_future": [1, 2, 3],  # unknown
    }, {"magdagdon": {"difficulty": "EASY", "digits": True, "turbo": 9},
        "counter": {"speed": 9.0, "name": "bob", "sound": "yes"}})
    s = make(tmp_path)
    got = s.load_settings()
    expected = dataclasses.replace(DEFAULTS, language="th", music_volume=1.0,
                                   reduced_motion=True, games={
                                       "magdagdon": {"difficulty": "PEACEFUL", "digits": True,
                                                     "coached": False},
                                       "counter": {"speed": 1.0, "name": "bob", "sound": True}})
    assert got == expected
    assert isinstance(got.music_volume, float)
    assert s.notices == [] and (tmp_path / SETTINGS_FILE).exists()


@pytest.mark.parametrize(
    ("field", "value"),
    [("music_volume", 1.5), ("effects_volume", -0.1), ("idle_seconds", 0),
     ("idle_seconds", 86_401), ("idle_seconds", True), ("language", ""), ("music_volume", True),
     ("language", "xx"), ("language", "TH"), ("language", "de"), ("language", 7),
     ("language", "en-US"), ("last_game", "chess"), ("last_game", ""),
     ("window", {"x": 0, "y": 0, "w": 800, "h": 600}),  # no display
     ("window", {"x": 0, "y": 0, "w": 800.0, "h": 600, "display": "0"}),
     ("window", {"x": 10**9, "y": 0, "w": 800, "h": 600, "display": "0"}),
     ("window", {"x": 0, "y": 0, "w": 800, "h": 600, "display": 0}),
     ("window", [0, 0, 800, 600]), ("kiosk_pin_hash", "pbkdf2_sha256$999999999$00$00")],
)
def test_out_of_range_values_fall_back_with_one_log_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, field: str, value: Any,
) -> None:
    write_settings(tmp_path, {field: value, "fullscreen": True})
    with caplog.at_level(logging.INFO, logger="game.arcade.storage"):
        got = make(tmp_path).load_settings()
    assert getattr(got, field) == getattr(DEFAULTS, field) and got.fullscreen is True
    lines = [r for r in caplog.records if field in r.getMessage()]
    assert len(lines) == 1, caplog.text


@pytest.mark.parametrize("language", LOCALES)
def test_every_shipped_language_is_kept(tmp_path: Path, language: str) -> None:
    write_settings(tmp_path, {"language": language})
    assert make(tmp_path).load_settings().language == language


def test_window_geometry_round_trips(tmp_path: Path) -> None:
    window = {"x": -1920, "y": 0, "w": 1920, "h": 1080, "display": "HDMI-1"}
    write_settings(tmp_path, {"window": {**window, "maximised": True}})  # extra key: refused
    assert make(tmp_path).load_settings().window is None
    s = make(tmp_path)
    s.save_settings(dataclasses.replace(DEFAULTS, window=window))
    assert make(tmp_path).load_settings().window == window


def test_sections_of_unknown_games_are_kept_as_they_are(tmp_path: Path) -> None:
    future = {"level": [1, 2, {"deep": None}], "x": "y"}
    write_settings(tmp_path, {"language": "bg"},
                   {"magdagdon": {"digits": True}, "chess960": future, "odd": 5})
    s = make(tmp_path)
    got = s.load_settings()
    assert got.games["chess960"] == future and got.games["odd"] == 5
    got.language = "ko"
    assert s.save_settings(got)
    data = read_json(tmp_path / SETTINGS_FILE)
    assert data["games"]["chess960"] == future and data["games"]["odd"] == 5
    assert data["games"]["magdagdon"]["digits"] is True
    # a storage that knows only one game keeps the other known game's section too
    only_counter = make(tmp_path, games=(COUNTER,))
    assert only_counter.save_settings(only_counter.load_settings())
    assert read_json(tmp_path / SETTINGS_FILE)["games"]["magdagdon"]["digits"] is True


def test_invalid_values_set_in_code_are_written_as_defaults(
    tmp_path: Path, caplog: pytest.LogCaptureFixture,
) -> None:
    s = make(tmp_path)
    bad = s.load_settings()
    bad.language = "xx"
    bad.music_volume = 1  # an int is fine: written as 1.0
    bad.game("magdagdon")["difficulty"] = "EASY"
    bad.game("magdagdon")["unknown"] = 1
    with caplog.at_level(logging.WARNING):
        assert s.save_settings(bad)
    data = read_json(tmp_path / SETTINGS_FILE)
    assert data["settings"]["language"] == "en" and data["settings"]["music_volume"] == 1.0
    assert data["games"]["magdagdon"] == {"difficulty": "PEACEFUL", "digits": False,
                                          "coached": False}
    assert "language" in caplog.text


@pytest.mark.parametrize(
    "data",
    [{"version": 2}, {"version": 2, "settings": []}, {"version": 2, "settings": {}, "games": []}],
    ids=["no_settings", "settings_list", "games_list"],
)
def test_a_file_broken_as_a_whole_is_corrupt(tmp_path: Path, data: dict) -> None:
    (tmp_path / SETTINGS_FILE).write_text(json.dumps(data), "utf-8")
    s = make(tmp_path)
    assert s.load_settings() == DEFAULTS
    assert [n.key for n in s.notices] == ["notice.corrupt"]


def test_a_known_section_that_is_not_an_object_gives_its_defaults(tmp_path: Path) -> None:
    write_settings(tmp_path, {}, {"magdagdon": "NIGHTMARE"})
    s = make(tmp_path)
    assert s.load_settings() == DEFAULTS and s.notices == []


def test_utf8_bom_is_tolerated(tmp_path: Path) -> None:
    text = json.dumps({"version": 2, "settings": {"language": "ko"}, "games": {}})
    (tmp_path / SETTINGS_FILE).write_bytes(b"\xef\xbb\xbf" + text.encode())
    s = make(tmp_path)
    assert s.load_settings().language == "ko" and s.notices == []


def test_starting_a_new_game_saves_settings_and_clears_the_save(tmp_path: Path) -> None:
    """What ``GameContext.start_new_game`` does with storage."""
    s = make(tmp_path)
    s.save_game("magdagdon", played())
    assert s.has_saved_game("magdagdon")
    s.clear_game("magdagdon")
    settings_now = s.load_settings()
    settings_now.game("magdagdon")["difficulty"] = "NIGHTMARE"
    s.save_settings(settings_now)
    assert not s.has_saved_game("magdagdon")
    assert make(tmp_path).load_settings().game("magdagdon")["difficulty"] == "NIGHTMARE"


def test_starting_a_new_game_leaves_both_writes_to_the_writer_thread(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """PLAY AGAIN (``later=True``) does not wait for the disk: while the writer thread is held
    up, the old save and settings are still on disk; then both land, in the same form as
    when written at once (indented settings)."""
    s = make(tmp_path)
    s.save_game("magdagdon", played())
    assert s.save_settings(s.load_settings())
    before = (tmp_path / SETTINGS_FILE).read_bytes()
    disk = threading.Event()
    write, unlink = jsonfile.atomic_write, os.unlink

    def held_write(path: Path, raw: bytes) -> None:
        assert disk.wait(10)
        write(path, raw)

    def held_unlink(path: Any, *args: Any, **kwargs: Any) -> None:
        if threading.current_thread().name == "save-writer":  # only the writer waits
            assert disk.wait(10)
        unlink(path, *args, **kwargs)

    settings_now = s.load_settings()  # (a read waits for the queue: before it)
    settings_now.game("magdagdon")["difficulty"] = "NIGHTMARE"
    monkeypatch.setattr(jsonfile, "atomic_write", held_write)
    monkeypatch.setattr(os, "unlink", held_unlink)
    s.clear_game("magdagdon", later=True)
    assert s.save_settings(settings_now, later=True) is True  # queued
    assert (tmp_path / SETTINGS_FILE).read_bytes() == before  # not written yet
    assert list((tmp_path / "saves").iterdir())  # not removed yet
    disk.set()
    assert not s.has_saved_game("magdagdon")  # waits for the queue
    written = (tmp_path / SETTINGS_FILE).read_bytes()
    assert written.startswith(b"{\n") and json.loads(written)["games"]["magdagdon"][
        "difficulty"] == "NIGHTMARE"
    assert not list((tmp_path / "saves").iterdir()) and s.notices == []


# --- property: any valid settings survive a save and a load -------------------------------------

volumes = st.floats(0.0, 1.0, allow_nan=False)
windows = st.none() | st.fixed_dictionaries({
    "x": st.integers(-65_536, 65_536), "y": st.integers(-65_536, 65_536),
    "w": st.integers(64, 32_768), "h": st.integers(64, 32_768),
    "display": st.text(max_size=20)})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(language=st.sampled_from(LOCALES), music=volumes, effects=volumes,
       flags=st.tuples(*[st.booleans()] * 4), idle=st.integers(1, 86_400), window=windows,
       last=st.sampled_from(("magdagdon", "counter")),
       difficulty=st.sampled_from(("PEACEFUL", "SURVIVAL", "NIGHTMARE")),
       speed=st.floats(0.5, 2.0), name=st.text(max_size=8),
       future=st.dictionaries(st.text(max_size=5), st.integers() | st.text(max_size=5),
                              max_size=3))
@pytest.mark.slow
def test_any_valid_settings_round_trip(language: str, music: float, effects: float,
                                       flags: tuple[bool, ...], idle: int, window: Any,
                                       last: str, difficulty: str, speed: float, name: str,
                                       future: dict) -> None:
    s = Settings.for_games(GAMES, language=language, music_volume=music, effects_volume=effects,
                           music_muted=flags[0], effects_muted=flags[1], fullscreen=flags[2],
                           reduced_motion=flags[3], idle_seconds=idle, window=window,
                           last_game=last)
    s.game("magdagdon")["difficulty"] = difficulty
    s.game("counter").update(speed=speed, name=name)
    s.games["from_a_newer_build"] = future
    with tempfile.TemporaryDirectory() as folder:
        assert make(Path(folder)).save_settings(s)
        again = make(Path(folder))
        assert again.load_settings() == s and again.notices == []


def test_the_default_game_is_the_first_game_given(tmp_path: Path) -> None:
    """No game is the shell's own default: the registry's order decides (its first game)."""
    assert Settings.for_games((COUNTER, MAGDAGDON)).last_game == "counter"
    assert Settings.for_games(GAMES, last_game="counter").last_game == "counter"
    assert Settings.for_games(()).last_game == ""
    s = make(tmp_path, games=(COUNTER, MAGDAGDON))
    assert s.load_settings().last_game == "counter"
    write_settings(tmp_path, {"last_game": "chess"})  # not a game here: the first one
    assert make(tmp_path, games=(COUNTER, MAGDAGDON)).load_settings().last_game == "counter"
