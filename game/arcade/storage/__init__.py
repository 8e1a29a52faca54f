"""The arcade's storage: settings, every finished game's record, one saved game per game, the log.

This package (with ``engine/assets.py``) is the only code that touches files. Nothing in here
raises to the caller because of a file: a missing file means defaults, a damaged one is set
aside, a failed write returns ``False``. What the player should hear about is appended to
``Storage.notices`` as a :class:`Notice` (a translation key and its parameters):
``notice.corrupt`` / ``notice.unreadable`` ``{"file": name}``, ``notice.save_failed`` ``{}``,
``notice.no_data_dir`` ``{"path": ...}``. Games plug in with a :class:`GameData` each (no game
is named in here); their data is kept apart by game id (``[a-z0-9_]+``).

Files in ``data_dir`` (default :data:`DEFAULT_DIR`; every format in docs/data-formats.md): the
records, their tables and the documents' index in one SQLite database, ``arcade.db``
(:mod:`.schema`); the rest JSON objects, UTF-8, version 2 (older files are migrated by their
games' own steps, :mod:`.gamedata`): ``settings.json``, ``saves/<id>.json`` (the game in
progress), ``saves/<id>.<record id>.finished.json`` (a finished game ``arcade.db`` could not
take yet, recorded later), ``games/<id>-<stamp>-<record id>.json`` (a game's document of one
finished game), ``kiosk-pin.json`` (the operator's PIN, :mod:`.settings`); ``scores.json``
(the records before ``arcade.db``, taken in once, then renamed ``scores.json.migrated``), the
log, ``.lock`` and ``.raise-request`` (:mod:`.lock`); the venue link keeps its acknowledgements
in ``arcade.db`` too (:mod:`.fleetfile`).

**Every** finished game is a record (statistics are built from them: ``Storage.tally``); the
high-score tables are kept per variant as each record is committed (:mod:`.recordsql`). Ids
known to be recorded without a record (games that missed an older version's table) are kept
too. Records are committed off the frame (:mod:`.recordstore`, :mod:`.jobs`); settings and
saves are capped at :data:`MAX_BYTES`.

``Storage("")`` (and ``"~nouser/x"``) raise ``ValueError``: an empty folder name would mean the
working directory. Every other problem with the folder means memory mode: ``writable`` is
``False``, ``notice.no_data_dir`` is appended and everything lives in memory for the session.

One module per job: :mod:`.datafolder` (:class:`Storage`, the rules between the files),
:mod:`.settings` (and the kiosk's PIN), :mod:`.recordstore` (the records as the frame sees
them), :mod:`.backend` (they and the database, made on first use), :mod:`.recordsql` (the
records as SQL, pending ones ranked in), :mod:`.database` (``arcade.db``, its threads and
its damage), :mod:`.schema` (its tables, numbered migrations, and the recovery of a damaged
one), :mod:`.saves` (the saves, which game object has which
record id, what each version of a file means, ``scores.json`` taken in), :mod:`.documents`
(the documents and their index); underneath, :mod:`.gamedata` (what a game gives the storage,
its files' migrations, a record), :mod:`.jsonfile` (the folder's files, written atomically and
read defensively), :mod:`.files` (one file), :mod:`.jobs` (the one executor off the frame),
:mod:`.lock` (where the folder is, one process per folder, the log) and :mod:`.fleetfile`
(the venue link's tables and its read-only reader of the records).
Return values of the save methods mean "the change is on disk"; the in-memory state is updated
either way. A ``Storage`` is used from one thread; one process per folder (for the saves) is what
:class:`DataLock` is for, and two processes on one ``arcade.db`` are safe by SQLite's locking.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.arcade.storage.database import DB_FILE
    from game.arcade.storage.datafolder import SETTINGS_FILE, Storage
    from game.arcade.storage.documents import DOCUMENT_MAX_BYTES, GAMES_DIR, DocumentEntry
    from game.arcade.storage.files import STALE_TEMP_SECONDS
    from game.arcade.storage.gamedata import (
        Facet,
        GameData,
        GameMigrations,
        Migration,
        Record,
        SettingField,
        is_iso_date,
        iso_date,
        normalise_initials,
        utcnow,
    )
    from game.arcade.storage.jsonfile import MAX_BYTES, Notice
    from game.arcade.storage.lock import DEFAULT_DIR, LOG_FILE, DataLock, resolve_data_dir
    from game.arcade.storage.recordsql import Tally
    from game.arcade.storage.saves import SAVES_DIR, SCORES_FILE, SCORES_MAX_BYTES, save_name
    from game.arcade.storage.settings import Settings, hash_pin, valid_pin, verify_pin

_HOMES = {
    "DB_FILE": "database", "SETTINGS_FILE": "datafolder", "Storage": "datafolder",
    "DOCUMENT_MAX_BYTES": "documents", "GAMES_DIR": "documents", "DocumentEntry": "documents",
    "STALE_TEMP_SECONDS": "files", "Facet": "gamedata", "GameData": "gamedata",
    "GameMigrations": "gamedata", "Migration": "gamedata", "Record": "gamedata",
    "SettingField": "gamedata", "is_iso_date": "gamedata", "iso_date": "gamedata",
    "normalise_initials": "gamedata", "utcnow": "gamedata", "MAX_BYTES": "jsonfile",
    "Notice": "jsonfile", "DEFAULT_DIR": "lock", "LOG_FILE": "lock", "DataLock": "lock",
    "resolve_data_dir": "lock", "Tally": "recordsql", "SAVES_DIR": "saves",
    "SCORES_FILE": "saves", "SCORES_MAX_BYTES": "saves", "save_name": "saves",
    "Settings": "settings", "hash_pin": "settings", "valid_pin": "settings",
    "verify_pin": "settings",
}
"""Where each name of the package lives: imported on first use, so that a name (a spec's
``GameData``, the settings) does not bring in the records' back end (SQLite, its threads)."""


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = [
    "DB_FILE", "DEFAULT_DIR", "DOCUMENT_MAX_BYTES", "GAMES_DIR", "LOG_FILE", "MAX_BYTES",
    "SAVES_DIR", "SCORES_FILE", "SCORES_MAX_BYTES", "SETTINGS_FILE", "STALE_TEMP_SECONDS",
    "DataLock", "DocumentEntry", "Facet", "GameData", "GameMigrations", "Migration", "Notice",
    "Record", "SettingField", "Settings", "Storage", "Tally", "hash_pin", "is_iso_date",
    "iso_date", "normalise_initials", "resolve_data_dir", "save_name", "utcnow", "valid_pin",
    "verify_pin",
]
