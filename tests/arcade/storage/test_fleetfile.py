"""How the venue link reads this folder's records (``LocalRecords``): all of them the first
time and at each rescan, then only what is new and the few before it (their initials may
have been set since), so a kiosk with a long history does not read all of it per game."""

from __future__ import annotations

import random
import sqlite3
import time
from pathlib import Path

from game.ai.autoplay import finish
from game.arcade.storage import fleetfile
from game.arcade.storage.fleetfile import LocalRecords
from game.rules.magdagdon import Difficulty, MagdagdonGame
from tests.support.fleet import GAME_DATA, RANKED, record_games, storage


def ids(found) -> list[str]:
    return [record.id for _, record in found]


def test_after_the_first_reading_only_what_is_new_and_the_recent_before_it(tmp_path: Path,
                                                                           monkeypatch):
    monkeypatch.setattr(fleetfile, "RECENT", 3)  # (64 by default: fewer games to play here)
    data = tmp_path / "data"
    first = record_games(data, 6)
    local = LocalRecords(data, GAME_DATA)
    assert ids(local.records()) == [rid for _, rid in first]  # all, in recording order
    later = record_games(data, 3, seed=2)
    again = ids(local.records(everything=False))
    assert again == [rid for _, rid in first[-3:] + later]
    assert ids(local.records(everything=True)) == [rid for _, rid in first + later]


def test_initials_set_since_the_last_reading_are_read_again(tmp_path: Path):
    data = tmp_path / "data"
    made = record_games(data, 4)
    local = LocalRecords(data, GAME_DATA)
    local.records()
    game_id, record_id = made[-1]
    store = storage(data)
    store.set_initials(game_id, record_id, "ZOE")
    store.close()
    found = dict((record.id, record) for _, record in local.records(everything=False))
    assert found[record_id].initials == "ZOE"


def test_records_made_after_the_operator_reset_them_are_read_at_once(tmp_path: Path,
                                                                      monkeypatch):
    """A reset starts a new database whose recording numbers start again: a reading of what
    is new since the old numbers found nothing until the next full reading."""
    monkeypatch.setattr(fleetfile, "RECENT", 2)
    data = tmp_path / "data"
    record_games(data, 6)
    local = LocalRecords(data, GAME_DATA)
    local.records()
    store = storage(data)
    store.reset_records()
    store.close()
    after = record_games(data, 1, seed=9)
    assert ids(local.records(everything=False)) == [rid for _, rid in after]


def _old_fleet_db(folder: Path, acks: list[tuple[str, ...]]) -> None:
    """``fleet.db`` as the venue link kept it before its tables moved into ``arcade.db``."""
    folder.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(folder / "fleet.db", isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("CREATE TABLE acked (venue TEXT NOT NULL, game TEXT NOT NULL, id TEXT NOT NULL, "
               "initials TEXT NOT NULL, document INTEGER NOT NULL, "
               "PRIMARY KEY (venue, game, id)) WITHOUT ROWID")
    db.execute("CREATE TABLE boards (query TEXT PRIMARY KEY, read_at TEXT NOT NULL, "
               "payload TEXT NOT NULL)")
    db.executemany("INSERT INTO acked VALUES (?, ?, ?, ?, 1)", acks)
    db.execute("INSERT INTO boards VALUES ('q', '2026-01-02', '[]')")
    db.execute("PRAGMA user_version=1")
    db.close()


def _acked_in_arcade_db(folder: Path) -> list[tuple[str, ...]]:
    db = sqlite3.connect(folder / "arcade.db")
    try:
        return db.execute("SELECT venue, game, id, initials FROM venue_acked "
                          "ORDER BY id").fetchall()
    finally:
        db.close()


def test_fleet_db_is_taken_into_arcade_db_and_kept_as_a_backup(tmp_path: Path) -> None:
    """The storage's own opening takes the venue link's old file in (nothing lost), and the
    file stays beside it as ``fleet.db.migrated``."""
    acks = [("venue", "magdagdon", f"r{n}", "ABC") for n in range(3)]
    _old_fleet_db(tmp_path, acks)
    record_games(tmp_path, 1)
    assert _acked_in_arcade_db(tmp_path) == acks
    assert not (tmp_path / "fleet.db").exists() and (tmp_path / "fleet.db.migrated").is_file()
    outbox = fleetfile.FleetFile(tmp_path)
    outbox.open()
    assert outbox.acked("venue") == {("magdagdon", f"r{n}"): fleetfile.Ack("ABC", True)
                                     for n in range(3)}
    assert outbox.boards() == {"q": ("2026-01-02", "[]")}
    outbox.close()


def test_a_kill_before_the_old_file_is_renamed_takes_it_in_again_without_doubling(
        tmp_path: Path) -> None:
    acks = [("venue", "querni", "r1", "")]
    _old_fleet_db(tmp_path, acks)
    outbox = fleetfile.FleetFile(tmp_path)  # the link opens arcade.db before the storage
    outbox.open()
    outbox.ack("venue", [("querni", "r1", fleetfile.Ack("ZED", True))])
    outbox.close()
    _old_fleet_db(tmp_path / "again", acks)  # as if killed between the commit and the rename
    (tmp_path / "again" / "fleet.db").rename(tmp_path / "fleet.db")
    record_games(tmp_path, 1)
    assert _acked_in_arcade_db(tmp_path) == [("venue", "querni", "r1", "ZED")]  # newer wins
    assert not (tmp_path / "fleet.db").exists()


def test_a_damaged_fleet_db_is_set_aside_and_acks_go_to_arcade_db(tmp_path: Path) -> None:
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "fleet.db").write_bytes(b"this is not a database" * 100)
    outbox = fleetfile.FleetFile(tmp_path)
    outbox.open()
    assert outbox.acked("venue") == {}
    assert outbox.ack("venue", [("magdagdon", "r9", fleetfile.Ack("", False))])
    outbox.close()
    assert len(list(tmp_path.glob("fleet.db.corrupt-*"))) == 1
    assert _acked_in_arcade_db(tmp_path) == [("venue", "magdagdon", "r9", "")]
    assert record_games(tmp_path, 1)  # the storage opens the database the link made


