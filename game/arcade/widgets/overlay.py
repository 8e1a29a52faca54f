"""Full-screen veils for overlays and banners, allocated once (not per frame)."""

from __future__ import annotations

import pygame

from game.arcade.widgets import palette

_veils: dict[tuple[tuple[int, int], tuple[int, int, int]], pygame.Surface] = {}


def dialog(surface: pygame.Surface, panel: pygame.Rect, edge: tuple[int, int, int],
           alpha: int = 200) -> None:
    """A modal panel: the screen darkened behind a rounded panel with a coloured edge."""
    veil(surface, (6, 4, 20), alpha)
    pygame.draw.rect(surface, palette.PANEL, panel, border_radius=30)
    pygame.draw.rect(surface, edge, panel, 5, border_radius=30)


def veil(surface: pygame.Surface, colour: tuple[int, int, int], alpha: int) -> None:
    """Darken ``surface`` with ``colour`` at ``alpha`` (0..255)."""
    key = (surface.get_size(), colour)
    layer = _veils.get(key)
    if layer is None:
        layer = pygame.Surface(surface.get_size())
        layer.fill(colour)
        _veils[key] = layer
    layer.set_alpha(max(0, min(255, int(alpha))))
    surface.blit(layer, (0, 0))
