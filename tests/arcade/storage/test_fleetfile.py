"""How the venue link reads this folder's records (``LocalRecords``): all of them the first
time and at each rescan, then only what is new and the few before it (their initials may
have been set since), so a kiosk with a long history does not read all of it per game."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from game.arcade.storage import fleetfile
from game.arcade.storage.fleetfile import LocalRecords
from tests.support.fleet import GAME_DATA, record_games, storage


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


def _version_1_file(folder: Path) -> None:
    """``fleet.db`` as the venue link made it before its tables were a numbered migration."""
    folder.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(folder / fleetfile.FLEET_FILE, isolation_level=None)
    for statement in fleetfile.MIGRATIONS[0]:
        db.execute(statement)
    db.execute("INSERT INTO acked VALUES ('venue', 'magdagdon', 'r1', 'ABC', 1)")
    db.execute("PRAGMA user_version=1")
    db.close()


def test_fleet_db_is_migrated_by_the_one_numbered_mechanism_and_keeps_its_acks(
        tmp_path: Path) -> None:
    _version_1_file(tmp_path)
    kept = fleetfile.FleetFile(tmp_path)
    kept.open()
    assert kept.acked("venue") == {("magdagdon", "r1"): fleetfile.Ack("ABC", True)}
    kept.close()
    fresh = fleetfile.FleetFile(tmp_path / "new")
    (tmp_path / "new").mkdir()
    fresh.open()
    fresh.close()
    db = sqlite3.connect(tmp_path / "new" / fleetfile.FLEET_FILE)
    assert db.execute("PRAGMA user_version").fetchone()[0] == len(fleetfile.MIGRATIONS)
    db.close()
    assert not list(tmp_path.glob("*.corrupt-*"))


def test_a_newer_fleet_db_or_the_records_database_under_its_name_is_set_aside(
        tmp_path: Path) -> None:
    _version_1_file(tmp_path / "newer")
    db = sqlite3.connect(tmp_path / "newer" / fleetfile.FLEET_FILE)
    db.execute("PRAGMA user_version=9")
    db.close()
    records = tmp_path / "records"
    record_games(records, 1)  # arcade.db: the arcade's application id
    (records / "arcade.db").rename(records / fleetfile.FLEET_FILE)
    for folder in (tmp_path / "newer", records):
        outbox = fleetfile.FleetFile(folder)
        outbox.open()
        assert outbox.acked("venue") == {}
        outbox.close()
        assert len(list(folder.glob("fleet.db.corrupt-*"))) == 1
