"""The game in progress: one saved game per game id, in ``saves/<game id>.json``.

A save is the whole state (the game's ``encode``, its random generator included) plus the id its
record will get, so a game resumed after a kill is recorded under the same id, and a save whose
id is already recorded can be recognised (it is then never resumed, only removed). One file per
game keeps the games apart: resuming one game never touches another's save.

A **finished** game waits in ``saves/<game id>.<record id>.finished.json`` (``{"version": 2,
"game", "record": <the record as stored>}``) from the moment it is recorded until its record
is committed to ``arcade.db``: a database another program holds locked, or one that may not
be written, keeps it there (the next game's save does not replace it), and the next start
records it.

A save a game wrote before ``saves/`` existed (``GameMigrations.save_file``) is moved there
once, through the game's ``"save"`` migrations: the old file is kept as
``<name>.v<N>-backup`` first and removed only after the new one is written; until then it is
played from where it is. When the game's new save holds another game, that save is kept too
(``<id>.json.replaced-<stamp>``): an older copy of the arcade ran after a newer one.

A game object carries no id of its own (the rules know nothing of storage): :class:`RecordIds`
keeps it beside the object, by identity, for as long as the object lives.

**Versions.** :class:`VersionedFiles` is the one place that decides what a file's version means:

* the **current** version is parsed strictly; a file of the wrong shape is corrupt (set aside);
* an **older** version is migrated (by the games' own steps,
  :mod:`~game.arcade.storage.gamedata`), parsed strictly, and at once rewritten as the
  current version, its original kept as ``<name>.v<N>-backup`` (when the backup cannot be
  written, the file is left as it is and the next write of it makes the backup first: a
  migrated file is never overwritten without its original kept);
* a **newer** version (a newer game ran on this folder, then this older one) is not corrupt: a
  copy is kept as ``<name>.newer-v<N>-<stamp>`` (once per content), one line is logged (once per
  session), and the file is parsed leniently, keeping what this build understands;
* no version, a version that is not an int (``true``, ``"2"``, ``2.0``) or below 1: corrupt.

``parse(data, strict)`` turns a current-version document into the caller's value and raises
``ValueError`` (or ``TypeError``/``KeyError``...) when ``strict`` and the shape is wrong.

**scores.json into arcade.db**, once, with nothing lost. Before ``arcade.db`` every record
lived in ``scores.json``. Each time the database is opened (a step of
:func:`~game.arcade.storage.schema.migrate`) and finds that file, it reads it as it always did
(a version 1 file is migrated first, a damaged one set aside, a newer one read as far as it
can be), adds every record that is not in
the database yet (file order kept, so tables and statistics come out as before; a record that
is there already only takes initials it lacks), the ids recorded without a record, and the
sections of games this version does not know (kept as they were, and taken in as records as
soon as a version that knows the game opens the database). All of it is one transaction; only
once it is committed is the file renamed ``scores.json.migrated`` (``-2``, ``-3``… when
taken), where it stays as a backup that is never read again.

So a kill at any point loses nothing: before the commit the file is still there and is read
again next time; after it, reading it again adds nothing. An older copy of the arcade that
wrote a new ``scores.json`` afterwards has its records taken in the same way.
"""

from __future__ import annotations

import json
import logging
import os
import re
import uuid
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

from game.arcade.storage.files import Corrupt, Unreadable, sync_dir
from game.arcade.storage.gamedata import (
    CURRENT,
    RECORD_ID_RE,
    GameData,
    Migrations,
    Record,
    RecordBook,
    is_iso_date,
    iso_date,
    parse_scores,
    parse_section,
    record_from_json,
    stamp,
)
from game.arcade.storage.jsonfile import MAX_BYTES, JsonStore

if TYPE_CHECKING:  # the database's modules load with the records, after the title shows
    import sqlite3

    from game.arcade.storage.recordsql import RecordSql

PARSE_ERRORS = (ValueError, TypeError, KeyError, IndexError, RecursionError)
T = TypeVar("T")
Parse = Callable[[dict[str, Any], bool], T]


