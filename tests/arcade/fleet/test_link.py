"""The venue link's thread against a real server: every record of the data folder is sent
once and acknowledged in ``arcade.db``; initials put on later follow; lost acknowledgements
(or an old ``fleet.db`` that cannot be read) or a new venue means sending again, never a
duplicate; a server stopped and started again gets everything; a malformed row written by
hand is skipped and logged, and the board still opens; the last board read is shown while
the server is away (issue 39)."""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.arcade import fleet
from game.arcade.fleet.board import VenueQuery
from game.arcade.fleet.config import FleetConfig
from game.arcade.fleet.link import FleetLink
from game.arcade.storage.schema import FLEET_FILE
from game.arcade.venue import VenueBoard
from tests.support.fleet import (
    GAME_DATA,
    RANKED,
    WITH_DOCUMENTS,
    local_ids,
    record_games,
    storage,
    venue_ids,
    wait_for,
)

pytestmark = pytest.mark.fleet


def start(data_dir: Path, url: str, name: str = "Lobby 1") -> FleetLink:
    return fleet.start(FleetConfig(url, name, "flag"), storage(data_dir), GAME_DATA)


@contextlib.contextmanager
def offline_run(postgres: Any, data_dir: Path, url: str) -> Iterator[FleetLink]:
    """The next run's link with the venue's server stopped, once it says it is offline (the
    server started again after)."""
    postgres.stop()
    try:
        away = start(data_dir, url)
        try:
            wait_for(lambda: away.status.state == "offline", what="offline")
            yield away
        finally:
            away.close()
    finally:
        assert postgres.start() is None


def settled(link: FleetLink, sent: int | None = None) -> None:
    """Wait until the link is online with nothing left to send (and ``sent`` sent)."""
    wait_for(lambda: link.status.state == "online" and link.status.pending == 0
             and not link.status.problem and (sent is None or link.status.sent == sent),
             what=f"the link to settle ({link.status})")


@pytest.mark.slow
def test_every_record_is_sent_once_with_its_document(postgres, venue_db, tmp_path) -> None:
    data = tmp_path / "data"
    made = record_games(data, 6)
    link = start(data, postgres.url(venue_db))
    try:
        settled(link, sent=6)
        assert sorted(venue_ids(postgres, venue_db)) == sorted(made)
        documents = postgres.execute("SELECT game, id FROM arcade_documents", dbname=venue_db)
        assert sorted(documents) == sorted(m for m in made if m[0] == WITH_DOCUMENTS)
        assert all(lag >= 0 for lag in link.lags) and len(link.lags) == 6
    finally:
        link.close()
    again = start(data, postgres.url(venue_db))  # acknowledged: nothing is sent again
    try:
        settled(again)
        assert again.status.sent == 0
    finally:
        again.close()
    db = sqlite3.connect(data / "arcade.db")  # the acknowledgements beside the records
    assert db.execute("SELECT count(*) FROM venue_acked").fetchone() == (6,)
    db.close()
    assert not (data / FLEET_FILE).exists()


def test_initials_put_on_after_sending_reach_the_venue(postgres, venue_db, tmp_path) -> None:
    data = tmp_path / "data"
    game_id, record_id = record_games(data, 1)[0]
    link = start(data, postgres.url(venue_db))
    try:
        settled(link, sent=1)
        store = storage(data)
        assert store.set_initials(game_id, record_id, "ZED")
        link.records_changed()
        wait_for(lambda: postgres.execute("SELECT initials FROM arcade_initials",
                                          dbname=venue_db) == [("ZED",)], what="the initials")
        record = store.records(game_id)[0]
        query = VenueQuery(game_id, record.variant, (), True, 30)
        wait_for(lambda: (link.table(query) is not None
                          and [e.record.initials for e in link.table(query).entries] == ["ZED"]),
                 what="the board to show the initials")
    finally:
        link.close()


