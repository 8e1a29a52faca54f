"""Recorded QUERNI games for the GAMES, replay and REVIEW tests: who played (``YOU_BLUE``,
``YOU_RED``, ``TWO``), a seeded game played to its end by the demo's chooser, games recorded
a minute apart in a real storage, and the GAMES screen opened."""

from __future__ import annotations

import random
import time
from datetime import UTC, datetime, timedelta

from game.arcade.storage import Storage
from game.games.querni.demo import choose_turn
from game.games.querni.scenes.games import GamesScene
from game.games.querni.session import QuerniSession
from game.games.registry import GAMES
from tests.support.arcade import settle

YOU_BLUE = {"BLUE": "human", "RED": "computer:hard"}
YOU_RED = {"BLUE": "computer:easy", "RED": "human"}
TWO = {"BLUE": "human", "RED": "human"}


class Minutes:
    """A clock that moves a minute per call: every game recorded in its own minute."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 30, 2, 15, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


def finished(seed: int, variant: str, players: dict[str, str]) -> QuerniSession:
    session = QuerniSession.new(random.Random(seed), variant, players)
    rng = random.Random(seed)
    while not session.is_over:
        session.play(*choose_turn(session.state, rng))
    return session


def recorded(tmp_path, *games: QuerniSession) -> list[str]:
    """Record ``games`` in this order, a minute apart; their record ids."""
    store = Storage(tmp_path / "data", games=[spec.data for spec in GAMES], clock=Minutes())
    for game in games:
        store.record_game("querni", game)
    ids = [store.record_id(game) for game in games]
    store.close()  # the records and documents are committed off the frame: wait for them
    return ids


def open_games(app) -> GamesScene:
    """GAMES opened, its list read (in the background: on a busy machine, some frames)."""
    app.nav.push("querni.games")
    settle(app, 3)
    scene = app.stack.top
    assert isinstance(scene, GamesScene)
    deadline = time.monotonic() + 10
    while scene.reading and time.monotonic() < deadline:
        time.sleep(0.005)
        settle(app, 1)
    return scene
