"""Every game's records as the frame thread sees them: handed to the database, asked of it.

A finished game is **recorded off the frame**: :meth:`RecordStore.add` hands the insert to the
database's thread (one transaction per record) and returns a ticket at once. Until it is
committed the record is *pending*: it counts as recorded (a save of it is never resumed),
and every question asked later waits for it (jobs run in order), so a table never misses a
record recorded before it was asked for. A record whose commit fails (a full disk, a lock held
too long) stays pending and is handed in again with the next save of any kind
(:meth:`RecordStore.retry`) and when the storage closes.

Questions (a table, a variant's last games, the statistics' tallies) are queries answered by
indexes, never a load of every record; a database that cannot answer gives an empty answer
(and is set aside when it is damaged, see :mod:`~game.arcade.storage.database`).
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import TypeVar

from game.arcade.storage import docindex, importer
from game.arcade.storage.database import DB_FILE, Database, Unavailable, transaction
from game.arcade.storage.docindex import DocumentEntry
from game.arcade.storage.documents import GAMES_DIR
from game.arcade.storage.gamedata import GameData, stamp
from game.arcade.storage.jobs import Ticket
from game.arcade.storage.records import Record
from game.arcade.storage.recordsql import RecordSql, Tally, place_in
from game.arcade.storage.versioned import VersionedFiles

log = logging.getLogger(__name__)

T = TypeVar("T")
BATCH = 1000
"""Records per query when every record is walked (:meth:`RecordStore.every_record`)."""
DB_ERRORS = (sqlite3.Error, Unavailable)


class RecordStore:
    """The records of ``games`` in ``db``; ``take_in_json``: ``scores.json`` is taken in on
    first use (:mod:`~game.arcade.storage.importer`)."""

    def __init__(self, db: Database, files: VersionedFiles, games: Mapping[str, GameData],
                 take_in_json: bool = True) -> None:
        self._db = db
        self._files = files
        self._games = games
        self._sql = RecordSql(games)
        self._take_in_json = take_in_json
        self._opened = False
        self._lock = threading.Lock()  # the pending records, shared with the database thread
        self._pending: dict[tuple[str, str], Record] = {}
        self._then: dict[tuple[str, str], Callable[[], object]] = {}  # after the commit
        self._failed: set[tuple[str, str]] = set()  # pending, and their commit failed
        self._known: dict[tuple[str, str], bool] = {}  # answers of is_recorded
        self._tables: dict[tuple[str, str], list[int]] | None = None  # the tables' scores
        self._version: int | None = None  # PRAGMA data_version when they were read
        self._failing = False
        self.listeners: list[Callable[[], object]] = []
        """Called on the database's thread after each record's commit (who reads the records
        through another connection: the venue link)."""
        db.on_open = self._opened_db

    # --- opening ---------------------------------------------------------------------------

    def open(self) -> None:
        """On first use: open the database and take ``scores.json`` in."""
        if self._opened:
            return
        self._opened = True
        book = importer.read_scores(self._files, self._games) if self._take_in_json else None
        if book is None:
            self._ask(lambda conn: None, None)  # opened now, at start, not on a later frame
            return
        def take_in(conn: sqlite3.Connection) -> int:
            added = importer.take_in(conn, self._sql, book)
            self._follow(conn, again=True)  # the tables it made
            return added

        try:
            added = self._db.call(take_in)
        except DB_ERRORS as error:
            log.warning("%s could not be moved into the database (tried again next time): %s",
                        importer.SCORES_FILE, error)
            return
        if not self._db.in_memory:  # records that live in memory keep their file
            importer.retire(self._files, added)

    def _opened_db(self, conn: sqlite3.Connection) -> None:
        """Each time the database is opened (on its thread): stored scores and facets are
        checked against the games' (and worked out again where they changed), and the
        tables' scores are read, so that recording a game needs no question on the frame."""
        self._sql.check_layouts(conn)
        importer.adopt_sections(conn, self._sql)
        self._follow(conn, again=True)

    def _follow(self, conn: sqlite3.Connection, again: bool = False) -> None:
        """Read the tables' scores again if another process committed since they were read
        (one ``PRAGMA`` when none did) or ``again``, the records still pending ranked in."""
        version = conn.execute("PRAGMA data_version").fetchone()[0]
        if version == self._version and not again:
            return
        tables = self._sql.all_table_scores(conn)
        with self._lock:
            keys = {*tables, *((g, r.variant) for (g, _), r in self._pending.items())}
            for game_id, variant in keys:
                waiting = [r for (g, _), r in self._pending.items() if g == game_id]
                tables[(game_id, variant)] = self._with_pending(
                    game_id, variant, tables.get((game_id, variant), []), waiting)
            self._tables = tables
        self._version = version

    # --- recording -------------------------------------------------------------------------

    def is_recorded(self, game_id: str, record_id: str, new: bool = False) -> bool:
        """Whether ``record_id`` is recorded (pending, in the database, or known from v1);
        ``new``: the id was made in this session (only this session can have recorded it)."""
        key = (game_id, record_id)
        with self._lock:
            if key in self._pending:
                return True
        known = self._known.get(key, False if new else None)
        if known is None:
            try:
                known = self._call(lambda conn: self._sql.is_recorded(conn, *key))
            except DB_ERRORS as error:
                log.warning("cannot ask the database about record %s: %s", record_id, error)
                return False
            self._known[key] = known
        return known

    def committed(self, game_id: str, record_id: str) -> bool:
        """Whether ``record_id`` is recorded and not waiting for its commit (from any
        thread; the answer of the moment)."""
        with self._lock:
            if (game_id, record_id) in self._pending:
                return False
        return self._known.get((game_id, record_id), False)

    def place_of(self, game_id: str, record: Record) -> int | None:
        """The place ``record`` (not added yet) will take in its variant's table, or
        ``None`` (not ranked, or it misses the table)."""
        game = self._games[game_id]
        score = self._sql.derived(game, record)[0]
        if not isinstance(score, int):
            return None
        with self._lock:
            tables = self._tables
            scores = None if tables is None else list(tables.get((game_id, record.variant), []))
        if scores is None:  # not read yet (the database could not be opened): ask
            none: list[int] = []
            scores = self._ask(lambda c: self._sql.table_scores(c, game_id, record.variant),
                               none)
        placed = place_in([(0, s) for s in scores], -1, score, game)
        return None if placed is None else [seq for seq, _ in placed].index(-1)

    def add(self, game_id: str, record: Record,
            then: Callable[[], object] | None = None) -> Ticket[bool]:
        """Hand ``record`` to the database; the ticket says ``True`` once it is committed.
        ``then`` is called on the database's thread once it is (also when that is only on a
        later try)."""
        self.open()
        key = (game_id, record.id)
        with self._lock:
            self._pending[key] = record
            if then is not None:
                self._then[key] = then
            if self._tables is not None:  # the next game on this frame's heels ranks by it
                self._tables[(game_id, record.variant)] = self._with_pending(
                    game_id, record.variant, self._tables.get((game_id, record.variant), []),
                    [record])
        self._known[key] = True
        return self._db.jobs.submit(lambda: self._commit(key))

    def _with_pending(self, game_id: str, variant: str, scores: list[int],
                      records: list[Record]) -> list[int]:
        """A table's ``scores`` with ``records`` (not committed yet) ranked in, in order."""
        game = self._games[game_id]
        table = [(0, score) for score in scores]
        for record in records:
            score = self._sql.derived(game, record)[0]
            if record.variant == variant and isinstance(score, int):
                table = place_in(table, -1, score, game) or table
        return [score for _, score in table]

    def retry(self) -> None:
        """Hand in again the records whose commit failed (with every save), and look whether
        another process changed the tables (off the frame)."""
        with self._lock:
            keys, self._failed = list(self._failed), set()
        for key in keys:
            self._db.jobs.submit(lambda key=key: self._commit(key))  # type: ignore[misc]
        if self._opened:
            self._db.submit_logged(self._follow, "looking at the tables")

    def _commit(self, key: tuple[str, str]) -> bool:
        """On the database thread: the pending record ``key`` in one transaction."""
        with self._lock:
            record = self._pending.get(key)
        if record is None:
            return True

        def commit(conn: sqlite3.Connection) -> list[int]:
            transaction(conn, lambda c: self._sql.insert(c, key[0], [record]))
            return self._sql.table_scores(conn, key[0], record.variant)

        try:
            scores = self._db.run(commit)
        except Exception as error:  # noqa: BLE001 - any failure keeps the record pending
            with self._lock:
                self._failed.add(key)
            self._report(f"cannot record {key[1]} of {key[0]}: {error}")
            return False
        with self._lock:
            self._pending.pop(key, None)  # (its initials, if set meanwhile, follow by a job)
            self._failing = False
            then = self._then.pop(key, None)
            if self._tables is not None:  # the committed table, and what is still pending
                waiting = [r for (g, _), r in self._pending.items() if g == key[0]]
                self._tables[(key[0], record.variant)] = self._with_pending(
                    key[0], record.variant, scores, waiting)
        self._known[key] = True
        for after in ([then] if then is not None else []) + self.listeners:
            try:
                after()
            except Exception:  # noqa: BLE001 - the record is committed whatever follows
                log.exception("after recording %s of %s", key[1], key[0])
        return True

    def _report(self, why: str) -> None:
        with self._lock:
            first, self._failing = not self._failing, True
        if first:
            log.warning("%s (kept in memory, tried again with the next save)", why)
        self._files.store.failed()

    def set_initials(self, game_id: str, record_id: str, initials: str) -> bool:
        """Put ``initials`` on a record; ``True`` when it was found and committed."""
        key = (game_id, record_id)
        with self._lock:
            pending = self._pending.get(key)
            if pending is not None:
                self._pending[key] = Record(pending.id, pending.date, pending.variant, initials,
                                            pending.fields)
        try:
            found = self._call(lambda conn: transaction(
                conn, lambda c: self._sql.set_initials(c, game_id, record_id, initials)))
        except DB_ERRORS as error:
            self._report(f"cannot put initials on {record_id}: {error}")
            return False
        return found

    def reset(self) -> str | None:
        """Every game's records gone, the database copied first to
        ``arcade.db.backup-<stamp>``: its name (``None`` when there was nothing to keep, or
        the records live in memory). ``OSError`` when the copy cannot be made (then nothing
        is reset)."""
        self.open()
        self._db.settle()
        with self._lock:
            self._pending.clear()
            self._failed.clear()
            self._then.clear()
        self._known.clear()
        return self._db.call(self._backup_and_reset)

    def _backup_and_reset(self, conn: sqlite3.Connection) -> str | None:
        anything = conn.execute("SELECT EXISTS (SELECT 1 FROM records) "
                                "OR EXISTS (SELECT 1 FROM recorded)").fetchone()[0]
        backup = self._backup(conn) if anything and not self._db.in_memory else None
        transaction(conn, self._sql.reset)
        with self._lock:
            self._tables = {}
        log.info("records reset%s", f"; the old ones are in {backup}" if backup else "")
        return backup

    def _backup(self, conn: sqlite3.Connection) -> str:
        folder = self._db.folder
        assert folder is not None
        base = f"{DB_FILE}.backup-{stamp(self._db.clock())}"
        target, counter = folder / base, 1
        while os.path.lexists(target):
            counter += 1
            target = folder / f"{base}-{counter}"
        try:
            copy = sqlite3.connect(target)
            try:
                conn.backup(copy)
            finally:
                copy.close()
        except sqlite3.Error as error:
            Path(target).unlink(missing_ok=True)
            raise OSError(f"the records could not be copied to {target.name}: {error}") from None
        return target.name

    def close(self) -> None:
        """Hand in what failed once more and wait for every record to be committed."""
        self.retry()
        self._db.settle()

    # --- questions -------------------------------------------------------------------------

    def table(self, game_id: str, variant: str) -> list[Record]:
        return self._ask(lambda conn: self._sql.table(conn, game_id, variant), [])

    def records(self, game_id: str, variant: str | None = None,
                last: int | None = None) -> list[Record]:
        return self._ask(lambda conn: self._sql.records(conn, game_id, variant, last), [])

    def record(self, game_id: str, record_id: str) -> Record | None:
        return self._ask(lambda conn: self._sql.record(conn, game_id, record_id), None)

    def tally(self, game_id: str, by: Sequence[str], sums: Sequence[str] = (),
              variant: str | None = None) -> list[Tally]:
        game = self._games[game_id]
        for name in (*by, *sums):
            self._sql.column(game, name)  # ValueError for a name the game has no facet of
        return self._ask(lambda conn: self._sql.tally(conn, game_id, by, sums, variant), [])

    def every_record(self, after: int = 0) -> Iterator[tuple[int, str, Record]]:
        """(recording number, game id, record) of every record of the known games recorded
        after number ``after``, in recording order, read :data:`BATCH` at a time."""
        while True:
            nothing: list[tuple[int, str, Record]] = []
            seen, found = self._ask(partial(self._sql.batch, after=after, size=BATCH),
                                    (after, nothing))
            if seen == after:
                return
            after = seen
            yield from found

    # --- the documents' index ----------------------------------------------------------------

    def documents(self, game_id: str) -> list[DocumentEntry]:
        """The index's entries of ``game_id`` (the index follows ``games/`` first)."""
        folder = None if self._db.folder is None else self._db.folder / GAMES_DIR

        def ask(conn: sqlite3.Connection) -> list[DocumentEntry]:
            if folder is not None and not self._db.in_memory:
                transaction(conn, lambda c: docindex.follow_folder(c, folder))
            return docindex.of_game(conn, game_id)

        return self._ask(ask, [])

    def index_document(self, name: str) -> None:
        """Add a document now on disk to the index (from any thread; not waited for)."""
        entry = docindex.entry_of(name)
        if entry is not None:
            self._db.submit_logged(lambda conn: transaction(
                conn, lambda c: docindex.add(c, entry)), f"indexing {name}")

    def forget_document(self, name: str) -> None:
        self._db.submit_logged(lambda conn: transaction(
            conn, lambda c: docindex.drop(c, name)), f"dropping {name} from the index")

    # --- plumbing ----------------------------------------------------------------------------

    def _call(self, work: Callable[[sqlite3.Connection], T]) -> T:
        self.open()
        return self._db.call(work)

    def _ask(self, work: Callable[[sqlite3.Connection], T], default: T) -> T:
        """``work``'s answer, or ``default`` when the database cannot give one."""

        def follow_then(conn: sqlite3.Connection) -> T:
            self._follow(conn)
            return work(conn)

        try:
            return self._call(follow_then)
        except DB_ERRORS as error:
            log.warning("the records database could not answer: %s", error)
            return default