def test_lost_acknowledgements_or_a_damaged_fleet_db_send_again_without_doubling(
        postgres, venue_db, tmp_path) -> None:
    data = tmp_path / "data"
    made = record_games(data, 4)
    for damage, sent in (("lost", 4), ("damaged", 4), (None, 0)):
        link = start(data, postgres.url(venue_db))
        try:
            settled(link, sent=sent)  # the first time, and after the acks were lost
            assert sorted(venue_ids(postgres, venue_db)) == sorted(made)
        finally:
            link.close()
        if damage == "lost":
            db = sqlite3.connect(data / "arcade.db", isolation_level=None)
            assert db.execute("DELETE FROM venue_acked").rowcount == 4
            db.close()
        elif damage == "damaged":
            (data / FLEET_FILE).write_bytes(b"this is not a database" * 100)
    assert list(data.glob(f"{FLEET_FILE}.corrupt-*"))  # set aside, not silently dropped


def test_a_new_venue_gets_every_record_again(postgres, venue_db, tmp_path) -> None:
    data = tmp_path / "data"
    made = record_games(data, 3)
    for db in (venue_db, postgres.create_database()):
        link = start(data, postgres.url(db))
        try:
            settled(link, sent=3)
            assert sorted(venue_ids(postgres, db)) == sorted(made)
        finally:
            link.close()


@pytest.mark.slow
def test_the_server_stopped_and_started_again_gets_every_record(postgres, venue_db,
                                                                 tmp_path) -> None:
    data = tmp_path / "data"
    record_games(data, 2, seed=1)
    link = start(data, postgres.url(venue_db))
    try:
        settled(link, sent=2)
        postgres.stop()
        try:
            record_games(data, 3, seed=2)  # games go on while the venue is away
            link.records_changed()
            wait_for(lambda: link.status.state == "offline", what="the link to go offline")
            assert link.status.problem == "unreachable"
        finally:
            assert postgres.start() is None
        settled(link, sent=5)
        assert sorted(venue_ids(postgres, venue_db)) == sorted(local_ids(data))
    finally:
        link.close()


def insert(postgres, db: str, **row: object) -> None:
    values = {"game": RANKED, "id": uuid.uuid4().hex, "kiosk": "Bar", "variant": "PEACEFUL",
              "initials": "", "score": 100,
              "fields": '{"score": 100, "turns": 8, "powers": 0, "ruins": 0}', **row}
    postgres.execute("INSERT INTO arcade_records (game, id, kiosk, recorded_at, variant, "
                     "initials, score, fields) VALUES (%s, %s, %s, now(), %s, %s, %s, %s)",
                     tuple(values[k] for k in ("game", "id", "kiosk", "variant", "initials",
                                                "score", "fields")), dbname=db)


def test_malformed_rows_are_skipped_and_logged_and_the_board_opens(postgres, venue_db, tmp_path,
                                                                    caplog) -> None:
    data = tmp_path / "data"
    link = start(data, postgres.url(venue_db))
    query = VenueQuery(RANKED, "PEACEFUL", (), True, 30)
    try:
        settled(link)  # the schema exists
        insert(postgres, venue_db, score=300,
               fields='{"score": 300, "turns": 8, "powers": 0, "ruins": 0}')  # a good row
        bad = [
            {"score": 9_999_999, "fields": '{"score": 9999999, "turns": 8, "powers": 0, '
                                           '"ruins": 0}'},          # a bad score
            {"score": 500},                                         # column and fields differ
            {"kiosk": "K" * 5_000_000},                             # a huge string
            {"initials": "Z" * 100_000},
            {"id": "i" * 100_000},
            {"fields": '{"score": 400, "turns": "eight", "powers": 0, "ruins": 0}',
             "score": 400},                                         # a wrong type
            {"fields": '{"score": 450, "turns": 8, "powers": 0, "ruins": 0, "x": "'
                       + "y" * 2_000_000 + '"}', "score": 450},     # huge fields
        ]
        for row in bad:
            insert(postgres, venue_db, **row)
        bad.append({"fields": "[400]", "score": 400})  # not an object
        insert(postgres, venue_db, **bad[-1])
        with caplog.at_level(logging.WARNING, logger="game.arcade.fleet"):
            wait_for(lambda: link.table(query) is not None and len(link.table(query).entries)
                     == 1, what="the board")
            table = link.table(query)
            assert table is not None and table.entries[0].record.get("score") == 300
            assert table.total == 1  # "your rank … of N" counts the rows shown, not the junk
        skipped = [r for r in caplog.records if "skipped a malformed row" in r.getMessage()]
        assert len(skipped) == len(bad)
        assert all(len(r.getMessage()) < 1000 for r in skipped)  # never the huge value
    finally:
        link.close()


