"""The venue link: kiosks of one venue sharing their finished games on a PostgreSQL server.

Nothing here runs unless a venue server is configured (``--fleet``, the environment, or the
operator menu): then :func:`start` starts the link's thread (:mod:`.link`), which sends this
data folder's records the server has not acknowledged and reads the boards the screens ask for
(:mod:`.board`), with the SQL of :mod:`.remote` and the tables of :mod:`.schema`; psycopg 3 is
imported by that thread only. :mod:`.config` says which server and which kiosk name;
:mod:`.admin` holds the operator's commands; :class:`RegistryReader` lists the venue's kiosks
for the operator menu. docs/fleet.md is the operator's side.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.arcade.fleet.config import KioskLine as KioskLine  # (the operator menu imports it here)

if TYPE_CHECKING:
    from game.arcade.fleet.config import FleetConfig
    from game.arcade.fleet.link import FleetLink
    from game.arcade.storage import GameData, Storage

log = logging.getLogger(__name__)


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

    from game.arcade.fleet import remote, schema
    from game.arcade.fleet.config import reason

    try:
        with remote.connect(config) as conn:
            venue = schema.migrate(conn, games)
            return schema.version(conn), venue
    except (psycopg.Error, schema.SchemaError) as error:
        raise RuntimeError(reason(error, config.password)) from None


READ_SECONDS = 15.0
"""How often the operator menu's list of the kiosks is read again."""


@dataclass(frozen=True)
class RegistryView:
    """The newest list read (``None``: none yet), when, and why the last read failed."""

    kiosks: tuple[KioskLine, ...] | None = None
    read_at: float | None = None
    problem: str = ""


class RegistryReader:
    """The venue's kiosks as the operator menu lists them, read every :data:`READ_SECONDS` on a
    lane of its own until the screen stops it (a second connection beside the link's)."""

    def __init__(self, config: FleetConfig) -> None:
        self.config = config
        self.view = RegistryView()
        self._stopping = threading.Event()
        from game.arcade.storage.jobs import Lane  # (the package loads no storage until then)

        self._lane = Lane("venue-registry", linger=0.0, drained=False)  # until stop()

    def start(self) -> RegistryReader:
        self._lane.submit(self._run)
        return self

    def stop(self) -> None:
        self._stopping.set()

    def _run(self) -> None:
        try:
            import psycopg

            from game.arcade.fleet import admin, remote
            from game.arcade.fleet.config import reason
        except ImportError:
            self.view = RegistryView(problem="driver")
            return
        while not self._stopping.is_set():
            try:
                with remote.connect(self.config) as conn:
                    while not self._stopping.is_set():
                        self.view = RegistryView(tuple(admin.kiosks(conn)), time.time())
                        self._stopping.wait(READ_SECONDS)
            except psycopg.Error as error:
                log.info("venue kiosks: not read (%s)", reason(error, self.config.password))
                self.view = RegistryView(self.view.kiosks, self.view.read_at, "unreachable")
                self._stopping.wait(READ_SECONDS)
