"""Drawing a hint: ghost dice on the cells the advice fills (numbered when the order matters),
rings round the dice, buttons and cells it names, and the "thinking" spinner."""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable
from functools import cache

import pygame

from game.arcade.widgets import palette, text
from game.engine import caches, textlog
from game.games.magdagdon.hints import Targets
from game.games.magdagdon.widgets import dice
from game.games.magdagdon.widgets.layout import PlayLayout

GLOW = palette.GOLD
PLATE_HEIGHT = 80
"""The hint's plate under the message line (the advice's lines fit inside its edge)."""
OUTLINE = (40, 26, 0)
GHOST_ALPHA = 150
"""How opaque a ghost die is (of 255): clearly a die, clearly not placed yet."""


def _pulse(time: float, speed: float = 5.0) -> float:
    return 0.5 + 0.5 * math.sin(time * speed)


def ring(surface: pygame.Surface, rect: pygame.Rect, time: float, colour: palette.Rgb = GLOW,
         width: int = 6, radius: int = 24) -> None:
    """A pulsing ring just outside ``rect``."""
    grow = 10 + int(8 * _pulse(time))
    pygame.draw.rect(surface, OUTLINE, rect.inflate(grow + 4, grow + 4), width + 4,
                     border_radius=radius + 4)
    pygame.draw.rect(surface, colour, rect.inflate(grow, grow), width, border_radius=radius)


def badge(surface: pygame.Surface, centre: tuple[int, int], number: int) -> None:
    """A small gold disc with ``number``: a ghost's place in the order, and its die's."""
    pygame.draw.circle(surface, OUTLINE, centre, 24)
    pygame.draw.circle(surface, GLOW, centre, 20)
    text.blit(surface, str(number), "numbers", 30, OUTLINE, "center", centre)


@cache
def _ghost_face(value: int, size: int, digits: bool) -> pygame.Surface:
    """A die face, see-through: where the hint's die goes and what it shows."""
    found = dice.face(value, size, "die", digits).copy()
    found.set_alpha(GHOST_ALPHA)
    return found


def draw_ghosts(surface: pygame.Surface, L: PlayLayout, targets: Targets, time: float,
                digits: bool, occupied: Collection[int]) -> None:
    """The hint's play on the board: each die it places as a ghost on its cell with its
    value, numbered when the order matters (no arrows: nothing crosses the screen)."""
    for ghost in targets.ghosts:
        rect = L.cell_rect(ghost.cell)
        ring(surface, rect, time + 0.5, width=4)
        if ghost.cell not in occupied:  # (a die the hint picks up first still stands there)
            surface.blit(_ghost_face(ghost.value, rect.width - 24, digits), rect.inflate(-24, -24))
        if ghost.order:
            badge(surface, (rect.left + 6, rect.top + 6), ghost.order)


def draw(surface: pygame.Surface, L: PlayLayout, targets: Targets, time: float,
         buttons: dict[str, pygame.Rect], unplaced: Iterable[int]) -> None:
    """The rest of what a hint points at (``buttons``: the rects of the named buttons shown):
    rings round the dice, the dice to pick up, the cell to ruin and the buttons."""
    free = set(unplaced)
    for die in sorted(targets.dice):
        if die in free:
            ring(surface, L.die_rect(die), time)
    for ghost in targets.ghosts:  # the die's number matches its ghost's
        if ghost.order and ghost.die in free:
            corner = L.die_rect(ghost.die).topleft
            badge(surface, (corner[0] + 4, corner[1] + 4), ghost.order)
    for cell in sorted(targets.pick_up):
        ring(surface, L.cell_rect(cell), time, palette.TENTATIVE_RING)
    if targets.ruin is not None:
        ring(surface, L.cell_rect(targets.ruin), time, palette.DANGER)
    for name in sorted(targets.buttons):
        rect = buttons.get(name)
        if rect is not None:
            ring(surface, rect, time, radius=26)


def plate(surface: pygame.Surface, L: PlayLayout) -> None:
    """A dark plate with a gold edge under the message line: the advice reads as advice."""
    rect = pygame.Rect(0, 0, L.right_width, PLATE_HEIGHT)
    rect.center = L.message_pos
    pygame.draw.rect(surface, palette.SLOT, rect, border_radius=18)
    pygame.draw.rect(surface, GLOW, rect, 3, border_radius=18)
    textlog.covered(surface, rect)
    textlog.box(surface, rect.inflate(-6, -6), textlog.PANEL)  # within its gold edge


def spinner(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    """The advisor is thinking: an arc running round the HINT button."""
    box = rect.inflate(18, 18)
    start = (time * 6.0) % (2 * math.pi)
    pygame.draw.arc(surface, GLOW, box, start, start + 1.8, 6)


@caches.on_reset
def clear() -> None:
    """Forget the ghost faces (digits change with the language's number face)."""
    _ghost_face.cache_clear()
