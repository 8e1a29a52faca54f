"""The static layer both play pictures share: composed once, shown with one blit, and made
again only when the size, the language or the game's own part of its key changes."""

from __future__ import annotations

import pygame

from game.arcade.play.picture import StaticLayer
from game.engine import i18n


def test_the_layer_is_composed_once_and_again_only_when_its_key_changes(app) -> None:
    composed: list[object] = []

    def compose(layer: pygame.Surface, extra: object) -> None:
        composed.append(extra)
        layer.fill((200, 10, 10), pygame.Rect(0, 0, 4, 4))

    static = StaticLayer(compose)
    surface = pygame.Surface((64, 48))
    static.blit(surface, "EASY")
    static.blit(surface, "EASY")
    assert composed == ["EASY"] and surface.get_at((1, 1))[:3] == (200, 10, 10)
    static.blit(surface, "HARD")  # a new difficulty, a daily label, the board turned round
    static.blit(pygame.Surface((80, 48)), "HARD")  # another window size
    assert composed == ["EASY", "HARD", "HARD"]
    was = i18n.current()
    try:
        i18n.set_locale("th" if was != "th" else "en")
        static.blit(pygame.Surface((80, 48)), "HARD")
    finally:
        i18n.set_locale(was)
    assert len(composed) == 4
    assert StaticLayer.key((80, 48), "HARD") == ((80, 48), i18n.current(), "HARD")