class VersionedFiles:
    """Versioned reads (with their migrations and copies) on top of a :class:`JsonStore`."""

    def __init__(self, store: JsonStore, migrations: Migrations) -> None:
        self.store = store
        self.migrations = migrations
        self._newer_logged: set[tuple[str, int]] = set()

    def read(self, name: str, kind: str, cap: int, parse: Parse[T], compact: bool = False,
             game_id: str | None = None) -> T | None:
        """``name`` as the current version of ``kind`` (a save: of ``game_id``), or ``None``
        (missing, corrupt: set aside, unreadable: reported, or a newer file of which nothing
        could be used)."""
        loaded = self.store.load(name, cap)
        if loaded is None:
            return None
        version = loaded.data.get("version")
        if type(version) is int and version > CURRENT[kind]:
            self._keep_newer(name, version, loaded.raw)
            try:
                return parse(loaded.data, False)
            except PARSE_ERRORS as error:
                log.warning("nothing of %s could be used: %s", name, error)
                return None
        try:
            if type(version) is not int or version < 1:
                raise ValueError(f"unknown version {version!r}")
            data = (loaded.data if version == CURRENT[kind]
                    else self.migrations.upgrade(kind, loaded.data, game_id))
            result = parse(data, True)
        except PARSE_ERRORS as error:
            self.store.set_aside(name, f"wrong shape: {str(error)[:200]}")
            return None
        migrated = version < CURRENT[kind]
        if (migrated and self.store.keep_copy(name, f"v{version}-backup", loaded.raw)
                and self.store.write(name, data, cap, compact)):
            log.info("%s migrated from version %d to %d (the original is %s.v%d-backup)",
                     name, version, CURRENT[kind], name, version)
        return result

    def peek(self, data: dict[str, Any], kind: str, parse: Parse[T],
             game_id: str | None = None) -> T | None:
        """Like :meth:`read` on an already read document, without any side effect."""
        version = data.get("version")
        try:
            if type(version) is not int or version < 1:
                return None
            if version > CURRENT[kind]:
                return parse(data, False)
            if version < CURRENT[kind]:
                data = self.migrations.upgrade(kind, data, game_id)
            return parse(data, True)
        except PARSE_ERRORS:
            return None

    def _keep_newer(self, name: str, version: int, raw: bytes) -> None:
        label = f"newer-v{version}-{stamp(self.store.clock())}"
        self.store.keep_copy(name, label, raw, same_as=f"newer-v{version}-")
        if (name, version) not in self._newer_logged:
            self._newer_logged.add((name, version))
            log.warning("%s is version %d, newer than this game knows: a copy is kept as "
                        "%s.newer-v%d-*, and what this version understands is used",
                        name, version, name, version)


log = logging.getLogger(__name__)

VERSION = 2
SAVES_DIR = "saves"


FINISHED_RE = re.compile(r"(?P<game>[a-z0-9_]+)\.(?P<record>[0-9A-Za-z_-]{1,64})\.finished\.json")


def save_name(game_id: str) -> str:
    """The file of ``game_id``'s save, relative to the data folder."""
    return f"{SAVES_DIR}/{game_id}.json"


def finished_name(game_id: str, record_id: str) -> str:
    """The file a finished game waits in until its record is committed."""
    return f"{SAVES_DIR}/{game_id}.{record_id}.finished.json"


def save_to_json(game: GameData, record_id: str, saved_at: str, obj: Any) -> dict[str, Any]:
    """The v2 document of a save (``encode`` may raise for a game that cannot be saved)."""
    return {"version": VERSION, "game": game.id, "id": record_id, "saved_at": saved_at,
            "state": game.encode(obj)}


def saved_id(data: dict[str, Any]) -> str | None:
    """The record id a save document names, without decoding the game (``None`` if bad)."""
    record_id = data.get("id")
    return record_id if isinstance(record_id, str) and RECORD_ID_RE.fullmatch(record_id) else None


