"""The game in progress: one save per game id, resumed exactly, never resumed once recorded."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from game.arcade.storage import Storage
from game.rules.magdagdon import MagdagdonGame
from tests.arcade.storage.support import (
    COUNTER,
    MAGDAGDON,
    Counter,
    P,
    S,
    finished,
    leftovers,
    make,
    play_to_end,
    played,
    read_json,
    resume,
    scores,
)

SAVE = Path("saves") / "magdagdon.json"


def test_save_format_and_ids(store: Storage, tmp_path: Path) -> None:
    game = played()
    assert store.save_game("magdagdon", game) is True
    data = read_json(tmp_path / SAVE)
    assert data == {"version": 2, "game": "magdagdon", "id": store.record_id(game),
                    "saved_at": "2026-11-30T02:15:00Z", "state": game.to_dict()}
    assert "rng" in data["state"] and re.fullmatch(r"[0-9a-f]{32}", data["id"])
    assert store.record_id(game) == store.record_id(game)
    assert store.record_id(played()) != store.record_id(game)  # a new object, a new id
    assert leftovers(tmp_path) == []


def test_resume_after_a_kill_mid_game_restores_the_dice(tmp_path: Path) -> None:
    original = played(seed=21, turns=4)
    first = make(tmp_path)
    assert first.save_game("magdagdon", original)
    del first  # the process dies: nothing but the files survives
    second = make(tmp_path)
    assert second.has_saved_game("magdagdon")
    loaded = second.load_game("magdagdon")
    assert isinstance(loaded, MagdagdonGame) and loaded is not original
    assert loaded.to_dict() == original.to_dict()
    assert second.record_id(loaded) == read_json(tmp_path / SAVE)["id"]
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
    first.save_game("magdagdon", game)
    saved_id = first.record_id(game)
    second = make(tmp_path)
    loaded = second.load_game("magdagdon")
    assert loaded is not None and loaded.to_dict() == game.to_dict()
    assert list(loaded.placed.items()) == list(game.placed.items())
    play_to_end(loaded)
    second.save_game("magdagdon", loaded)  # the app autosaves after the last confirm
    assert second.record_game("magdagdon", loaded) == 0
    assert scores(second, P)[0].id == saved_id
    second.settle()  # the save goes once the record is committed
    assert not (tmp_path / SAVE).exists()
    assert make(tmp_path).load_game("magdagdon") is None


def test_saved_finished_game_is_recorded_once_on_load(tmp_path: Path) -> None:
    game = finished(S, 5)
    make(tmp_path).save_game("magdagdon", game)  # e.g. quit during the game-over pause
    s = make(tmp_path)
    assert s.has_saved_game("magdagdon") is False  # a pure query: nothing recorded yet
    assert s.records("magdagdon") == [] and (tmp_path / SAVE).exists()
    assert s.load_game("magdagdon") is None  # load_game records it
    assert len(scores(s, S)) == 1 and s.last_recorded == scores(s, S)[0].id
    s.settle()
    assert not (tmp_path / SAVE).exists()
    assert s.load_game("magdagdon") is None and len(scores(make(tmp_path), S)) == 1


def test_check_files_at_start_records_a_finished_save(tmp_path: Path) -> None:
    make(tmp_path).save_game("magdagdon", finished(S, 5))
    make(tmp_path).save_game("counter", Counter(2, 2))
    s = make(tmp_path)
    s.check_files()
    assert len(s.records("magdagdon")) == len(s.records("counter")) == 1
    s.settle()
    assert list((tmp_path / "saves").iterdir()) == [] and s.notices == []


def test_has_saved_game_is_a_pure_query(tmp_path: Path) -> None:
    (tmp_path / "saves").mkdir()
    (tmp_path / SAVE).write_bytes(b"{broken")
    s = make(tmp_path)
    before = sorted(p.name for p in tmp_path.rglob("*"))
    for _ in range(3):
        assert s.has_saved_game("magdagdon") is False
    assert sorted(p.name for p in tmp_path.rglob("*")) == before and s.notices == []
    assert s.load_game("magdagdon") is None  # load_game sets it aside, with its notice
    assert [n.key for n in s.notices] == ["notice.corrupt"]


def test_saving_a_recorded_game_removes_the_save_instead(store: Storage, tmp_path: Path) -> None:
    game = finished()
    store.save_game("magdagdon", game)
    store.record_game("magdagdon", game)
    store.settle()  # the record is committed (until then, nothing is saved nor removed)
    assert store.save_game("magdagdon", game) is True
    assert not (tmp_path / SAVE).exists()


def test_recording_another_game_leaves_this_save_alone(store: Storage, tmp_path: Path) -> None:
    in_progress = played()
    store.save_game("magdagdon", in_progress)
    store.record_game("magdagdon", finished())  # e.g. a game that was never saved
    store.settle()
    assert store.load_game("magdagdon") is not None


def test_clear_game(store: Storage, tmp_path: Path) -> None:
    store.clear_game("magdagdon")  # nothing to clear is fine
    store.save_game("magdagdon", played())
    store.save_game("counter", Counter())
    store.clear_game("magdagdon")
    assert not (tmp_path / SAVE).exists() and not store.has_saved_game("magdagdon")
    assert store.has_saved_game("counter")  # another game's save stays
    assert store.notices == []


def counted_out(counter: Counter) -> None:
    """A counter's way of being left: one that has counted counts out (and is recorded)."""
    if counter.count:
        counter.count = counter.target


