"""The data folder as the arcade sees it: one :class:`Storage` over every file in it.

Each kind of data has its own store (the records in ``arcade.db``: :mod:`.recordstore`, saves:
:mod:`.saves`, documents: :mod:`.documents`; settings are read here); :class:`Storage` holds
the rules that tie them together. Recording a finished game commits its record first and
removes its save second, both off the frame: the database's thread hands the removal to the
writer thread once the commit is done (never when it failed), and a save written meanwhile is
never removed. Until the commit the record also waits in a file of its own in ``saves/``
(:meth:`SaveFiles.keep_finished`), so a database that cannot take it now (locked by another
program, read-only) loses nothing: it is tried again in the background, and the next start
records what a run could not. A kill in between leaves a finished save whose id is recorded,
which the next look at it only removes. A save whose id is recorded is never resumed; a
finished one is recorded.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.arcade.storage.backend import Records
from game.arcade.storage.documents import GAMES_DIR, GameDocuments
from game.arcade.storage.files import Corrupt, Unreadable
from game.arcade.storage.gamedata import (
    GameData,
    GameMigrations,
    Migrations,
    Record,
    iso_date,
    new_record,
    normalise_initials,
    utcnow,
)
from game.arcade.storage.jsonfile import MAX_BYTES, JsonStore, Notice
from game.arcade.storage.lock import open_log, resolve_data_dir
from game.arcade.storage.saves import (
    SAVES_DIR,
    RecordIds,
    SaveFiles,
    VersionedFiles,
    save_name,
    saved_id,
)
from game.arcade.storage.settings import PinStore, Settings, parse_settings, settings_to_json

if TYPE_CHECKING:
    from game.arcade.storage.database import Database
    from game.arcade.storage.documents import DocumentEntry
    from game.arcade.storage.recordsql import Tally
    from game.arcade.storage.recordstore import RecordStore

SETTINGS_FILE = "settings.json"
WRITE_SECONDS = 1.0
"""How long the end of a run waits at most for the saves still queued after the records (a
few milliseconds but on a failing disk: the finished games the database could not take)."""

log = logging.getLogger(__name__)


def _by_id(games: Sequence[GameData]) -> dict[str, GameData]:
    found: dict[str, GameData] = {}
    for game in games:
        if not isinstance(game, GameData) or game.id in found:
            raise ValueError(f"games must be GameData with distinct ids, not {game!r}")
        found[game.id] = game
    return found


class Storage:
    """The player's settings, every game's records and saved game, in ``data_dir``.

    ``migrations``: every registered game's (by id), also of games this storage is not given,
    whose parts of the shared files are then kept as they are; default: those of ``games``.
    ``play_in_memory`` (``--bench``, ``--demo``): the games of this run are recorded in an
    in-memory database and saved in memory, never in the player's ``arcade.db`` or
    ``saves/``; they write no game document. The player's records and saved games are left
    exactly as they are (not shown, not resumed, never changed).
    """

    def __init__(self, data_dir: Path | str | None = None, games: Sequence[GameData] = (),
                 clock: Callable[[], datetime] = utcnow,
                 migrations: Mapping[str, GameMigrations] | None = None,
                 play_in_memory: bool = False) -> None:
        self.data_dir = resolve_data_dir(data_dir)
        self._games = _by_id(games)
        self.clock = clock
        if migrations is None:
            migrations = {game_id: game.migrations for game_id, game in self._games.items()}
        steps = Migrations(migrations)  # ValueError before anything is created on disk
        self.notices: list[Notice] = []
        self.last_recorded: str | None = None
        self._store = JsonStore(self.data_dir, clock, self.notices, subdirs=(SAVES_DIR, GAMES_DIR))
        self._files = VersionedFiles(self._store, steps)
        self._ids = RecordIds()
        self.play_in_memory = play_in_memory
        if play_in_memory:
            self._store.keep_in_memory(f"{SAVES_DIR}/")
            for game_id in self._games:
                older = steps.save_file(game_id)
                if older is not None:
                    self._store.keep_in_memory(older)
        self._saves = SaveFiles(self._files, self._games, clock)
        folder = None if play_in_memory or not self._store.writable else self.data_dir
        self._back = Records(folder, self.notices, clock, self._files, self._games,
                             self._saves.keep_finished)  # made on first use
        self._documents = GameDocuments(self._store, self._games)
        self.kiosk_pin = PinStore(self._store, clock)
        """The kiosk operator's PIN and its lockout (``kiosk-pin.json``, not the settings)."""

    @property
    def records_open(self) -> bool:
        """Whether ``arcade.db`` (SQLite, its threads) is open: made when first used, so the
        title's first frame reads the settings and saves without it."""
        return self._back.made is not None

    @property
    def _db(self) -> Database:
        return self._back.open()[0]

    @property
    def _records(self) -> RecordStore:
        return self._back.open()[1]

    @property
    def writable(self) -> bool:
        """``False`` when the data folder could not be created (everything is in memory)."""
        return self._store.writable

    @property
    def games(self) -> Mapping[str, GameData]:
        return dict(self._games)

    def check_files(self) -> None:
        """Read every file now, at start: a damaged one is set aside (with its notice), an
        older one migrated, a finished save recorded, a recorded save removed."""
        self.load_settings()
        self._records.open()
        self._take_finished()
        for game_id in self._games:
            self.load_game(game_id)

    def _take_finished(self) -> None:
        """Record the finished games an earlier run could not commit (their files in
        ``saves/``), or only remove the files of those it did."""
        for game_id, record, _ in self._saves.finished():
            if self._is_recorded(game_id, record.id):
                if self._records.committed(game_id, record.id):
                    self._saves.drop_finished(game_id, record.id)
                continue
            log.info("recording %s of %s, finished in an earlier run", record.id, game_id)
            self._records.add(game_id, record, then=partial(self._saves.drop_finished, game_id,
                                                            record.id))

    def log_handler(self) -> logging.Handler | None:
        """A rotating log file in the data folder, or ``None``."""
        return open_log(self.data_dir) if self.writable else None

    def settle(self) -> None:
        """Wait until what was queued so far (``later=True``: saves, settings, removals; the
        records) is done on disk: what another run reading this folder now finds."""
        if self._back.made is not None:
            self._db.settle()  # commits, which may queue the removal of a save...
        self._store.settle()  # ...written, which may add a document to the index...
        if self._back.made is not None:  # (which opens the records when they were not)
            self._db.settle()  # ...added

    def close(self) -> None:
        """Write the saves and records still queued; at the end of a run (the storage still
        works after). Waits about a second at most for the database: a record it cannot take
        now stays in ``saves/`` for the next start."""
        if self._back.made is None:  # not opened: nothing of the records to write...
            self._store.close(WRITE_SECONDS)
            if self._back.made is None:  # ...unless what was queued opened them (an index entry)
                return
        from game.arcade.storage.recordstore import CLOSE_SECONDS

        deadline = time.monotonic() + CLOSE_SECONDS
        self._records.close(CLOSE_SECONDS)
        waiting = self._records.pending()
        for game_id, record in waiting:
            self._saves.keep_finished(game_id, record)
        self._store.close(WRITE_SECONDS)  # what the database could not take, on disk first
        self._db.close(max(0.0, deadline - time.monotonic()))
        if waiting:
            log.warning("%d finished games are not in arcade.db yet: kept in %s/ for the next "
                        "start", len(waiting), SAVES_DIR)

    # --- settings ------------------------------------------------------------------------------

    def load_settings(self) -> Settings:
        """The saved settings; defaults when missing or corrupt, per field when a value is bad."""
        found = self._files.read(SETTINGS_FILE, "settings", MAX_BYTES,
                                 lambda data, strict: parse_settings(data, self._games, strict))
        if found is None:
            return Settings.for_games(self._games.values())
        if found.kiosk_pin_hash and self.kiosk_pin.adopt(found.kiosk_pin_hash):
            found.kiosk_pin_hash = ""  # an older file's PIN, now in its own file
            self.save_settings(found)
        return found

    def reset_kiosk_pin(self) -> bool:
        """Forget the kiosk PIN, an older settings file's too (``--reset-pin``); ``True``
        when nothing of it is left on disk."""
        self.load_settings()
        return self.kiosk_pin.reset()

    def has_settings(self) -> bool:
        """Whether a settings file exists (``False`` on a first start, or after a corrupt one
        was set aside); call it after ``load_settings`` to tell defaults from choices."""
        return self._store.exists(SETTINGS_FILE)

    def save_settings(self, settings: Settings, later: bool = False) -> bool:
        """Write ``settings`` (invalid values as their defaults); ``True`` when on disk.
        ``later``: by the writer thread (``True`` once queued), as ``save_game``."""
        if self._back.made is not None:
            self._records.retry()
        payload = settings_to_json(settings, self._games)
        if later:
            return self._store.write_later(SETTINGS_FILE, payload, compact=False)
        return self._store.write(SETTINGS_FILE, payload)

    # --- records and tables (M-8) ------------------------------------------------------------

    def record_game(self, game_id: str, game: Any, initials: str = "", **extra: Any) -> int | None:
        """Record a finished ``game`` once (by record id) and clear its save, off the frame:
        the record is committed and the save removed by threads, so this returns at once.

        ``extra`` fields (e.g. ``hints=2``) go into the record. Returns the 0-based rank in its
        variant's table (ranked games), or ``None``: not ranked, missed the table, recorded
        before (also in an earlier session) or not over. If the record cannot be committed
        the save is kept (the record stays in memory and is tried again with the next save).
        ``ValueError`` for initials other than up to three letters A-Z, an unknown game id, or
        a record the game's own ``check_record`` refuses.
        """
        spec = self._spec(game_id)
        initials = normalise_initials(initials)
        if not spec.is_over(game):
            return None
        record_id = self.record_id(game)
        if self._is_recorded(game_id, record_id):
            if self._records.committed(game_id, record_id):  # else its commit removes it
                self._remove_save_of(game_id, record_id)
            return None
        record = new_record(spec, game, record_id, iso_date(self.clock()), initials, extra)
        place = self._records.place_of(game_id, record)

        def committed() -> None:
            self._remove_save_of(game_id, record_id)
            self._saves.drop_finished(game_id, record_id)

        make = None if self.play_in_memory else spec.document
        if (make is not None and not self._ids.made_here(record_id)
                and self._records.document_name(game_id, record_id) is not None):
            make = None  # written by a run killed before the record's commit
        document: Future[str | None] | None = None if make is None else Future()
        self._records.add(game_id, record, then=committed, document=document)
        self.last_recorded = record_id
        if make is not None and document is not None:  # made on the writer thread (a long
            # game's takes a while); the commit waits for it, to index it in one transaction
            self._documents.write(game_id, record_id, lambda: make(game),
                                  then=document.set_result)
        return place

    def _remove_save_of(self, game_id: str, record_id: str) -> None:
        """Have the writer thread remove the save of ``record_id`` (committed): unless another
        write of that save is queued, and only if the save on disk is still that game's."""
        name = save_name(game_id)

        def still_that_game() -> bool:
            try:
                loaded = self._store.read(name)
            except (Corrupt, Unreadable):
                return False
            return loaded is not None and saved_id(loaded.data) == record_id

        self._store.remove_later_if(name, still_that_game)

    def records(self, game_id: str, variant: str | None = None,
                last: int | None = None) -> list[Record]:
        """The records of ``game_id`` (of one ``variant``), oldest first (recording order);
        ``last``: only the newest ``last`` of them."""
        self._spec(game_id)
        return self._records.records(game_id, variant, last)

    def on_committed(self, listener: Callable[[], object]) -> None:
        """Call ``listener`` once after each commit of a record or its initials (on the
        database's thread, so it must be quick and thread-safe): for a reader of ``arcade.db``
        through a connection of its own, which sees a record only once it is committed (the
        venue link)."""
        self._records.listeners.append(listener)

    def record(self, game_id: str, record_id: str) -> Record | None:
        """The record ``record_id`` of ``game_id``, or ``None``."""
        self._spec(game_id)
        return next(iter(self._records.records_by_id(game_id, [record_id])), None)

    def records_by_id(self, game_id: str, ids: Sequence[str]) -> list[Record]:
        """The records of ``game_id`` among ``ids`` (one indexed query), in no set order."""
        self._spec(game_id)
        return self._records.records_by_id(game_id, ids)

    def table(self, game_id: str, variant: str) -> list[Record]:
        """The best ``table_size`` records of ``variant``, best first (``[]`` if not ranked)."""
        self._spec(game_id)
        return self._records.table(game_id, variant)

    def tally(self, game_id: str, by: Sequence[str], sums: Sequence[str] = (),
              variant: str | None = None) -> list[Tally]:
        """The statistics' question: ``game_id``'s records (of one ``variant``) in groups by
        the values of ``by`` (``"variant"``, ``"score"`` or the game's facet names), with
        each group's count and the sums of ``sums`` (facet names). One query; the game works
        its figures out from the groups. ``ValueError`` for a name the game has no facet of."""
        self._spec(game_id)
        return self._records.tally(game_id, by, sums, variant)

    def reset_records(self) -> str | None:
        """Start every game's records (high scores, statistics) afresh; the name of the old
        database's backup (see :meth:`RecordStore.reset`)."""
        backup = self._records.reset()
        self.last_recorded = None
        return backup

    def set_initials(self, game_id: str, record_id: str, initials: str,
                     later: bool = False) -> bool:
        """Put ``initials`` on a record; ``True`` when it was found and written to disk.
        ``later`` (a screen): the database's thread writes them and this returns at once,
        ``True`` when the record is known. ``ValueError`` for initials other than up to
        three letters A-Z."""
        self._spec(game_id)
        initials = normalise_initials(initials)
        found = self._records.set_initials(game_id, record_id, initials, later)
        waiting = next((r for g, r in self._records.pending()
                        if g == game_id and r.id == record_id), None)
        if waiting is not None and self._saves.keeps_finished(game_id, record_id):
            self._saves.keep_finished(game_id, waiting)
        return found and not self._db.in_memory

    # --- game documents ------------------------------------------------------------------------

    def write_game_document(self, game_id: str, record_id: str, payload: dict[str, Any]) -> bool:
        """Write a document of ``game_id``'s (``True``: on disk); ``ValueError`` for an unknown
        game or a bad record id."""
        self._spec(game_id)
        written: list[str] = []

        def indexed(name: str | None) -> None:
            if name is not None:
                written.append(name)
                self._records.index_document(name)

        if self._documents.write(game_id, record_id, payload, then=indexed):
            self.settle()
        return bool(written)

    def game_document(self, game_id: str, name: str) -> dict[str, Any] | None:
        """The document ``name`` (a file name of :meth:`documents`), checked; ``None`` when
        it is gone or damaged (then it leaves the index; a damaged one is set aside)."""
        self._spec(game_id)
        data = self._documents.read(game_id, name)
        if data is None:
            self._records.forget_document(name)
        return data

    def game_documents(self, game_id: str) -> list[tuple[str, dict[str, Any]]]:
        """Every valid document of ``game_id`` as (file name, data), oldest first (each file
        opened: :meth:`documents` lists them without)."""
        found = []
        for entry in reversed(self.documents(game_id)):
            data = self.game_document(game_id, entry.name)
            if data is not None:
                found.append((entry.name, data))
        return found

    def documents(self, game_id: str) -> list[DocumentEntry]:
        """The documents of ``game_id``'s finished games, newest first, from the index in
        ``arcade.db`` (one query, no file opened): what a list of games shows. Open one with
        :meth:`document` or :meth:`game_document`."""
        self._spec(game_id)
        return self._records.documents(game_id)[1][::-1]

    def documents_page(self, game_id: str, offset: int,
                       count: int) -> tuple[int, list[DocumentEntry]]:
        """How many documents ``game_id`` has, and ``count`` of their entries from the
        ``offset``-th newest on (one indexed query: a list of games reads what it shows)."""
        self._spec(game_id)
        return self._records.documents(game_id, (offset, count))

    def document(self, game_id: str, record_id: str) -> dict[str, Any] | None:
        """The checked document of the game recorded as ``record_id``, or ``None`` (it has
        none, or it was damaged and is now set aside with a notice). One indexed query and
        the one file."""
        self._spec(game_id)
        name = self._records.document_name(game_id, record_id)
        return None if name is None else self.game_document(game_id, name)

    def has_document(self, game_id: str, record_id: str) -> bool:
        """Whether the game recorded as ``record_id`` has a document (one indexed query, no
        file opened): what a row of a table asks to show that its replay opens."""
        self._spec(game_id)
        return self._records.document_name(game_id, record_id) is not None

    def load_document(self, path: Path | str) -> tuple[str, dict[str, Any]] | None:
        """(game id, data) of the document at ``path`` (``--replay``), or ``None``."""
        return self._documents.load(path)

    # --- saved games ---------------------------------------------------------------------------

    def save_game(self, game_id: str, game: Any, later: bool = False) -> bool:
        """Autosave ``game`` atomically; ``True`` when it is on disk. A game that is already
        recorded is not saved: its save is removed instead. ``later`` (the autosave after a
        move): the bytes are made now and written by the writer thread, ``True`` once they
        are queued; everything else waits for them."""
        self._spec(game_id)
        self._records.retry()
        self._saves.move_older(game_id)
        record_id = self.record_id(game)
        if self._is_recorded(game_id, record_id):
            if not self._records.committed(game_id, record_id):
                return False  # its save goes once the record is committed
            removed = self._saves.remove_if_of(game_id, record_id)
            return removed and self._saves.is_written(game_id)
        return self._saves.write(game_id, record_id, game, later)

    def load_game(self, game_id: str) -> Any | None:
        """The saved unfinished game, registered under its saved record id; else ``None``.
        A finished save is recorded (once) and cleared; a save whose game is already recorded
        is cleared; a corrupt one is set aside with a notice."""
        spec = self._spec(game_id)
        found = self._saves.read(game_id)
        if found is None:
            return None
        record_id, game = found
        self._ids.register(game, record_id)
        if spec.is_over(game):
            self.record_game(game_id, game)
            return None
        if self._is_recorded(game_id, record_id):
            if self._records.committed(game_id, record_id):
                self._saves.remove(game_id)
            return None
        return game

    def has_saved_game(self, game_id: str, quick: bool = False) -> bool:
        """Whether ``load_game`` would return a game. A pure query for the title screen: no
        recording, no deleting, no setting aside (a damaged or finished save gives ``False``;
        ``load_game`` or :meth:`check_files` deal with those). ``quick`` (the title's first
        frame): while the records are not open (:attr:`records_open`), the save alone answers,
        without asking them whether its game was recorded (a kill between the record's commit
        and the save's removal: the title asks again once they are open)."""
        spec = self._spec(game_id)
        found = self._saves.peek(game_id)
        if found is None:
            return False
        record_id, game = found
        if spec.is_over(game):
            return False
        return (quick and self._back.made is None) or not self._is_recorded(game_id, record_id)

    def clear_game(self, game_id: str, later: bool = False) -> None:
        """Forget the saved game (M-2.2: an abandoned game is not recorded). ``later``: the
        file is removed by the writer thread, as ``save_game``."""
        self._spec(game_id)
        self._saves.clear(game_id, later)

    def leave_game(self, game_id: str, later: bool = False) -> bool:
        """A new game replaces the saved one: the game's ``leave`` ends it (e.g. a resignation)
        and it is recorded when that made it over, with its document; any other saved game is
        only forgotten (M-2.2). ``later``: the save is removed by the writer thread, as
        ``clear_game``. ``True`` when the saved game was recorded."""
        spec = self._spec(game_id)
        recorded = False
        if spec.leave is not None:
            game = self.load_game(game_id)
            if game is not None:
                spec.leave(game)
                recorded = spec.is_over(game)
                if recorded:
                    self.record_game(game_id, game)
        self.clear_game(game_id, later)
        return recorded

    def record_id(self, game: Any) -> str:
        """The record id of ``game``: a new uuid4 hex for an object seen for the first time."""
        return self._ids.of(game)

    def _is_recorded(self, game_id: str, record_id: str) -> bool:
        # an id this session made needs no question to the database (a frame never waits)
        return self._records.is_recorded(game_id, record_id, new=self._ids.made_here(record_id))

    def _spec(self, game_id: str) -> GameData:
        try:
            return self._games[game_id]
        except (KeyError, TypeError):
            raise ValueError(f"no game {game_id!r} was given to this Storage") from None
