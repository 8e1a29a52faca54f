"""A game's own document of each finished game: ``games/<id>-<stamp>-<record id>.json``.

Some games keep more of a finished game than its record (a replayable record of every move);
``GameData.document`` makes it, and it is written once, when the game is recorded (by the
writer thread, then added to the index in ``arcade.db``: :func:`follow_folder`). Its
``"format"`` names the game (``GameData.document_format``), so a document given on the command
line (``--replay FILE``) finds its game. A damaged document in this data folder is set aside
like any data file; one elsewhere is only logged (not ours to move).

The index of the game documents: which documents ``games/`` holds, without opening them.

A screen that lists a game's finished games asks the index (``Storage.documents``), one query,
and opens only the document the player picks. The documents themselves stay JSON files in
``games/``. The index holds what the file names say (``<game id>-<UTC stamp>-<record
id>.json``): every document written is added once it is on disk, and whenever the folder
changed otherwise since it was last looked at (its modification time: a file copied in, one
set aside or deleted) the names are listed again and the index follows them. An entry whose
file turns out damaged is dropped when it is opened.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from game.arcade.storage.files import Corrupt, Unreadable, decode, read_regular
from game.arcade.storage.gamedata import RECORD_ID_RE, GameData, is_iso_date, stamp
from game.arcade.storage.jsonfile import JsonStore
from game.arcade.storage.saves import PARSE_ERRORS

if TYPE_CHECKING:  # the index is read through the records' connection, made after the title
    import sqlite3

log = logging.getLogger(__name__)

GAMES_DIR = "games"
DOCUMENT_MAX_BYTES = 4 * 1024 * 1024
"""The size cap of one game document (a long game is a few dozen KB)."""


def document_error(game: GameData, data: dict[str, Any]) -> str | None:
    """Why ``data`` is not a valid document of ``game``, or ``None``."""
    if game.document_format is not None and data.get("format") != game.document_format:
        return f"format {data.get('format')!r}, expected {game.document_format!r}"
    if game.check_document is not None:
        try:
            game.check_document(data)
        except PARSE_ERRORS as error:
            return f"wrong shape: {str(error)[:200]}"
    return None


class GameDocuments:
    """The documents in ``games/``: written once each, read back checked (listed by the index
    in ``arcade.db``: :mod:`~game.arcade.storage.documents`), read for a replay."""

    def __init__(self, store: JsonStore, games: Mapping[str, GameData]) -> None:
        self._store = store
        self._games = games

    def write(self, game_id: str, record_id: str,
              payload: dict[str, Any] | Callable[[], dict[str, Any]],
              then: Callable[[str | None], object] | None = None) -> bool:
        """Write ``payload`` as ``games/<game id>-<UTC stamp>-<record id>.json``; ``True``
        when it is on disk. ``ValueError`` for a bad record id. With ``then`` the writer
        thread writes it (``True`` once queued) and calls ``then(file name)`` once it is on
        disk (``then(None)``: it could not be written): the frame that records a game does
        not wait for its document."""
        if not (isinstance(record_id, str) and RECORD_ID_RE.fullmatch(record_id)):
            raise ValueError(f"bad record id {record_id!r}")
        file_name = f"{game_id}-{stamp(self._store.clock())}-{record_id}.json"
        name = f"{GAMES_DIR}/{file_name}"
        if then is None:
            made = payload() if callable(payload) else payload
            return self._store.write(name, made, DOCUMENT_MAX_BYTES)
        return self._store.write_later(name, payload, DOCUMENT_MAX_BYTES, compact=False,
                                       then=lambda on_disk: then(file_name if on_disk else None))

    def read(self, game_id: str, file_name: str) -> dict[str, Any] | None:
        """The document ``file_name`` of ``game_id`` in ``games/``, checked (a damaged one is
        set aside); ``None`` when it cannot be used."""
        if not (isinstance(file_name, str) and file_name.startswith(f"{game_id}-")
                and file_name.endswith(".json") and "/" not in file_name
                and "\\" not in file_name and not file_name.startswith(".")):
            return None
        return self._checked(f"{GAMES_DIR}/{file_name}", self._games[game_id])

    def load(self, path: Path | str) -> tuple[str, dict[str, Any]] | None:
        """(game id, data) of the document at ``path``, checked by the game its ``"format"``
        names; ``None`` when it cannot be used."""
        path = Path(path)
        folder = _resolved(path)
        ours = (self._store.writable and folder is not None
                and folder.parent == _resolved(self._store.data_dir / GAMES_DIR))
        data = self._read_ours(path.name) if ours else self._read_elsewhere(path)
        if data is None:
            return None
        game = next((g for g in self._games.values() if g.document_format is not None
                     and g.document_format == data.get("format")), None)
        why = "no game writes this format" if game is None else document_error(game, data)
        if why is None and game is not None:
            return game.id, data
        if ours:
            self._store.set_aside(f"{GAMES_DIR}/{path.name}", why or "")
        else:
            log.warning("%s is not a game document this arcade can use: %s", path, why)
        return None

    def _read_ours(self, file_name: str) -> dict[str, Any] | None:
        loaded = self._store.load(f"{GAMES_DIR}/{file_name}", DOCUMENT_MAX_BYTES)
        return None if loaded is None else loaded.data

    @staticmethod
    def _read_elsewhere(path: Path) -> dict[str, Any] | None:
        try:
            raw = read_regular(path, DOCUMENT_MAX_BYTES)
        except (Corrupt, Unreadable) as error:
            log.warning("cannot read the game document %s: %s", path, error)
            return None
        if raw is None:
            log.warning("cannot read the game document %s: there is no such file", path)
            return None
        try:
            return decode(raw)
        except Corrupt as error:
            log.warning("cannot read the game document %s: %s", path, error)
            return None

    def _checked(self, name: str, game: GameData) -> dict[str, Any] | None:
        loaded = self._store.load(name, DOCUMENT_MAX_BYTES)
        if loaded is None:
            return None
        why = document_error(game, loaded.data)
        if why is not None:
            self._store.set_aside(name, why)
            return None
        return loaded.data


def _resolved(path: Path) -> Path | None:
    """``path`` with its links followed, or None where that cannot be done (a symlink loop
    raises RuntimeError, an unreadable folder OSError)."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return None



