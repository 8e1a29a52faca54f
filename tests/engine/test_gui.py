"""The engine's pygame-gui manager: every screen's manager shares one cache of drawn shapes
(a second screen with the same buttons copies them instead of drawing them again), and the
cache goes when pygame closes."""

from __future__ import annotations

import pygame
from pygame_gui.core.surface_cache import SurfaceCache

from game.arcade.theme import theme
from game.arcade.widgets import buttons
from game.engine import gui
from game.engine.testing import make_app


def test_managers_share_their_drawn_shapes(monkeypatch):
    gui.clear_shared_shapes()  # nothing drawn by earlier tests
    app = make_app()
    try:
        first, second = app.new_ui_manager(theme()), app.new_ui_manager(theme())
        assert first.get_theme().shape_cache is second.get_theme().shape_cache
        rect = pygame.Rect(0, 0, 300, 90)
        buttons.button(first, rect, "title.new_game", lambda: None)
        for _ in range(3):  # pygame-gui files a new shape for reuse over a few updates
            first.update(1 / 60)
        found: list[bool] = []
        lookup = SurfaceCache.find_surface_in_cache

        def spy(cache, lookup_id):
            surface = lookup(cache, lookup_id)
            found.append(surface is not None)
            return surface

        monkeypatch.setattr(SurfaceCache, "find_surface_in_cache", spy)
        buttons.button(second, rect, "title.quit", lambda: None)
        assert found[:1] == [True]  # its shape was drawn for the first screen: copied
    finally:
        app.shutdown()
    assert gui._shapes is None  # pygame closed: a later app starts afresh
