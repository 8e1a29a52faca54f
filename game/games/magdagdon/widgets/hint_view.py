"""Drawing a hint on the play screen: glowing dice, animated arrows to their cells, rings round
the buttons and cells the advice names, and the "thinking" spinner. Drawing only: what to
point at comes from ``hints.targets``."""

from __future__ import annotations

import math
from collections.abc import Iterable

import pygame

from game.arcade.widgets import palette
from game.engine import textlog
from game.games.magdagdon.hints import Targets
from game.games.magdagdon.widgets.layout import PlayLayout

GLOW = palette.GOLD
PLATE_HEIGHT = 80
"""The hint's plate under the message line (the advice's lines fit inside its edge)."""
OUTLINE = (40, 26, 0)


def _pulse(time: float, speed: float = 5.0) -> float:
    return 0.5 + 0.5 * math.sin(time * speed)


def ring(surface: pygame.Surface, rect: pygame.Rect, time: float, colour: palette.Rgb = GLOW,
         width: int = 6, radius: int = 24) -> None:
    """A pulsing ring just outside ``rect``."""
    grow = 10 + int(8 * _pulse(time))
    pygame.draw.rect(surface, OUTLINE, rect.inflate(grow + 4, grow + 4), width + 4,
                     border_radius=radius + 4)
    pygame.draw.rect(surface, colour, rect.inflate(grow, grow), width, border_radius=radius)


def _curve(start: tuple[float, float], end: tuple[float, float], bend: float,
           steps: int = 28) -> list[tuple[float, float]]:
    """A gentle quadratic curve from ``start`` to ``end`` (bent sideways by ``bend``)."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    nx, ny = -(y1 - y0) / length, (x1 - x0) / length
    cx, cy = (x0 + x1) / 2 + nx * bend * length, (y0 + y1) / 2 + ny * bend * length
    points = []
    for i in range(steps + 1):
        t = i / steps
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        points.append((a * x0 + b * cx + c * x1, a * y0 + b * cy + c * y1))
    return points


def arrow(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int],
          time: float, index: int = 0, stop_short: float = 52.0, bend: float = 0.1) -> None:
    """An arrow from a tray die to its cell, with a bright dot running along it."""
    points = _curve(start, end, bend)  # all bent the same way: nearly parallel, rarely crossing
    # stop short of the cell's centre so the arrowhead sits on the cell, not over its number
    while len(points) > 3 and math.dist(points[-1], end) < stop_short:
        points.pop()
    tip, before = points[-1], points[-3]
    pygame.draw.lines(surface, OUTLINE, False, points, 16)
    pygame.draw.lines(surface, GLOW, False, points, 9)
    angle = math.atan2(tip[1] - before[1], tip[0] - before[0])
    head = [
        (tip[0] + math.cos(angle) * 26, tip[1] + math.sin(angle) * 26),
        (tip[0] + math.cos(angle + 2.4) * 26, tip[1] + math.sin(angle + 2.4) * 26),
        (tip[0] + math.cos(angle - 2.4) * 26, tip[1] + math.sin(angle - 2.4) * 26),
    ]
    pygame.draw.polygon(surface, OUTLINE, head)
    pygame.draw.polygon(surface, GLOW, [
        (tip[0] + math.cos(angle) * 20, tip[1] + math.sin(angle) * 20),
        (tip[0] + math.cos(angle + 2.4) * 18, tip[1] + math.sin(angle + 2.4) * 18),
        (tip[0] + math.cos(angle - 2.4) * 18, tip[1] + math.sin(angle - 2.4) * 18),
    ])
    run = (time * 0.8 + index * 0.37) % 1.0  # the dot runs from the die to the cell
    dot = points[min(len(points) - 1, int(run * (len(points) - 1)))]
    pygame.draw.circle(surface, OUTLINE, (int(dot[0]), int(dot[1])), 12)
    pygame.draw.circle(surface, palette.TEXT, (int(dot[0]), int(dot[1])), 8)


def draw_arrows(surface: pygame.Surface, L: PlayLayout, targets: Targets, time: float) -> None:
    """The arrows of a hint (drawn under the tray and the line sums: they lead out of the
    dice and never hide a number)."""
    for index, (die, cell) in enumerate(targets.arrows):
        ring(surface, L.cell_rect(cell), time + 0.5, width=4)
        # landscape: bent upwards, so they leave the tray by its side, above the message line
        arrow(surface, L.die_rect(die).center, L.cell_rect(cell).center, time, index,
              bend=0.1 if L.portrait else 0.16)


def draw(surface: pygame.Surface, L: PlayLayout, targets: Targets, time: float,
         buttons: dict[str, pygame.Rect], unplaced: Iterable[int]) -> None:
    """The rest of what a hint points at (``buttons``: the rects of the named buttons shown):
    rings round the dice, the dice to pick up, the cell to ruin and the buttons."""
    free = set(unplaced)
    for die in sorted(targets.dice):
        if die in free:
            ring(surface, L.die_rect(die), time)
    for cell in sorted(targets.pick_up):
        ring(surface, L.cell_rect(cell), time, palette.TENTATIVE_RING)
    if targets.ruin is not None:
        ring(surface, L.cell_rect(targets.ruin), time, palette.DANGER)
    for name in sorted(targets.buttons):
        rect = buttons.get(name)
        if rect is not None:
            ring(surface, rect, time, radius=26)


def plate(surface: pygame.Surface, L: PlayLayout) -> None:
    """A dark plate with a gold edge under the message line: the advice reads as advice, and
    stays readable over the arrows."""
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
