"""The window closed outside a kiosk (issue 38, case 11): the X server's close request, Alt+F4
or a window destroyed under the game end the run like a stop signal does, with the game in
progress saved; a kiosk ignores the close and comes back when hidden (case 6)."""

from __future__ import annotations

import random

import pygame
import pytest

from game.arcade.kiosk import Kiosk
from game.arcade.scenes.title import TitleScene
from game.arcade.storage import Storage
from game.engine.testing import run_frames
from game.games.magdagdon.scenes.play import PlayScene
from game.games.registry import GAMES
from game.rules.magdagdon import Difficulty, MagdagdonGame
from tests.support import make_arcade, settle


def playing(tmp_path, kiosk: bool = False):
    app = make_arcade(tmp_path / "data")
    if kiosk:
        Kiosk(app, pin="2468", seed=3).install()
    app.stack.push(PlayScene(app, saved=MagdagdonGame(Difficulty.PEACEFUL, random.Random(1))))
    settle(app)
    return app


def saved_game(tmp_path):
    return Storage(tmp_path / "data", games=[spec.data for spec in GAMES]).load_game("magdagdon")


@pytest.mark.parametrize("kind", [pygame.WINDOWCLOSE, pygame.QUIT])
def test_closing_the_window_saves_the_game_in_progress_and_ends(tmp_path, kind) -> None:
    app = playing(tmp_path)
    try:
        assert saved_game(tmp_path) is None  # nothing played yet: nothing saved
        pygame.event.post(pygame.event.Event(kind))
        settle(app)
        assert not app.running
        app.ctx.storage.settle()
        assert saved_game(tmp_path) is not None
    finally:
        app.shutdown()


def test_a_destroyed_window_saves_the_game_and_ends(tmp_path) -> None:
    app = playing(tmp_path, kiosk=False)
    try:
        app.window_lost()
        assert not app.running
        app.ctx.storage.settle()
        assert saved_game(tmp_path) is not None
    finally:
        app.shutdown()


def test_a_kiosk_whose_window_is_destroyed_opens_a_new_one_and_plays_on(tmp_path) -> None:
    """Issue 45, case 4: with a desktop autostart nothing would start it again."""
    app = playing(tmp_path, kiosk=True)
    try:
        old, fullscreen, play = app.display.window, app.display.fullscreen, app.stack.top
        app.window_lost()
        assert app.running and app.display.window not in (None, old)
        assert app.presence.keep_forward and app.display.fullscreen == fullscreen
        run_frames(app, 3)
        assert app.stack.top is play and app.surface.get_size() == app.display.size
    finally:
        app.shutdown()


def test_a_kiosk_ignores_the_close_and_saves_nothing_for_it(tmp_path) -> None:
    app = playing(tmp_path, kiosk=True)
    try:
        pygame.event.post(pygame.event.Event(pygame.WINDOWCLOSE))
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        settle(app)
        assert app.running and isinstance(app.stack.top, PlayScene)
    finally:
        app.shutdown()


def test_a_hidden_kiosk_window_comes_back(tmp_path) -> None:
    app = make_arcade(tmp_path / "data")
    try:
        Kiosk(app, pin="2468", seed=3).install()
        app.stack.push(TitleScene(app))
        settle(app)
        app.display.window.hide()
        run_frames(app, 2)
        assert app.presence.brought_forward == 1 and not app.display.minimised
    finally:
        app.shutdown()