def test_the_link_reads_records_and_acks_while_another_program_holds_the_write_lock(
        tmp_path: Path) -> None:
    made = record_games(tmp_path, 3)
    holder = sqlite3.connect(tmp_path / "arcade.db", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        local = LocalRecords(tmp_path, GAME_DATA)
        assert ids(local.records()) == [rid for _, rid in made]
        outbox = fleetfile.FleetFile(tmp_path)
        outbox.open()
        assert not outbox.ack("v", [("magdagdon", "r1", fleetfile.Ack("", True))])  # re-sent
        outbox.close()
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_fleet_db_waits_for_a_database_another_program_holds_and_goes_in_next_time(
        tmp_path: Path) -> None:
    """Another program's write lock never holds up the opening for the old file's sake: the
    records are read at once, and the file is taken in by a later opening."""
    made = record_games(tmp_path, 2)
    acks = [("venue", "magdagdon", "r1", "ABC")]
    _old_fleet_db(tmp_path, acks)
    holder = sqlite3.connect(tmp_path / "arcade.db", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        started = time.monotonic()
        store = storage(tmp_path)
        assert len(store.records(made[0][0])) + len(store.records(made[1][0])) >= 2
        store.close()
        assert time.monotonic() - started < 3.0  # not the 5 s busy timeout
        assert (tmp_path / "fleet.db").is_file()
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    store = storage(tmp_path)
    store.records(made[0][0])
    store.close()
    assert _acked_in_arcade_db(tmp_path) == acks
    assert (tmp_path / "fleet.db.migrated").is_file()


def test_the_links_connections_follow_a_database_replaced_under_them(tmp_path: Path) -> None:
    """A recovered or restored ``arcade.db`` is a new file: the link reads and writes that
    one, not the file it had open."""
    record_games(tmp_path, 2)
    outbox = fleetfile.FleetFile(tmp_path)
    outbox.open()
    local = LocalRecords(tmp_path, GAME_DATA)
    assert outbox.ack("v", [("magdagdon", "r1", fleetfile.Ack("", True))])
    assert len(local.records()) == 2
    (tmp_path / "arcade.db").rename(tmp_path / "old.db")
    later = record_games(tmp_path, 1, seed=5)  # a new database with one record
    assert outbox.acked("v") == {}
    assert ids(local.records()) == [rid for _, rid in later]
    assert outbox.ack("v", [("querni", "r2", fleetfile.Ack("A", False))])
    outbox.close()
    assert _acked_in_arcade_db(tmp_path) == [("v", "querni", "r2", "A")]


def test_the_link_is_told_once_per_commit_of_a_record_or_its_initials(tmp_path: Path) -> None:
    """The venue link reads what is committed: it is woken once after each commit (a record,
    or initials put on one), and what it reads then holds that commit."""
    store = storage(tmp_path)
    told: list[list[str]] = []
    store.on_committed(lambda: told.append(
        [record.initials for _, record in LocalRecords(tmp_path, GAME_DATA).records()]))
    for seed in (1, 2):
        game = finish(MagdagdonGame(list(Difficulty)[0], random.Random(seed)))
        store.record_game(RANKED, game)
        store.settle()
    assert store.last_recorded is not None
    store.set_initials(RANKED, store.last_recorded, "ZOE", later=True)
    store.settle()
    store.close()
    assert told == [[""], ["", ""], ["", "ZOE"]]
