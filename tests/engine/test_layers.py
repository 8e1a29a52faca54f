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


def test_put_under_copies_the_shaken_canvas_and_blackens_what_it_uncovers() -> None:
    canvas = pygame.Surface((40, 30), 0, 32)
    canvas.fill((200, 0, 0))
    canvas.fill((0, 200, 0), (0, 0, 1, 1))  # the top-left pixel
    target = pygame.Surface((40, 30), 0, 32)
    for shake in [(0, 0), (3, 2), (-5, 4), (2, -7), (-40, 0), (0, 31)]:
        target.fill((9, 9, 9))
        layers.put_under(target, (canvas, shake), pygame.Rect(0, 0, 40, 30))
        by_hand = pygame.Surface((40, 30), 0, 32)
        by_hand.fill((0, 0, 0))
        by_hand.blit(canvas, shake)
        assert pygame.image.tobytes(target, "RGB") == pygame.image.tobytes(by_hand, "RGB")
    target.fill((9, 9, 9))
    layers.put_under(target, (canvas, (3, 2)), pygame.Rect(10, 10, 5, 5))  # an area alone
    assert target.get_at((12, 12))[:3] == (200, 0, 0) and target.get_at((5, 5))[:3] == (9, 9, 9)
    layers.put_under(target, (canvas, (3, 2)), pygame.Rect(0, 0, 5, 5))
    assert target.get_at((3, 2))[:3] == (0, 200, 0)  # the canvas's corner, moved
    assert target.get_at((1, 1))[:3] == (0, 0, 0) and target.get_at((4, 1))[:3] == (0, 0, 0)
