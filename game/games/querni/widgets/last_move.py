"""The last move's marks, until the next turn: an outline in the mover's rim colour round each
square the turn touched (so a piece on it never hides it), thick over a wash on the
destination; shaped unlike the trail's brackets and the cursor's square."""

from __future__ import annotations

from collections.abc import Collection, Sequence

import pygame

from game.games.querni.widgets import palette
from game.games.querni.widgets.layout import QuerniLayout
from game.rules.querni import Color, Square

EDGE = (8, 6, 24)
"""The dark line under each outline, so it reads on light and dark squares alike."""

_stamps: dict[tuple[int, Color, bool], pygame.Surface] = {}


def stamp(size: int, color: Color, destination: bool) -> pygame.Surface:
    """A ``size`` px square's outline (cached): the destination's or any other square's."""
    key = (size, color, destination)
    found = _stamps.get(key)
    if found is None:
        found = pygame.Surface((size, size), pygame.SRCALPHA)
        rect = found.get_rect()
        width = 8 if destination else 4
        if destination:
            pygame.draw.rect(found, (*palette.BODY[color], 70), rect.inflate(-6, -6),
                             border_radius=12)
        pygame.draw.rect(found, EDGE, rect.inflate(-2, -2), width + 4, border_radius=12)
        pygame.draw.rect(found, palette.RIM[color], rect.inflate(-4, -4), width,
                         border_radius=11)
        _stamps[key] = found
    return found


def draw(surface: pygame.Surface, layout: QuerniLayout, path: Sequence[Square],
         removed: Collection[Square], color: Color) -> None:
    """The marks of a turn of ``color``: its movement ``path`` (start, landings, destination)
    and the squares of the chain it removed."""
    size = layout.square
    for square in (*path[:-1], *removed):
        surface.blit(stamp(size, color, False), layout.square_rect(square))
    if path:
        surface.blit(stamp(size, color, True), layout.square_rect(path[-1]))
