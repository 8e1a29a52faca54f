"""A game's documents: one file per finished game in ``games/``, written once when the game is
recorded (off the frame; never in memory mode, never twice), listed by the index in
``arcade.db`` without opening them, read back checked, damaged ones set aside."""

from __future__ import annotations

import json
import re
import sqlite3
import threading
import time
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from game.arcade.storage import Storage, documents, is_iso_date, recordstore
from game.arcade.storage.recordsql import RecordSql
from tests.arcade.storage.support import COUNTER, STAMP_RE, FakeClock, make, stored


@dataclass(eq=False)
class Counter:
    count: int
    target: int = 3
    mode: str = "short"


def check_tally(data: dict) -> None:
    if data.get("format") != "tally" or type(data.get("count")) is not int:
        raise ValueError("not a tally")


DOCUMENTED = replace(COUNTER, document=lambda game: {"format": "tally", "count": game.count},
                     document_format="tally", check_document=check_tally)


def store_of(path: Path) -> Storage:
    return make(path, games=(DOCUMENTED,))


def test_recording_a_game_writes_its_document_once(tmp_path):
    store = store_of(tmp_path)
    game = Counter(3)
    store.record_game("counter", game)
    store.record_game("counter", game)  # recorded before: no second record, no second file
    store.settle()
    files = sorted((tmp_path / "games").iterdir())
    assert len(files) == 1
    record_id = store.records("counter")[0].id
    assert files[0].name.startswith("counter-") and files[0].name.endswith(f"-{record_id}.json")
    assert re.fullmatch(rf"counter-{STAMP_RE}-{record_id}\.json", files[0].name)
    assert json.loads(files[0].read_text()) == {"format": "tally", "count": 3}
    assert store.game_documents("counter") == [(files[0].name, {"format": "tally", "count": 3})]
    [entry] = store.documents("counter")
    assert (entry.name, entry.game, entry.record_id) == (files[0].name, "counter", record_id)
    assert is_iso_date(entry.date) and entry.date >= store.records("counter")[0].date


def test_a_record_and_its_documents_index_entry_are_one_commit(tmp_path):
    """Whoever is told of a commit (the venue link) finds the record's document on disk and
    in the index already: they go into ``arcade.db`` in one transaction, after the file."""
    store = store_of(tmp_path)
    seen: list[tuple[int, list[str]]] = []

    def look() -> None:  # on the database's thread, through a connection of its own
        db = sqlite3.connect(tmp_path / "arcade.db")
        try:
            records = db.execute("SELECT count(*) FROM records").fetchone()[0]
            names = [row[0] for row in db.execute("SELECT name FROM documents")]
        finally:
            db.close()
        seen.append((records, names))

    store.on_committed(look)
    store.record_game("counter", Counter(3))
    store.settle()
    [(records, names)] = seen
    assert records == 1 and len(names) == 1 and (tmp_path / "games" / names[0]).is_file()


def test_a_document_that_cannot_be_made_still_lets_its_record_commit(tmp_path):
    def broken(game: Counter) -> dict:
        raise ValueError("cannot be told")

    store = make(tmp_path, games=(replace(DOCUMENTED, document=broken),))
    store.record_game("counter", Counter(4))
    store.settle()
    assert stored(tmp_path, "counter") and store.documents("counter") == []


def test_a_game_without_documents_writes_none(tmp_path):
    store = make(tmp_path, games=(COUNTER,))
    store.record_game("counter", Counter(3))
    assert not (tmp_path / "games").exists()


@pytest.mark.parametrize("raw", [b"{not json", b'{"format": "tally", "count": "x"}', b"[]"])
def test_a_damaged_document_is_set_aside_with_a_notice(tmp_path, raw):
    store = store_of(tmp_path)
    store.record_game("counter", Counter(3))
    store.settle()
    bad = tmp_path / "games" / "counter-20261130T021500Z-bad.json"
    bad.write_bytes(raw)
    assert len(store.game_documents("counter")) == 1
    assert not bad.exists()
    assert any(p.name.startswith(f"{bad.name}.corrupt-") for p in bad.parent.iterdir())
    assert store.notices[-1].key == "notice.corrupt"


def test_load_document_names_the_game_and_sets_aside_only_its_own_files(tmp_path):
    store = store_of(tmp_path / "data")
    store.record_game("counter", Counter(3))
    store.settle()
    (mine,) = (tmp_path / "data" / "games").iterdir()
    assert store.load_document(mine) == ("counter", {"format": "tally", "count": 3})
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text('{"format": "tally", "count": "three"}')
    assert store.load_document(elsewhere) is None
    assert elsewhere.exists()  # not ours: only logged
    unknown = tmp_path / "data" / "games" / "counter-x.json"
    unknown.write_text('{"format": "chess"}')
    assert store.load_document(unknown) is None and not unknown.exists()
    assert store.load_document(tmp_path / "missing.json") is None


