"""The engine's pygame-gui manager: every screen's manager shares one cache of drawn shapes
(a second screen with the same buttons copies them instead of drawing them again), and the
cache goes when pygame closes."""

from __future__ import annotations

import pygame

from game.arcade.theme import theme
from game.arcade.widgets import buttons
from game.engine import gui
from game.engine.testing import make_app


def test_managers_share_their_drawn_shapes():
    app = make_app()
    try:
        first, second = app.new_ui_manager(theme()), app.new_ui_manager(theme())
        assert first.get_theme().shape_cache is second.get_theme().shape_cache
        rect = pygame.Rect(0, 0, 300, 90)
        buttons.button(first, rect, "title.new_game", lambda: None)
        for _ in range(3):  # pygame-gui files a new shape for reuse over a few updates
            first.update(1 / 60)
        cache = first.get_theme().shape_cache
        stored = len(cache.cache_long_term_lookup) + len(cache.cache_short_term_lookup)
        buttons.button(second, rect, "title.quit", lambda: None)
        assert len(cache.cache_long_term_lookup) + len(cache.cache_short_term_lookup) \
            == stored  # the same shape: found, not drawn and filed again
    finally:
        app.shutdown()
    assert gui._shapes is None  # pygame closed: a later app starts afresh
