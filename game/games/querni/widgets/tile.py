"""The title screen's QUERNI tile: a live miniature of the board playing a short loop, a pure
function of ``time`` over a board rendered once per size. Its pieces move along the play
screen's curves (``motion``), imported when the first piece moves, not for the title's first
frame.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

import pygame

from game.games.querni.widgets import palette, pieces
from game.games.querni.widgets.pieces import blit_centred
from game.rules.querni import COLS, ROWS, Color, Square

if TYPE_CHECKING:
    from game.games.querni.widgets.motion import Pose

LOOP = 9.0
"""Seconds per loop of the miniature's little game."""

START: dict[Square, tuple[Color, int]] = {
    (1, 0): (Color.BLUE, 1), (8, 0): (Color.BLUE, 12), (1, 1): (Color.BLUE, 14),
    (6, 1): (Color.BLUE, 8), (2, 2): (Color.BLUE, 3), (3, 3): (Color.BLUE, 4),
    (5, 2): (Color.BLUE, 5),
    (2, 6): (Color.RED, 2), (8, 6): (Color.RED, 13), (4, 5): (Color.RED, 7),
    (3, 5): (Color.RED, 16), (7, 5): (Color.RED, 9), (6, 4): (Color.RED, 11),
}
STEP = ((5, 2), (4, 3), 0.8, 1.3)  # from, to, start time, end time
JUMP = ((7, 5), (5, 3), 2.0, 2.7)  # over RED 11 on (6, 4)
CHAIN = ((2, 2), (3, 3), (4, 3))  # BLUE 3, 4, 5 after the step
LIGHT = (3.1, 4.3)
POP = (4.5, 5.6)
FADE = (7.6, 8.6)  # out, then back in from the start position


