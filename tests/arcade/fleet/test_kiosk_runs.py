"""Real kiosks (the program in subprocesses, each on its own data folder) against one real
venue server (issue 39, "Done when"):

* two arcades finish seeded demo games: both venue tables list every game of both, once;
* the server stopped mid-run and started again: every record of both kiosks arrives;
* a kiosk killed with SIGKILL during an upload (its INSERT held by a lock), then at random
  moments: after a restart nothing is missing or doubled.
"""

from __future__ import annotations

import os
import random
import signal
import time
from collections import Counter

import psycopg
import pytest

from game.arcade import fleet
from game.arcade.fleet.config import FleetConfig
from game.arcade.fleet.schema import migrate
from game.arcade.venue import VenueBoard
from tests.support.fleet import (
    GAME_DATA,
    finished,
    kiosk,
    local_ids,
    record_games,
    storage,
    venue_ids,
    wait_for,
)

pytestmark = [pytest.mark.fleet, pytest.mark.slow]

GAMES = {game.id: game for game in GAME_DATA}


def board_ids(data_dir, url: str, name: str) -> set[tuple[str, str]]:
    """Every (game, record id) the venue board of the kiosk on ``data_dir`` lists, read the
    way its screens read it (a ranked game's tables of each variant, an unranked game's
    games)."""
    store = storage(data_dir)
    link = fleet.start(FleetConfig(url, name, "flag"), store, GAME_DATA)
    board = VenueBoard(link, store, GAMES)
    variants = {(row[0], row[1]) for row in
                psycopg.connect(url, autocommit=True).execute(
                    "SELECT DISTINCT game, variant FROM arcade_records").fetchall()}
    try:
        wait_for(lambda: link.status.state == "online" and all(
            link.table(query) is not None for query in queries(board, variants)),
            what="the boards")
        found: set[tuple[str, str]] = set()
        for game_id, variant in variants:
            rows = board.table(game_id, variant) if GAMES[game_id].score_of else \
                board.records(game_id, variant)
            found |= {(game_id, record.id) for record in rows}
        return found
    finally:
        link.close()


def queries(board: VenueBoard, variants: set[tuple[str, str]]) -> list:
    from game.arcade.fleet.board import RANKED_SPARE, UNRANKED_ROWS, VenueQuery

    out = []
    for game_id, variant in variants:
        game = GAMES[game_id]
        if game.score_of is not None:
            out.append(VenueQuery(game_id, variant, (), True, game.table_size + RANKED_SPARE))
        else:
            out.append(VenueQuery(game_id, variant, (), False, UNRANKED_ROWS))
        board.rows(out[-1])
    return out


def test_two_arcades_list_every_game_of_both_once(postgres, venue_db, tmp_path) -> None:
    """One kiosk records games while it runs (the demo); the other had games of both kinds
    recorded before (a QUERNI demo game takes some 4,000 frames) and plays on."""
    url = postgres.url(venue_db)
    first, second = tmp_path / "kiosk-1", tmp_path / "kiosk-2"
    record_games(second, 4, seed=12)
    runs = [kiosk(first, "--demo", "--frames", "1800", "--seed", "11", "--fleet", url,
                  "--kiosk-name", "Lobby 1"),
            kiosk(second, "--demo", "--frames", "1800", "--seed", "12",
                  "--fleet", url, "--kiosk-name", "Bar 2")]
    outs = [finished(run) for run in runs]
    assert "GAME OVER" in outs[0][0] and "GAME OVER" in outs[1][0]
    mine = local_ids(first) | local_ids(second)
    assert local_ids(first) and local_ids(second)
    on_server = venue_ids(postgres, venue_db)
    assert Counter(on_server).most_common(1)[0][1] == 1  # no record twice
    assert set(on_server) == mine
    kiosks = dict(postgres.execute("SELECT DISTINCT id, kiosk FROM arcade_records",
                                   dbname=venue_db))
    assert {kiosks[rid] for _, rid in local_ids(first)} == {"Lobby 1"}
    assert {kiosks[rid] for _, rid in local_ids(second)} == {"Bar 2"}
    for data_dir, name in ((first, "Lobby 1"), (second, "Bar 2")):
        assert board_ids(data_dir, url, name) == mine  # each kiosk's board lists both


