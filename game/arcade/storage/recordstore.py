"""Every game's records as the frame thread sees them: handed to the database, asked of it.

A finished game is **recorded off the frame**: :meth:`RecordStore.add` hands it to the
database's thread (one transaction per record, with its document's index entry once the
document is on disk) and returns at once. Until committed the record is *pending*: it counts as
recorded and every answer includes it. A commit that fails (a full disk, another program's
lock, a read-only file) is handed in again every :data:`RETRY_SECONDS`, with the next save and
when the storage closes; meanwhile the storage keeps the record on disk (its own file in
``saves/``), so a run that ends first records it at the next start.

Questions are indexed queries through the database's read-only connection (never behind a
commit), in one read transaction that also says which pending records it holds already; the
others are added to the answer. A database that cannot answer gives the last answer to the same
question, or an empty one (and is recovered when damaged: :mod:`~game.arcade.storage.database`).
"""

from __future__ import annotations

import copy
import logging
import os
import sqlite3
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from functools import partial
from typing import TypeVar

from game.arcade.storage import documents as docindex
from game.arcade.storage import recordsql
from game.arcade.storage import saves as importer
from game.arcade.storage.database import Database, Unavailable, transaction
from game.arcade.storage.documents import GAMES_DIR, DocumentEntry
from game.arcade.storage.gamedata import GameData, Record
from game.arcade.storage.recordsql import RecordSql, Tally, place_in
from game.arcade.storage.saves import VersionedFiles

log = logging.getLogger(__name__)

T = TypeVar("T")
RETRY_SECONDS = 2.0
"""How soon a record whose commit failed is handed in again (without waiting for a save)."""
DOCUMENT_SECONDS = 2.0
"""How long a commit waits for its record's document to be written at most."""
CLOSE_SECONDS = 1.0
"""How long closing waits for the commits at most: what is not committed then stays pending on
disk, for the next run."""
DB_ERRORS = (sqlite3.Error, Unavailable)
Key = tuple[str, str]


