"""A kiosk whose data folder cannot be written plays on; its finished games reach the folder
once it can be written again.

A kiosk never exits for a storage reason (a card remounted read-only, a stick pulled out):
``bootstrap`` then records the run's games in memory, says so, and installs a
:class:`FolderWatch`, which is handed every finished game and every :data:`CHECK_SECONDS`, on
a thread of its own (a dead card can block for seconds), tries the folder; once it can be
written, it records the games there as they were played.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.arcade.storage import GameData, Notice, Storage
from game.arcade.storage.lock import unusable

if TYPE_CHECKING:
    from collections.abc import Callable

log = logging.getLogger(__name__)

CHECK_SECONDS = 5.0
"""How often the folder is tried (off the frame), while games wait for it."""


class FolderWatch:
    """The finished games of a run whose data ``folder`` could not be written (``why``)."""

    def __init__(self, folder: Path, games: Sequence[GameData], why: str,
                 notices: list[Notice]) -> None:
        self.folder = folder
        self.games = tuple(games)
        self.why = why
        self.notices = notices
        self.waiting: list[tuple[str, Any, dict[str, Any]]] = []
        self.written = 0
        self.back = False  # the folder could be written again
        self._clock = CHECK_SECONDS  # the first look comes at once
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="folder-watch")
        self._future: Future[tuple[int, str | None]] | None = None

    def install(self, record_listeners: list[Callable[[str, Any, dict[str, Any]], None]],
                step_hooks: list[Callable[[float], None]]) -> None:
        """Hear of the recorded games (the context's ``record_listeners``), look at the
        folder on the app's update steps (its ``step_hooks``)."""
        log.warning("kiosk: the data folder %s cannot be written (%s): playing on with the "
                    "games kept in memory; they are written there once it can be written "
                    "again", self.folder, self.why)
        record_listeners.append(self.recorded)
        step_hooks.append(self.step)

    def recorded(self, game_id: str, game: Any, extra: dict[str, Any]) -> None:
        """A game was recorded (in memory): write it to the folder when it can be."""
        self.waiting.append((game_id, game, dict(extra)))

    def step(self, dt: float) -> None:
        """Once per update step: take the last look's answer, start the next look."""
        self._clock += dt
        future = self._future
        if future is not None:
            if not future.done():
                return
            self._future = None
            self._took(future)
        if self.waiting and self._clock >= CHECK_SECONDS:
            self._clock = 0.0
            self._future = self._pool.submit(self._write, list(self.waiting))

    def _took(self, future: Future[tuple[int, str | None]]) -> None:
        try:
            count, why = future.result()
        except Exception:  # noqa: BLE001 - a look that failed is tried again later
            log.exception("kiosk: the data folder %s could not be written", self.folder)
            return
        if why is not None:
            self.why = why
            return
        del self.waiting[:count]
        self.written += count
        if not self.back:
            self.back = True
            log.warning("kiosk: the data folder %s can be written again: the games played "
                        "meanwhile are written there", self.folder)
            self.notices.append(Notice("notice.data_dir_back", {"path": str(self.folder)}))
        log.info("kiosk: %d finished games written to %s", count, self.folder)

    def _write(self, batch: list[tuple[str, Any, dict[str, Any]]]) -> tuple[int, str | None]:
        """In the watch's thread: the games of ``batch`` recorded in the folder (how many),
        or why it still cannot be written."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            return 0, error.strerror or str(error)
        why = unusable(self.folder)
        if why is not None:
            return 0, why
        storage = Storage(self.folder, games=self.games)
        try:
            for game_id, game, extra in batch:
                storage.record_game(game_id, game, **extra)
        finally:
            storage.close()
        return len(batch), None

    def close(self) -> None:
        """At the end of the run: one last try, waited for (a few seconds at most)."""
        if self.waiting and self._future is None:
            self._future = self._pool.submit(self._write, list(self.waiting))
        if self._future is not None:
            try:
                self._future.result(timeout=5)
            except Exception:  # noqa: BLE001 - ending must not fail
                log.warning("kiosk: %d finished games could not be written to %s",
                            len(self.waiting), self.folder)
        self._pool.shutdown(wait=False)