@cache
def _board(size: tuple[int, int]) -> tuple[pygame.Surface, int, tuple[int, int]]:
    """The framed empty board that fits ``size``, its square size and its origin within."""
    pad = max(8, min(size) // 40)
    square = min((size[0] - 2 * pad) // COLS, (size[1] - 2 * pad) // ROWS)
    surface = pygame.Surface(size, pygame.SRCALPHA)
    board = pygame.Rect(0, 0, square * COLS, square * ROWS)
    board.center = (size[0] // 2, size[1] // 2)
    frame = board.inflate(2 * pad, 2 * pad)
    pygame.draw.rect(surface, palette.FRAME, frame, border_radius=pad * 2)
    pygame.draw.rect(surface, palette.FRAME_EDGE, frame, 3, border_radius=pad * 2)
    for col in range(COLS):
        for row in range(ROWS):
            rect = pygame.Rect(board.left + col * square,
                               board.top + (ROWS - 1 - row) * square, square, square)
            surface.fill(palette.SQUARE_LIGHT if (col + row) % 2 else palette.SQUARE_DARK,
                         rect)
    for color, y in ((Color.BLUE, board.bottom + 2), (Color.RED, frame.top + 3)):
        band = pygame.Rect(board.left + 6, y, board.width - 12, max(3, pad - 5))
        pygame.draw.rect(surface, palette.BODY[color], band, border_radius=band.height // 2)
    cached = (surface, square, board.topleft)
    return cached


@cache
def _trail_mark(square: int) -> pygame.Surface:
    """The board's trail mark in miniature: an amber wash with an amber edge."""
    cached = pygame.Surface((square - 6, square - 6), pygame.SRCALPHA)
    pygame.draw.rect(cached, (*palette.TRAIL, 76), cached.get_rect(), border_radius=6)
    pygame.draw.rect(cached, palette.TRAIL, cached.get_rect(), 3, border_radius=6)
    return cached


def _phase(now: float, span: tuple[float, float]) -> float:
    """Progress 0..1 of ``now`` through ``span``."""
    return max(0.0, min(1.0, (now - span[0]) / (span[1] - span[0])))


def draw_tile(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    """Draw the miniature into ``rect`` at loop time ``time`` (seconds, any value)."""
    board, square, origin = _board(rect.size)
    surface.blit(board, rect)
    now = time % LOOP
    ox, oy = rect.left + origin[0], rect.top + origin[1]

    def centre(sq: Square) -> tuple[float, float]:
        return (ox + sq[0] * square + square / 2, oy + (ROWS - 1 - sq[1]) * square + square / 2)

    size = round(square * 0.86)
    fading = _phase(now, FADE)
    restarting = fading >= 0.5  # the second half fades the start position back in
    alpha = round(255 * abs(1.0 - 2.0 * fading))
    popped = now >= POP[1] and not restarting
    lit = 0 if restarting else min(3, math.ceil(_phase(now, LIGHT) * 3 - 1e-9))

    if now >= POP[1] and not restarting:  # the trail of the removed chain
        mark = _trail_mark(square)
        for sq in CHAIN:
            surface.blit(mark, mark.get_rect(center=centre(sq)))

    places = _places(now, restarting)
    moving: list[tuple[Color, int, Pose]] = []
    for sq, (color, number) in places.items():
        if sq in CHAIN and (popped or _phase(now, POP) > 0) and not restarting:
            continue
        if (color, number) == START[STEP[0]] and STEP[2] < now < STEP[3]:
            from game.games.querni.widgets.motion import step_pose

            pose = step_pose(centre(STEP[0]), centre(STEP[1]), _phase(now, (STEP[2], STEP[3])))
            moving.append((color, number, pose))
            continue
        if (color, number) == START[JUMP[0]] and JUMP[2] < now < JUMP[3]:
            from game.games.querni.widgets.motion import jump_pose

            pose = jump_pose(centre(JUMP[0]), centre(JUMP[1]), _phase(now, (JUMP[2], JUMP[3])))
            moving.append((color, number, pose))
            continue
        state = "chain" if sq in CHAIN[:lit] else "normal"
        blit_centred(surface, pieces.shadow(size), (centre(sq)[0] + 2, centre(sq)[1] + 4), alpha)
        blit_centred(surface, pieces.piece(color, number, size, state), centre(sq), alpha)
    if 0 < _phase(now, POP) < 1 and not restarting:
        _pop(surface, centre, size, _phase(now, POP))
    for color, number, pose in moving:
        blit_centred(surface, pieces.shadow(size, 70), (pose.ground[0] + 2, pose.ground[1] + 4))
        image = pieces.piece(color, number, size)
        if pose.scale != (1.0, 1.0):
            image = pygame.transform.smoothscale(
                image, (round(size * pose.sx), round(size * pose.sy)))
        blit_centred(surface, image, pose.centre)


def _places(now: float, restarting: bool) -> dict[Square, tuple[Color, int]]:
    """Where each piece stands at ``now`` (moving pieces at their start until they land)."""
    places = dict(START)
    if restarting:
        return places
    for src, dst, _t0, t1 in (STEP, JUMP):
        if now >= t1:
            places[dst] = places.pop(src)
    return places


def _pop(surface: pygame.Surface, centre: Callable[[Square], tuple[float, float]], size: int,
         p: float) -> None:
    """The chain pops in number order with a ring of sparks (pure: no particle state)."""
    starts = {(2, 2): (Color.BLUE, 3), (3, 3): (Color.BLUE, 4), (4, 3): (Color.BLUE, 5)}
    from game.games.querni.widgets import motion

    for i, sq in enumerate(CHAIN):
        q = motion.pop_local(i, len(CHAIN), p)
        scale, alpha = motion.pop_pose(q)
        cx, cy = centre(sq)
        if q >= motion.POP_BURST_AT:
            k = (q - motion.POP_BURST_AT) / (1 - motion.POP_BURST_AT)
            for j in range(10):
                a = j * math.tau / 10 + i
                r = size * (0.4 + 1.1 * k)
                spark = 6 if k < 0.6 else 4
                colour = palette.CHAIN if j % 2 else palette.BODY[Color.BLUE]
                surface.fill(colour, (cx + math.cos(a) * r - spark / 2,
                                      cy + math.sin(a) * r + 40 * k * k - spark / 2, spark, spark))
        if alpha > 0:
            color, number = starts[sq]
            image = pygame.transform.smoothscale(
                pieces.piece(color, number, size, "chain"), (round(size * scale),) * 2)
            blit_centred(surface, image, (cx, cy), alpha)
