"""Full-screen layers a scene composes once and copies onto the canvas every frame.

SDL copies an opaque surface onto one of the same pixel format with non-temporal (streaming)
stores whenever both surfaces' pixels and pitches are multiples of 16 bytes (the SSE path of
``SDL_BlitCopy``): the copied pixels skip the CPU's cache, so everything drawn over them next,
and the upload to the window after that, read them back from memory. A layer stored one pixel
wider than it shows (its rows 4 bytes longer) is copied row by row with ordinary stores and
stays in the cache for what follows. Measured here (``--bench 3000 --seed 1``, interleaved
runs): the play screen's static layer made so took the median frame from 2.07 to 1.75 ms
and the frames over 6.5 ms from 81 to 47 of 3,000.
"""

from __future__ import annotations

import pygame


def blank(size: tuple[int, int], like: pygame.Surface) -> pygame.Surface:
    """A surface of ``size`` in ``like``'s pixel format, whose copies stay in the cache."""
    width, height = size
    backing = pygame.Surface((width + 1, height), 0, like)
    return backing.subsurface((0, 0, width, height))  # keeps its backing alive


def copy(surface: pygame.Surface) -> pygame.Surface:
    """``surface`` copied into a :func:`blank` layer (``Surface.copy`` would lay the rows out
    back to back again)."""
    layer = blank(surface.get_size(), surface)
    layer.blit(surface, (0, 0))
    return layer


Under = tuple[pygame.Surface, tuple[int, int]]
"""The picture a lone scene's effect goes over (``Scene.effect``): the canvas, and how far it
is shaken (``Scene.effect_shake``)."""


def put_under(surface: pygame.Surface, under: Under, area: pygame.Rect) -> None:
    """``area`` of ``surface`` made what the window would show of the canvas there, moved by
    its shake: the canvas's pixels, and black where the moved canvas does not reach."""
    canvas, (dx, dy) = under
    area = surface.get_rect().clip(area)
    inside = area.move(-dx, -dy).clip(canvas.get_rect())
    shown = inside.move(dx, dy)
    if shown != area:  # the strips the shaken picture uncovers
        black = (0, 0, 0)
        if not shown.width or not shown.height:
            surface.fill(black, area)
            return
        surface.fill(black, (area.left, area.top, shown.left - area.left, area.height))
        surface.fill(black, (shown.right, area.top, area.right - shown.right, area.height))
        surface.fill(black, (shown.left, area.top, shown.width, shown.top - area.top))
        surface.fill(black, (shown.left, shown.bottom, shown.width, area.bottom - shown.bottom))
    surface.blit(canvas, shown, inside)
