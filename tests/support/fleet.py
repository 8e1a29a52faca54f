"""Helpers of the venue-link tests: finished games recorded through the public storage API,
what a data folder and the venue hold, and waiting for the link's thread.

Games are played to their end by the rules' simplest bots (MAGDAGDON's hint follower, QUERNI's
EASY opponent against itself) and recorded with ``Storage.record_game``, as a play screen
does; the subprocess tests use the real demo instead.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.ai.autoplay import finish
from game.ai.querni import choose_turn
from game.arcade.storage import Storage
from game.games.querni.session import QuerniSession
from game.games.registry import GAMES
from game.rules.magdagdon import Difficulty, MagdagdonGame

GAME_DATA = [spec.data for spec in GAMES]
RANKED = next(spec.data.id for spec in GAMES if spec.data.score_of is not None)
WITH_DOCUMENTS = next(spec.data.id for spec in GAMES if spec.data.document is not None)


def storage(data_dir: Path) -> Storage:
    return Storage(data_dir, games=GAME_DATA)


def record_games(data_dir: Path, count: int, seed: int = 1) -> list[tuple[str, str]]:
    """Record ``count`` finished games (both games in turn) in ``data_dir``; their
    (game id, record id), in order."""
    store = storage(data_dir)
    rng = random.Random(seed)
    made = []
    for index in range(count):
        if index % 2 == 0:
            difficulty = list(Difficulty)[index // 2 % len(Difficulty)]
            game: Any = finish(MagdagdonGame(difficulty, random.Random(rng.random())))
            game_id = RANKED
        else:
            game = QuerniSession.new(rng, "vs_easy", {"BLUE": "human", "RED": "computer:easy"})
            while not game.is_over:
                game.play(*choose_turn(game.state, "easy", rng))
            game_id = WITH_DOCUMENTS
        store.record_game(game_id, game)
        assert store.last_recorded is not None
        made.append((game_id, store.last_recorded))
    store.close()
    return made


def local_ids(data_dir: Path) -> set[tuple[str, str]]:
    """(game id, record id) of every record in ``data_dir`` (its own storage reads them)."""
    store = storage(data_dir)
    return {(game.id, record.id) for game in GAME_DATA for record in store.records(game.id)}


def venue_ids(cluster: Any, dbname: str) -> list[tuple[str, str]]:
    """(game, id) of every row of the venue's records, duplicates included (there must be
    none: the key forbids them, and the tests check the key is there)."""
    rows = cluster.execute("SELECT game, id FROM arcade_records ORDER BY game, id",
                           dbname=dbname)
    return [(str(game), str(rid)) for game, rid in rows]


def wait_for(condition: Callable[[], bool], timeout: float = 30.0, what: str = "") -> None:
    """Poll ``condition`` until it holds; ``AssertionError`` naming ``what`` after
    ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout} s waiting for {what or condition}")
