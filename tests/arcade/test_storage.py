"""``game.arcade.storage``: settings, high scores (M-8) and the autosave, on disk and when it fails.

Every test works in ``tmp_path``; disk failures are simulated by monkeypatching ``os`` calls
(the tests may run as root, where ``chmod`` does not stop writes).
"""

from __future__ import annotations

import dataclasses
import errno
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import platformdirs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.arcade import storage as storage_module
from game.arcade.context import GameContext, Settings
from game.arcade.storage import (
    DEFAULT_DIR,
    MAX_BYTES,
    SAVE_FILE,
    SCORES_FILE,
    SETTINGS_FILE,
    Notice,
    ScoreEntry,
    Storage,
)
from game.rules.magdagdon import Difficulty, MagdagdonGame
from tests.rules.magdagdon_support import RandomPlayer

P, S, N = Difficulty.PEACEFUL, Difficulty.SURVIVAL, Difficulty.NIGHTMARE
START = datetime(2026, 11, 30, 2, 15, 0, tzinfo=UTC)
SAVE_FAILED = Notice("notice.save_failed", {})
STAMP_RE = r"\d{8}T\d{6}Z"


class FakeClock:
    """Starts at 2026-11-30T02:15:00Z and moves one minute per call."""

    def __init__(self, start: datetime = START, step: timedelta = timedelta(minutes=1)) -> None:
        self.now = start
        self.step = step

    def __call__(self) -> datetime:
        now = self.now
        self.now += self.step
        return now


def make(path: Path, clock: Any = None) -> Storage:
    return Storage(path, clock=clock or FakeClock())


def finished(difficulty: Difficulty = P, value: int = 3, ruins: int = 0,
             powers: int = 0) -> MagdagdonGame:
    """A finished game: ``ruins`` ruins first, every other cell ``value`` (distinct scores for
    value 1..6 × ruins 0..4)."""
    board = ["RUIN"] * ruins + [value] * (16 - ruins)
    data = {"version": 1, "difficulty": difficulty.name, "board": board, "dice": [],
            "placed": [], "powers_used": powers, "turns": 16}
    return MagdagdonGame.from_dict(data, rng=random.Random(0))


def played(seed: int = 5, turns: int = 3, difficulty: Difficulty = P) -> MagdagdonGame:
    """A seeded game after ``turns`` turns of a seeded random player (between turns)."""
    game = MagdagdonGame(difficulty, rng=random.Random(seed))
    player = RandomPlayer(seed)
    for _ in range(turns):
        player.play_turn(game, check=False)
    assert not game.is_over and not game.in_turn
    return game


def play_to_end(game: MagdagdonGame, seed: int = 1) -> None:
    if game.in_turn:  # finish the turn in progress first
        if game.is_magdagdon:
            game.accept_magdagdon(game.board.index(None))
        else:
            for die, cell in game.hint() or []:
                game.place(die, cell)
            game.confirm()
    player = RandomPlayer(seed)
    while not game.is_over:
        player.play_turn(game, check=False)


def read_json(path: Path) -> Any:
    return json.loads(path.read_text("utf-8"))


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.fixture
def store(tmp_path: Path) -> Storage:
    return make(tmp_path)


# --- basics ---------------------------------------------------------------------------------------


def test_default_dir_is_the_platform_user_data_dir() -> None:
    assert Path(platformdirs.user_data_dir("magdagdon", appauthor=False)) == DEFAULT_DIR
    assert MAX_BYTES == 1_000_000


def test_no_dir_given_means_default_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage_module, "DEFAULT_DIR", tmp_path / "default")
    s = Storage()
    assert s.data_dir == tmp_path / "default" and s.data_dir.is_dir() and s.writable


def test_creates_a_missing_data_dir_and_nothing_else(tmp_path: Path) -> None:
    s = make(tmp_path / "a" / "b")
    assert s.writable and s.notices == [] and s.data_dir.is_dir()
    assert s.load_settings() == Settings()
    assert s.scores("PEACEFUL") == [] and s.load_game() is None and not s.has_saved_game()
    assert list(s.data_dir.iterdir()) == []


def test_storage_module_imports_no_pygame_and_never_pickles() -> None:
    source = Path(storage_module.__file__).read_text("utf-8")
    assert "pickle" not in source
    code = (
        "import sys, game.arcade.storage\n"
        "print(','.join(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')))"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                         text=True, timeout=60, check=True)
    assert out.stdout.strip() == ""


# --- settings -------------------------------------------------------------------------------------


