"""The venue link: kiosks of one venue sharing their finished games on a PostgreSQL server.

Nothing here runs unless a venue server is configured (``--fleet``, the environment, or the
operator menu): then :func:`start` starts one background thread that sends this data folder's
records (offline-first: the outbox is the records the server has not acknowledged, kept in
``fleet.db``) and reads the venue boards the screens ask for. The driver, psycopg 3, is imported
by that thread only. Modules: :mod:`.config` (which server, which kiosk name; connection
strings, passwords kept out), :mod:`.schema` (numbered migrations under an advisory lock, and
what the server holds each kiosk's role to), :mod:`.remote` (the SQL), :mod:`.board` (what
screens ask for and get, rows read back checked, the operator menu's list of the kiosks),
:mod:`.link` (the thread); :mod:`.admin` (the operator's commands, ``--fleet-check``).
docs/fleet.md is the operator's side.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.arcade.fleet.config import FleetConfig
    from game.arcade.fleet.link import FleetLink
    from game.arcade.storage import GameData, Storage


def start(config: FleetConfig, storage: Storage, games: Sequence[GameData]) -> FleetLink:
    """Start the venue link of ``storage``'s data folder (returns at once)."""
    from game.arcade.fleet.link import FleetLink
    from game.arcade.storage.fleetfile import FleetFile, LocalRecords

    local = LocalRecords(storage.data_dir, games) if storage.writable else None
    link = FleetLink(config, local, FleetFile(storage.data_dir, storage.writable),
                     {game.id: game for game in games})
    storage.on_committed(link.records_changed)  # (a record is read back once committed)
    link.start()
    return link


def migrate_now(config: FleetConfig, games: Sequence[GameData] = ()) -> tuple[int, str]:
    """``--fleet-migrate``: create or upgrade the venue's tables now (with a role allowed to);
    the schema version and the venue's id. ``RuntimeError`` with the reason (the password
    scrubbed) when it cannot be done."""
    import psycopg

    from game.arcade.fleet import config as conninfo
    from game.arcade.fleet import remote, schema

    try:
        with remote.connect(config) as conn:
            venue = schema.migrate(conn, games)
            return schema.version(conn), venue
    except (psycopg.Error, schema.SchemaError) as error:
        reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise RuntimeError(conninfo.scrub(reason, config.password)) from None

