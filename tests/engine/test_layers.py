"""engine.layers: full-screen layers whose copies onto the canvas stay in the CPU's cache."""

from __future__ import annotations

import gc

import pygame

from game.engine import layers


def test_a_blank_layer_has_the_canvas_format_and_rows_off_the_16_byte_grid() -> None:
    """SDL streams a copy past the cache only when both pitches are multiples of 16 bytes: a
    layer's never is."""
    canvas = pygame.Surface((1920, 1080))
    layer = layers.blank((1920, 1080), canvas)
    assert layer.get_size() == (1920, 1080)
    assert layer.get_bitsize() == canvas.get_bitsize()
    assert layer.get_masks() == canvas.get_masks()
    assert canvas.get_pitch() % 16 == 0
    assert layer.get_pitch() % 16 != 0


def test_a_copy_has_the_same_pixels_and_outlives_every_other_reference() -> None:
    source = pygame.Surface((64, 48))
    source.fill((10, 20, 30))
    pygame.draw.circle(source, (250, 200, 60), (32, 24), 12)
    layer = layers.copy(source)
    del source
    gc.collect()  # the layer keeps the surface it lives in
    assert layer.get_at((32, 24))[:3] == (250, 200, 60)
    assert layer.get_at((0, 0))[:3] == (10, 20, 30)
    assert layer.get_pitch() % 16 != 0
    canvas = pygame.Surface((64, 48))
    canvas.blit(layer, (0, 0))
    assert pygame.image.tobytes(canvas, "RGB") == pygame.image.tobytes(layer, "RGB")
