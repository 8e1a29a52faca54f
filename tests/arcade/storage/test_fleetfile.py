"""How the venue link reads this folder's records (``LocalRecords``): all of them the first
time and at each rescan, then only what is new and the few before it (their initials may
have been set since), so a kiosk with a long history does not read all of it per game."""

from __future__ import annotations

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