def test_settings_round_trip(tmp_path: Path) -> None:
    mine = Settings(difficulty="NIGHTMARE", language="ko", music_volume=0.25,
                    effects_volume=1.0, music_muted=True, effects_muted=True, fullscreen=True,
                    reduced_motion=True, digits=True, coached=True, kiosk_pin="0000",
                    idle_seconds=300)
    assert make(tmp_path).save_settings(mine) is True
    data = read_json(tmp_path / SETTINGS_FILE)
    assert data["version"] == 1 and data["settings"]["difficulty"] == "NIGHTMARE"
    again = make(tmp_path)
    assert again.load_settings() == mine and again.notices == []
    assert leftovers(tmp_path) == []


def test_settings_missing_file_gives_defaults_without_notice(store: Storage) -> None:
    assert store.load_settings() == Settings()
    assert store.notices == [] and store.has_settings() is False
    store.save_settings(Settings())
    assert store.has_settings() is True


def test_has_settings_is_false_after_a_corrupt_file_was_set_aside(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).write_bytes(b"\x00")
    s = make(tmp_path)
    assert s.load_settings() == Settings() and s.has_settings() is False


def test_settings_unknown_keys_ignored_and_bad_values_fall_back_per_field(
    tmp_path: Path,
) -> None:
    raw = {
        "version": 1,
        "settings": {
            "language": "th",  # good
            "music_volume": 1,  # an int is a fine float
            "effects_volume": "loud",  # wrong type
            "fullscreen": 1,  # not a bool
            "digits": True,  # good
            "idle_seconds": 1.5,  # not an int
            "difficulty": "EASY",  # no such difficulty
            "kiosk_pin": None,  # wrong type
            "from_the_future": [1, 2, 3],  # unknown
        },
    }
    (tmp_path / SETTINGS_FILE).write_text(json.dumps(raw), "utf-8")
    s = make(tmp_path)
    got = s.load_settings()
    d = Settings()
    assert got == dataclasses.replace(d, language="th", music_volume=1.0, digits=True)
    assert isinstance(got.music_volume, float)
    assert s.notices == [] and (tmp_path / SETTINGS_FILE).exists()


@pytest.mark.parametrize(
    ("field", "value"),
    [("music_volume", 1.5), ("effects_volume", -0.1), ("idle_seconds", 0),
     ("language", ""), ("music_volume", True)],
)
def test_settings_out_of_range_values_fall_back(tmp_path: Path, field: str, value: Any) -> None:
    (tmp_path / SETTINGS_FILE).write_text(
        json.dumps({"version": 1, "settings": {field: value, "coached": True}}), "utf-8")
    got = make(tmp_path).load_settings()
    assert getattr(got, field) == getattr(Settings(), field) and got.coached is True


def test_context_start_new_game_saves_settings_and_clears_the_save(tmp_path: Path) -> None:
    s = make(tmp_path)
    ctx = GameContext(storage=s)
    game = played()
    ctx.on_game_changed(game)
    assert ctx.has_saved_game()
    ctx.start_new_game(N)
    assert not ctx.has_saved_game()
    assert make(tmp_path).load_settings().difficulty == "NIGHTMARE"


# --- high scores ----------------------------------------------------------------------------------


def test_record_game_entry_fields_and_last_recorded(store: Storage, tmp_path: Path) -> None:
    game = finished(P, value=4, ruins=1, powers=2)
    assert store.last_recorded is None
    assert store.record_game(game) == 0
    [entry] = store.scores("PEACEFUL")
    card = game.score()
    assert entry == ScoreEntry(score=card.total, date="2026-11-30T02:15:00Z", turns=16,
                               powers=2, ruins=1, game_id=store.game_id(game), initials="")
    assert store.last_recorded == store.game_id(game)
    assert store.scores(P) == store.scores("peaceful") == [entry]
    assert store.scores("SURVIVAL") == store.scores("NIGHTMARE") == []
    assert store.scores("NO_SUCH") == []
    on_disk = read_json(tmp_path / SCORES_FILE)
    assert on_disk["version"] == 1
    assert on_disk["tables"]["PEACEFUL"] == [dataclasses.asdict(entry)]
    assert on_disk["recorded"] == [entry.game_id]


def test_dates_are_utc_seconds(tmp_path: Path) -> None:
    plus_two = timezone(timedelta(hours=2))
    s = make(tmp_path, clock=lambda: datetime(2027, 1, 1, 1, 30, 59, 999_999, tzinfo=plus_two))
    s.record_game(finished())
    assert s.scores(P)[0].date == "2026-12-31T23:30:59Z"


