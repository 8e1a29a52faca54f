"""The arcade's storage: settings, every finished game's record, one saved game per game, the log.

This package (with ``engine/assets.py``) is the only code that touches files. Nothing in here
raises to the caller because of a file: a missing file means defaults, a damaged one is set
aside, a failed write returns ``False``. What the player should hear about is appended to
``Storage.notices`` as a :class:`Notice` (a translation key and its parameters):
``notice.corrupt`` / ``notice.unreadable`` ``{"file": name}``, ``notice.save_failed`` ``{}``,
``notice.no_data_dir`` ``{"path": ...}``. Games plug in with a :class:`GameData` each; their data
is kept apart by game id (``[a-z0-9_]+``).

Files in ``data_dir`` (default :data:`DEFAULT_DIR`), each one JSON object, UTF-8, version 2
(v1 files are migrated, see :mod:`~game.arcade.storage.migrations`)::

    settings.json       {"version": 2,
                         "settings": {"language": "en", "music_volume": 0.6,
                                      "effects_volume": 0.9, "music_muted": false,
                                      "effects_muted": false, "fullscreen": false,
                                      "reduced_motion": false, "idle_seconds": 90,
                                      "kiosk_pin_hash": "" | "pbkdf2_sha256$<n>$<salt>$<hash>",
                                      "window": null | {"x", "y", "w", "h", "display"},
                                      "last_game": "magdagdon"},
                         "games": {"magdagdon": {<its SettingFields>}, "querni": {...},
                                   "<unknown id>": <kept as it is>}}
    scores.json         {"version": 2,
                         "games": {"<id>": {"records": [record, ...],
                                            "recorded": ["<record id>", ...]},
                                   "<unknown id>": <kept as it is>}}
                        record = {"id": "<uuid4 hex>", "date": "2026-11-30T02:15:00Z",
                                  "variant": "PEACEFUL", "initials": "ABC",
                                  <the game's record fields, e.g. "score": 450, "turns": 16>}
    saves/<id>.json     {"version": 2, "game": "<id>", "id": "<record id>",
                         "saved_at": "2026-11-30T02:15:00Z", "state": <the game's encode()>}
    games/<id>-<stamp>-<record id>.json
                        a game's own document of one finished game (``GameData.document``,
                        e.g. QUERNI's replayable record), written once when the game is
                        recorded; its ``"format"`` names the game (``document_format``)
    magdagdon.log       the log (3 × 512 KB, rotating; never spills onto stderr)
    .lock, .scores.lock, .raise-request   see :mod:`~game.arcade.storage.lock`

**Every** finished game is a record (statistics are built from them); the high-score tables
are derived per variant (the best ``table_size``, ranked by the rules' ``rank``, ties keep the
earlier record first). ``recorded`` lists ids known to be recorded without a record (games that
missed a v1 table). ``scores.json`` (written compact) may grow to :data:`SCORES_MAX_BYTES`:
10,000 MAGDAGDON records are about 1.6 MB. Settings and saves are capped at 1 MB.

``Storage("")`` (and ``"~nouser/x"``) raise ``ValueError``: an empty folder name would mean the
working directory. Every other problem with the folder means memory mode (below).

Reading (:mod:`~game.arcade.storage.jsonfile` and :mod:`~game.arcade.storage.versioned` have
the details): only regular files, opened without blocking (a FIFO never hangs the start),
symlinks followed but never written through; a file that is not UTF-8 JSON, not an object,
too big, has a version that is not an int, or the wrong shape is set aside as
``<name>.corrupt-<stamp>`` with ``notice.corrupt``; a file without read permission is left in
place with ``notice.unreadable`` and never overwritten (that name lives in memory for the
session). A file of a **newer** version (a newer game ran on this folder) is not corrupt: a copy
is kept as ``<name>.newer-v<N>-<stamp>``, one line is logged and what this build understands is
used. A migrated file is rewritten as v2 at once; its original is kept as ``<name>.v1-backup``.

Settings are validated field by field (:mod:`~game.arcade.storage.settings`); one malformed
record, or a record id twice within a game, makes ``scores.json`` corrupt; a save must decode.

Writing is atomic (temp file, fsync, ``os.replace``, folder fsync). When a write fails the
method returns ``False``, ``notice.save_failed`` comes once per failure streak, every later
save tries again, and records that could not be written are written with the next save of any
kind. Before ``scores.json`` is written it is re-read (when it changed since this process last
saw it) and merged by game id and record id, under a short OS lock, so two writers never lose a
finished game.

Recording a finished game writes ``scores.json`` first and removes its save second. A kill in
between leaves a finished save whose id is recorded: the next ``load_game`` (or
:meth:`Storage.check_files` at start) sees that and only removes the save. A save whose id is
recorded is never resumed.

When ``data_dir`` cannot be created, ``writable`` is ``False``, ``notice.no_data_dir`` is
appended and everything lives in memory for the session; the save methods return ``False``.
Return values of the save methods mean "the change is on disk"; the in-memory state is updated
either way. A ``Storage`` is not thread-safe; one process per folder is what :class:`DataLock`
is for.
"""

