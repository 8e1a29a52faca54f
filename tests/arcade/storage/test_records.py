"""Records (M-8): every finished game kept per game id in ``arcade.db``, tables per variant."""

from __future__ import annotations

import copy
import json
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.arcade.storage import SCORES_FILE, Record, Storage
from tests.arcade.storage.support import (
    COUNTER,
    MAGDAGDON,
    Counter,
    N,
    P,
    S,
    db_rows,
    finished,
    make,
    played,
    scores,
    stored,
    write_scores,
)


def record_row(record_id: str, score: int, variant: str = "PEACEFUL",
               date: str = "2026-01-02T03:04:05Z", **more: Any) -> dict[str, Any]:
    return {"id": record_id, "date": date, "variant": variant, "initials": "", "score": score,
            "turns": 16, "powers": 0, "ruins": 0, **more}


def test_record_game_fields_and_last_recorded(store: Storage, tmp_path: Path) -> None:
    game = finished(P, value=4, ruins=1, powers=2)
    assert store.last_recorded is None
    assert store.record_game("magdagdon", game) == 0
    [record] = scores(store, P)
    card = game.score()
    assert record == Record(store.record_id(game), "2026-11-30T02:15:00Z", "PEACEFUL", "",
                            {"score": card.total, "turns": 16, "powers": 2, "ruins": 1})
    assert record.score == card.total and record.get("ruins") == 1 and record.get("x", 7) == 7
    with pytest.raises(AttributeError):
        _ = record.no_such_field
    assert store.last_recorded == store.record_id(game)
    assert store.records("magdagdon") == [record]
    assert scores(store, S) == scores(store, N) == [] and scores(store, "NO_SUCH") == []
    store.settle()
    assert stored(tmp_path, "magdagdon") == [record.to_json()]
    assert stored(tmp_path, "counter") == []
    assert record.to_json() == {"id": record.id, "date": record.date, "variant": "PEACEFUL",
                                "initials": "", "score": card.total, "turns": 16, "powers": 2,
                                "ruins": 1}


def test_a_record_is_read_only_and_copies() -> None:
    record = Record("a1", "2026-01-02T03:04:05Z", "PEACEFUL", "AB", {"score": 3, "list": [1]})
    with pytest.raises(TypeError):
        record.fields["score"] = 4  # type: ignore[index]
    with pytest.raises(AttributeError):
        record.initials = "X"  # type: ignore[misc]
    assert copy.deepcopy(record) == record and copy.copy(record) == record
    assert hash(record) == hash(copy.deepcopy(record))
    assert record.as_dict() == {"variant": "PEACEFUL", "score": 3, "list": [1]}


def test_dates_are_utc_seconds(tmp_path: Path) -> None:
    plus_two = timezone(timedelta(hours=2))
    s = make(tmp_path, clock=lambda: datetime(2027, 1, 1, 1, 30, 59, 999_999, tzinfo=plus_two))
    s.record_game("magdagdon", finished())
    assert scores(s, P)[0].date == "2026-12-31T23:30:59Z"


def test_top_ten_sorted_best_first_and_ranks(store: Storage) -> None:
    values = [1, 6, 3, 2, 5, 4]
    games = [finished(P, v, r) for r in (2, 0) for v in values]  # 12 distinct scores
    ranks = [store.record_game("magdagdon", g) for g in games]
    table = scores(store, P)
    all_scores = sorted((g.score().total for g in games), reverse=True)
    assert [e.score for e in table] == all_scores[:10]
    assert ranks[0] == 0
    assert ranks[-1] == [e.id for e in table].index(store.record_id(games[-1]))
    assert len(table) == 10
    assert len(store.records("magdagdon")) == 12  # every finished game is kept


def test_ties_keep_the_earlier_entry_first(store: Storage) -> None:
    first, second, third = (finished(P, 3) for _ in range(3))
    better = finished(P, 4)
    assert store.record_game("magdagdon", first) == 0
    assert store.record_game("magdagdon", second) == 1
    assert store.record_game("magdagdon", better) == 0
    assert store.record_game("magdagdon", third) == 3
    table = scores(store, P)
    assert [e.id for e in table] == [store.record_id(g) for g in (better, first, second, third)]
    assert [e.date for e in table[1:]] == sorted(e.date for e in table[1:])


