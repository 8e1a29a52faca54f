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