from __future__ import annotations

import json
import logging
import os
import uuid
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import platformdirs

from game.arcade.storage.gamedata import (
    RECORD_ID_RE,
    GameData,
    SettingField,
    iso_date,
    normalise_initials,
    stamp,
    utcnow,
)
from game.arcade.storage.jsonfile import (
    MAX_BYTES,
    STALE_TEMP_SECONDS,
    Corrupt,
    JsonStore,
    Notice,
    Unreadable,
    atomic_write,
    decode,
    read_regular,
)
from game.arcade.storage.lock import SCORES_LOCK_FILE, DataLock, exclusive
from game.arcade.storage.logfile import LOG_FILE, open_log
from game.arcade.storage.migrations import LEGACY_GAME, LEGACY_SAVE_FILE, upgrade
from game.arcade.storage.pin import hash_pin, valid_pin, verify_pin
from game.arcade.storage.records import (
    RESERVED,
    GameRecords,
    Record,
    RecordBook,
    build_table,
    merge_books,
    parse_scores,
)
from game.arcade.storage.saves import SAVES_DIR, parse_save, save_name, save_to_json, saved_id
from game.arcade.storage.settings import Settings, parse_settings, settings_to_json
from game.arcade.storage.versioned import PARSE_ERRORS, VersionedFiles

__all__ = [
    "DEFAULT_DIR", "DOCUMENT_MAX_BYTES", "GAMES_DIR",
    "LEGACY_SAVE_FILE", "LOG_FILE", "MAX_BYTES", "SAVES_DIR", "SCORES_FILE",
    "SCORES_MAX_BYTES", "SETTINGS_FILE", "STALE_TEMP_SECONDS", "DataLock", "GameData", "Notice",
    "Record", "SettingField", "Settings", "Storage", "hash_pin", "iso_date", "normalise_initials",
    "resolve_data_dir", "save_name", "utcnow", "valid_pin", "verify_pin",
]

log = logging.getLogger(__name__)

APP_NAME = "magdagdon"
DEFAULT_DIR = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
SETTINGS_FILE = "settings.json"
SCORES_FILE = "scores.json"
SCORES_MAX_BYTES = 64 * 1024 * 1024
GAMES_DIR = "games"
DOCUMENT_MAX_BYTES = 4 * 1024 * 1024
"""The size cap of one game document (a long QUERNI game is a few dozen KB)."""


def resolve_data_dir(data_dir: Path | str | None) -> Path:
    """The data folder ``data_dir`` names (``None``: :data:`DEFAULT_DIR`); ``ValueError`` for
    an empty name (it would write into the working directory) or a ``~user`` that does not
    exist."""
    if data_dir is None:
        return DEFAULT_DIR
    if isinstance(data_dir, str) and not data_dir.strip():
        raise ValueError("the data folder is empty: give a folder, or leave it out for the default")
    expanded = os.path.expanduser(os.fspath(data_dir))
    if expanded.startswith("~"):
        raise ValueError(f"the data folder {str(data_dir)!r} names a home folder that is not there")
    return Path(expanded)