def test_top_ten_sorted_best_first_and_ranks(store: Storage) -> None:
    values = [1, 6, 3, 2, 5, 4]
    games = [finished(P, v, r) for r in (2, 0) for v in values]  # 12 distinct scores
    ranks = [store.record_game(g) for g in games]
    table = store.scores(P)
    all_scores = sorted((g.score().total for g in games), reverse=True)
    assert [e.score for e in table] == all_scores[:10]
    # the first game recorded has the lowest score of the first six, and was later pushed out
    assert ranks[0] == 0
    assert ranks[-1] == [e.game_id for e in table].index(store.game_id(games[-1]))
    assert len(table) == 10


def test_ties_keep_the_earlier_entry_first(store: Storage) -> None:
    first, second, third = (finished(P, 3) for _ in range(3))
    better = finished(P, 4)
    assert store.record_game(first) == 0
    assert store.record_game(second) == 1
    assert store.record_game(better) == 0
    assert store.record_game(third) == 3
    table = store.scores(P)
    assert [e.game_id for e in table] == [store.game_id(g) for g in (better, first, second, third)]
    assert [e.date for e in table[1:]] == sorted(e.date for e in table[1:])


def test_eleventh_worse_score_is_not_recorded(store: Storage) -> None:
    for _ in range(10):
        assert store.record_game(finished(P, 5)) is not None
    before = store.scores(P)
    worse = finished(P, 1)
    assert store.record_game(worse) is None
    assert store.scores(P) == before
    assert store.last_recorded == store.game_id(worse)  # newest game, not in the table
    assert store.record_game(finished(P, 5)) is None  # a tie with the 10th: the earlier stays
    assert store.scores(P) == before
    best = finished(P, 6)
    assert store.record_game(best) == 0
    assert store.scores(P)[0].game_id == store.game_id(best)
    assert store.scores(P)[1:] == before[:9]


def test_tables_are_separate_per_difficulty(store: Storage) -> None:
    assert store.record_game(finished(P, 2)) == 0
    assert store.record_game(finished(S, 3)) == 0
    assert store.record_game(finished(N, 1)) == 0
    assert [len(store.scores(d)) for d in (P, S, N)] == [1, 1, 1]


def test_unfinished_game_is_not_recorded_and_its_save_stays(store: Storage) -> None:
    game = played()
    store.save_game(game)
    assert store.record_game(game) is None
    assert store.scores(P) == [] and store.has_saved_game()


def test_recording_is_idempotent(store: Storage, tmp_path: Path) -> None:
    game = finished(P, 4)
    assert store.record_game(game) == 0
    assert store.record_game(game) is None
    assert len(store.scores(P)) == 1
    assert store.record_game(finished(P, 4)) == 1  # another game with the same board counts


def test_recording_is_idempotent_across_restarts(tmp_path: Path) -> None:
    game = finished(P, 4)
    first = make(tmp_path)
    first.save_game(game)
    saved = (tmp_path / SAVE_FILE).read_bytes()
    assert first.record_game(game) == 0
    assert not (tmp_path / SAVE_FILE).exists()
    (tmp_path / SAVE_FILE).write_bytes(saved)  # as if the delete never reached the disk
    second = make(tmp_path)
    assert second.has_saved_game() is False
    assert second.load_game() is None
    assert [e.game_id for e in second.scores(P)] == [first.game_id(game)]
    assert not (tmp_path / SAVE_FILE).exists()


def test_a_game_that_missed_the_table_is_still_recorded_once(tmp_path: Path) -> None:
    s = make(tmp_path)
    for _ in range(10):
        s.record_game(finished(P, 6))
    low = finished(P, 1)
    s.save_game(low)
    saved = (tmp_path / SAVE_FILE).read_bytes()
    assert s.record_game(low) is None
    (tmp_path / SAVE_FILE).write_bytes(saved)
    again = make(tmp_path)
    assert again.load_game() is None and not (tmp_path / SAVE_FILE).exists()
    assert s.game_id(low) in read_json(tmp_path / SCORES_FILE)["recorded"]