NAME_RE = re.compile(r"(?P<game>[a-z0-9_]{1,64})-(?P<stamp>\d{8}T\d{6}Z)"
                     r"-(?P<record>[0-9A-Za-z_-]{1,64})\.json")


class DocumentEntry(NamedTuple):
    """One document in ``games/``: its file name, game, record id and when it was written
    (UTC, ``2026-11-30T02:15:00Z``)."""

    name: str
    game: str
    record_id: str
    date: str


def entry_of(name: str) -> DocumentEntry | None:
    """The entry a document's file name makes, or ``None`` for a name no document has."""
    match = NAME_RE.fullmatch(name) if isinstance(name, str) else None
    if match is None:
        return None
    s = match["stamp"]
    date = f"{s[0:4]}-{s[4:6]}-{s[6:8]}T{s[9:11]}:{s[11:13]}:{s[13:15]}Z"
    if not is_iso_date(date):
        return None
    return DocumentEntry(name, match["game"], match["record"], date)


def add(conn: sqlite3.Connection, entry: DocumentEntry) -> None:
    conn.execute("INSERT OR IGNORE INTO documents (name, game, record_id, date) "
                 "VALUES (?, ?, ?, ?)", entry)


def drop(conn: sqlite3.Connection, name: str) -> None:
    conn.execute("DELETE FROM documents WHERE name = ?", (name,))


Page = tuple[int, int]
"""(offset, count) of the entries wanted, newest first."""


def of_game(conn: sqlite3.Connection, game_id: str, page: Page | None = None,
            counts: dict[str, tuple[object, int]] | None = None
            ) -> tuple[int, list[DocumentEntry]]:
    """How many entries the game has, and its entries: all of them oldest first, or the
    ``page`` newest first (one indexed query each). A row that does not match its own name is
    left out (the index is checked like any file). ``counts``: the counts this connection
    made, kept until the database changes (counting 100,000 entries takes longer than a
    frame; the pages after the first need it again)."""
    if page is None:
        rows = conn.execute("SELECT name, game, record_id, date FROM documents WHERE game = ? "
                            "ORDER BY name", (game_id,)).fetchall()
        return len(rows), _valid(rows)
    version = (id(conn), conn.execute("PRAGMA data_version").fetchone()[0],
               conn.total_changes)
    known = None if counts is None else counts.get(game_id)
    if known is not None and known[0] == version:
        count = known[1]
    else:
        (count,) = conn.execute("SELECT COUNT(*) FROM documents WHERE game = ?",
                                (game_id,)).fetchone()
        if counts is not None:
            counts[game_id] = (version, count)
    newest = conn.execute("SELECT name, game, record_id, date FROM documents WHERE game = ? "
                          "ORDER BY name DESC LIMIT ? OFFSET ?", (game_id, page[1], page[0]))
    return int(count), _valid(newest)