def parse_save(data: dict[str, Any], game: GameData) -> tuple[str, Any]:
    """``(record id, game object)`` from a v2 save; ``ValueError`` when anything is wrong."""
    if data.get("game") != game.id:
        raise ValueError(f"the save belongs to {data.get('game')!r}, not {game.id!r}")
    record_id = saved_id(data)
    if record_id is None:
        raise ValueError(f"bad record id {data.get('id')!r}")
    if not is_iso_date(data.get("saved_at")):
        raise ValueError(f"bad saved_at {data.get('saved_at')!r}")
    if not isinstance(data.get("state"), dict):
        raise ValueError("the save has no 'state' object")
    try:
        obj = game.decode(data["state"])
    except (TypeError, KeyError, IndexError, RecursionError, ArithmeticError) as error:
        # ArithmeticError: a number out of range for what consumes it (OverflowError)
        raise ValueError(f"the saved state does not decode: {error}") from None
    return record_id, obj


class SaveFiles:
    """Every game's save: written, read as ``(record id, game)``, peeked at and removed."""

    def __init__(self, files: VersionedFiles, games: Mapping[str, GameData],
                 clock: Callable[[], datetime]) -> None:
        self._store = files.store
        self._files = files
        self._games = games
        self._clock = clock
        self._moved: set[str] = set()  # games whose older save was moved (or tried)
        self._finished: set[tuple[str, str]] = set()  # finished files written or found

    def write(self, game_id: str, record_id: str, obj: Any, later: bool = False) -> bool:
        """Save ``obj`` atomically; ``True`` when on disk (``later``: once queued)."""
        try:
            payload = save_to_json(self._games[game_id], record_id, iso_date(self._clock()), obj)
        except (TypeError, ValueError) as error:
            log.error("cannot encode the %s game to save it: %s", game_id, error)
            self._store.failed()
            return False
        if later:
            return self._store.write_later(save_name(game_id), payload)
        # compact: the C encoder, ~10× faster than an indented one (a save is written after
        # every move, inside a frame)
        return self._store.write(save_name(game_id), payload, compact=True)

    def keep_finished(self, game_id: str, record: Record) -> None:
        """Keep ``record`` on disk until it is committed (by the writer thread; from any
        thread)."""
        self._finished.add((game_id, record.id))
        self._store.write_later(finished_name(game_id, record.id),
                                {"version": VERSION, "game": game_id, "record": record.to_json()})

    def keeps_finished(self, game_id: str, record_id: str) -> bool:
        """Whether the record waits in a finished file."""
        return (game_id, record_id) in self._finished

    def drop_finished(self, game_id: str, record_id: str) -> None:
        """The record is committed: its finished file, if it has one, goes (by the writer
        thread)."""
        if (game_id, record_id) in self._finished:
            self._finished.discard((game_id, record_id))
            self._store.remove_later(finished_name(game_id, record_id))

    def finished(self) -> Iterator[tuple[str, Record, str]]:
        """(game id, record, file name) of every finished game waiting in ``saves/``, oldest
        first (a damaged file is set aside)."""
        folder = self._store.folder(SAVES_DIR)
        if folder is None or self._store.in_memory(f"{SAVES_DIR}/"):
            return
        try:
            with os.scandir(folder) as listing:
                names = sorted((entry.stat(follow_symlinks=False).st_mtime_ns, entry.name)
                               for entry in listing if FINISHED_RE.fullmatch(entry.name))
        except OSError as error:
            log.warning("cannot list %s for finished games: %s", SAVES_DIR, error)
            return
        for _, file_name in names:
            match = FINISHED_RE.fullmatch(file_name)
            assert match is not None
            game = self._games.get(match["game"])
            if game is None:
                continue
            name = f"{SAVES_DIR}/{file_name}"
            loaded = self._store.load(name)
            if loaded is None:
                continue
            try:
                data = loaded.data
                if data.get("version") != VERSION or data.get("game") != game.id:
                    raise ValueError("not a finished game of its name's game")
                record = record_from_json(data.get("record"), game)
                if record.id != match["record"]:
                    raise ValueError("its record is another game's")
            except PARSE_ERRORS as error:
                self._store.set_aside(name, f"wrong shape: {str(error)[:200]}")
                continue
            self._finished.add((game.id, record.id))
            yield game.id, record, name

    def read(self, game_id: str) -> tuple[str, Any] | None:
        """The save, its older file moved first; a damaged save is set aside."""
        self.move_older(game_id)
        found = self._files.read(save_name(game_id), "save", MAX_BYTES, self._parser(game_id),
                                 game_id=game_id)
        if found is None and game_id not in self._moved:
            found = self._peek_older(game_id)  # could not be moved (disk full): from there
        return found

    def peek(self, game_id: str) -> tuple[str, Any] | None:
        """The save, read without any side effect (a damaged one gives ``None``)."""
        try:
            loaded = self._store.read(save_name(game_id))
        except (Corrupt, Unreadable):
            return None
        if loaded is None:
            return self._peek_older(game_id)
        return self._files.peek(loaded.data, "save", self._parser(game_id), game_id)

    def is_written(self, game_id: str) -> bool:
        """Whether the save's name lives on disk (not in memory for the session)."""
        return not self._store.in_memory(save_name(game_id))

    def remove(self, game_id: str) -> None:
        """Remove the save (an older save file stays until it is moved)."""
        self._store.remove(save_name(game_id))

    def clear(self, game_id: str, later: bool = False) -> None:
        """Remove the save and an older save file (``later``: by the writer thread)."""
        names = [save_name(game_id)]
        older = self._files.migrations.save_file(game_id)
        if older is not None and self._store.exists(older):
            names.append(older)
        for name in names:
            if later:
                self._store.remove_later(name)
            else:
                self._store.remove(name)

    def remove_if_of(self, game_id: str, record_id: str) -> bool:
        """Remove the save if it is the save of ``record_id``; ``True`` unless a removal
        failed."""
        name = save_name(game_id)
        try:
            loaded = self._store.read(name)
        except (Corrupt, Unreadable):
            return True
        if loaded is None or saved_id(loaded.data) != record_id:
            return True
        return self._store.remove(name)

    def move_older(self, game_id: str) -> None:
        """Move the game's older save file into ``saves/`` (see the module docstring)."""
        older = self._files.migrations.save_file(game_id)
        if older is None or game_id in self._moved:
            return
        self._moved.add(game_id)
        loaded = self._store.load(older)
        if loaded is None:
            return
        game = self._games[game_id]
        version = loaded.data.get("version")
        try:
            data = self._files.migrations.upgrade("save", loaded.data, game_id)
            record_id, obj = parse_save(data, game)
            data["state"] = game.encode(obj)
        except PARSE_ERRORS as error:
            self._store.set_aside(older, f"wrong shape: {str(error)[:200]}")
            return
        name = save_name(game_id)
        existing = self._store.load(name)  # a damaged one is set aside, an unreadable one kept
        if existing is not None and saved_id(existing.data) != record_id:
            self._store.keep_copy(name, f"replaced-{stamp(self._clock())}", existing.raw,
                                  same_as="replaced-")
        if (self._store.keep_copy(older, f"v{version}-backup", loaded.raw)
                and self._store.write(name, data) and self._store.remove(older)):
            log.info("%s moved to %s (the original is %s.v%s-backup)", older, name, older,
                     version)
        else:
            self._moved.discard(game_id)  # tried again with the next look at the save

    def _peek_older(self, game_id: str) -> tuple[str, Any] | None:
        """The older save file's game, read without any side effect."""
        older = self._files.migrations.save_file(game_id)
        if older is None:
            return None
        try:
            loaded = self._store.read(older)
        except (Corrupt, Unreadable):
            return None
        version = loaded.data.get("version") if loaded is not None else None
        if loaded is None or type(version) is not int or not self._files.migrations.can_upgrade(
                "save", version, game_id):
            return None
        return self._files.peek(loaded.data, "save", self._parser(game_id), game_id)

    def _parser(self, game_id: str) -> Callable[[dict[str, Any], bool], tuple[str, Any]]:
        game = self._games[game_id]
        return lambda data, strict: parse_save(data, game)


