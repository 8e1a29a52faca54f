"""The arcade backdrop: a vertical gradient with a faint pattern of pips, rendered once."""

from __future__ import annotations

from functools import cache

import pygame

from game.arcade.widgets import palette


@cache
def background(size: tuple[int, int]) -> pygame.Surface:
    width, height = size
    surface = pygame.Surface(size).convert() if pygame.display.get_init() and \
        pygame.display.get_surface() else pygame.Surface(size)
    top, bottom = palette.BACKGROUND_TOP, palette.BACKGROUND_BOTTOM
    # one pixel per row, stretched across: the same rows as a line drawn for each, in a
    # fraction of the time (the title's first frame waits for this)
    column = bytes(round(a + (b - a) * (y / max(1, height - 1)))
                   for y in range(height) for a, b in zip(top, bottom))
    surface.blit(pygame.transform.scale(pygame.image.frombytes(column, (1, height), "RGB"),
                                        size), (0, 0))
    step = 96
    for gy in range(0, height + step, step):
        for gx in range(0, width + step, step):
            offset = step // 2 if (gy // step) % 2 else 0
            pygame.draw.circle(surface, (255, 255, 255), (gx + offset, gy), 3)
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((*palette.BACKGROUND_TOP, 235))
    surface.blit(veil, (0, 0))
    return surface