class RecordStore:
    """The records of ``games`` in ``db``; ``take_in_json``: ``scores.json`` is taken in each
    time the database is opened (a step of its migrations, :mod:`~game.arcade.storage.saves`)."""

    def __init__(self, db: Database, files: VersionedFiles, games: Mapping[str, GameData],
                 take_in_json: bool = True) -> None:
        self._db = db
        self._files = files
        self._games = games
        self._sql = RecordSql(games)
        if take_in_json:
            db.take_ins.append(self._take_in)
        self._opened = False
        self._lock = threading.Lock()  # the pending records, shared with the database thread
        self._pending: dict[tuple[str, str], Record] = {}
        self._then: dict[tuple[str, str], Callable[[], object]] = {}  # after the commit
        self._due: dict[Key, Future[str | None]] = {}  # documents the commits wait for
        self._failed: set[tuple[str, str]] = set()  # pending, and their commit failed
        self._known: dict[tuple[str, str], bool] = {}  # answers of is_recorded
        self._tables: dict[tuple[str, str], list[int]] | None = None  # the tables' scores
        self._version: tuple[int, int] | None = None  # (connection, PRAGMA data_version)
        self._failing = False
        self._initials: dict[Key, str] = {}  # initials handed in, not committed yet
        self._answers: dict[tuple[object, ...], object] = {}  # the last answer to each question
        self._document_counts: dict[str, tuple[object, int]] = {}  # the reading thread's
        self._timer: Future[None] | None = None
        self.on_failed: Callable[[str, Record], object] | None = None
        """Called on the database's thread when a record's commit failed (it is kept on disk
        until it is committed)."""
        self.listeners: list[Callable[[], object]] = []
        """Called on the database's thread after each record's commit (who reads the records
        through another connection: the venue link)."""
        db.on_open = self._opened_db

    # --- opening ---------------------------------------------------------------------------

    def open(self) -> None:
        """On first use: open the database (taking ``scores.json`` in), and have the file
        checked (in the background)."""
        if self._opened:
            return
        self._opened = True
        try:  # opened now, at start, not on a later frame
            self._db.call(lambda conn: None)
        except DB_ERRORS as error:
            log.warning("the records database cannot be opened now: %s", error)
        finally:
            self._db.submit_logged(lambda conn: self._db.check(), "checking the database")

    def _take_in(self, conn: sqlite3.Connection) -> None:
        """``scores.json`` into the database (a step run by :func:`~.schema.migrate`), then
        renamed; ``sqlite3.Error`` when it cannot be taken in now (tried again next time)."""
        if not os.path.lexists(self._files.store.path(importer.SCORES_FILE)):
            return  # (a look that waits for no write queued)
        book = importer.read_scores(self._files, self._games)
        if book is not None:
            added = importer.take_in(conn, self._sql, book)
            if not self._db.in_memory:  # records that live in memory keep their file
                importer.retire(self._files, added)

    def _opened_db(self, conn: sqlite3.Connection) -> None:
        """Each time the database is opened (on its thread): stored scores and facets are
        checked against the games' (and worked out again where they changed), and the
        tables' scores are read, so that recording a game needs no question on the frame."""
        self._sql.check_layouts(conn)
        importer.adopt_sections(conn, self._sql)
        self._follow(conn, again=True)

    def _follow(self, conn: sqlite3.Connection, again: bool = False,
                waiting: Sequence[tuple[str, Record]] | None = None) -> None:
        """Read the tables' scores again if another process committed since they were read
        (one ``PRAGMA`` when none did) or ``again``, the records still pending ranked in
        (``waiting``: those the connection's read transaction does not hold)."""
        version = (id(conn), conn.execute("PRAGMA data_version").fetchone()[0])
        if version == self._version and not again:
            return
        tables = self._sql.all_table_scores(conn)
        with self._lock:
            if waiting is None:
                waiting = [(g, r) for (g, _), r in self._pending.items()]
            keys = {*tables, *((g, r.variant) for g, r in waiting)}
            for game_id, variant in keys:
                mine = [r for g, r in waiting if g == game_id]
                tables[(game_id, variant)] = self._sql.with_pending(
                    game_id, variant, tables.get((game_id, variant), []), mine)
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
                self.open()
                known = self._db.read(lambda conn: self._sql.is_recorded(conn, *key))
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
            scores = self._ask(("scores", game_id, record.variant),
                               lambda c: self._sql.table_scores(c, game_id, record.variant),
                               none)[0]
        placed = place_in([(0, s) for s in scores], -1, score, game)
        return None if placed is None else [seq for seq, _ in placed].index(-1)

    def add(self, game_id: str, record: Record, then: Callable[[], object] | None = None,
            document: Future[str | None] | None = None) -> None:
        """Hand ``record`` to the database. ``then`` is called on the database's thread once
        it is committed (also when that is only on a later try). ``document``: the name of
        its document once on disk (``None``: not written), which the commit waits for (in
        turn: the records keep their order) and indexes in the same transaction."""
        self.open()
        key = (game_id, record.id)
        with self._lock:
            self._pending[key] = record
            if then is not None:
                self._then[key] = then
            if self._tables is not None:  # the next game on this frame's heels ranks by it
                self._tables[(game_id, record.variant)] = self._sql.with_pending(
                    game_id, record.variant, self._tables.get((game_id, record.variant), []),
                    [record])
        self._known[key] = True
        if document is not None:
            with self._lock:
                self._due[key] = document
        self._db.jobs.submit(lambda: self._commit(key))

    def retry(self) -> None:
        """Hand in again the records whose commit failed (with every save), and look whether
        another process changed the tables (off the frame)."""
        with self._lock:
            keys, self._failed = list(self._failed), set()
        for key in keys:
            self._db.jobs.submit(lambda key=key: self._commit(key))  # type: ignore[misc]
        if self._opened:
            self._db.submit_logged(self._follow, "looking at the tables")

    def _retry_soon(self) -> None:
        """Hand the failed records in again in :data:`RETRY_SECONDS` (once per failure)."""
        with self._lock:
            timer = self._timer
            if timer is not None and not timer.done() and not timer.running():
                return  # one is waiting already
            self._timer = self._db.jobs.later(RETRY_SECONDS, self.retry)

    def _commit(self, key: tuple[str, str]) -> bool:
        """On the database thread: the pending record ``key`` in one transaction."""
        with self._lock:
            record = self._pending.get(key)
            due = self._due.get(key)  # (kept until the commit: a retry indexes it too)
        if record is None:
            return True
        entry = None
        try:
            name = None if due is None else due.result(DOCUMENT_SECONDS)
            entry = None if name is None else docindex.entry_of(name)
        except FutureTimeout:  # a failing disk: indexed when it is written, if ever
            assert due is not None
            with self._lock:
                self._due.pop(key, None)
            due.add_done_callback(lambda done: self.index_document(done.result()))

        def insert(conn: sqlite3.Connection) -> None:
            self._sql.insert(conn, key[0], [record])
            if entry is not None:
                docindex.add(conn, entry)

        def commit(conn: sqlite3.Connection) -> list[int]:
            transaction(conn, insert)
            return self._sql.table_scores(conn, key[0], record.variant)

        try:
            scores = self._db.run(commit)
        except Exception as error:  # noqa: BLE001 - any failure keeps the record pending
            with self._lock:
                self._failed.add(key)
            self._report(f"cannot record {key[1]} of {key[0]}: {error}")
            self._retry_soon()
            if self.on_failed is not None:
                with self._lock:
                    kept = self._pending.get(key)
                if kept is not None:
                    self.on_failed(key[0], kept)
            return False
        with self._lock:
            self._pending.pop(key, None)  # (its initials, if set meanwhile, follow by a job)
            self._due.pop(key, None)
            self._failing = False
            then = self._then.pop(key, None)
            if self._tables is not None:  # the committed table, and what is still pending
                waiting = [r for (g, _), r in self._pending.items() if g == key[0]]
                self._tables[(key[0], record.variant)] = self._sql.with_pending(
                    key[0], record.variant, scores, waiting)
        self._known[key] = True
        self._tell(then)
        return True

    def _tell(self, then: Callable[[], object] | None = None) -> None:
        """After a commit: ``then``, and each listener once."""
        for after in ([then] if then is not None else []) + self.listeners:
            try:
                after()
            except Exception:  # noqa: BLE001 - the commit stands whatever follows
                log.exception("after a commit to the records")

    def _report(self, why: str) -> None:
        with self._lock:
            first, self._failing = not self._failing, True
        if first:
            log.warning("%s (kept in memory, tried again with the next save)", why)
        self._files.store.failed()

    def set_initials(self, game_id: str, record_id: str, initials: str,
                     later: bool = False) -> bool:
        """Put ``initials`` on a record; ``True`` when it was found and committed. ``later``:
        handed to the database's thread, ``True`` when the record is known (answers show the
        initials at once)."""
        key = (game_id, record_id)
        with self._lock:
            pending = self._pending.get(key)
            if pending is not None:
                self._pending[key] = Record(pending.id, pending.date, pending.variant, initials,
                                            pending.fields)
            self._initials[key] = initials

        def put(conn: sqlite3.Connection) -> bool:
            found = transaction(
                conn, lambda c: self._sql.set_initials(c, game_id, record_id, initials))
            with self._lock:
                if found and self._initials.get(key) == initials:
                    del self._initials[key]
            if found:
                self._tell()
            return found

        if later:
            self.open()
            self._db.submit_logged(put, f"putting initials on {record_id}")
            return pending is not None or self._known.get(key, False)
        try:
            return self._call(put)
        except DB_ERRORS as error:
            self._report(f"cannot put initials on {record_id}: {error}")
            return False

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
            self._due.clear()
            self._initials.clear()
        self._known.clear()
        self._answers.clear()
        return self._db.call(self._backup_and_reset)

    def _backup_and_reset(self, conn: sqlite3.Connection) -> str | None:
        anything = conn.execute("SELECT EXISTS (SELECT 1 FROM records) "
                                "OR EXISTS (SELECT 1 FROM recorded)").fetchone()[0]
        backup = self._db.backup(conn) if anything and not self._db.in_memory else None
        transaction(conn, self._sql.reset)
        with self._lock:
            self._tables = {}
        log.info("records reset%s", f"; the old ones are in {backup}" if backup else "")
        return backup

    def close(self, timeout: float = CLOSE_SECONDS) -> bool:
        """Hand in what failed once more and wait for the records to be committed, at most
        ``timeout`` seconds; whether they all were."""
        with self._lock:
            timer, self._timer = self._timer, None
        if timer is not None:
            timer.cancel()
        self.retry()
        return self._db.settle(timeout) and not self.pending()

    def pending(self) -> list[tuple[str, Record]]:
        """(game id, record) of every record not committed yet, in the order recorded."""
        with self._lock:
            return [(game_id, record) for (game_id, _), record in self._pending.items()]

    # --- questions -------------------------------------------------------------------------

    def table(self, game_id: str, variant: str) -> list[Record]:
        none: list[Record] = []
        found, waiting = self._ask(("table", game_id, variant),
                                   lambda conn: self._sql.table(conn, game_id, variant), none)
        return recordsql.pending_table(self._sql, self._games[game_id], variant, found, waiting)

    def records(self, game_id: str, variant: str | None = None,
                last: int | None = None) -> list[Record]:
        none: list[Record] = []
        found, waiting = self._ask(
            ("records", game_id, variant, last),
            lambda conn: self._sql.records(conn, game_id, variant, last), none)
        return recordsql.pending_records(found, waiting, variant, last)

    def records_by_id(self, game_id: str, ids: Sequence[str]) -> list[Record]:
        found, waiting = self._ask(("by id", game_id, tuple(ids)), partial(
            self._sql.records_by_id, game_id=game_id, ids=ids), list[Record]())
        return list(({r.id: r for r in found} | {r.id: r for r in waiting if r.id in ids}).values())

    def tally(self, game_id: str, by: Sequence[str], sums: Sequence[str] = (),
              variant: str | None = None) -> list[Tally]:
        game = self._games[game_id]
        for name in (*by, *sums):
            self._sql.column(game, name)  # ValueError for a name the game has no facet of
        none: list[Tally] = []
        found, waiting = self._ask(
            ("tally", game_id, tuple(by), tuple(sums), variant),
            lambda conn: self._sql.tally(conn, game_id, by, sums, variant), none)
        return recordsql.pending_tally(self._sql, game, found, waiting, by, sums, variant)

    # --- the documents' index ----------------------------------------------------------------

    def documents(self, game_id: str, page: docindex.Page | None = None
                  ) -> tuple[int, list[DocumentEntry]]:
        """``docindex.of_game``'s answer (from ``games/`` itself when it changed since it was
        indexed)."""

        def ask(conn: sqlite3.Connection) -> tuple[int, list[DocumentEntry]]:
            listed = self._listing(conn)
            if listed is None:
                return docindex.of_game(conn, game_id, page, self._document_counts)
            return docindex.paged(sorted((e for e in listed.values() if e.game == game_id),
                                         key=lambda e: e.name), page)

        none: tuple[int, list[DocumentEntry]] = (0, [])
        return self._ask(("documents", game_id, page), ask, none)[0]

    def document_name(self, game_id: str, record_id: str) -> str | None:
        """The file name of the document of ``record_id`` (the newest when there are more),
        by one indexed query (from ``games/`` itself when it changed since it was indexed)."""

        def ask(conn: sqlite3.Connection) -> str | None:
            listed = self._listing(conn)
            if listed is None:
                return docindex.name_of(conn, game_id, record_id)
            names = [e.name for e in listed.values()
                     if e.game == game_id and e.record_id == record_id]
            return max(names) if names else None

        return self._ask(("document", game_id, record_id), ask, None)[0]

    def _listing(self, conn: sqlite3.Connection) -> dict[str, DocumentEntry] | None:
        """``games/``'s entries if it changed since indexed (the index then follows), or None."""
        folder = None if self._db.folder is None else self._db.folder / GAMES_DIR
        if folder is None or self._db.in_memory:
            return None
        listed = docindex.listing_if_changed(conn, folder)
        if listed is not None:
            self._db.submit_logged(lambda c: transaction(
                c, lambda t: docindex.follow_folder(t, folder)), "indexing the documents")
        return listed

    def index_document(self, name: str | None) -> None:
        """Add a document now on disk to the index (from any thread; not waited for)."""
        entry = None if name is None else docindex.entry_of(name)
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

    def _ask(self, question: tuple[object, ...], work: Callable[[sqlite3.Connection], T],
             default: T) -> tuple[T, list[Record]]:
        """``work``'s answer (read in one transaction with the read-only connection) and the
        pending records of the question's game that it does not hold yet; when the database
        cannot answer, the last answer to the same ``question`` (else ``default``) and every
        pending record of the game. Initials handed in but not committed are on both."""
        self.open()
        game_id = str(question[1])
        with self._lock:
            now = [(g, r) for (g, _), r in self._pending.items()]

        def read(conn: sqlite3.Connection) -> tuple[T, set[Key]]:
            conn.execute("BEGIN")
            try:
                answer = work(conn)
                stored = self._sql.recorded_among(conn, [(g, r.id) for g, r in now])
                self._follow(conn, waiting=[(g, r) for g, r in now if (g, r.id) not in stored])
            finally:
                conn.execute("COMMIT")
            return answer, stored

        try:
            answer, stored = self._db.read(read)
            self._answers[question] = answer
        except DB_ERRORS as error:
            log.warning("the records database could not answer: %s", error)
            answer, stored = self._answers.get(question, default), set()  # type: ignore[assignment]
        waiting = [r for g, r in now if g == game_id and (g, r.id) not in stored]
        answer = copy.copy(answer)
        with self._lock:
            initials = {i: v for (g, i), v in self._initials.items() if g == game_id}
        if initials:
            answer = recordsql.with_initials(answer, initials)
        return answer, waiting