def test_eleventh_worse_score_is_not_in_the_table_but_is_recorded(store: Storage) -> None:
    for _ in range(10):
        assert store.record_game("magdagdon", finished(P, 5)) is not None
    before = scores(store, P)
    worse = finished(P, 1)
    assert store.record_game("magdagdon", worse) is None
    assert scores(store, P) == before
    assert store.last_recorded == store.record_id(worse)  # newest game, not in the table
    assert store.records("magdagdon")[-1].id == store.record_id(worse)
    assert store.record_game("magdagdon", finished(P, 5)) is None  # a tie with the 10th
    assert scores(store, P) == before
    best = finished(P, 6)
    assert store.record_game("magdagdon", best) == 0
    assert scores(store, P)[0].id == store.record_id(best)
    assert scores(store, P)[1:] == before[:9]
    assert len(store.records("magdagdon")) == 13


def test_tables_are_separate_per_variant(store: Storage) -> None:
    assert store.record_game("magdagdon", finished(P, 2)) == 0
    assert store.record_game("magdagdon", finished(S, 3)) == 0
    assert store.record_game("magdagdon", finished(N, 1)) == 0
    assert [len(scores(store, d)) for d in (P, S, N)] == [1, 1, 1]


def test_unfinished_game_is_not_recorded_and_its_save_stays(store: Storage) -> None:
    game = played()
    store.save_game("magdagdon", game)
    assert store.record_game("magdagdon", game) is None
    assert store.records("magdagdon") == [] and store.has_saved_game("magdagdon")


def test_recording_is_idempotent(store: Storage) -> None:
    game = finished(P, 4)
    assert store.record_game("magdagdon", game) == 0
    assert store.record_game("magdagdon", game) is None
    assert len(store.records("magdagdon")) == 1
    assert store.record_game("magdagdon", finished(P, 4)) == 1  # another game, same board


def test_recording_is_idempotent_across_restarts(tmp_path: Path) -> None:
    game = finished(P, 4)
    first = make(tmp_path)
    first.save_game("magdagdon", game)
    save = tmp_path / "saves" / "magdagdon.json"
    saved = save.read_bytes()
    assert first.record_game("magdagdon", game) == 0
    first.settle()
    assert not save.exists()
    save.write_bytes(saved)  # as if the delete never reached the disk
    second = make(tmp_path)
    assert second.has_saved_game("magdagdon") is False
    assert save.exists()  # has_saved_game only looks
    assert second.load_game("magdagdon") is None
    assert [e.id for e in second.records("magdagdon")] == [first.record_id(game)]
    second.settle()
    assert not save.exists()


def test_a_game_that_missed_the_table_is_still_recorded_once(tmp_path: Path) -> None:
    s = make(tmp_path)
    for _ in range(10):
        s.record_game("magdagdon", finished(P, 6))
    low = finished(P, 1)
    s.save_game("magdagdon", low)
    save = tmp_path / "saves" / "magdagdon.json"
    saved = save.read_bytes()
    assert s.record_game("magdagdon", low) is None
    s.settle()
    save.write_bytes(saved)
    again = make(tmp_path)
    assert again.load_game("magdagdon") is None
    again.settle()  # the save goes off the frame, once the record is known committed
    assert not save.exists()
    assert [r.id for r in again.records("magdagdon")].count(s.record_id(low)) == 1


def test_a_stored_record_without_initials_loads(tmp_path: Path) -> None:
    row = record_row("abc123", 300, "SURVIVAL")
    del row["initials"]
    write_scores(tmp_path, {"magdagdon": {"records": [row]}})
    s = make(tmp_path)
    [record] = scores(s, S)
    assert record.initials == "" and record.score == 300 and s.notices == []


