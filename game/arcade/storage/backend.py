"""The records' back end of a :class:`~game.arcade.storage.datafolder.Storage`: ``arcade.db``
(:mod:`.database`, SQLite and its threads) and the records over it (:mod:`.recordstore`),
made when first used, from whichever thread needs them first (the main thread, or the writer's
index entry of a document). Their modules can be imported ahead by a thread of their own
(:func:`prepare_records`): what a start does after the title's first frame."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from game.arcade.storage.gamedata import GameData, Record
from game.arcade.storage.jobs import import_ahead
from game.arcade.storage.jsonfile import Notice
from game.arcade.storage.saves import VersionedFiles

if TYPE_CHECKING:
    from game.arcade.storage.database import Database
    from game.arcade.storage.recordstore import RecordStore

_preparing: Future[None] | None = None
"""The import of the records' back end ahead of its first use (:func:`prepare_records`)."""


def prepare_records() -> Future[None]:
    """Import the records' back end (SQLite, the database's modules) on a lane of its own,
    once per process, so that opening them later on the main thread costs only the opening.
    Done when they are in."""
    global _preparing
    if _preparing is None:
        # the database, its SQL, its index
        _preparing = import_ahead("storage-imports", "game.arcade.storage.recordstore")
    return _preparing


class Records:
    """The database and the records of one storage, made on first use (:meth:`open`).
    ``folder``: where ``arcade.db`` lives (``None``: in memory); ``on_failed``: where a record
    whose commit failed is kept."""

    def __init__(self, folder: Path | None, notices: list[Notice],
                 clock: Callable[[], datetime], files: VersionedFiles,
                 games: Mapping[str, GameData],
                 on_failed: Callable[[str, Record], object]) -> None:
        self.folder = folder
        self.notices = notices
        self.clock = clock
        self.files = files
        self.games = games
        self.on_failed = on_failed
        self.made: tuple[Database, RecordStore] | None = None
        self._lock = threading.Lock()

    def open(self) -> tuple[Database, RecordStore]:
        """The database and the records (made now when they were not)."""
        made = self.made
        if made is not None:
            return made
        with self._lock:
            if self.made is None:
                if _preparing is not None:
                    _preparing.result()  # its imports finish first: one thread imports a module
                from game.arcade.storage.database import Database
                from game.arcade.storage.recordstore import RecordStore

                db = Database(self.folder, self.notices, self.clock)
                records = RecordStore(db, self.files, self.games,
                                      take_in_json=self.folder is not None)
                records.on_failed = self.on_failed
                self.made = (db, records)
            return self.made
