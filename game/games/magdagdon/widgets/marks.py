"""Warnings drawn on the play screen (issue 48): a cross over each empty cell no die can ever
fill, and over each Majda Power button that cannot save the MAGDAGDON roll. Drawing only:
which cells and powers come from the rules' questions through the scene's parts."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from game.arcade.widgets import overlay, palette
from game.games.magdagdon.widgets.layout import PlayLayout

DEAD_SHADE = (70, 8, 20)
"""The dark red a dead cell's slot is tinted with."""


def _cross(surface: pygame.Surface, rect: pygame.Rect, width: int) -> None:
    for a, b in ((rect.topleft, rect.bottomright), (rect.topright, rect.bottomleft)):
        pygame.draw.line(surface, palette.DANGER_DARK, a, b, width + 6)
        pygame.draw.line(surface, palette.DANGER, a, b, width)


def draw_dead(surface: pygame.Surface, L: PlayLayout, cells: Iterable[int]) -> None:
    """Each dead cell: its slot tinted dark red and crossed out."""
    for cell in cells:
        rect = L.cell_rect(cell)
        overlay.blend_fill(surface, DEAD_SHADE, rect.inflate(-6, -6), pygame.BLEND_RGB_ADD)
        _cross(surface, rect.inflate(-rect.width // 2, -rect.height // 2), 8)


def draw_hopeless(surface: pygame.Surface, rects: Iterable[pygame.Rect]) -> None:
    """A power button that cannot help: a red ring and a red badge with a cross on its
    corner, its label left readable (it still works, after a question)."""
    for rect in rects:
        pygame.draw.rect(surface, palette.DANGER, rect.inflate(8, 8), 5, border_radius=24)
        centre = (rect.right - 4, rect.top + 4)
        pygame.draw.circle(surface, palette.DANGER_DARK, centre, 21)
        pygame.draw.circle(surface, palette.DANGER, centre, 18)
        arm = 8
        for dx in (-arm, arm):
            pygame.draw.line(surface, palette.TEXT, (centre[0] - dx, centre[1] - arm),
                             (centre[0] + dx, centre[1] + arm), 4)
