"""A game's own document of each finished game: ``games/<id>-<stamp>-<record id>.json``.

Some games keep more of a finished game than its record (a replayable record of every move);
``GameData.document`` makes it, and it is written once, when the game is recorded. Its
``"format"`` names the game (``GameData.document_format``), so a document given on the command
line (``--replay FILE``) finds its game. A damaged document in this data folder is set aside
like any data file; one elsewhere is only logged (not ours to move).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.arcade.storage.files import Corrupt, Unreadable, decode, read_regular
from game.arcade.storage.gamedata import RECORD_ID_RE, GameData, stamp
from game.arcade.storage.jsonfile import JsonStore
from game.arcade.storage.versioned import PARSE_ERRORS

log = logging.getLogger(__name__)

GAMES_DIR = "games"
DOCUMENT_MAX_BYTES = 4 * 1024 * 1024
"""The size cap of one game document (a long game is a few dozen KB)."""
_NAME_RE = re.compile(r"(?P<stamp>\d{8}T\d{6}Z)-(?P<record>[0-9A-Za-z_-]{1,64})\.json")
"""What follows ``<game id>-`` in a document's file name."""


@dataclass(frozen=True)
class DocumentEntry:
    """One finished game's document as listed (nothing of it is read): the record it belongs
    to and when it was written (UTC, ``YYYY-MM-DDTHH:MM:SSZ``)."""

    game_id: str
    record_id: str
    date: str


def _entry(game_id: str, file_name: str) -> DocumentEntry | None:
    """The entry a file name in ``games/`` stands for, or ``None`` (another game's, or no
    document's name)."""
    prefix = f"{game_id}-"
    match = _NAME_RE.fullmatch(file_name[len(prefix):]) if file_name.startswith(prefix) else None
    if match is None:
        return None
    s = match["stamp"]
    date = f"{s[0:4]}-{s[4:6]}-{s[6:8]}T{s[9:11]}:{s[11:13]}:{s[13:15]}Z"
    return DocumentEntry(game_id, match["record"], date)


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
    """The documents in ``games/``: written once each, listed per game, read for a replay."""

    def __init__(self, store: JsonStore, games: Mapping[str, GameData]) -> None:
        self._store = store
        self._games = games

    def write(self, game_id: str, record_id: str, payload: dict[str, Any]) -> bool:
        """Write ``payload`` as ``games/<game id>-<UTC stamp>-<record id>.json``; ``True``
        when it is on disk. ``ValueError`` for a bad record id."""
        if not (isinstance(record_id, str) and RECORD_ID_RE.fullmatch(record_id)):
            raise ValueError(f"bad record id {record_id!r}")
        name = f"{GAMES_DIR}/{game_id}-{stamp(self._store.clock())}-{record_id}.json"
        return self._store.write(name, payload, DOCUMENT_MAX_BYTES)

    def _names(self, game_id: str) -> list[str]:
        """The file names in ``games/`` that start with ``<game id>-`` and end in ``.json``."""
        folder = self._store.folder(GAMES_DIR) if self._store.writable else None
        if folder is None:  # not there, or something else in its place (moved aside)
            return []
        try:
            return [p.name for p in folder.iterdir()
                    if p.name.startswith(f"{game_id}-") and p.name.endswith(".json")]
        except OSError as error:
            log.warning("cannot list %s: %s", folder, error)
            return []

    def entries(self, game_id: str) -> list[DocumentEntry]:
        """``game_id``'s documents, newest first, from their file names (games recorded in the
        same second by when their files were written)."""
        folder = self._store.data_dir / GAMES_DIR
        found = []
        for name in self._names(game_id):
            entry = _entry(game_id, name)
            if entry is not None:
                found.append(((entry.date, _written(folder / name), name), entry))
        found.sort(key=lambda item: item[0], reverse=True)
        return [entry for _key, entry in found]

    def read(self, game_id: str, record_id: str) -> dict[str, Any] | None:
        """The checked data of the document of ``record_id``, or ``None`` (there is none, or it
        is damaged: then it is set aside, with its notice)."""
        names = sorted((name for name in self._names(game_id)
                        if (entry := _entry(game_id, name)) is not None
                        and entry.record_id == record_id), reverse=True)
        for file_name in names:
            data = self._checked(f"{GAMES_DIR}/{file_name}", self._games[game_id])
            if data is not None:
                return data
        return None

    def of_game(self, game_id: str) -> list[tuple[str, dict[str, Any]]]:
        """Every valid document of ``game_id`` as (file name, data), oldest first; a damaged
        one is set aside (``<name>.corrupt-<stamp>``, with its notice)."""
        found = []
        for file_name in sorted(self._names(game_id)):
            data = self._checked(f"{GAMES_DIR}/{file_name}", self._games[game_id])
            if data is not None:
                found.append((file_name, data))
        return found

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


def _written(path: Path) -> int:
    """When the file at ``path`` was last written (ns), 0 when that cannot be read."""
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0


def _resolved(path: Path) -> Path | None:
    """``path`` with its links followed, or None where that cannot be done (a symlink loop
    raises RuntimeError, an unreadable folder OSError)."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return None