def test_memory_mode_writes_no_document(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    store = Storage(blocker / "data", games=(DOCUMENTED,), clock=FakeClock())
    assert not store.writable
    store.record_game("counter", Counter(3))
    assert store.game_documents("counter") == []


def test_documents_lists_a_games_documents_newest_first_from_their_names(tmp_path):
    store = store_of(tmp_path)
    games = [Counter(3), Counter(4), Counter(5)]
    for game in games:
        store.record_game("counter", game)  # the fake clock moves a minute per call
    store.settle()  # the documents are written off the frame
    folder = tmp_path / "games"
    (folder / "counter-notes.json").write_text("{}")  # no document's name: not listed
    (folder / "other-20261130T021500Z-x.json").write_text("{}")  # another game's
    entries = store.documents("counter")
    ids = [store.record_id(game) for game in games]
    assert [entry.record_id for entry in entries] == ids[::-1]
    assert all(entry.game == "counter" for entry in entries)
    dates = [entry.date for entry in entries]
    assert dates == sorted(dates, reverse=True) and len(set(dates)) == 3
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", dates[0])
    assert (folder / "counter-notes.json").exists()  # listing reads and moves nothing


def test_document_reads_the_one_of_a_record_and_sets_a_damaged_one_aside(tmp_path):
    store = store_of(tmp_path)
    game = Counter(4)
    store.record_game("counter", game)
    store.settle()  # the document is written off the frame
    record_id = store.record_id(game)
    assert store.document("counter", record_id) == {"format": "tally", "count": 4}
    assert store.document("counter", "no-such-record") is None
    (path,) = (tmp_path / "games").iterdir()
    path.write_text('{"format": "tally", "count": "four"}')
    assert store.document("counter", record_id) is None
    assert not path.exists() and store.notices[-1].key == "notice.corrupt"
    assert store.documents("counter") == []


def test_memory_mode_lists_no_documents(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    store = Storage(blocker / "data", games=(DOCUMENTED,), clock=FakeClock())
    store.record_game("counter", Counter(3))
    assert store.documents("counter") == [] and store.document("counter", "x") is None


def test_a_records_document_is_found_by_one_indexed_query(tmp_path, monkeypatch):
    """Documents by id (issue 46): the document of a record is looked up by its id, never by
    listing every document (100,000 of them took seconds per tap)."""
    import sqlite3

    from game.arcade.storage import documents as docindex

    store = store_of(tmp_path)
    games = [Counter(n, n) for n in (3, 4, 5)]
    for game in games:
        store.record_game("counter", game)
    store.settle()
    assert len(store.documents("counter")) == 3  # the index follows the folder

    def listing_everything(*args):
        raise AssertionError("every document listed to find one")

    monkeypatch.setattr(docindex, "of_game", listing_everything)
    for game in games:
        assert store.document("counter", store.record_id(game)) == {"format": "tally",
                                                                    "count": game.count}
    assert store.document("counter", "nosuchrecord") is None
    conn = sqlite3.connect(tmp_path / "arcade.db")
    plan = " ".join(str(row) for row in conn.execute(
        "EXPLAIN QUERY PLAN SELECT name FROM documents WHERE game = ? AND record_id = ?",
        ("counter", "x")))
    conn.close()
    assert "documents_by_record" in plan


def test_the_count_of_a_later_page_follows_every_new_document(tmp_path):
    """A list that reads its pages as it scrolls gets the count kept from its first page (100,000
    documents take longer than a frame to count) until another document is indexed."""
    store = store_of(tmp_path)
    for n in range(3, 6):
        store.record_game("counter", Counter(n))
    store.settle()
    for count in (3, 4, 5):
        assert store.documents_page("counter", 0, 2)[0] == count
        assert store.documents_page("counter", 2, 2)[0] == count
        store.record_game("counter", Counter(count + 3))
        store.settle()
    store.close()


def test_a_folder_that_changed_is_listed_once_until_the_index_follows_it(tmp_path, monkeypatch):
    """Documents the index does not know yet (a restored backup, a recovered database): the
    folder is listed for the first question, and the next questions reuse that listing until
    the index has followed it (each listed 60,000 names again: 1-3 s a question)."""
    store = store_of(tmp_path)
    store.record_game("counter", Counter(3))
    store.settle()
    folder = tmp_path / "games"
    first = next(folder.glob("*.json"))
    for i in range(5):
        (folder / first.name.replace(first.name.split("-")[1], f"20261201T00{i:02d}00Z")
         .replace(".json", f"{i}.json")).write_bytes(first.read_bytes())
    listed: list[object] = []
    real = documents.os.scandir
    monkeypatch.setattr(documents.os, "scandir", lambda path: listed.append(path) or real(path))
    monkeypatch.setattr(documents, "follow_folder", lambda conn, where: None)  # not indexed yet
    for _ in range(3):
        assert store.documents_page("counter", 0, 10)[0] == 6
        store.has_document("counter", "no-such-record")
    assert len(listed) == 1
    store.close()


def test_a_page_of_documents_and_their_records_by_id(tmp_path):
    """Issue 46: a list of games reads the page it shows, from the index and from the folder
    changed since (one query each), and those games' records by id, pending ones too."""
    store = store_of(tmp_path)
    games = [Counter(n) for n in range(3, 8)]
    for game in games:
        store.record_game("counter", game)
    store.settle()
    ids = [store.record_id(game) for game in games][::-1]  # newest first
    for _ in range(2):  # from the index, then from the folder that changed since
        assert store.documents_page("counter", 0, 2) == (5, store.documents("counter")[:2])
        count, entries = store.documents_page("counter", 2, 10)
        assert count == 5 and [entry.record_id for entry in entries] == ids[2:]
        (tmp_path / "games" / "other-20261130T021500Z-x.json").write_text("{}")
    found = store.records_by_id("counter", [ids[0], "no-such-record", ids[3]])
    assert sorted(record.id for record in found) == sorted([ids[0], ids[3]])
    waiting = Counter(9)
    store.record_game("counter", waiting)  # pending: not committed yet, answered all the same
    assert [r.id for r in store.records_by_id("counter", [store.record_id(waiting)])] == \
        [store.record_id(waiting)]
    store.close()


def test_a_game_recorded_just_before_quitting_keeps_its_record_and_document(tmp_path):
    store = store_of(tmp_path)
    game = Counter(3)
    store.save_game("counter", game)
    store.record_game("counter", game)
    store.close()  # at once: the record waits for its document, which is still queued
    after = store_of(tmp_path)
    [record] = after.records("counter")
    assert after.document("counter", record.id) == {"format": "tally", "count": 3}
    assert not after.has_saved_game("counter")


def test_a_kill_after_the_document_and_before_the_commit_loses_nothing(tmp_path, monkeypatch):
    store = store_of(tmp_path)
    game = Counter(3)
    store.save_game("counter", game)

    def killed(*args, **kwargs):
        raise sqlite3.OperationalError("the process was killed here")

    with monkeypatch.context() as m:
        m.setattr(RecordSql, "insert", killed)
        store.record_game("counter", game)
        store.settle()
    assert len(list((tmp_path / "games").iterdir())) == 1 and not stored(tmp_path, "counter")
    after = store_of(tmp_path)  # the next start, without the dead process's memory
    assert after.load_game("counter") is None  # the finished save is recorded now
    after.settle()
    [record] = after.records("counter")
    assert record.id == store.record_id(game)
    assert after.document("counter", record.id) == {"format": "tally", "count": 3}
    assert len(list((tmp_path / "games").iterdir())) == 1  # not written twice


def test_a_document_slower_than_the_commit_waits_for_is_indexed_once_written(tmp_path,
                                                                             monkeypatch):
    """A failing disk holds up no record for long: past ``DOCUMENT_SECONDS`` the record is
    committed alone, and its document joins the index when it is on disk."""
    monkeypatch.setattr(recordstore, "DOCUMENT_SECONDS", 0.1)
    written = threading.Event()

    def slow(game: Counter) -> dict:
        written.wait(5)
        return {"format": "tally", "count": game.count}

    store = make(tmp_path, games=(replace(DOCUMENTED, document=slow),))
    game = Counter(3)
    store.record_game("counter", game)
    deadline = time.monotonic() + 5
    while not stored(tmp_path, "counter") and time.monotonic() < deadline:
        time.sleep(0.02)
    assert stored(tmp_path, "counter")  # committed while its document is still being made
    written.set()
    store.settle()
    assert store.document("counter", store.record_id(game)) == {"format": "tally", "count": 3}


def test_a_commit_tried_again_still_takes_the_documents_entry_with_it(tmp_path, monkeypatch):
    """A database that refused the first commit (another program's lock) gets the record and
    its document's entry together when it takes it."""
    store = store_of(tmp_path)
    seen: list[list[str]] = []

    def look() -> None:
        db = sqlite3.connect(tmp_path / "arcade.db")
        try:
            seen.append([row[0] for row in db.execute("SELECT record_id FROM documents")])
        finally:
            db.close()

    store.on_committed(look)
    game = Counter(3)
    with monkeypatch.context() as m:
        m.setattr(RecordSql, "insert", lambda *args, **kwargs: (_ for _ in ()).throw(
            sqlite3.OperationalError("database is locked")))
        store.record_game("counter", game)
        store.settle()
    assert not stored(tmp_path, "counter") and seen == []
    store.save_game("counter", Counter(1))  # a save hands the record in again
    store.settle()
    assert len(stored(tmp_path, "counter")) == 1 and seen == [[store.record_id(game)]]