def test_the_server_stopped_mid_run_gets_every_record(postgres, venue_db, tmp_path) -> None:
    url = postgres.url(venue_db)
    folders = [tmp_path / "kiosk-1", tmp_path / "kiosk-2"]
    runs = [kiosk(folder, "--demo", "--frames", "10000000", "--seed", str(20 + i), "--fleet",
                  url, "--kiosk-name", f"K{i}") for i, folder in enumerate(folders)]
    try:
        wait_for(lambda: {rid for _, rid in venue_ids(postgres, venue_db)} and all(
            local_ids(folder) for folder in folders), timeout=120, what="first games sent")
        postgres.stop()
        try:
            before = [len(local_ids(folder)) for folder in folders]
            wait_for(lambda: all(len(local_ids(folder)) > count
                                 for folder, count in zip(folders, before)),
                     timeout=120, what="games recorded while the server is away")
        finally:
            assert postgres.start() is None
        wait_for(lambda: set().union(*(local_ids(folder) for folder in folders))
                 <= set(venue_ids(postgres, venue_db)), timeout=120,
                 what="every record to arrive after the restart")
    finally:
        for run in runs:
            run.send_signal(signal.SIGTERM)  # a clean stop: the last games are flushed
        for run in runs:
            finished(run, timeout=60)
    on_server = venue_ids(postgres, venue_db)
    assert len(on_server) == len(set(on_server))
    assert set(on_server) == set().union(*(local_ids(folder) for folder in folders))


def upload_waiting_on(postgres, db: str, name: str) -> bool:
    rows = postgres.execute(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND application_name LIKE %s "
        "AND wait_event_type = 'Lock' AND query LIKE 'INSERT INTO arcade_records%%'",
        (db, f"% {name}"), dbname=db)
    return rows[0][0] > 0


def test_a_kiosk_killed_during_an_upload_loses_and_doubles_nothing(postgres, venue_db,
                                                                    tmp_path) -> None:
    url = postgres.url(venue_db)
    data = tmp_path / "kiosk"
    record_games(data, 6)  # six games recorded before the venue link was switched on
    with psycopg.connect(url, autocommit=True) as setup:
        migrate(setup)
    with psycopg.connect(url) as holder:  # holds the table: the kiosk's INSERT must wait
        holder.execute("LOCK TABLE arcade_records IN ACCESS EXCLUSIVE MODE")
        run = kiosk(data, "--frames", "10000000", "--fleet", url, "--kiosk-name", "Held")
        try:
            wait_for(lambda: upload_waiting_on(postgres, venue_db, "Held"), timeout=60,
                     what="the kiosk's upload to wait on the lock")
        finally:
            run.send_signal(signal.SIGKILL)
            run.communicate(timeout=30)
        holder.rollback()
    assert venue_ids(postgres, venue_db) == []  # the killed upload stored nothing
    rng = random.Random(39)
    for attempt in range(5):  # killed again at random moments, games going on
        run = kiosk(data, "--demo", "--frames", "10000000", "--seed", str(attempt), "--fleet",
                    url, "--kiosk-name", "Held")
        time.sleep(rng.uniform(1.0, 5.0))
        os.kill(run.pid, signal.SIGKILL)
        run.communicate(timeout=30)
    finished(kiosk(data, "--frames", "900", "--fleet", url, "--kiosk-name", "Held"))
    on_server = venue_ids(postgres, venue_db)
    assert len(on_server) == len(set(on_server))  # nothing doubled
    assert set(on_server) == local_ids(data)  # nothing missing
