"""Full-screen veils for overlays and banners: blended fills, nothing allocated per frame."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.arcade.widgets import palette
from game.engine import textlog


def dialog(surface: pygame.Surface, panel: pygame.Rect, edge: tuple[int, int, int],
           alpha: int = 200) -> None:
    """A modal panel: the screen darkened behind a rounded panel with a coloured edge."""
    veil(surface, (6, 4, 20), alpha)
    pygame.draw.rect(surface, palette.PANEL, panel, border_radius=30)
    pygame.draw.rect(surface, edge, panel, 5, border_radius=30)
    textlog.box(surface, panel, textlog.PANEL)


def veil(surface: pygame.Surface, colour: tuple[int, int, int], alpha: int,
         areas: Sequence[pygame.Rect] | None = None) -> None:
    """Darken ``surface`` with ``colour`` at ``alpha`` (0..255), only ``areas`` of it if given:
    two blended fills instead of a full-screen alpha blit, the same picture (±1) at a quarter
    of the cost."""
    if areas is None:  # what is under a whole veil is scenery, not text to read
        textlog.covered(surface)
    alpha = max(0, min(255, int(alpha)))
    keep = (255 - alpha,) * 3
    add = tuple(c * alpha // 255 for c in colour)
    for area in [surface.get_clip()] if areas is None else areas:
        blend_fill(surface, keep, area, pygame.BLEND_RGB_MULT)
        blend_fill(surface, add, area, pygame.BLEND_RGB_ADD)


def blend_fill(surface: pygame.Surface, colour: Sequence[int], area: pygame.Rect,
               flags: int) -> None:
    """``surface.fill(colour, area, special_flags=flags)`` within the surface's clip, clipped
    by hand: pygame-ce 2.5.8 fills a rect wholly outside the clip when special flags are
    given (a partial redraw clips, ``engine.damage``)."""
    area = surface.get_clip().clip(area)
    if area.width and area.height:
        surface.fill(colour, area, special_flags=flags)
