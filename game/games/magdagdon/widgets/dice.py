"""Die faces, number tiles and ruins, drawn once per size and cached: a raised ivory **die**,
a flat gold **tile** (a committed number) and a cracked grey **ruin**, differing in shape, not
colour alone; drawn at twice the size and smooth-scaled down for anti-aliased edges.
"""

from __future__ import annotations

import math
import random
from functools import cache

import pygame

from game.arcade.widgets import palette
from game.arcade.widgets import text as text_cache
from game.engine import caches

PIPS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}
"""Pip positions on a 3×3 grid (column, row) for each value."""

@cache
def face(value: int, size: int, style: str = "die", digits: bool = False) -> pygame.Surface:
    """A die (``style="die"``) or a committed number tile (``style="tile"``) of ``value``."""
    big = size * 2
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    if style == "die":
        radius, body, edge, ink = big // 6, palette.DIE_FACE, palette.DIE_EDGE, palette.PIP
        canvas.fill((0, 0, 0, 0))
        pygame.draw.rect(canvas, edge, canvas.get_rect(), border_radius=radius)
        top = canvas.get_rect().inflate(-big // 14, -big // 14).move(0, -big // 40)
        pygame.draw.rect(canvas, body, top, border_radius=radius - big // 28)
        shine = top.inflate(-big // 6, -big // 6)
        shine.height = big // 10
        pygame.draw.rect(canvas, (255, 255, 255), shine, border_radius=big // 20)
    else:
        radius, body, edge, ink = big // 24, palette.TILE, palette.TILE_EDGE, palette.TILE_PIP
        pygame.draw.rect(canvas, edge, canvas.get_rect(), border_radius=radius)
        pygame.draw.rect(canvas, body, canvas.get_rect().inflate(-big // 16, -big // 16),
                         border_radius=radius)
    inner = canvas.get_rect().inflate(-big * 0.36, -big * 0.36)
    if digits:
        label = text_cache.render(str(value), "numbers", int(big * 0.62), ink)
        canvas.blit(label, label.get_rect(center=canvas.get_rect().center))
    else:
        pip_r = big * 0.085
        for col, row in PIPS[value]:
            x = inner.left + inner.width * col / 2
            y = inner.top + inner.height * row / 2
            pygame.draw.circle(canvas, ink, (x, y), pip_r)
    return pygame.transform.smoothscale(canvas, (size, size))


def prewarm(sizes_styles: list[tuple[int, str]], digits: bool = False) -> None:
    """Draw every face of the given sizes now, so no frame pays for it mid-roll."""
    for size, style in sizes_styles:
        for value in range(1, 7):
            face(value, size, style, digits)
        shadow(size)


@cache
def shadow(size: int, style: str = "die") -> pygame.Surface:
    """A soft dark shape to draw under a raised die."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(surface, (0, 0, 0, 110), surface.get_rect(), border_radius=size // 6)
    return surface


@cache
def ruin(size: int, seed: int) -> pygame.Surface:
    """A cracked stone with rubble; ``seed`` (the cell) varies the cracks from cell to cell."""
    return _draw_ruin(size, random.Random(seed * 7919 + 17))


def _draw_ruin(size: int, rng: random.Random) -> pygame.Surface:
    big = size * 2
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    rect = canvas.get_rect()
    pygame.draw.rect(canvas, (40, 34, 44), rect, border_radius=big // 24)
    stone = rect.inflate(-big // 14, -big // 14)
    pygame.draw.rect(canvas, palette.RUIN_STONE, stone, border_radius=big // 30)
    for _ in range(40):  # speckles of grit
        x, y = rng.uniform(stone.left, stone.right), rng.uniform(stone.top, stone.bottom)
        shade = rng.randint(50, 110)
        pygame.draw.circle(canvas, (shade, shade - 6, shade + 4), (x, y), rng.uniform(2, 7))
    centre = (rect.centerx + rng.uniform(-big * 0.1, big * 0.1),
              rect.centery + rng.uniform(-big * 0.1, big * 0.1))
    for i in range(6):  # cracks radiating from an impact point
        angle = i * math.tau / 6 + rng.uniform(-0.4, 0.4)
        points = [centre]
        x, y = centre
        for _ in range(4):
            step = big * rng.uniform(0.08, 0.16)
            angle += rng.uniform(-0.5, 0.5)
            x, y = x + math.cos(angle) * step, y + math.sin(angle) * step
            points.append((x, y))
        pygame.draw.lines(canvas, palette.RUIN_CRACK, False, points, max(3, big // 40))
    pygame.draw.circle(canvas, palette.RUIN_CRACK, centre, big // 16)
    for _ in range(7):  # fallen chips along the bottom edge
        x = rng.uniform(stone.left + 10, stone.right - 10)
        y = stone.bottom - rng.uniform(8, big * 0.12)
        r = rng.uniform(big * 0.02, big * 0.045)
        pygame.draw.circle(canvas, (104, 96, 106), (x, y), r)
    return pygame.transform.smoothscale(canvas, (size, size))


@caches.on_reset
def clear() -> None:
    """Forget every cached drawing (digits change with the language's number face)."""
    for drawing in (face, shadow, ruin):
        drawing.cache_clear()
