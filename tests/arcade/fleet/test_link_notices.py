"""What the operator is told (issue 47, item 8): a kiosk with no board on screen notices a lost
server at its next heartbeat, not at the five-minute rescan; a missing CA file is said to be a
certificate problem, not a refused login; ``--kiosk-name`` names the kiosk when the server is
then set on the VENUE LINK screen."""

from __future__ import annotations

import argparse

import psycopg
import pytest

from game.arcade import fleet
from game.arcade.bootstrap import fleet_config
from game.arcade.fleet.config import FleetConfig
from game.arcade.fleet.link import _kind
from tests.support.fleet import GAME_DATA, storage, wait_for


@pytest.mark.fleet
def test_a_kiosk_without_a_board_notices_a_lost_server_at_its_next_heartbeat(
        postgres, venue_db, tmp_path, monkeypatch) -> None:
    from game.arcade.fleet import link as link_module

    monkeypatch.setattr(link_module, "HEARTBEAT_SECONDS", 1.0)
    link = fleet.start(FleetConfig(postgres.url(venue_db), "Quiet", "flag"),
                       storage(tmp_path / "data"), GAME_DATA)
    try:
        wait_for(lambda: link.status.state == "online", what="online")
        postgres.stop()
        try:
            wait_for(lambda: link.status.state == "offline", timeout=10,
                     what="the lost server noticed")
        finally:
            assert postgres.start() is None
    finally:
        link.close()


def test_a_missing_root_certificate_is_not_a_refused_login() -> None:
    missing = psycopg.OperationalError(
        'connection to server at "192.0.2.1", port 5432 failed: root certificate file '
        '"/home/kiosk/.postgresql/root.crt" does not exist\nEither provide the file, use the '
        "system's trusted roots with sslrootcert=system, or change sslmode to disable server "
        "certificate verification.")
    mismatch = psycopg.OperationalError(
        'connection failed: server certificate for "db.example" does not match host name '
        '"venue-db"')
    assert _kind(missing) == "certificate" and _kind(mismatch) == "certificate"
    refused = psycopg.OperationalError('FATAL:  password authentication failed for user "k"')
    assert _kind(refused) == "refused"


def test_the_kiosk_name_flag_names_a_kiosk_linked_later(tmp_path) -> None:
    store = storage(tmp_path / "data")
    settings = store.load_settings()
    args = argparse.Namespace(fleet=None, kiosk_name="Bar 9")
    assert fleet_config(args, settings, store) is None  # no venue yet
    assert settings.kiosk_name == "Bar 9"  # what VENUE LINK names it when a server is set
