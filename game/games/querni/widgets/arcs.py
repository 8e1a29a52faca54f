"""Dotted arcs with an arrowhead over the QUERNI board: a jump on offer, a hop of the trail, a
HINT's path (and the rules pages' figures, with ``arc_points``)."""

from __future__ import annotations

import math

import pygame

from game.games.querni.widgets import palette


def arc_points(a: tuple[float, float], b: tuple[float, float], height: float,
               count: int) -> list[tuple[float, float]]:
    """``count`` points on a parabolic arc from ``a`` to ``b`` whose middle stands ``height``
    px off the straight line: towards the top of the screen (to the right when vertical)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = dy / length, -dx / length  # a normal
    if ny > 0 or (abs(ny) < 1e-9 and nx < 0):
        nx, ny = -nx, -ny  # bow up the screen, or right for a vertical jump
    points = []
    for i in range(count):
        t = i / (count - 1)
        h = 4 * height * t * (1 - t)
        points.append((a[0] + dx * t + nx * h, a[1] + dy * t + ny * h))
    return points


def draw_arc(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float],
             square: int, piece_size: int, colour: palette.Rgb, edge: palette.Rgb) -> None:
    """A dotted arc with an arrowhead from the edge of the piece centred at ``a`` to the
    square centred at ``b`` (squares of ``square`` px, pieces of ``piece_size``). A two-square
    hop bows out just enough to run over the jumped piece's rim, not its numeral, and stays
    clear of the pieces beside it; a step is nearly straight."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length < 1:
        return
    bow = piece_size * 0.39 if length > square * 1.5 else 4.0
    points = arc_points(a, b, bow, max(8, int(length / 16)))
    first = (piece_size / 2 + 8) / length
    last = 1 - (square * 0.36 + 16) / length
    keep = [p for i, p in enumerate(points) if first <= i / (len(points) - 1) <= last]
    if len(keep) < 2:
        return
    radius = max(4, square // 26)
    for x, y in keep[:-1]:
        pygame.draw.circle(surface, edge, (x, y), radius + 2)
    for x, y in keep[:-1]:
        pygame.draw.circle(surface, colour, (x, y), radius)
    (x0, y0), (x1, y1) = keep[-2], keep[-1]
    angle = math.atan2(y1 - y0, x1 - x0)
    size = square * 0.15
    tip = (x1 + math.cos(angle) * size * 0.6, y1 + math.sin(angle) * size * 0.6)
    left = (x1 + math.cos(angle + 2.4) * size, y1 + math.sin(angle + 2.4) * size)
    right = (x1 + math.cos(angle - 2.4) * size, y1 + math.sin(angle - 2.4) * size)
    pygame.draw.polygon(surface, edge, [tip, left, right], 6)
    pygame.draw.polygon(surface, colour, [tip, left, right])