def paged(entries: list[DocumentEntry], page: Page | None) -> tuple[int, list[DocumentEntry]]:
    """``of_game``'s answer made of ``entries`` (oldest first)."""
    if page is None:
        return len(entries), entries
    return len(entries), entries[::-1][page[0]:page[0] + page[1]]


def _valid(rows: Iterable[Sequence[Any]]) -> list[DocumentEntry]:
    found = []
    for row in rows:
        entry = entry_of(row[0])
        if entry is not None and tuple(entry) == tuple(row):
            found.append(entry)
    return found


def name_of(conn: sqlite3.Connection, game_id: str, record_id: str) -> str | None:
    """The newest document of ``record_id`` by the index (``documents_by_record``)."""
    rows = conn.execute("SELECT name FROM documents WHERE game = ? AND record_id = ?",
                        (game_id, record_id))
    names = [entry.name for entry in map(entry_of, (row[0] for row in rows))
             if entry is not None and entry.game == game_id and entry.record_id == record_id]
    return max(names) if names else None


def listing_if_changed(conn: sqlite3.Connection,
                       folder: Path) -> dict[str, DocumentEntry] | None:
    """What ``folder`` holds, by name, when it changed since it was last indexed; ``None``
    when the index is up to date (one ``stat``), or the folder cannot be listed."""
    changed = _changed(folder)
    row = conn.execute("SELECT value FROM meta WHERE key = 'documents_folder'").fetchone()
    if changed is None or (row is not None and row[0] == changed):
        return None
    return _names(folder, changed) if changed != "none" else {}


def _changed(folder: Path) -> str | None:
    """The folder's modification time as the index notes it (``"none"``: no folder;
    ``None``: it cannot be looked at)."""
    try:
        return str(os.stat(folder).st_mtime_ns)
    except FileNotFoundError:
        return "none"
    except OSError as error:
        log.warning("cannot look at %s to index its documents: %s", folder, error)
        return None


def follow_folder(conn: sqlite3.Connection, folder: Path) -> None:
    """Make the index list what ``folder`` holds, if it changed since it was last listed
    (one ``stat`` when it did not). Call it inside a transaction."""
    changed = _changed(folder)
    row = conn.execute("SELECT value FROM meta WHERE key = 'documents_folder'").fetchone()
    if changed is None or (row is not None and row[0] == changed):
        return
    names = _names(folder, changed) if changed != "none" else {}
    if names is None:
        return
    indexed = {name for (name,) in conn.execute("SELECT name FROM documents")}
    conn.executemany("DELETE FROM documents WHERE name = ?",
                     [(name,) for name in indexed - set(names)])
    conn.executemany("INSERT OR IGNORE INTO documents (name, game, record_id, date) "
                     "VALUES (?, ?, ?, ?)", [names[n] for n in set(names) - indexed])
    conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('documents_folder', ?)",
                 (changed,))


_listed: tuple[Path, str, dict[str, DocumentEntry]] | None = None
"""The last listing of a folder, at its modification time: until the index has followed a
folder that changed (tens of thousands of documents: seconds), every question and the
indexing itself would list it again."""


def _names(folder: Path, changed: str) -> dict[str, DocumentEntry] | None:
    """The documents' entries of what ``folder`` holds but folders, by name (``None``: it
    cannot be listed), as it was when modified at ``changed``. A link or a FIFO under a
    document's name is listed too: opening it sets it aside with a notice, as any damaged
    document."""
    global _listed
    if _listed is not None and _listed[:2] == (folder, changed):
        return _listed[2]
    try:
        with os.scandir(folder) as listing:
            entries = [entry_of(item.name) for item in listing
                       if not item.is_dir(follow_symlinks=False)]
    except OSError as error:
        log.warning("cannot list %s to index its documents: %s", folder, error)
        return None
    names = {entry.name: entry for entry in entries if entry is not None}
    _listed = (folder, changed, names)
    return names