def test_leave_game_records_a_game_its_leave_ends_and_forgets_the_others(
        tmp_path: Path) -> None:
    """What ``GameContext.start_new_game`` does with the saved game a new one replaces."""
    s = make(tmp_path, games=(MAGDAGDON, replace(COUNTER, leave=counted_out)))
    s.save_game("counter", Counter(2, 5, "long"))
    assert s.leave_game("counter") is True
    [record] = s.records("counter")
    assert (record.variant, record.get("count")) == ("long", 5)
    assert not s.has_saved_game("counter")
    s.save_game("counter", Counter(0, 5))  # its leave leaves it unfinished: only forgotten
    assert s.leave_game("counter", later=True) is False
    assert not s.has_saved_game("counter") and len(s.records("counter")) == 1
    s.save_game("magdagdon", played())  # a game without leave: forgotten (M-2.2)
    assert s.leave_game("magdagdon") is False
    assert not s.has_saved_game("magdagdon") and s.records("magdagdon") == []
    assert s.leave_game("counter") is False and s.notices == []  # no save: nothing to do


def test_two_games_have_separate_saves(tmp_path: Path) -> None:
    s = make(tmp_path)
    game, counter = played(), Counter(1, 4, "long")
    assert s.save_game("magdagdon", game) and s.save_game("counter", counter)
    assert sorted(p.name for p in (tmp_path / "saves").iterdir()) == ["counter.json",
                                                                     "magdagdon.json"]
    again = make(tmp_path)
    loaded = again.load_game("counter")
    assert isinstance(loaded, Counter) and (loaded.count, loaded.target) == (1, 4)
    assert again.record_id(loaded) == s.record_id(counter)
    assert resume(again).to_dict() == game.to_dict()
    # finishing the counter records it for the counter only and removes only its save
    loaded.play_out()
    assert again.record_game("counter", loaded) is None
    assert [r.id for r in again.records("counter")] == [s.record_id(counter)]
    assert again.records("magdagdon") == [] and again.has_saved_game("magdagdon")
    again.settle()
    assert not (tmp_path / "saves" / "counter.json").exists()


def test_a_save_of_another_game_in_the_wrong_file_is_corrupt(tmp_path: Path) -> None:
    s = make(tmp_path)
    s.save_game("counter", Counter())
    (tmp_path / "saves" / "counter.json").rename(tmp_path / SAVE)
    fresh = make(tmp_path)
    assert fresh.load_game("magdagdon") is None
    assert [n.params["file"] for n in fresh.notices] == ["saves/magdagdon.json"]


def test_game_without_a_random_random_still_saves(store: Storage) -> None:
    class Dice:
        def randint(self, a: int, b: int) -> int:
            return 3

    game = MagdagdonGame(P, rng=Dice())
    game.roll()
    assert store.save_game("magdagdon", game)
    loaded = make(store.data_dir).load_game("magdagdon")
    assert loaded is not None and loaded.dice == (3, 3, 3, 3)


def test_ids_of_objects_that_cannot_be_weakly_referenced(store: Storage) -> None:
    class Slotted:
        __slots__ = ("n",)

    a, b = Slotted(), Slotted()
    assert store.record_id(a) == store.record_id(a) != store.record_id(b)


def test_an_id_is_not_inherited_by_a_new_object_at_the_same_address(store: Storage) -> None:
    ids = set()
    for _ in range(50):
        ids.add(store.record_id(Counter()))  # each dies at once; addresses are reused
    assert len(ids) == 50