def test_recording_with_initials_and_set_initials(tmp_path: Path) -> None:
    s = make(tmp_path)
    game = finished(P, 4)
    other = finished(P, 2)
    s.record_game(game, initials="mj")
    s.record_game(other)
    assert s.scores(P)[0].initials == "MJ"
    assert s.set_initials(s.game_id(other), " abc ") is True
    assert s.set_initials("nosuchgame", "ABC") is False
    with pytest.raises(ValueError):
        s.set_initials(s.game_id(other), "ABCD")
    with pytest.raises(ValueError):
        s.set_initials(s.game_id(other), "A1")
    with pytest.raises(ValueError):
        s.record_game(finished(), initials="ÄÖ")
    again = make(tmp_path)
    assert [e.initials for e in again.scores(P)] == ["MJ", "ABC"]


def test_old_scores_file_without_initials_loads(tmp_path: Path) -> None:
    entry = {"score": 300, "date": "2026-01-02T03:04:05Z", "turns": 12, "powers": 1,
             "ruins": 0, "game_id": "abc123"}
    (tmp_path / SCORES_FILE).write_text(
        json.dumps({"version": 1, "tables": {"SURVIVAL": [entry]}}), "utf-8")
    s = make(tmp_path)
    assert s.scores(S) == [ScoreEntry(**entry)] and s.scores(S)[0].initials == ""
    assert s.scores(P) == [] and s.notices == []


def test_scores_file_is_resorted_stably_and_cut_to_ten(tmp_path: Path) -> None:
    rows = [{"score": sc, "date": "2026-01-02T03:04:05Z", "turns": 16, "powers": 0,
             "ruins": 0, "game_id": f"g{i}"} for i, sc in enumerate([5, 9, 5, 7] * 3)]
    (tmp_path / SCORES_FILE).write_text(
        json.dumps({"version": 1, "tables": {"PEACEFUL": rows}}), "utf-8")
    table = make(tmp_path).scores(P)
    assert [e.game_id for e in table] == ["g1", "g5", "g9", "g3", "g7", "g11",
                                          "g0", "g2", "g4", "g6"]