def test_recording_with_initials_and_set_initials(tmp_path: Path) -> None:
    s = make(tmp_path)
    game, other = finished(P, 4), finished(P, 2)
    s.record_game("magdagdon", game, initials="mj")
    s.record_game("magdagdon", other)
    assert scores(s, P)[0].initials == "MJ"
    assert s.set_initials("magdagdon", s.record_id(other), " abc ") is True
    assert s.set_initials("magdagdon", "nosuchgame", "ABC") is False
    assert s.set_initials("counter", s.record_id(other), "ABC") is False  # another game's id
    for bad in ("ABCD", "A1"):
        with pytest.raises(ValueError):
            s.set_initials("magdagdon", s.record_id(other), bad)
    with pytest.raises(ValueError):
        s.record_game("magdagdon", finished(), initials="ÄÖ")
    again = make(tmp_path)
    assert [e.initials for e in scores(again, P)] == ["MJ", "ABC"]


def test_extra_fields_go_into_the_record(store: Storage, tmp_path: Path) -> None:
    game = finished(P, 4)
    assert store.record_game("magdagdon", game, hints=2, seconds=81.5) == 0
    [record] = store.records("magdagdon")
    assert record.hints == 2 and record.seconds == 81.5 and record.score == game.score().total
    store.settle()  # answers include a record before its commit; the file has it after
    assert stored(tmp_path, "magdagdon")[0]["hints"] == 2
    assert make(tmp_path).records("magdagdon") == [record]


@pytest.mark.parametrize("extra", [{"variant": "X"}, {"variant": "NIGHTMARE"},
                                   {"date": "2026-01-01T00:00:00Z"}, {"id": "x"},
                                   {"score": "lots"}, {"nan": float("nan")}, {"obj": object()}])
def test_a_record_the_game_or_json_refuses_is_a_programming_error(
    store: Storage, extra: dict[str, Any],
) -> None:
    with pytest.raises((ValueError, TypeError)):
        store.record_game("magdagdon", finished(), **extra)
    assert store.records("magdagdon") == [] and store.last_recorded is None


def test_stored_records_keep_file_order_and_tables_rank_them_stably(tmp_path: Path) -> None:
    rows = [record_row(f"g{i}", sc) for i, sc in enumerate([5, 9, 5, 7] * 3)]
    write_scores(tmp_path, {"magdagdon": {"records": rows}})
    s = make(tmp_path)
    assert [r.id for r in s.records("magdagdon")] == [f"g{i}" for i in range(12)]
    assert [e.id for e in scores(s, P)] == ["g1", "g5", "g9", "g3", "g7", "g11",
                                            "g0", "g2", "g4", "g6"]
    assert s.notices == []


def test_a_game_with_its_own_ranking_and_table_size(tmp_path: Path) -> None:
    """A golf-like game: lower is better, ties keep the earlier, a table of three."""
    golf = type(COUNTER)(**{**COUNTER.__dict__, "id": "golf", "score_of": lambda r: r["count"],
                            "rank": lambda scores, new: sum(1 for s in scores if s <= new),
                            "table_size": 3})
    s = Storage(tmp_path, games=(golf,))
    for count in (5, 3, 9, 3, 1):
        s.record_game("golf", Counter(count, count))
    assert [r.count for r in s.table("golf", "short")] == [1, 3, 3]


def test_two_games_never_see_each_others_records(tmp_path: Path) -> None:
    s = make(tmp_path)
    assert s.record_game("magdagdon", finished(P, 4)) == 0
    counter = Counter(target=5).play_out()
    assert s.record_game("counter", counter, initials="zz") is None  # not ranked: no rank
    assert s.table("counter", "short") == []
    [mine] = s.records("counter")
    assert (mine.variant, mine.count, mine.initials) == ("short", 5, "ZZ")
    assert s.last_recorded == mine.id
    assert [r.id for r in s.records("magdagdon")] != [mine.id]
    s.settle()
    again = make(tmp_path)
    assert [r.id for r in again.records("counter")] == [mine.id]
    assert len(again.records("magdagdon")) == 1
    only_magdagdon = make(tmp_path, games=(MAGDAGDON,))
    only_magdagdon.record_game("magdagdon", finished(P, 5))
    only_magdagdon.settle()  # the counter's records stay untouched
    assert [r["id"] for r in stored(tmp_path, "counter")] == [mine.id]


