"""``scores.json`` into ``arcade.db``, once, with nothing lost.

Before ``arcade.db`` every record lived in ``scores.json``. When a storage first uses its database
and finds that file, it reads it as it always did (a version 1 file is migrated first, a
damaged one set aside, a newer one read as far as it can be), adds every record that is not in
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
import sqlite3
from collections.abc import Mapping, Sequence

from game.arcade.storage.database import transaction
from game.arcade.storage.files import sync_dir
from game.arcade.storage.gamedata import GameData, RecordBook, parse_scores, parse_section
from game.arcade.storage.recordsql import RecordSql
from game.arcade.storage.saves import PARSE_ERRORS, VersionedFiles

log = logging.getLogger(__name__)

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
