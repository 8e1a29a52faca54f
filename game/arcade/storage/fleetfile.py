"""What the venue link keeps in the data folder, ``fleet.db``, and how it reads the records.

The outbox is not a queue of its own: it is *this folder's records minus the ones the venue's
server acknowledged*. So nothing can be lost between recording a game and queueing it (there is
no second write to miss), and it survives any restart. ``fleet.db`` (SQLite, standard library)
holds only the acknowledgements, per venue (the server's own id, so pointing the kiosk at
another server sends everything again) and the last venue board read (shown, marked stale,
while the server cannot be reached).

Losing ``fleet.db`` costs nothing but a re-send (the server stores each record once, by id): a
damaged file, or anything but a regular file under its name, is set aside as
``fleet.db.corrupt-<stamp>`` and started afresh. Everything here runs on the venue link's own
thread; :class:`LocalRecords` reads the records through a :class:`Storage` of its own, since the
arcade's runs on the frame loop and is not thread-safe.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import stat
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from game.arcade.storage.database import set_aside
from game.arcade.storage.datafolder import Storage
from game.arcade.storage.documents import GAMES_DIR
from game.arcade.storage.gamedata import RECORD_ID_RE, GameData, Record, utcnow
from game.arcade.storage.schema import NotOurs, migrate

log = logging.getLogger(__name__)

FLEET_FILE = "fleet.db"
MIGRATIONS = ((
    "CREATE TABLE IF NOT EXISTS acked (venue TEXT NOT NULL, game TEXT NOT NULL, "
    "id TEXT NOT NULL, initials TEXT NOT NULL, document INTEGER NOT NULL, "
    "PRIMARY KEY (venue, game, id)) WITHOUT ROWID",
    "CREATE TABLE IF NOT EXISTS boards (query TEXT PRIMARY KEY, read_at TEXT NOT NULL, "
    "payload TEXT NOT NULL)",
),)
"""``fleet.db``'s numbered migrations (:func:`~.schema.migrate`, ``PRAGMA user_version``)."""


@dataclass(frozen=True)
class Ack:
    """What the venue has of one record: its initials as sent, and whether its document is
    there too (or it has none)."""

    initials: str
    document: bool


