"""Veils: the picture darkened towards a colour with two blended fills, everywhere or only in
the areas given (the MAGDAGDON slam veils all but the band it paints over)."""

from __future__ import annotations

import pygame

from game.arcade.widgets import overlay


def _picture() -> pygame.Surface:
    surface = pygame.Surface((200, 100))
    surface.fill((200, 100, 50))
    return surface


def test_a_veil_blends_every_pixel_towards_its_colour() -> None:
    surface = _picture()
    overlay.veil(surface, (40, 0, 10), 170)
    # 200 × 85/255 + 40 × 170/255, and so on (each channel within 1)
    assert all(abs(a - b) <= 1 for a, b in zip(surface.get_at((5, 5))[:3], (93, 33, 23)))
    assert surface.get_at((199, 99)) == surface.get_at((5, 5))


def test_a_veil_over_areas_leaves_the_rest_and_keeps_within_the_clip() -> None:
    surface, whole = _picture(), _picture()
    overlay.veil(whole, (40, 0, 10), 170)
    overlay.veil(surface, (40, 0, 10), 170,
                 [pygame.Rect(0, 0, 200, 30), pygame.Rect(0, 70, 200, 30)])
    assert surface.get_at((10, 10)) == whole.get_at((10, 10))
    assert surface.get_at((10, 80)) == whole.get_at((10, 80))
    assert surface.get_at((10, 50))[:3] == (200, 100, 50)  # between the areas: untouched
    clipped = _picture()
    clipped.set_clip(pygame.Rect(100, 0, 100, 100))
    overlay.veil(clipped, (40, 0, 10), 170, [pygame.Rect(0, 0, 50, 100)])  # all outside it
    assert clipped.get_at((10, 10))[:3] == (200, 100, 50)
    overlay.veil(clipped, (40, 0, 10), 170, [pygame.Rect(0, 0, 150, 100)])
    assert clipped.get_at((10, 10))[:3] == (200, 100, 50)
    assert clipped.get_at((120, 10)) == whole.get_at((120, 10))


def _noise(size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size, 0, 32)
    for y in range(0, size[1], 5):
        for x in range(0, size[0], 7):
            surface.fill(((x * 3) % 256, (y * 5) % 256, (x + y) % 256), (x, y, 7, 5))
    return surface
