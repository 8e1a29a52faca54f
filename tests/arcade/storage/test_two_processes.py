"""Two copies on one data folder: SQLite's own locking (WAL, one transaction per record, a busy
timeout) keeps every record of both, in the order each recorded them; no record is ever
overwritten by another copy's view of the file."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.arcade.storage import DB_FILE
from tests.arcade.storage.support import Counter, P, finished, make, scores, stored

ROOT = Path(__file__).resolve().parents[3]
WRITER = """
import json, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from game.arcade.storage import Storage
from tests.arcade.storage.support import COUNTER, Counter

folder, tag, count = Path(sys.argv[2]), sys.argv[3], int(sys.argv[4])
storage = Storage(folder, games=[COUNTER])
storage.records("counter")  # both have the database open before either writes
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
storage.close()
print(json.dumps({"ids": ids, "notices": storage.notices}))
"""


def test_two_processes_recording_at_once_lose_nothing(tmp_path: Path) -> None:
    count = 40
    folder = tmp_path / "data"
    first = make(folder)
    first.record_game("counter", Counter(1, 1))  # one record from before
    first.close()
    before = stored(folder, "counter")[0]["id"]
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
    rows = stored(folder, "counter")
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


def test_two_storages_see_each_others_records_and_rank_against_them(tmp_path: Path) -> None:
    first, second = make(tmp_path), make(tmp_path)
    assert first.records("magdagdon") == second.records("magdagdon") == []
    a, b = finished(value=3), finished(value=5)
    assert first.record_game("magdagdon", a) == 0
    first.settle()
    assert second.record_game("magdagdon", b) == 0  # b is the better score
    second.settle()
    assert first.set_initials("magdagdon", first.record_id(a), "AAA")
    assert second.set_initials("magdagdon", second.record_id(b), "BBB")
    expected = {first.record_id(a): "AAA", second.record_id(b): "BBB"}
    assert {r.id: r.initials for r in make(tmp_path).records("magdagdon")} == expected
    assert [r.id for r in first.records("magdagdon")] == [first.record_id(a),
                                                          second.record_id(b)]
    assert first.table("magdagdon", "PEACEFUL")[0].id == second.record_id(b)
    assert first.record_game("magdagdon", finished(value=4)) == 1  # below b, above a


def test_initials_set_by_one_copy_survive_the_others_records(tmp_path: Path) -> None:
    first = make(tmp_path)
    game = finished()
    first.record_game("magdagdon", game)
    first.settle()
    second = make(tmp_path)  # knows the record without initials
    assert second.records("magdagdon")[0].initials == ""
    assert first.set_initials("magdagdon", first.record_id(game), "ZED")
    second.record_game("magdagdon", finished(value=4))
    second.settle()
    [with_initials] = [r for r in make(tmp_path).records("magdagdon") if r.initials]
    assert with_initials.initials == "ZED"


def test_a_deleted_database_is_made_again_for_the_next_record(tmp_path: Path) -> None:
    s = make(tmp_path)
    s.record_game("magdagdon", finished(value=3))
    s.settle()
    for path in tmp_path.glob(f"{DB_FILE}*"):
        path.unlink()  # removed under the running game (the old records go with the file)
    s.record_game("magdagdon", finished(value=4))
    s.settle()
    assert (tmp_path / DB_FILE).is_file()
    assert [r.score for r in make(tmp_path).records("magdagdon")] == [finished(value=4)
                                                                      .score().total]


def test_a_data_folder_removed_under_the_game_is_made_again(tmp_path: Path) -> None:
    folder = tmp_path / "gone"
    s = make(folder)
    s.record_game("magdagdon", finished(value=3))
    s.settle()
    shutil.rmtree(folder)
    s.record_game("magdagdon", finished(value=5))
    s.settle()
    assert len(make(folder).records("magdagdon")) == 1


# --- any interleaving of two copies ------------------------------------------------------------


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.booleans(), st.integers(1, 6), st.integers(0, 4)), max_size=16))
def test_two_copies_in_any_order_keep_every_record_and_one_true_table(
    plays: list[tuple[bool, int, int]],
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        copies = (make(Path(folder)), make(Path(folder)))
        recorded: list[tuple[int, str]] = []
        for which, value, ruins in plays:
            copy = copies[which]
            game = finished(P, value, ruins)
            copy.record_game("magdagdon", game)
            copy.settle()
            recorded.append((game.score().total, copy.record_id(game)))
        reader = make(Path(folder))
        assert [r.id for r in reader.records("magdagdon")] == [i for _, i in recorded]
        expected = sorted(recorded, key=lambda pair: -pair[0])[:10]  # stable: earlier first
        for copy in (*copies, reader):
            assert [(e.score, e.id) for e in scores(copy, P)] == expected
            copy.close()
