"""The venue's kiosks as the operator menu lists them: read on a thread of its own while the
screen is open, never by a frame.

:class:`RegistryReader` connects with the kiosk's own settings (a second connection beside the
link's: a kiosk's role allows three), reads the registry and the heartbeats every
:data:`READ_SECONDS` (:func:`~game.arcade.fleet.admin.kiosks`) and publishes the newest list;
the screen stops it when it closes. Every kiosk may read every kiosk's heartbeat; each writes
its own only.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass

from game.arcade.fleet.config import FleetConfig
from game.arcade.storage.jobs import Lane

log = logging.getLogger(__name__)

READ_SECONDS = 15.0


@dataclass(frozen=True)
class KioskLine:
    """One kiosk as the screen shows it (times in seconds; ``None``: unknown)."""

    kiosk: str
    state: str
    heartbeat_age: float | None
    waiting: int | None
    lag: int | None


@dataclass(frozen=True)
class RegistryView:
    """The newest list read (``None``: none yet), when, and why the last read failed."""

    kiosks: tuple[KioskLine, ...] | None = None
    read_at: float | None = None
    problem: str = ""


class RegistryReader:
    """Reads the venue's kiosks every :data:`READ_SECONDS` until :meth:`stop`."""

    def __init__(self, config: FleetConfig) -> None:
        self.config = config
        self.view = RegistryView()
        self._stopping = threading.Event()
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
            from game.arcade.fleet.admin import reason
        except ImportError:
            self.view = RegistryView(problem="driver")
            return
        while not self._stopping.is_set():
            try:
                with remote.connect(self.config) as conn:
                    while not self._stopping.is_set():
                        lines = tuple(KioskLine(k.kiosk, k.state, k.heartbeat_age, k.waiting,
                                                k.lag) for k in admin.kiosks(conn))
                        self.view = RegistryView(lines, time.time())
                        self._stopping.wait(READ_SECONDS)
            except psycopg.Error as error:
                log.info("venue kiosks: not read (%s)", reason(error, self.config))
                self.view = RegistryView(self.view.kiosks, self.view.read_at, "unreachable")
                self._stopping.wait(READ_SECONDS)
