"""Two copies on one folder: records are merged, never overwritten, so no finished game is lost."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.arcade.storage import SCORES_FILE
from game.arcade.storage.records import GameRecords, Record, RecordBook, merge, merge_books
from tests.arcade.storage.support import MAGDAGDON, Counter, finished, make, read_json

ROOT = Path(__file__).resolve().parents[3]
WRITER = """
import json, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from game.arcade.storage import Storage
from tests.arcade.storage.support import COUNTER, Counter

folder, tag, count = Path(sys.argv[2]), sys.argv[3], int(sys.argv[4])
storage = Storage(folder, games=[COUNTER])
storage.records("counter")  # both load before either writes: the old last-writer-wins setup
(folder / f"ready-{tag}").touch()
while not (folder / "go").exists():
    time.sleep(0.001)
ids = []
for i in range(count):
    game = Counter(i % 50, i % 50, "short" if tag == "a" else "long")
    storage.record_game("counter", game, initials=tag)
    ids.append(storage.record_id(game))
    if i % 7 == 0:
        storage.set_initials("counter", ids[i // 2], tag * 2)
print(json.dumps({"ids": ids, "notices": storage.notices}))
"""


def test_two_processes_recording_at_once_lose_nothing(tmp_path: Path) -> None:
    count = 40
    folder = tmp_path / "data"
    make(folder).record_game("counter", Counter(1, 1))  # one record from before
    before = read_json(folder / SCORES_FILE)["games"]["counter"]["records"][0]["id"]
    procs = {tag: subprocess.Popen([sys.executable, "-c", WRITER, str(ROOT), str(folder), tag,
                                    str(count)], cwd=ROOT, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True)
             for tag in ("a", "b")}
    deadline = time.monotonic() + 60
    while not all((folder / f"ready-{tag}").exists() for tag in procs):
        assert time.monotonic() < deadline, "the writers did not start"
        assert all(p.poll() is None for p in procs.values()), [p.stderr for p in procs.values()]
        time.sleep(0.01)
    (folder / "go").touch()
    results = {}
    for tag, proc in procs.items():
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        results[tag] = json.loads(out)
        assert results[tag]["notices"] == []
    rows = read_json(folder / SCORES_FILE)["games"]["counter"]["records"]
    ids = [row["id"] for row in rows]
    assert len(ids) == len(set(ids)) == 2 * count + 1
    assert set(ids) == {before, *results["a"]["ids"], *results["b"]["ids"]}
    by_id = {row["id"]: row for row in rows}
    for tag in ("a", "b"):
        mine = results[tag]["ids"]
        assert [i for i in ids if i in set(mine)] == mine  # each writer's order is kept
        for i in range(0, count, 7):  # the initials each set survived the other's writes
            assert by_id[mine[i // 2]]["initials"] == (tag * 2).upper()
    again = make(folder)
    assert len(again.records("counter")) == 2 * count + 1 and again.notices == []


def test_two_storages_that_loaded_before_either_wrote_keep_both_records(tmp_path: Path) -> None:
    """The issue's case, deterministic: each copy used to write its whole in-memory table."""
    first, second = make(tmp_path), make(tmp_path)
    assert first.records("magdagdon") == second.records("magdagdon") == []
    a, b = finished(value=3), finished(value=5)
    assert first.record_game("magdagdon", a) == 0
    assert second.record_game("magdagdon", b) == 0  # merged: b is the better score
    assert first.set_initials("magdagdon", first.record_id(a), "AAA")
    assert second.set_initials("magdagdon", second.record_id(b), "BBB")
    expected = {first.record_id(a): "AAA", second.record_id(b): "BBB"}
    assert {r.id: r.initials for r in make(tmp_path).records("magdagdon")} == expected
    # each copy now knows the other's record too, and ranks against it
    assert [r.id for r in first.records("magdagdon")] == [first.record_id(a),
                                                          second.record_id(b)]
    assert first.table("magdagdon", "PEACEFUL")[0].id == second.record_id(b)


def test_a_record_with_initials_wins_over_one_without(tmp_path: Path) -> None:
    first = make(tmp_path)
    game = finished()
    first.record_game("magdagdon", game)
    second = make(tmp_path)  # knows the record without initials
    assert first.set_initials("magdagdon", first.record_id(game), "ZED")
    second.record_game("magdagdon", finished(value=4))  # writes its (older) view: merged
    [with_initials] = [r for r in make(tmp_path).records("magdagdon") if r.initials]
    assert with_initials.initials == "ZED"


def test_a_deleted_scores_file_is_written_again_from_memory(tmp_path: Path) -> None:
    s = make(tmp_path)
    s.record_game("magdagdon", finished(value=3))
    (tmp_path / SCORES_FILE).unlink()
    s.record_game("magdagdon", finished(value=4))
    assert len(make(tmp_path).records("magdagdon")) == 2


# --- properties of the merge ----------------------------------------------------------------

IDS = st.sampled_from([f"r{i}" for i in range(12)])


def record(record_id: str, initials: str) -> Record:
    number = int(record_id[1:])
    return Record(record_id, f"2026-01-{number + 1:02d}T00:00:00Z", "PEACEFUL", initials,
                  {"score": number, "turns": 16, "powers": 0, "ruins": 0})


def records(draw_ids: list[str], initials: list[str]) -> GameRecords:
    unique = list(dict.fromkeys(draw_ids))
    return GameRecords(record(i, initials[n % len(initials)]) for n, i in enumerate(unique))


sides = st.tuples(st.lists(IDS, max_size=12), st.lists(st.sampled_from(["", "AB", "XYZ"]),
                                                       min_size=1, max_size=4),
                  st.lists(st.sampled_from(["v1", "v2", "r3"]), max_size=3))


@settings(max_examples=200, deadline=None)
@given(disk_side=sides, mine_side=sides, changed=st.sets(IDS))
def test_merge_is_a_union_that_keeps_order_and_initials(disk_side: tuple, mine_side: tuple,
                                                         changed: set[str]) -> None:
    disk = GameRecords(records(disk_side[0], disk_side[1]).records, disk_side[2])
    mine = GameRecords(records(mine_side[0], mine_side[1]).records, mine_side[2])
    merged = merge(disk, mine, changed)
    ids = [r.id for r in merged.records]
    assert len(ids) == len(set(ids))
    assert set(ids) == {r.id for r in disk.records} | {r.id for r in mine.records}
    assert ids[:len(disk.records)] == [r.id for r in disk.records]  # disk order first
    assert ids[len(disk.records):] == [r.id for r in mine.records if disk.get(r.id) is None]
    for r in merged.records:
        d, m = disk.get(r.id), mine.get(r.id)
        if d is None or m is None:
            assert r == (d or m)
        elif r.id in changed:
            assert r == m
        else:
            assert r.initials == (d.initials or m.initials)
    recorded = set(disk.recorded) | set(mine.recorded)
    assert set(merged.recorded) == recorded - set(ids)
    assert all(merged.has(i) for i in recorded | set(ids))
    # merging again changes nothing; merging with nothing changes nothing
    assert merge(merged, merged).records == merged.records
    assert merge(merged, GameRecords()).records == merged.records


@settings(max_examples=50, deadline=None)
@given(st.lists(IDS, max_size=8), st.lists(IDS, max_size=8))
def test_merge_books_keeps_every_game_and_unknown_sections_from_disk(a: list[str],
                                                                      b: list[str]) -> None:
    disk = RecordBook({"magdagdon": records(a, [""])}, {"chess": {"from": "disk"}})
    mine = RecordBook({"magdagdon": records(b, [""]), "counter": records(b, ["X"])},
                      {"chess": {"from": "memory"}, "go": 1})
    merged = merge_books(disk, mine)
    assert merged.passthrough == {"chess": {"from": "disk"}, "go": 1}
    assert set(merged.games) == {"magdagdon", "counter"}
    assert {r.id for r in merged.games["magdagdon"].records} == set(a) | set(b)
    assert MAGDAGDON.id in merged.to_json()["games"]