def test_sections_of_unknown_games_are_kept_untouched(tmp_path: Path) -> None:
    future = {"records": [{"id": "zz", "whatever": [1, 2]}], "extra": {"a": None}}
    write_scores(tmp_path, {"chess960": future, "magdagdon": {"records": [record_row("a", 3)]}})
    s = make(tmp_path)
    assert s.notices == [] and len(s.records("magdagdon")) == 1
    s.record_game("magdagdon", finished(P, 4))
    s.settle()
    [(section,)] = db_rows(tmp_path, "SELECT section FROM foreign_sections WHERE game = ?",
                           ("chess960",))
    assert json.loads(section) == future
    assert len(stored(tmp_path, "magdagdon")) == 2


def test_a_kept_section_becomes_records_when_its_game_is_known(tmp_path: Path) -> None:
    """Nothing lost: a build without the counter keeps its part of scores.json; a build with
    it takes the records in."""
    rows = [{"id": f"c{i}", "date": "2026-01-02T03:04:05Z", "variant": "long", "initials": "",
             "count": i} for i in range(3)]
    write_scores(tmp_path, {"counter": {"records": rows, "recorded": ["c9"]},
                            "magdagdon": {"records": [record_row("a", 3)]}})
    assert len(make(tmp_path, games=(MAGDAGDON,)).records("magdagdon")) == 1
    both = make(tmp_path)
    assert [r.to_json() for r in both.records("counter")] == rows
    assert db_rows(tmp_path, "SELECT game, id FROM recorded") == [("counter", "c9")]
    assert db_rows(tmp_path, "SELECT game FROM foreign_sections") == []


@pytest.mark.slow
def test_ten_thousand_records_per_game_load(tmp_path: Path) -> None:
    """No timing assert here: the load time is measured in benchmarks (see the report)."""
    rows = [record_row(f"{i:032x}", i % 500, ("PEACEFUL", "SURVIVAL", "NIGHTMARE")[i % 3],
                       initials="ABC") for i in range(10_000)]
    counters = [{"id": f"c{i:031x}", "date": "2026-01-02T03:04:05Z", "variant": "long",
                 "initials": "", "count": i % 99} for i in range(10_000)]
    write_scores(tmp_path, {"magdagdon": {"records": rows}, "counter": {"records": counters}})
    assert (tmp_path / SCORES_FILE).stat().st_size < 4_000_000
    s = make(tmp_path)
    assert len(s.records("magdagdon")) == len(s.records("counter")) == 10_000
    assert [r.score for r in scores(s, P)] == [499, 499, 499, 499, 499, 499, 499, 498, 498, 498]
    assert s.record_game("magdagdon", finished(P, 6)) == 0  # 512 points
    s.settle()
    assert len(make(tmp_path).records("magdagdon")) == 10_001 and s.notices == []


# --- property: the table after any sequence of recordings ----------------------------------------


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(1, 6), st.integers(0, 4)), max_size=25))
@pytest.mark.slow
def test_any_sequence_of_scores_gives_a_sorted_stable_top_ten(
    boards: list[tuple[int, int]],
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        s = make(Path(folder))
        recorded: list[tuple[int, str]] = []
        for value, ruins in boards:
            game = finished(P, value, ruins)
            rank = s.record_game("magdagdon", game)
            recorded.append((game.score().total, s.record_id(game)))
            table = scores(s, P)
            if rank is not None:
                assert table[rank].id == s.record_id(game)
            else:
                assert s.record_id(game) not in [e.id for e in table]
        table = scores(s, P)
        expected = sorted(recorded, key=lambda pair: -pair[0])[:10]  # sorted() is stable
        assert [(e.score, e.id) for e in table] == expected
        assert all(a.score >= b.score for a, b in zip(table, table[1:]))
        for a, b in zip(table, table[1:]):
            if a.score == b.score:
                assert a.date < b.date  # the fake clock: earlier recorded, earlier date
        s.settle()
        again = make(Path(folder))
        assert scores(again, P) == table
        assert [r.id for r in again.records("magdagdon")] == [i for _, i in recorded]