class RecordIds:
    """Record ids by game object (weakly: a game that is gone is forgotten)."""

    def __init__(self) -> None:
        self._ids: dict[int, tuple[Callable[[], Any], str]] = {}
        self._made: set[str] = set()

    def made_here(self, record_id: str) -> bool:
        """Whether this session made ``record_id`` (a new uuid4: nothing was ever recorded
        under it before this session)."""
        return record_id in self._made

    def of(self, game: Any) -> str:
        """The record id of ``game``: a new uuid4 hex for an object seen for the first time."""
        entry = self._ids.get(id(game))
        if entry is not None and entry[0]() is game:
            return entry[1]
        record_id = uuid.uuid4().hex
        self._made.add(record_id)
        self.register(game, record_id)
        return record_id

    def register(self, game: Any, record_id: str) -> None:
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



SCORES_FILE = "scores.json"
SCORES_MAX_BYTES = 64 * 1024 * 1024
"""The biggest ``scores.json`` that is read (10,000 records of a game are about 1.6 MB)."""
MIGRATED = f"{SCORES_FILE}.migrated"


def read_scores(files: VersionedFiles, games: Mapping[str, GameData]) -> RecordBook | None:
    """``scores.json`` as a record book (migrated, or set aside when damaged), or ``None``."""
    return files.read(SCORES_FILE, "scores", SCORES_MAX_BYTES,
                      lambda data, strict: parse_scores(data, games, strict), compact=True)