class Storage:
    """The player's settings, every game's records and saved game, in ``data_dir``."""

    def __init__(self, data_dir: Path | str | None = None, games: Sequence[GameData] = (),
                 clock: Callable[[], datetime] = utcnow) -> None:
        self.data_dir = resolve_data_dir(data_dir)
        self._games: dict[str, GameData] = {}
        for game in games:
            if not isinstance(game, GameData) or game.id in self._games:
                raise ValueError(f"games must be GameData with distinct ids, not {game!r}")
            self._games[game.id] = game
        self.clock = clock
        self.notices: list[Notice] = []
        self.last_recorded: str | None = None
        self._store = JsonStore(self.data_dir, clock, self.notices, subdirs=(SAVES_DIR, GAMES_DIR))
        self._files = VersionedFiles(self._store)
        self._ids: dict[int, tuple[Callable[[], Any], str]] = {}
        self._book: RecordBook | None = None  # loaded on first use
        self._book_key: tuple[int, int, int] | None = None  # scores.json as last seen
        self._changed: dict[str, set[str]] = {}  # initials set since the last write
        self._tables: dict[tuple[str, str], list[Record]] = {}
        self._scores_dirty = False
        self._legacy_done = False

    @property
    def writable(self) -> bool:
        """``False`` when the data folder could not be created (everything is in memory)."""
        return self._store.writable

    @property
    def games(self) -> Mapping[str, GameData]:
        return dict(self._games)

    def check_files(self) -> None:
        """Read every file now, at start: a damaged one is set aside (with its notice), a v1
        one migrated, a finished save recorded, a recorded save removed."""
        self.load_settings()
        self._records()
        for game_id in self._games:
            self.load_game(game_id)

    def log_handler(self) -> logging.Handler | None:
        """A rotating log file in the data folder (``magdagdon.log``), or ``None``."""
        return open_log(self.data_dir) if self.writable else None

    # --- settings ------------------------------------------------------------------------------

    def load_settings(self) -> Settings:
        """The saved settings; defaults when missing or corrupt, per field when a value is bad."""
        found = self._files.read(SETTINGS_FILE, "settings", MAX_BYTES,
                                 lambda data, strict: parse_settings(data, self._games, strict))
        return Settings.for_games(self._games.values()) if found is None else found

    def has_settings(self) -> bool:
        """Whether a settings file exists (``False`` on a first start, or after a corrupt one
        was set aside); call it after ``load_settings`` to tell defaults from choices."""
        return self._store.exists(SETTINGS_FILE)

    def save_settings(self, settings: Settings, later: bool = False) -> bool:
        """Write ``settings`` (invalid values as their defaults); ``True`` when on disk.
        ``later``: by the writer thread (``True`` once queued), as ``save_game``."""
        self._retry_pending()
        payload = settings_to_json(settings, self._games)
        if later:
            return self._store.write_later(SETTINGS_FILE, payload, compact=False)
        return self._store.write(SETTINGS_FILE, payload)

    # --- records and tables (M-8) ------------------------------------------------------------

    def record_game(self, game_id: str, game: Any, initials: str = "", **extra: Any) -> int | None:
        """Record a finished ``game`` once (by record id) and clear its save.

        ``extra`` fields (e.g. ``hints=2``) go into the record. Returns the 0-based rank in its
        variant's table (ranked games), or ``None``: not ranked, missed the table, recorded
        before (also in an earlier session) or not over. ``scores.json`` is written before the
        save is removed; if it cannot be written the save is kept (the record stays in memory
        and is written with the next save). ``ValueError`` for initials other than up to three
        letters A-Z, an unknown game id, or a record the game's own ``check_record`` refuses.
        """
        spec = self._spec(game_id)
        initials = normalise_initials(initials)
        if not spec.is_over(game):
            return None
        record_id = self.record_id(game)
        if self._records().games[game_id].has(record_id):
            self._remove_save_of(game_id, record_id)
            return None
        fields = dict(spec.make_record(game))
        variant = fields.pop("variant", None)
        clash = sorted((set(fields) | set(extra)) & {*RESERVED, "variant"})
        fields.update(extra)
        if not (isinstance(variant, str) and 0 < len(variant) <= 64) or clash:
            raise ValueError(f"a record needs a 'variant' string and none of {clash}")
        json.dumps(fields, allow_nan=False)  # TypeError/ValueError: not JSON-safe
        spec.check_record({"variant": variant, **fields})
        record = Record(record_id, iso_date(self.clock()), variant, initials, fields)
        self._records().games[game_id].add(record)
        self._tables.clear()
        self.last_recorded = record_id
        if spec.document is not None:
            self.write_game_document(game_id, record_id, spec.document(game))
        if self._write_scores() or not self.writable:
            self._remove_save_of(game_id, record_id)
        return self._rank_of(game_id, record)

    def records(self, game_id: str) -> list[Record]:
        """Every record of ``game_id``, oldest first (recording order)."""
        self._spec(game_id)
        return list(self._records().games[game_id].records)

    def table(self, game_id: str, variant: str) -> list[Record]:
        """The best ``table_size`` records of ``variant``, best first (``[]`` if not ranked)."""
        spec = self._spec(game_id)
        if spec.score_of is None:
            return []
        key = (game_id, variant)
        if key not in self._tables:
            self._tables[key] = build_table(self._records().games[game_id].records, variant,
                                            spec.score_of, spec.rank, spec.table_size)
        return list(self._tables[key])

    def reset_records(self) -> str | None:
        """Start every game's records (high scores, statistics) afresh; the old ``scores.json``
        is kept first as ``scores.json.backup-<UTC stamp>``. Returns the backup's name (``None``
        when there was nothing to keep); ``OSError`` when the backup cannot be written (then
        nothing is reset)."""
        backup: str | None = None
        with exclusive(self.data_dir / SCORES_LOCK_FILE):
            loaded = None if self._store.in_memory(SCORES_FILE) else self._store.read(
                SCORES_FILE, SCORES_MAX_BYTES)
            if loaded is not None:
                target = self._store.free_name(f"{SCORES_FILE}.backup-{stamp(self.clock())}")
                atomic_write(target, loaded.raw)
                backup = target.name
            self._book = RecordBook(games={game_id: GameRecords() for game_id in self._games})
            self._tables.clear()
            self._changed.clear()
            self.last_recorded = None
            self._store.write(SCORES_FILE, self._book.to_json(), SCORES_MAX_BYTES, compact=True)
            self._book_key = self._store.stat_key(SCORES_FILE)
        log.info("records reset%s", f"; the old ones are in {backup}" if backup else "")
        return backup

    def set_initials(self, game_id: str, record_id: str, initials: str) -> bool:
        """Put ``initials`` on a record; ``True`` when it was found and written to disk.

        ``ValueError`` for initials other than up to three letters A-Z.
        """
        self._spec(game_id)
        initials = normalise_initials(initials)
        section = self._records().games[game_id]
        record = section.get(record_id)
        if record is None:
            return False
        section.replace(replace(record, initials=initials))
        self._changed.setdefault(game_id, set()).add(record_id)
        self._tables.clear()
        return self._write_scores()

    # --- game documents ------------------------------------------------------------------------

    def write_game_document(self, game_id: str, record_id: str, payload: dict) -> bool:
        """Write ``payload`` as ``games/<game id>-<UTC stamp>-<record id>.json`` (atomically);
        ``True`` when it is on disk. ``ValueError`` for an unknown game or a bad record id."""
        self._spec(game_id)
        if not (isinstance(record_id, str) and RECORD_ID_RE.fullmatch(record_id)):
            raise ValueError(f"bad record id {record_id!r}")
        name = f"{GAMES_DIR}/{game_id}-{stamp(self.clock())}-{record_id}.json"
        return self._store.write(name, payload, DOCUMENT_MAX_BYTES)

    def game_documents(self, game_id: str) -> list[tuple[str, dict]]:
        """Every valid document of ``game_id`` in ``games/`` as (file name, data), oldest
        first; a damaged one (not JSON, too big, or refused by ``check_document``) is set aside
        like any data file (``<name>.corrupt-<stamp>``, with its notice)."""
        spec = self._spec(game_id)
        folder = self.data_dir / GAMES_DIR
        if not self.writable or not folder.is_dir():
            return []
        try:
            names = sorted(p.name for p in folder.iterdir()
                           if p.name.startswith(f"{game_id}-") and p.name.endswith(".json"))
        except OSError as error:
            log.warning("cannot list %s: %s", folder, error)
            return []
        found = []
        for file_name in names:
            data = self._checked_document(f"{GAMES_DIR}/{file_name}", spec)
            if data is not None:
                found.append((file_name, data))
        return found

    def load_document(self, path: Path | str) -> tuple[str, dict] | None:
        """(game id, data) of the game document at ``path`` (``--replay``), checked by the game
        its ``"format"`` names; ``None`` when it cannot be used. A damaged document inside this
        data folder's ``games/`` is set aside; one elsewhere is only logged (not ours)."""
        path = Path(path)
        ours = self.writable and path.resolve().parent == (self.data_dir / GAMES_DIR).resolve()
        if ours:
            loaded = self._store.load(f"{GAMES_DIR}/{path.name}", DOCUMENT_MAX_BYTES)
            data = None if loaded is None else loaded.data
        else:
            try:
                raw = read_regular(path, DOCUMENT_MAX_BYTES)
                data = None if raw is None else decode(raw)
            except (Corrupt, Unreadable) as error:
                log.warning("cannot read the game document %s: %s", path, error)
                data = None
        if data is None:
            return None
        spec = next((g for g in self._games.values() if g.document_format is not None
                     and g.document_format == data.get("format")), None)
        why = "no game writes this format" if spec is None else self._document_error(spec, data)
        if why is None and spec is not None:
            return spec.id, data
        if ours:
            self._store.set_aside(f"{GAMES_DIR}/{path.name}", why or "")
        else:
            log.warning("%s is not a game document this arcade can use: %s", path, why)
        return None

    def _checked_document(self, name: str, spec: GameData) -> dict | None:
        loaded = self._store.load(name, DOCUMENT_MAX_BYTES)
        if loaded is None:
            return None
        why = self._document_error(spec, loaded.data)
        if why is not None:
            self._store.set_aside(name, why)
            return None
        return loaded.data

    @staticmethod
    def _document_error(spec: GameData, data: dict) -> str | None:
        """Why ``data`` is not a valid document of ``spec``'s game, or ``None``."""
        if spec.document_format is not None and data.get("format") != spec.document_format:
            return f"format {data.get('format')!r}, expected {spec.document_format!r}"
        if spec.check_document is not None:
            try:
                spec.check_document(data)
            except PARSE_ERRORS as error:
                return f"wrong shape: {str(error)[:200]}"
        return None

    # --- saved games ---------------------------------------------------------------------------

    def save_game(self, game_id: str, game: Any, later: bool = False) -> bool:
        """Autosave ``game`` atomically; ``True`` when it is on disk. A game that is already
        recorded is not saved: its save is removed instead. ``later`` (the autosave after a
        move): the bytes are made now and written by the writer thread, ``True`` once they
        are queued (``JsonStore.write_later``); everything else waits for them."""
        spec = self._spec(game_id)
        self._retry_pending()
        self._settle_legacy(game_id)
        record_id = self.record_id(game)
        if self._is_recorded(game_id, record_id):
            removed = self._remove_save_of(game_id, record_id)
            return removed and not self._store.in_memory(save_name(game_id))
        try:
            payload = save_to_json(spec, record_id, iso_date(self.clock()), game)
        except (TypeError, ValueError) as error:
            log.error("cannot encode the %s game to save it: %s", game_id, error)
            self._store.failed()
            return False
        if later:
            return self._store.write_later(save_name(game_id), payload)
        # compact: the C encoder, ~10× faster than an indented one (a save is written after
        # every move, inside a frame)
        return self._store.write(save_name(game_id), payload, compact=True)

    def settle(self) -> None:
        """Wait until what was queued so far (``later=True``: saves, settings, removals) is
        done on disk: what another run reading this folder now finds."""
        self._store.settle()

    def close(self) -> None:
        """Write the saves still queued (``save_game(later=True)``); at the end of a run."""
        self._store.close()

    def load_game(self, game_id: str) -> Any | None:
        """The saved unfinished game, registered under its saved record id; else ``None``.

        A finished save is recorded (once) and cleared; a save whose game is already recorded
        is cleared; a corrupt one is set aside with a notice.
        """
        spec = self._spec(game_id)
        self._settle_legacy(game_id)
        name = save_name(game_id)
        found = self._files.read(name, "save", MAX_BYTES,
                                 lambda data, strict: parse_save(data, spec))
        if found is None and game_id == LEGACY_GAME and not self._legacy_done:
            found = self._peek_legacy()  # could not be moved (disk full): play it from memory
        if found is None:
            return None
        record_id, game = found
        self._register(game, record_id)
        if spec.is_over(game):
            self.record_game(game_id, game)
            return None
        if self._is_recorded(game_id, record_id):
            self._store.remove(name)
            return None
        return game

    def has_saved_game(self, game_id: str) -> bool:
        """Whether ``load_game`` would return a game. A pure query for the title screen: it
        reads the save (no recording, no deleting, no setting aside: a damaged or finished save
        simply gives ``False``; ``load_game`` or :meth:`check_files` deal with those). The
        records are loaded first if nothing has needed them yet (cached from then on)."""
        spec = self._spec(game_id)
        try:
            loaded = self._store.read(save_name(game_id))
        except (Corrupt, Unreadable):
            return False
        found: tuple[str, Any] | None
        if loaded is None:
            found = self._peek_legacy() if game_id == LEGACY_GAME else None
        else:
            found = self._files.peek(loaded.data, "save",
                                     lambda data, strict: parse_save(data, spec))
        if found is None:
            return False
        record_id, game = found
        return not spec.is_over(game) and not self._is_recorded(game_id, record_id)

    def clear_game(self, game_id: str, later: bool = False) -> None:
        """Forget the saved game (M-2.2: an abandoned game is not recorded). ``later``: the
        file is removed by the writer thread, as ``save_game``."""
        self._spec(game_id)
        names = [save_name(game_id)]
        if game_id == LEGACY_GAME and self._store.exists(LEGACY_SAVE_FILE):
            names.append(LEGACY_SAVE_FILE)
        for name in names:
            if later:
                self._store.remove_later(name)
            else:
                self._store.remove(name)

    def record_id(self, game: Any) -> str:
        """The record id of ``game``: a new uuid4 hex for an object seen for the first time."""
        entry = self._ids.get(id(game))
        if entry is not None and entry[0]() is game:
            return entry[1]
        record_id = uuid.uuid4().hex
        self._register(game, record_id)
        return record_id

    # --- internals: games and ids --------------------------------------------------------------

    def _spec(self, game_id: str) -> GameData:
        try:
            return self._games[game_id]
        except (KeyError, TypeError):
            raise ValueError(f"no game {game_id!r} was given to this Storage") from None

    def _register(self, game: Any, record_id: str) -> None:
        """Remember ``game``'s id for as long as the object lives (by identity, weakly)."""
        key = id(game)
        ids = self._ids

        def forget(_dead: object) -> None:
            ids.pop(key, None)

        def strong() -> Any:
            return game

        ref: Callable[[], Any]
        try:
            ref = weakref.ref(game, forget)
        except TypeError:  # not weak-referenceable: kept alive for the session
            ref = strong
        ids[key] = (ref, record_id)

    # --- internals: records --------------------------------------------------------------------

    def _records(self) -> RecordBook:
        if self._book is None:
            found = self._read_scores()
            if found is None:
                found = RecordBook(games={game_id: GameRecords() for game_id in self._games})
            self._book = found
            self._book_key = self._store.stat_key(SCORES_FILE)
        return self._book

    def _read_scores(self) -> RecordBook | None:
        return self._files.read(SCORES_FILE, "scores", SCORES_MAX_BYTES,
                                lambda data, strict: parse_scores(data, self._games, strict),
                                compact=True)

    def _is_recorded(self, game_id: str, record_id: str) -> bool:
        return self._records().games[game_id].has(record_id)

    def _rank_of(self, game_id: str, record: Record) -> int | None:
        for position, row in enumerate(self.table(game_id, record.variant)):
            if row.id == record.id:
                return position
        return None

    def _write_scores(self) -> bool:
        """Merge with what is on disk now and write; ``True`` when on disk."""
        book = self._records()
        if self._store.in_memory(SCORES_FILE):
            self._scores_dirty = False
            return False
        with exclusive(self.data_dir / SCORES_LOCK_FILE):
            key = self._store.stat_key(SCORES_FILE)
            if key is not None and key != self._book_key:
                disk = self._read_scores()
                if disk is not None:
                    book = self._book = merge_books(disk, book, self._changed)
                    self._tables.clear()
            stored = self._store.write(SCORES_FILE, book.to_json(), SCORES_MAX_BYTES,
                                       compact=True)
            if stored:
                self._book_key = self._store.stat_key(SCORES_FILE)
                self._changed.clear()
        self._scores_dirty = not stored and not self._store.in_memory(SCORES_FILE)
        return stored

    def _retry_pending(self) -> None:
        """Records that could not be written are tried again with every save."""
        if self._scores_dirty:
            self._write_scores()

    # --- internals: saves ------------------------------------------------------------------

    def _remove_save_of(self, game_id: str, record_id: str) -> bool:
        """Remove ``game_id``'s save if it is the save of ``record_id``; ``True`` unless a
        removal failed."""
        name = save_name(game_id)
        try:
            loaded = self._store.read(name)
        except (Corrupt, Unreadable):
            return True
        if loaded is None or saved_id(loaded.data) != record_id:
            return True
        return self._store.remove(name)

    def _peek_legacy(self) -> tuple[str, Any] | None:
        """The v1 ``savegame.json``'s game, read without any side effect."""
        spec = self._games.get(LEGACY_GAME)
        if spec is None:
            return None
        try:
            loaded = self._store.read(LEGACY_SAVE_FILE)
        except (Corrupt, Unreadable):
            return None
        if loaded is None or loaded.data.get("version") != 1:
            return None
        return self._files.peek(loaded.data, "save", lambda data, strict: parse_save(data, spec))

    def _settle_legacy(self, game_id: str) -> None:
        """Move v1's ``savegame.json`` to ``saves/magdagdon.json`` (once; the old file is kept
        as ``savegame.json.v1-backup`` and removed only after the new one is written)."""
        if game_id != LEGACY_GAME or self._legacy_done:
            return
        self._legacy_done = True
        spec = self._games[LEGACY_GAME]
        loaded = self._store.load(LEGACY_SAVE_FILE)
        if loaded is None:
            return
        version = loaded.data.get("version")
        try:
            if type(version) is not int or version != 1:
                raise ValueError(f"unknown version {version!r}")
            data = upgrade("save", loaded.data)
            record_id, game = parse_save(data, spec)
            data["state"] = spec.encode(game)
        except PARSE_ERRORS as error:
            self._store.set_aside(LEGACY_SAVE_FILE, f"wrong shape: {str(error)[:200]}")
            return
        name = save_name(LEGACY_GAME)
        existing = self._store.load(name)  # a damaged one is set aside, an unreadable one kept
        if existing is not None and saved_id(existing.data) != record_id:
            # an older copy of the game ran after a newer one: keep the newer one's save too
            self._store.keep_copy(name, f"replaced-{stamp(self.clock())}", existing.raw,
                                  same_as="replaced-")
        if not self._store.keep_copy(LEGACY_SAVE_FILE, "v1-backup", loaded.raw):
            self._legacy_done = False
            return
        if self._store.write(name, data) and self._store.remove(LEGACY_SAVE_FILE):
            log.info("%s moved to %s (the original is %s.v1-backup)", LEGACY_SAVE_FILE, name,
                     LEGACY_SAVE_FILE)
        else:
            self._legacy_done = False

