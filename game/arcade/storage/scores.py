"""``scores.json``: every game's records on disk, and the high-score tables derived from them.

The high-score tables (M-8.2) are derived, per variant: the records in recording order are
ranked one by one with the rules' own ``rank``, so ties keep the earlier record first. Before
``scores.json`` is written it is re-read (when it changed since this process last saw it) and
merged by game id and record id (:func:`~game.arcade.storage.records.merge_books`), under a
short OS lock, so two writers never lose a finished game. Records that could not be written
stay in memory and are tried again with the next save of any kind (:meth:`ScoresFile.retry`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from game.arcade.storage.files import atomic_write
from game.arcade.storage.gamedata import GameData, stamp
from game.arcade.storage.jsonfile import JsonStore
from game.arcade.storage.lock import SCORES_LOCK_FILE, exclusive
from game.arcade.storage.records import GameRecords, Record, RecordBook, merge_books, parse_scores
from game.arcade.storage.versioned import VersionedFiles

log = logging.getLogger(__name__)

SCORES_FILE = "scores.json"
SCORES_MAX_BYTES = 64 * 1024 * 1024
"""Written compact, 10,000 records of a game are about 1.6 MB."""


def higher_is_better(scores: Sequence[int], new: int) -> int | None:
    """The default ranking: below every equal or better score (ties: the earlier first)."""
    return sum(1 for score in scores if score >= new)


def build_table(records: Iterable[Record], variant: str,
                score_of: Callable[[dict[str, Any]], int],
                rank: Callable[[Sequence[int], int], int | None] | None,
                size: int) -> list[Record]:
    """The best ``size`` records of ``variant``: each record in order, ranked by ``rank``."""
    rank = rank or higher_is_better
    table: list[Record] = []
    scores: list[int] = []
    for record in records:
        if record.variant != variant:
            continue
        score = score_of(record.as_dict())
        position = rank(scores, score)
        if position is None or not 0 <= position < size:
            continue
        position = min(position, len(table))
        table.insert(position, record)
        scores.insert(position, score)
        del table[size:], scores[size:]
    return table


class ScoresFile:
    """Every game's records as ``scores.json`` holds them (read on first use), and its tables."""

    def __init__(self, files: VersionedFiles, games: Mapping[str, GameData]) -> None:
        self._store: JsonStore = files.store
        self._files = files
        self._games = games
        self._book: RecordBook | None = None
        self._book_key: tuple[int, int, int] | None = None  # scores.json as last seen
        self._changed: dict[str, set[str]] = {}  # initials set since the last write
        self._tables: dict[tuple[str, str], list[Record]] = {}
        self._dirty = False

    def book(self) -> RecordBook:
        """The records, read from ``scores.json`` the first time they are needed."""
        if self._book is None:
            found = self._read()
            if found is None:
                found = RecordBook(games={game_id: GameRecords() for game_id in self._games})
            self._book = found
            self._book_key = self._store.stat_key(SCORES_FILE)
        return self._book

    def is_recorded(self, game_id: str, record_id: str) -> bool:
        return self.book().games[game_id].has(record_id)

    def records(self, game_id: str) -> list[Record]:
        return list(self.book().games[game_id].records)

    def add(self, game_id: str, record: Record) -> None:
        """Add a new record in memory (:meth:`write` puts it on disk)."""
        self.book().games[game_id].add(record)
        self._tables.clear()

    def table(self, game_id: str, variant: str) -> list[Record]:
        """The best ``table_size`` records of ``variant``, best first (``[]`` if not ranked)."""
        game = self._games[game_id]
        if game.score_of is None:
            return []
        key = (game_id, variant)
        if key not in self._tables:
            self._tables[key] = build_table(self.book().games[game_id].records, variant,
                                            game.score_of, game.rank, game.table_size)
        return list(self._tables[key])

    def rank_of(self, game_id: str, record: Record) -> int | None:
        """``record``'s 0-based place in its variant's table, or ``None``."""
        for position, row in enumerate(self.table(game_id, record.variant)):
            if row.id == record.id:
                return position
        return None

    def set_initials(self, game_id: str, record_id: str, initials: str) -> bool:
        """Put ``initials`` on a record; ``True`` when it was found and written to disk."""
        section = self.book().games[game_id]
        record = section.get(record_id)
        if record is None:
            return False
        section.replace(replace(record, initials=initials))
        self._changed.setdefault(game_id, set()).add(record_id)
        self._tables.clear()
        return self.write()

    def reset(self) -> str | None:
        """Start every game's records afresh, the old file kept first as
        ``scores.json.backup-<UTC stamp>``; the backup's name (``None``: nothing to keep).
        ``OSError`` when the backup cannot be written (then nothing is reset)."""
        backup: str | None = None
        with exclusive(self._store.data_dir / SCORES_LOCK_FILE):
            loaded = None if self._store.in_memory(SCORES_FILE) else self._store.read(
                SCORES_FILE, SCORES_MAX_BYTES)
            if loaded is not None:
                target = self._store.free_name(
                    f"{SCORES_FILE}.backup-{stamp(self._store.clock())}")
                atomic_write(target, loaded.raw)
                backup = target.name
            self._book = RecordBook(games={game_id: GameRecords() for game_id in self._games})
            self._tables.clear()
            self._changed.clear()
            self._store.write(SCORES_FILE, self._book.to_json(), SCORES_MAX_BYTES, compact=True)
            self._book_key = self._store.stat_key(SCORES_FILE)
        log.info("records reset%s", f"; the old ones are in {backup}" if backup else "")
        return backup

    def write(self) -> bool:
        """Merge with what is on disk now and write; ``True`` when on disk."""
        book = self.book()
        if self._store.in_memory(SCORES_FILE):
            self._dirty = False
            return False
        with exclusive(self._store.data_dir / SCORES_LOCK_FILE):
            key = self._store.stat_key(SCORES_FILE)
            if key is not None and key != self._book_key:
                disk = self._read()
                if disk is not None:
                    book = self._book = merge_books(disk, book, self._changed)
                    self._tables.clear()
            stored = self._store.write(SCORES_FILE, book.to_json(), SCORES_MAX_BYTES,
                                       compact=True)
            if stored:
                self._book_key = self._store.stat_key(SCORES_FILE)
                self._changed.clear()
        self._dirty = not stored and not self._store.in_memory(SCORES_FILE)
        return stored

    def retry(self) -> None:
        """Write the records that could not be written before (with every save)."""
        if self._dirty:
            self.write()

    def _read(self) -> RecordBook | None:
        return self._files.read(SCORES_FILE, "scores", SCORES_MAX_BYTES,
                                lambda data, strict: parse_scores(data, self._games, strict),
                                compact=True)