def take_in(conn: sqlite3.Connection, sql: RecordSql, book: RecordBook,
            forget: Sequence[str] = ()) -> int:
    """Add the book's records, recorded ids and unknown sections in one transaction, which
    also drops the kept sections of the games in ``forget``; how many records were new."""

    def work(conn: sqlite3.Connection) -> int:
        conn.executemany("DELETE FROM foreign_sections WHERE game = ?",
                         [(game_id,) for game_id in forget])
        added = 0
        for game_id, section in book.games.items():
            added += sql.insert(conn, game_id, section.records)
            sql.add_recorded(conn, game_id, section.recorded)
        for game_id, raw in book.passthrough.items():
            conn.execute("INSERT OR REPLACE INTO foreign_sections (game, section) VALUES (?, ?)",
                         (game_id, json.dumps(raw, ensure_ascii=False, allow_nan=False)))
        return added

    from game.arcade.storage.database import transaction

    return transaction(conn, work)


def adopt_sections(conn: sqlite3.Connection, sql: RecordSql) -> int:
    """Records of known games kept from ``scores.json`` while their game was unknown: taken
    in, their section removed; how many records were new."""
    rows = conn.execute("SELECT game, section FROM foreign_sections").fetchall()
    book = RecordBook()
    for game_id, raw in rows:
        game = sql.games.get(game_id)
        if game is None:
            continue
        try:
            book.games[game_id] = parse_section(json.loads(raw), game, strict=False)
        except PARSE_ERRORS as error:
            log.warning("the kept records of %s cannot be read: %s", game_id, error)
    if not book.games:
        return 0
    return take_in(conn, sql, book, forget=list(book.games))


def retire(files: VersionedFiles, added: int) -> None:
    """Rename ``scores.json`` (all taken in) to ``scores.json.migrated[-n]``."""
    store = files.store
    target = store.free_name(MIGRATED)
    try:
        os.rename(store.path(SCORES_FILE), target)
    except FileNotFoundError:
        return  # another copy of the arcade took it in at the same time
    except OSError as error:
        log.warning("%s is in arcade.db but could not be renamed: %s", SCORES_FILE, error)
        return
    sync_dir(target.parent)
    log.info("%s: %d records moved into arcade.db; the file is kept as %s", SCORES_FILE, added,
             target.name)