class FleetFile:
    """``fleet.db`` in ``data_dir`` (in memory when the folder cannot be written)."""

    def __init__(self, data_dir: Path, writable: bool = True,
                 clock: Callable[[], datetime] = utcnow) -> None:
        self.path = data_dir / FLEET_FILE
        self.writable = writable
        self.clock = clock
        self._db: sqlite3.Connection | None = None
        self._failing = False

    def open(self) -> None:
        """Open (or create) the file; from the thread that will use it."""
        if not self.writable:
            self._db = self._connect(":memory:")
            return
        self._set_aside_if_not_regular()
        try:
            self._db = self._connect(str(self.path))
        except sqlite3.DatabaseError as error:  # not a database, or a newer schema
            self._set_aside(str(error))
            try:
                self._db = self._connect(str(self.path))
            except sqlite3.Error as again:
                log.warning("%s cannot be used (%s): acknowledgements kept in memory",
                            FLEET_FILE, again)
                self._db = self._connect(":memory:")

    @staticmethod
    def _connect(where: str) -> sqlite3.Connection:
        db = sqlite3.connect(where, timeout=5.0, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")  # a lost ack only means one more re-send
            try:
                version = migrate(db, MIGRATIONS, application_id=0)
            except NotOurs as error:
                raise sqlite3.DatabaseError(str(error)) from None
            if version > len(MIGRATIONS):
                raise sqlite3.DatabaseError(f"schema {version} is newer than {len(MIGRATIONS)}")
            db.execute("SELECT count(*) FROM acked").fetchone()  # a damaged file fails here
        except sqlite3.Error:
            db.close()
            raise
        return db

    def _set_aside_if_not_regular(self) -> None:
        try:
            mode = os.lstat(self.path).st_mode
        except OSError:
            return
        if not stat.S_ISREG(mode):
            self._set_aside("not a regular file")

    def _set_aside(self, why: str) -> None:
        target = set_aside(self.path, self.clock())
        log.warning("%s was damaged (%s) and set aside as %s: every record will be offered "
                    "to the venue again (it keeps each once)", FLEET_FILE, why, target.name)

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    # --- acknowledgements -----------------------------------------------------------------
    def acked(self, venue: str) -> dict[tuple[str, str], Ack]:
        """Every acknowledgement of ``venue``, by (game id, record id)."""
        rows = self._query("SELECT game, id, initials, document FROM acked WHERE venue = ?",
                           (venue,))
        return {(game, rid): Ack(initials, bool(document))
                for game, rid, initials, document in rows}

    def ack(self, venue: str, acks: Iterable[tuple[str, str, Ack]]) -> bool:
        """Remember what ``venue`` confirmed; ``False`` when it could not be written (then
        those records are offered again after a restart: harmless)."""
        rows = [(venue, game, rid, ack.initials, int(ack.document)) for game, rid, ack in acks]
        return self._write("INSERT OR REPLACE INTO acked VALUES (?, ?, ?, ?, ?)", rows)

    # --- the last venue board read --------------------------------------------------------
    def save_board(self, query: str, read_at: str, payload: str) -> bool:
        return self._write("INSERT OR REPLACE INTO boards VALUES (?, ?, ?)",
                           [(query, read_at, payload)])

    def boards(self) -> dict[str, tuple[str, str]]:
        """query key → (read at, payload) of every board kept."""
        rows = self._query("SELECT query, read_at, payload FROM boards", ())
        return {query: (read_at, payload) for query, read_at, payload in rows}

    # --- plumbing -------------------------------------------------------------------------
    def _query(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        if self._db is None:
            return []
        try:
            return list(self._db.execute(sql, params).fetchall())
        except sqlite3.Error as error:
            log.warning("%s cannot be read: %s", FLEET_FILE, error)
            return []

    def _write(self, sql: str, rows: Sequence[tuple[Any, ...]]) -> bool:
        if self._db is None or not rows:
            return self._db is not None
        try:
            with self._db:
                self._db.execute("BEGIN")
                self._db.executemany(sql, rows)
        except sqlite3.Error as error:
            if not self._failing:
                log.warning("%s cannot be written: %s", FLEET_FILE, error)
            self._failing = True
            return False
        self._failing = False
        return True


RECENT = 64
"""Records before the newest read that a reading of what is new reads again: their initials
may have been set since (on the game-over screen, a minute after the record)."""


class LocalRecords:
    """This folder's records and game documents as the venue link reads them: through a
    fresh :class:`Storage` each time (the frame loop's own is not thread-safe), so each
    reading sees what was recorded up to then. After the first reading only what is new is
    read (and the :data:`RECENT` before it): a kiosk with a long history does not read all of
    it for every game that ends."""

    def __init__(self, data_dir: Path, games: Sequence[GameData]) -> None:
        self.data_dir = data_dir
        self.games = tuple(games)
        self._read_to = 0  # the recording number of the newest record read

    def records(self, everything: bool = True) -> list[tuple[str, Record]]:
        """(game id, record) of every record of every game in recording order; with
        ``everything`` false only those recorded since the last reading, and the
        :data:`RECENT` before. Finding nothing there (the operator reset the records, and the
        new database's numbers start again) it reads everything."""
        after = 0 if everything else max(0, self._read_to - RECENT)
        storage = Storage(self.data_dir, games=self.games)
        try:
            numbered = list(storage.every_record(after))
            if not numbered and after > 0:
                self._read_to = 0
                numbered = list(storage.every_record(0))
        finally:
            storage.close()
        found = [(game_id, record) for _, game_id, record in numbered]
        if numbered:
            self._read_to = max(self._read_to, numbered[-1][0])
        for notice in storage.notices:
            log.info("reading the records for the venue: %s %s", notice.key, notice.params)
        return found

    def document(self, game_id: str, record_id: str) -> dict[str, Any] | None:
        """The game document of ``record_id`` (``games/<game>-<stamp>-<record id>.json``),
        checked by its game; ``None`` when there is none that can be used."""
        if not RECORD_ID_RE.fullmatch(record_id):
            return None
        folder = self.data_dir / GAMES_DIR
        try:
            names = [entry.name for entry in os.scandir(folder)
                     if entry.name.startswith(f"{game_id}-")
                     and entry.name.endswith(f"-{record_id}.json")]
        except OSError:
            return None
        storage = Storage(self.data_dir, games=self.games)
        try:
            for name in sorted(names):
                found = storage.load_document(folder / name)
                if found is not None and found[0] == game_id:
                    return found[1]
        finally:
            storage.close()
        return None
