"""Finished games recorded through the public storage API, as a play screen records them.

Games are played to their end by the rules' simplest bots (MAGDAGDON's hint follower, QUERNI's
EASY opponent against itself) and recorded with ``Storage.record_game``.
"""

from __future__ import annotations

import random
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
    """The storage of ``data_dir`` for every registered game."""
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
