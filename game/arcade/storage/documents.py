"""A game's own document of each finished game: ``games/<id>-<stamp>-<record id>.json``.

Some games keep more of a finished game than its record (a replayable record of every move);
``GameData.document`` makes it, and it is written once, when the game is recorded (by the
writer thread, then added to the index in ``arcade.db``: :mod:`.docindex`). Its
``"format"`` names the game (``GameData.document_format``), so a document given on the command
line (``--replay FILE``) finds its game. A damaged document in this data folder is set aside
like any data file; one elsewhere is only logged (not ours to move).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
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
    in ``arcade.db``: :mod:`~game.arcade.storage.docindex`), read for a replay."""

    def __init__(self, store: JsonStore, games: Mapping[str, GameData]) -> None:
        self._store = store
        self._games = games

    def write(self, game_id: str, record_id: str,
              payload: dict[str, Any] | Callable[[], dict[str, Any]],
              then: Callable[[str], object] | None = None) -> bool:
        """Write ``payload`` as ``games/<game id>-<UTC stamp>-<record id>.json``; ``True``
        when it is on disk. ``ValueError`` for a bad record id. With ``then`` the writer
        thread writes it (``True`` once queued) and calls ``then(file name)`` once it is on
        disk: the frame that records a game does not wait for its document."""
        if not (isinstance(record_id, str) and RECORD_ID_RE.fullmatch(record_id)):
            raise ValueError(f"bad record id {record_id!r}")
        file_name = f"{game_id}-{stamp(self._store.clock())}-{record_id}.json"
        name = f"{GAMES_DIR}/{file_name}"
        if then is None:
            made = payload() if callable(payload) else payload
            return self._store.write(name, made, DOCUMENT_MAX_BYTES)
        return self._store.write_later(name, payload, DOCUMENT_MAX_BYTES, compact=False,
                                       then=lambda on_disk: on_disk and then(file_name))

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