# --- property: the table after any sequence of recordings --------------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(1, 6), st.integers(0, 4)), max_size=25))
def test_any_sequence_of_scores_gives_a_sorted_stable_top_ten(
    boards: list[tuple[int, int]],
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        s = make(Path(folder))
        recorded: list[tuple[int, str]] = []
        for value, ruins in boards:
            game = finished(P, value, ruins)
            rank = s.record_game(game)
            recorded.append((game.score().total, s.game_id(game)))
            table = s.scores(P)
            if rank is not None:
                assert table[rank].game_id == s.game_id(game)
            else:
                assert s.game_id(game) not in [e.game_id for e in table]
        table = s.scores(P)
        expected = sorted(recorded, key=lambda pair: -pair[0])[:10]  # sorted() is stable
        assert [(e.score, e.game_id) for e in table] == expected
        assert len(table) <= 10
        assert all(a.score >= b.score for a, b in zip(table, table[1:]))
        for a, b in zip(table, table[1:]):
            if a.score == b.score:
                assert a.date < b.date  # the fake clock: earlier recorded, earlier date
        assert make(Path(folder)).scores(P) == table


# --- the saved game -------------------------------------------------------------------------------


def test_save_format_and_ids(store: Storage, tmp_path: Path) -> None:
    game = played()
    assert store.save_game(game) is True
    data = read_json(tmp_path / SAVE_FILE)
    assert data["version"] == 1 and data["game_id"] == store.game_id(game)
    assert data["game"] == game.to_dict() and "rng" in data["game"]
    assert re.fullmatch(r"[0-9a-f]{32}", data["game_id"])
    assert store.game_id(game) == store.game_id(game)
    assert store.game_id(played()) != store.game_id(game)  # a new object, a new id
    assert leftovers(tmp_path) == []


def test_resume_after_a_kill_mid_game_restores_the_dice(tmp_path: Path) -> None:
    original = played(seed=21, turns=4)
    first = make(tmp_path)
    assert first.save_game(original)
    del first  # the process dies: nothing but the files survives
    second = make(tmp_path)
    assert second.has_saved_game()
    loaded = second.load_game()
    assert loaded is not None and loaded is not original
    assert loaded.to_dict() == original.to_dict()
    assert second.game_id(loaded) == read_json(tmp_path / SAVE_FILE)["game_id"]
    assert loaded.roll() == original.roll()  # the RNG state came back
    assert loaded.to_dict() == original.to_dict()


def test_resume_mid_turn_then_finish_records_under_the_saved_id(tmp_path: Path) -> None:
    game = played(seed=8, turns=2)
    game.roll()
    hint = game.hint()
    if hint:
        die, cell = hint[0]
        game.place(die, cell)
    first = make(tmp_path)
    first.save_game(game)
    saved_id = first.game_id(game)
    second = make(tmp_path)
    loaded = second.load_game()
    assert loaded is not None and loaded.to_dict() == game.to_dict()
    assert list(loaded.placed.items()) == list(game.placed.items())
    play_to_end(loaded)
    second.save_game(loaded)  # the app autosaves after the last confirm
    rank = second.record_game(loaded)
    assert rank == 0 and second.scores(P)[0].game_id == saved_id
    assert not (tmp_path / SAVE_FILE).exists()
    assert make(tmp_path).load_game() is None


def test_saved_finished_game_is_recorded_once_on_load(tmp_path: Path) -> None:
    game = finished(S, 5)
    make(tmp_path).save_game(game)  # e.g. quit during the game-over pause
    s = make(tmp_path)
    assert s.has_saved_game() is False  # does the clean-up too
    assert len(s.scores(S)) == 1 and s.last_recorded == s.scores(S)[0].game_id
    assert not (tmp_path / SAVE_FILE).exists()
    assert s.load_game() is None and len(make(tmp_path).scores(S)) == 1


def test_saving_a_recorded_game_removes_the_save_instead(store: Storage, tmp_path: Path) -> None:
    game = finished()
    store.record_game(game)
    assert store.save_game(game) is True
    assert not (tmp_path / SAVE_FILE).exists()


def test_clear_game(store: Storage, tmp_path: Path) -> None:
    store.clear_game()  # nothing to clear is fine
    store.save_game(played())
    store.clear_game()
    assert not (tmp_path / SAVE_FILE).exists() and not store.has_saved_game()
    assert store.notices == []


def test_game_without_a_random_random_still_saves(store: Storage) -> None:
    class Dice:
        def randint(self, a: int, b: int) -> int:
            return 3

    game = MagdagdonGame(P, rng=Dice())
    game.roll()
    assert store.save_game(game)
    loaded = make(store.data_dir).load_game()
    assert loaded is not None and loaded.dice == (3, 3, 3, 3)


# --- record, then a kill --------------------------------------------------------------------------


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
    s.save_game(game)
    with monkeypatch.context() as m:
        _kill_on(m, "unlink", SAVE_FILE, exc)
        with pytest.raises(exc):
            s.record_game(game)
    assert (tmp_path / SAVE_FILE).exists()  # the kill left the finished save behind
    assert len(read_json(tmp_path / SCORES_FILE)["tables"]["PEACEFUL"]) == 1
    after = make(tmp_path)
    assert after.load_game() is None
    assert [e.game_id for e in after.scores(P)] == [s.game_id(game)]
    assert not (tmp_path / SAVE_FILE).exists()
    assert after.load_game() is None and len(make(tmp_path).scores(P)) == 1
    assert after.last_recorded is None  # nothing new was recorded in this session


def test_kill_before_the_scores_reach_the_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = finished(P, 6)
    s = make(tmp_path)
    s.save_game(game)
    with monkeypatch.context() as m:
        _kill_on(m, "replace", SCORES_FILE)
        with pytest.raises(SystemExit):
            s.record_game(game)
    assert not (tmp_path / SCORES_FILE).exists() and leftovers(tmp_path) == []
    after = make(tmp_path)
    assert after.load_game() is None  # the finished save is recorded now
    assert [e.game_id for e in after.scores(P)] == [s.game_id(game)]
    assert after.last_recorded == s.game_id(game)
    assert not (tmp_path / SAVE_FILE).exists()


# --- corruption -----------------------------------------------------------------------------------


def good_bytes(name: str, folder: Path) -> bytes:
    s = make(folder)
    if name == SETTINGS_FILE:
        s.save_settings(Settings(language="bg"))
    elif name == SCORES_FILE:
        s.record_game(finished())
    else:
        s.save_game(played())
    return (folder / name).read_bytes()


def wrong_types(name: str, good: bytes) -> bytes:
    data = json.loads(good)
    if name == SETTINGS_FILE:
        data["settings"] = ["not", "an", "object"]
    elif name == SCORES_FILE:
        data["tables"]["PEACEFUL"][0]["score"] = "lots"
    else:
        data["game"]["board"] = "full"
    return json.dumps(data).encode()


CORRUPTIONS = {
    "garbage": lambda name, good: bytes(range(256)) * 4,
    "empty": lambda name, good: b"",
    "truncated": lambda name, good: good[: len(good) // 2],
    "array": lambda name, good: b"[" + good + b"]",
    "wrong_version": lambda name, good: json.dumps({**json.loads(good), "version": 2}).encode(),
    "string_version": lambda name, good: json.dumps({**json.loads(good), "version": "1"}).encode(),
    "bool_version": lambda name, good: json.dumps({**json.loads(good), "version": True}).encode(),
    "no_version": lambda name, good: json.dumps(
        {k: v for k, v in json.loads(good).items() if k != "version"}).encode(),
    "too_big": lambda name, good: good[:-1] + b" " * (2 * MAX_BYTES) + b"}",
    "invalid_utf8": lambda name, good: good[:-1] + b', "x": "caf\xe9 \xff"}',
    "nan": lambda name, good: good[:-1] + b', "x": NaN}',
    "deep": lambda name, good: b"[" * 100_000 + b"]" * 100_000,
    "wrong_types": wrong_types,
}


def load_one(s: Storage, name: str) -> Any:
    if name == SETTINGS_FILE:
        return s.load_settings()
    if name == SCORES_FILE:
        return s.scores(P)
    return s.load_game()


DEFAULTS = {SETTINGS_FILE: Settings(), SCORES_FILE: [], SAVE_FILE: None}


@pytest.mark.parametrize("name", [SETTINGS_FILE, SCORES_FILE, SAVE_FILE])
@pytest.mark.parametrize("case", sorted(CORRUPTIONS))
def test_corrupt_file_is_set_aside_with_a_notice(tmp_path: Path, name: str, case: str) -> None:
    good = good_bytes(name, tmp_path / "good")
    bad = CORRUPTIONS[case](name, good)
    assert bad != good
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / name).write_bytes(bad)
    s = make(folder)
    assert load_one(s, name) == DEFAULTS[name]
    assert s.notices == [Notice("notice.corrupt", {"file": name})]
    assert not (folder / name).exists()
    aside = [p for p in folder.iterdir() if p.name.startswith(name + ".corrupt-")]
    assert len(aside) == 1 and re.fullmatch(re.escape(name) + r"\.corrupt-" + STAMP_RE,
                                            aside[0].name)
    assert aside[0].name == f"{name}.corrupt-20261130T021500Z"
    assert aside[0].read_bytes() == bad
    # the defaults are in use and the next save writes a good file again
    assert load_one(s, name) == DEFAULTS[name] and len(s.notices) == 1
    if name == SETTINGS_FILE:
        assert s.save_settings(Settings(language="th"))
        assert make(folder).load_settings().language == "th"
    elif name == SCORES_FILE:
        assert s.record_game(finished()) == 0
        assert len(make(folder).scores(P)) == 1
    else:
        assert s.save_game(played())
        assert make(folder).load_game() is not None


@pytest.mark.parametrize(
    "mutate",
    [
        lambda e: e.update(score=True),
        lambda e: e.update(score=1.5),
        lambda e: e.update(turns=-1),
        lambda e: e.update(powers=9),
        lambda e: e.update(date="yesterday"),
        lambda e: e.update(date="2026-02-30T00:00:00Z"),
        lambda e: e.update(game_id=""),
        lambda e: e.update(game_id=7),
        lambda e: e.update(initials="abcd"),
        lambda e: e.pop("ruins"),
    ],
    ids=["bool", "float", "turns", "powers", "date", "no_such_day", "empty_id", "int_id",
         "initials", "missing"],
)
def test_one_malformed_score_entry_makes_the_file_corrupt(tmp_path: Path, mutate: Any) -> None:
    good = {"score": 300, "date": "2026-01-02T03:04:05Z", "turns": 12, "powers": 1,
            "ruins": 0, "game_id": "a1"}
    bad = dict(good, game_id="b2")
    mutate(bad)
    data = {"version": 1, "tables": {"PEACEFUL": [good, bad]}}
    (tmp_path / SCORES_FILE).write_text(json.dumps(data), "utf-8")
    s = make(tmp_path)
    assert s.scores(P) == []
    assert s.notices == [Notice("notice.corrupt", {"file": SCORES_FILE})]


@pytest.mark.parametrize(
    "data",
    [
        {"version": 1},
        {"version": 1, "tables": []},
        {"version": 1, "tables": {"EASY": []}},
        {"version": 1, "tables": {"PEACEFUL": {}}},
        {"version": 1, "tables": {}, "recorded": "a1"},
        {"version": 1, "tables": {}, "recorded": [1]},
        {"version": 1, "tables": {"PEACEFUL": [{"score": 1, "date": "2026-01-02T03:04:05Z",
                                                "turns": 1, "powers": 0, "ruins": 0,
                                                "game_id": "x"}],
                                  "SURVIVAL": [{"score": 2, "date": "2026-01-02T03:04:05Z",
                                                "turns": 1, "powers": 0, "ruins": 0,
                                                "game_id": "x"}]}},
    ],
    ids=["no_tables", "tables_list", "unknown_table", "table_dict", "recorded_str",
         "recorded_int", "duplicate_id"],
)
def test_scores_file_of_the_wrong_shape_is_corrupt(tmp_path: Path, data: dict) -> None:
    (tmp_path / SCORES_FILE).write_text(json.dumps(data), "utf-8")
    s = make(tmp_path)
    assert s.scores(P) == [] and s.notices == [Notice("notice.corrupt", {"file": SCORES_FILE})]


def test_save_file_of_the_wrong_shape_is_corrupt(tmp_path: Path) -> None:
    s = make(tmp_path)
    s.save_game(played())
    good = read_json(tmp_path / SAVE_FILE)
    for bad in ({**good, "game_id": "../../etc"}, {k: v for k, v in good.items() if k != "game"},
                {**good, "game": {**good["game"], "version": 2}}):
        (tmp_path / SAVE_FILE).write_text(json.dumps(bad), "utf-8")
        fresh = make(tmp_path)
        assert fresh.has_saved_game() is False
        assert fresh.notices == [Notice("notice.corrupt", {"file": SAVE_FILE})]
        assert not (tmp_path / SAVE_FILE).exists()


def test_corrupt_names_get_a_counter_when_taken(tmp_path: Path) -> None:
    frozen = lambda: START  # noqa: E731
    for _ in range(3):
        (tmp_path / SETTINGS_FILE).write_bytes(b"{oops")
        Storage(tmp_path, clock=frozen).load_settings()
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["settings.json.corrupt-20261130T021500Z",
                     "settings.json.corrupt-20261130T021500Z-2",
                     "settings.json.corrupt-20261130T021500Z-3"]


def test_unreadable_file_is_set_aside(tmp_path: Path) -> None:
    (tmp_path / SETTINGS_FILE).mkdir()  # a folder where the file should be: reading fails
    s = make(tmp_path)
    assert s.load_settings() == Settings()
    assert s.notices == [Notice("notice.corrupt", {"file": SETTINGS_FILE})]
    assert s.save_settings(Settings()) and (tmp_path / SETTINGS_FILE).is_file()


def test_utf8_bom_is_tolerated(tmp_path: Path) -> None:
    text = json.dumps({"version": 1, "settings": {"language": "ko"}})
    (tmp_path / SETTINGS_FILE).write_bytes(b"\xef\xbb\xbf" + text.encode())
    s = make(tmp_path)
    assert s.load_settings().language == "ko" and s.notices == []


# --- a read-only or full disk ---------------------------------------------------------------------


def _fail(err: int) -> Any:
    def fail(*args: Any, **kwargs: Any) -> Any:
        raise OSError(err, os.strerror(err))

    return fail


@pytest.mark.parametrize(
    ("target", "func", "err"),
    [(os, "replace", errno.ENOSPC), (os, "fsync", errno.EIO),
     (tempfile, "mkstemp", errno.ENOSPC), (os, "fdopen", errno.EROFS)],
)
def test_failed_writes_return_false_once_noticed_and_recover(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, target: Any, func: str, err: int,
) -> None:
    s = make(tmp_path)
    assert s.save_settings(Settings(language="bg"))
    before = (tmp_path / SETTINGS_FILE).read_bytes()
    with monkeypatch.context() as m:
        m.setattr(target, func, _fail(err))
        assert s.save_settings(Settings(language="th")) is False
        assert s.save_game(played()) is False
        assert s.record_game(finished()) == 0  # still ranked, kept in memory
        assert s.notices == [SAVE_FAILED]  # once per streak
    assert (tmp_path / SETTINGS_FILE).read_bytes() == before  # the old file is intact
    assert leftovers(tmp_path) == []  # no temporary file left behind
    assert not (tmp_path / SCORES_FILE).exists()
    # the disk is back: the next save works, and the pending table is written with it
    assert s.save_settings(Settings(language="th")) is True
    assert make(tmp_path).load_settings().language == "th"
    assert len(make(tmp_path).scores(P)) == 1
    with monkeypatch.context() as m:
        m.setattr(target, func, _fail(err))
        assert s.save_settings(Settings()) is False
    assert s.notices == [SAVE_FAILED, SAVE_FAILED]  # a new streak, a new notice


def test_record_when_scores_cannot_be_written_keeps_the_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = make(tmp_path)
    game = finished(P, 5)
    s.save_game(game)
    with monkeypatch.context() as m:
        m.setattr(os, "replace", _fail(errno.ENOSPC))
        assert s.record_game(game) == 0
    assert (tmp_path / SAVE_FILE).exists() and not (tmp_path / SCORES_FILE).exists()
    assert s.load_game() is None  # this session knows it is recorded: the save goes
    assert not (tmp_path / SAVE_FILE).exists()
    assert s.scores(P)[0].game_id == s.game_id(game)
    # had the process died instead, the next start would have recorded it from the save


def test_record_when_scores_fail_then_the_process_dies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = make(tmp_path)
    game = finished(P, 5)
    s.save_game(game)
    monkeypatch.setattr(os, "replace", _fail(errno.ENOSPC))
    assert s.record_game(game) == 0
    monkeypatch.undo()
    after = make(tmp_path)
    assert after.load_game() is None
    assert [e.game_id for e in after.scores(P)] == [s.game_id(game)]


def test_clear_game_failure_does_not_raise(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = make(tmp_path)
    s.save_game(played())
    monkeypatch.setattr(os, "unlink", _fail(errno.EACCES))
    s.clear_game()
    assert s.notices == [SAVE_FAILED]


def test_read_only_folder_by_permissions(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    s = make(folder)
    assert s.save_settings(Settings(language="ko"))
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
        assert s.save_settings(Settings(language="th")) is False
        assert s.save_game(played()) is False
        assert s.notices == [SAVE_FAILED]
        assert make(folder).load_settings().language == "ko"
    finally:
        folder.chmod(0o700)
    assert s.save_settings(Settings(language="th")) is True


def test_data_dir_removed_while_running_is_recreated(tmp_path: Path) -> None:
    folder = tmp_path / "gone"
    s = make(folder)
    folder.rmdir()
    assert s.save_settings(Settings()) and (folder / SETTINGS_FILE).exists()


# --- no data folder at all ------------------------------------------------------------------------


def test_uncreatable_data_dir_works_in_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("I am a file")
    path = blocker / "magdagdon"
    s = make(path)
    assert s.writable is False
    assert s.notices == [Notice("notice.no_data_dir", {"path": str(path)})]
    assert s.load_settings() == Settings() and not s.has_settings()
    assert s.save_settings(Settings(language="th")) is False  # not on disk...
    assert s.load_settings().language == "th"  # ...but kept for the session
    game = played()
    assert s.save_game(game) is False
    assert s.has_saved_game()
    loaded = s.load_game()
    assert loaded is not None and loaded.to_dict() == game.to_dict()
    assert s.record_game(finished(P, 4)) == 0
    assert s.record_game(finished(P, 5)) == 0
    assert [e.score for e in s.scores(P)] == sorted((e.score for e in s.scores(P)), reverse=True)
    assert s.set_initials(s.scores(P)[0].game_id, "ABC") is False
    assert s.scores(P)[0].initials == "ABC"
    assert not s.has_saved_game()  # recording cleared the in-memory save
    s.clear_game()
    assert len(s.notices) == 1
    assert blocker.read_text() == "I am a file" and sorted(os.listdir(tmp_path)) == ["file"]


def test_data_dir_that_is_a_file(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    s = make(blocker)
    assert not s.writable and s.notices[0].key == "notice.no_data_dir"
    assert s.record_game(finished()) == 0


# --- housekeeping ---------------------------------------------------------------------------------


def test_stale_temp_files_are_removed_at_start(tmp_path: Path) -> None:
    old = tmp_path / ".settings.json.abc123.tmp"
    new = tmp_path / ".scores.json.def456.tmp"
    other = tmp_path / "notes.tmp"
    for p in (old, new, other):
        p.write_bytes(b"half a file")
    long_ago = time.time() - 3600
    os.utime(old, (long_ago, long_ago))
    os.utime(other, (long_ago, long_ago))
    make(tmp_path)
    assert not old.exists() and new.exists() and other.exists()


def test_files_are_json_objects_with_version_one(store: Storage, tmp_path: Path) -> None:
    store.save_settings(Settings())
    store.record_game(finished())
    store.save_game(played())
    for name in (SETTINGS_FILE, SCORES_FILE, SAVE_FILE):
        data = read_json(tmp_path / name)
        assert isinstance(data, dict) and data["version"] == 1
    assert leftovers(tmp_path) == []
