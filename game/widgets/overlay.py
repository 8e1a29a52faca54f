"""Full-screen veils for overlays and banners, allocated once (not per frame)."""

from __future__ import annotations

import pygame

_veils: dict[tuple[tuple[int, int], tuple[int, int, int]], pygame.Surface] = {}


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
