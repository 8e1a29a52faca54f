"""The safety net: an unexpected error shows "Something went wrong", keeps the autosave,
and (kiosk) returns to the title by itself; the error is logged."""

from __future__ import annotations

import logging
import random

import pytest

from game.arcade.kiosk import Kiosk
from game.arcade.scenes.crash import CrashScene
from game.arcade.scenes.title import TitleScene
from game.engine.scenes import Scene
from game.engine.testing import post_tap, run_frames
from game.games.magdagdon.scenes.play import PlayScene
from game.rules.magdagdon import Difficulty, MagdagdonGame
from tests.support import make_arcade, settle


class Exploding(Scene):
    """An overlay whose update raises, like a bug would."""

    transparent = True

    def update(self, dt: float) -> None:
        raise RuntimeError("boom")


def test_an_error_shows_the_crash_screen_and_keeps_the_game(tmp_path, caplog):
    app = make_arcade(tmp_path / "data")
    game = MagdagdonGame(Difficulty.PEACEFUL, random.Random(1))
    game.roll([3, 3, 4, 4])
    game.place(0, 5)
    game.place(1, 6)
    game.confirm()
    app.stack.push(PlayScene(app, saved=game))
    settle(app)
    app.stack.push(Exploding(app))
    with caplog.at_level(logging.ERROR):
        settle(app, 3)
    assert isinstance(app.stack.top, CrashScene) and app.stack.top.saved
    assert "unexpected error" in caplog.text and "boom" in caplog.text
    assert app.running
    saved = app.ctx.storage.load_game("magdagdon")
    assert saved is not None and saved.game.to_dict()["board"] == game.to_dict()["board"]
    post_tap(app.stack.top.b_restart.rect.center)
    settle(app)
    assert isinstance(app.stack.top, TitleScene)
    app.shutdown()


@pytest.mark.slow
def test_in_kiosk_mode_the_crash_screen_restarts_by_itself(tmp_path):
    app = make_arcade(tmp_path / "data")
    Kiosk(app, pin="1234", idle_seconds=999, attract_seconds=999).install()
    app.stack.push(TitleScene(app))
    settle(app)
    app.stack.push(Exploding(app))
    settle(app, 3)
    assert isinstance(app.stack.top, CrashScene)
    run_frames(app, int(5.5 * 60))
    assert isinstance(app.stack.top, TitleScene)
    app.shutdown()
