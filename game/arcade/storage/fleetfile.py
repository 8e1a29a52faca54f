"""What the venue link keeps and reads in ``arcade.db``, through connections of its own.

The outbox is not a queue of its own: it is *this folder's records minus the ones the venue's
server acknowledged*. So nothing can be lost between recording a game and queueing it (there is
no second write to miss), and it survives any restart. The acknowledgements are kept per venue
(the server's own id, so pointing the kiosk at another server sends everything again) in
``venue_acked``, the last boards read (shown, marked stale, while the server cannot be reached)
in ``venue_boards``. Losing them costs nothing but a re-send (the server stores each record
once, by id), so a write that fails (another program's lock, a read-only file) is only logged.

Everything here runs on the venue link's thread, with its own connections (the storage's are
its lanes'): :class:`FleetFile` writes, :class:`LocalRecords` reads committed rows read-only.
A connection is opened again when ``arcade.db`` was replaced (recovered, reset elsewhere).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from game.arcade.storage.database import DB_FILE, _connect, _create_private
from game.arcade.storage.documents import DOCUMENT_MAX_BYTES, GAMES_DIR, document_error
from game.arcade.storage.files import Corrupt, Unreadable, decode, read_regular
from game.arcade.storage.gamedata import RECORD_ID_RE, GameData, Record, utcnow
from game.arcade.storage.recordsql import RecordSql
from game.arcade.storage.schema import NotOurs, migrate

log = logging.getLogger(__name__)

T = TypeVar("T")

BUSY_SECONDS = 1.0
"""How long the link waits for another writer of ``arcade.db`` (an acknowledgement not
written is only a re-send)."""
BATCH = 500


@dataclass(frozen=True)
class Ack:
    """What the venue has of one record: its initials as sent, and whether its document is
    there too (or it has none)."""

    initials: str
    document: bool


class _Connection:
    """One connection to ``arcade.db`` of ``data_dir``, opened when first needed and again
    after the file was replaced; ``None`` (logged) while it cannot be opened."""

    def __init__(self, data_dir: Path, read_only: bool) -> None:
        self.path = data_dir / DB_FILE
        self.read_only = read_only
        self._db: sqlite3.Connection | None = None
        self._inode: int | None = None

    def get(self) -> sqlite3.Connection | None:
        try:
            inode: int | None = os.stat(self.path).st_ino
        except OSError:
            inode = None
        if self._db is not None and inode == self._inode:
            return self._db
        self.close()
        if inode is None and self.read_only:
            return None
        try:
            if self.read_only:
                db = _connect(f"{self.path.resolve().as_uri()}?mode=ro", BUSY_SECONDS, uri=True)
            else:
                _create_private(self.path)
                db = _connect(str(self.path), BUSY_SECONDS)
                try:
                    db.execute("PRAGMA journal_mode=WAL")
                    migrate(db, folder=self.path.parent)
                except (sqlite3.Error, NotOurs):
                    db.close()
                    raise
            self._db, self._inode = db, os.stat(self.path).st_ino
        except (sqlite3.Error, NotOurs, OSError) as error:
            log.info("venue link: %s cannot be opened now: %s", DB_FILE, error)
        return self._db

    def ask(self, work: Callable[[sqlite3.Connection], T], failed: T) -> T:
        db = self.get()
        if db is None:
            return failed
        try:
            return work(db)
        except sqlite3.Error as error:
            log.info("venue link: %s: %s", DB_FILE, error)
            with contextlib.suppress(sqlite3.Error):
                if db.in_transaction:
                    db.execute("ROLLBACK")
            return failed

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
        self._db = self._inode = None


class FleetFile:
    """The venue link's tables in ``arcade.db`` of ``data_dir`` (in memory when the folder
    cannot be written)."""

    def __init__(self, data_dir: Path, writable: bool = True,
                 clock: Callable[[], datetime] = utcnow) -> None:
        self.writable = writable
        self.clock = clock
        self._file = _Connection(data_dir, read_only=False)
        self._memory: sqlite3.Connection | None = None

    def open(self) -> None:
        """Open the tables; from the thread that will use them."""
        if not self.writable:
            self._memory = _connect(":memory:")
            migrate(self._memory)
        else:
            self._file.get()

    def close(self) -> None:
        self._file.close()
        if self._memory is not None:
            self._memory.close()
            self._memory = None

    def _ask(self, work: Callable[[sqlite3.Connection], T], failed: T) -> T:
        if self._memory is not None:
            return work(self._memory)
        return self._file.ask(work, failed)

    def _write(self, sql: str, rows: Sequence[tuple[Any, ...]]) -> bool:
        def write(db: sqlite3.Connection) -> bool:
            db.execute("BEGIN IMMEDIATE")
            db.executemany(sql, rows)
            db.execute("COMMIT")
            return True

        return not rows or self._ask(write, False)

    # --- acknowledgements -----------------------------------------------------------------
    def acked(self, venue: str) -> dict[tuple[str, str], Ack]:
        """Every acknowledgement of ``venue``, by (game id, record id)."""
        none: list[Any] = []
        rows = self._ask(lambda db: db.execute(
            "SELECT game, id, initials, document FROM venue_acked WHERE venue = ?",
            (venue,)).fetchall(), none)
        return {(game, rid): Ack(initials, bool(document))
                for game, rid, initials, document in rows}

    def ack(self, venue: str, acks: Iterable[tuple[str, str, Ack]]) -> bool:
        """Remember what ``venue`` confirmed; ``False`` when it could not be written (then
        those records are offered again after a restart: harmless)."""
        rows = [(venue, game, rid, ack.initials, int(ack.document)) for game, rid, ack in acks]
        return self._write("INSERT OR REPLACE INTO venue_acked VALUES (?, ?, ?, ?, ?)", rows)

    # --- the last venue board read --------------------------------------------------------
    def save_board(self, query: str, read_at: str, payload: str) -> bool:
        return self._write("INSERT OR REPLACE INTO venue_boards VALUES (?, ?, ?)",
                           [(query, read_at, payload)])

    def boards(self) -> dict[str, tuple[str, str]]:
        """query key → (read at, payload) of every board kept."""
        none: list[Any] = []
        rows = self._ask(lambda db: db.execute(
            "SELECT query, read_at, payload FROM venue_boards").fetchall(), none)
        return {query: (read_at, payload) for query, read_at, payload in rows}


RECENT = 64
"""Records before the newest read that a reading of what is new reads again: their initials
may have been set since (on the game-over screen, a minute after the record)."""


class LocalRecords:
    """This folder's committed records and game documents as the venue link reads them,
    through a read-only connection of its own. After the first reading only what is new is
    read (and the :data:`RECENT` before it): a kiosk with a long history does not read all of
    it for every game that ends."""

    def __init__(self, data_dir: Path, games: Sequence[GameData]) -> None:
        self.data_dir = data_dir
        self.games = {game.id: game for game in games}
        self._sql = RecordSql(self.games)
        self._file = _Connection(data_dir, read_only=True)
        self._read_to = 0  # the recording number of the newest record read

    def records(self, everything: bool = True) -> list[tuple[str, Record]]:
        """(game id, record) of every record of every game in recording order; with
        ``everything`` false only those recorded since the last reading, and the
        :data:`RECENT` before. Finding nothing there (the operator reset the records, and the
        new database's numbers start again) it reads everything."""
        after = 0 if everything else max(0, self._read_to - RECENT)
        none: list[tuple[int, str, Record]] = []
        numbered = self._file.ask(lambda db: self._after(db, after), none)
        if not numbered and after > 0:
            self._read_to = 0
            numbered = self._file.ask(lambda db: self._after(db, 0), none)
        if numbered:
            self._read_to = max(self._read_to, numbered[-1][0])
        return [(game_id, record) for _, game_id, record in numbered]

    def _after(self, db: sqlite3.Connection, after: int) -> list[tuple[int, str, Record]]:
        found: list[tuple[int, str, Record]] = []
        db.execute("BEGIN")  # one snapshot for every batch
        try:
            while True:
                seen, batch = self._sql.batch(db, after, BATCH)
                if seen == after:
                    return found
                after = seen
                found += batch
        finally:
            db.execute("ROLLBACK")

    def document(self, game_id: str, record_id: str) -> dict[str, Any] | None:
        """The game document of ``record_id`` (``games/<game>-<stamp>-<record id>.json``),
        checked by its game; ``None`` when there is none that can be used."""
        game = self.games.get(game_id)
        if game is None or not RECORD_ID_RE.fullmatch(record_id):
            return None
        for path in sorted((self.data_dir / GAMES_DIR).glob(f"{game_id}-*-{record_id}.json")):
            try:
                raw = read_regular(path, DOCUMENT_MAX_BYTES, follow=False)
                data = None if raw is None else decode(raw)
            except (Corrupt, Unreadable) as error:
                log.info("venue link: %s cannot be read: %s", path.name, error)
                continue
            if data is not None and document_error(game, data) is None:
                return data
        return None