def test_the_last_board_is_shown_while_the_server_is_away(postgres, venue_db, tmp_path) -> None:
    data = tmp_path / "data"
    made = record_games(data, 1)
    url = postgres.url(venue_db)
    link = start(data, url)
    games = {game.id: game for game in GAME_DATA}
    variant = storage(data).records(made[0][0])[0].variant
    try:
        settled(link, sent=1)
        board = VenueBoard(link, storage(data), games)
        board.table(RANKED, variant)
        wait_for(lambda: board.table(RANKED, variant) and board.state().kind == "live",
                 what="a first read")
    finally:
        link.close()
    with offline_run(postgres, data, url) as away:
        board = VenueBoard(away, storage(data), games)
        assert [r.id for r in board.table(RANKED, variant)] == [made[0][1]]
        state = board.state()
        assert state.kind == "offline" and state.read_at is not None


def test_a_board_arcade_db_could_not_take_is_kept_when_the_link_ends(postgres, venue_db,
                                                                     tmp_path,
                                                                     monkeypatch) -> None:
    """``arcade.db`` busy beyond the link's wait when a board is read (another program's lock,
    a long commit): the board is kept at the next chance, here when the link ends, so the
    next run shows it while the server is away."""
    from game.arcade.fleet import link as link_module
    from game.arcade.storage.fleetfile import FleetFile

    monkeypatch.setattr(link_module, "READ_SECONDS", 3600.0)  # one read in this run
    data = tmp_path / "data"
    record_games(data, 1)
    query = VenueQuery(RANKED, storage(data).records(RANKED)[0].variant, (), True, 30)
    url = postgres.url(venue_db)
    real = FleetFile.save_board
    busy = [True]  # arcade.db takes no board until the read is over
    monkeypatch.setattr(FleetFile, "save_board", lambda self, *args: (
        False if busy[0] else real(self, *args)))
    link = start(data, url)
    try:
        settled(link, sent=1)
        wait_for(lambda: link.table(query) is not None, what="a first read")
        busy[0] = False
    finally:
        link.close()
    with offline_run(postgres, data, url) as away:
        assert away.table(query) is not None


def test_a_board_kept_from_the_last_run_is_read_again_at_once(postgres, venue_db, tmp_path,
                                                              monkeypatch) -> None:
    """The kept board is shown until the server answers, and a screen asking for it gets a
    fresh read as soon as the link is online, not only at the next periodic read."""
    from game.arcade.fleet import link as link_module

    data = tmp_path / "data"
    record_games(data, 1)
    query = VenueQuery(RANKED, storage(data).records(RANKED)[0].variant, (), True, 30)
    first = start(data, postgres.url(venue_db))
    try:
        wait_for(lambda: first.table(query) is not None and first.table(query).entries,
                 what="a first read")
        kept_at = first.table(query).read_at
    finally:
        first.close()
    monkeypatch.setattr(link_module, "READ_SECONDS", 3600.0)  # no periodic read in this test
    again = start(data, postgres.url(venue_db))
    try:
        settled(again)  # online, its first exchange done: the screen asks only now
        wait_for(lambda: again.table(query) is not None, what="the kept board")
        wait_for(lambda: again.table(query).read_at > kept_at, what="a fresh read")
    finally:
        again.close()
