"""QUERNI's pieces, drawn once per (colour, number, size, state) and cached. BLUE is a round
disc with a solid ring, RED an octagon with a striped rim, so shape tells them apart without
colour; drawn at twice the size and smooth-scaled down.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import cache

import pygame
from pygame.typing import ColorLike

from game.arcade.widgets import text
from game.games.querni.widgets import palette
from game.rules.querni import Color

STATES = ("normal", "selected", "chain", "dim", "ghost")
"""normal; selected (a brighter face: the piece the player holds); chain (a gold edge: part of
the chosen chain); dim (darkened: cannot act now); ghost (an outline and a faint numeral: a
piece that was just removed)."""

NUMERAL_SCALE = 0.63
"""Numeral font size per piece diameter: an 89 px piece (104 px squares) gets digits ≥ 40 px
tall."""
FACE = 0.94  # the face's radius per half-size; the rest is the piece's side below it
LIFT = 0.05  # how far the face sits above the image centre, per half-size
RING = (0.76, 0.92)  # the rim band, as fractions of the face radius

_cache: dict[tuple[object, ...], pygame.Surface] = {}


@cache
def piece(color: Color, number: int, size: int, state: str = "normal") -> pygame.Surface:
    """The ``size``×``size`` image of ``color``'s piece ``number`` in ``state``."""
    if state not in STATES:
        raise ValueError(f"unknown piece state {state!r}")
    return _draw_piece(Color(color), number, size, state)


@cache
def token(color: Color, size: int) -> pygame.Surface:
    """A piece without a number: the colour-and-shape sign of a player in the HUD."""
    return _draw_piece(Color(color), None, size, "normal")


def shadow(size: int, alpha: int = 110) -> pygame.Surface:
    """A soft dark ellipse to draw under a piece (a lifted piece gets a fainter one)."""
    alpha = max(0, min(255, alpha)) // 8 * 8
    key = ("shadow", size, alpha)
    surface = _cache.get(key)
    if surface is None:
        big = size * 2
        canvas = pygame.Surface((big, big), pygame.SRCALPHA)
        for i in range(6):  # concentric ellipses: a soft edge without a blur filter
            inset = i * big // 28
            rect = pygame.Rect(0, big // 8, big, big * 3 // 4).inflate(-inset * 2, -inset)
            pygame.draw.ellipse(canvas, (0, 0, 0, alpha // 6), rect)
        surface = pygame.transform.smoothscale(canvas, (size, size))
        _cache[key] = surface
    return surface


def blit_centred(surface: pygame.Surface, image: pygame.Surface, centre: tuple[float, float],
                 alpha: int = 255) -> None:
    blit_alpha(surface, image, image.get_rect(center=(round(centre[0]), round(centre[1]))),
               alpha)


def blit_alpha(surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect,
               alpha: int) -> None:
    """Blit a shared image (a piece, a stamp) at ``alpha`` without leaving the alpha set
    on it (0 or less: nothing)."""
    if alpha <= 0:
        return
    if alpha < 255:
        image.set_alpha(alpha)
    surface.blit(image, rect)
    if alpha < 255:
        image.set_alpha(255)


def prewarm(size: int, states: tuple[str, ...] = ("normal",), top: int = 16) -> None:
    """Draw every piece of ``size`` now, so no frame pays for it mid-game."""
    for _ in prewarm_steps(size, states, top):
        pass


def prewarm_steps(size: int, states: tuple[str, ...] = ("normal",),
                  top: int = 16) -> Iterator[None]:
    """:func:`prewarm` one drawing at a time (a step each), for a screen that spreads it over
    its idle frames ahead of the screen that shows the pieces."""
    for color in Color:
        for number in range(1, top + 1):
            for state in states:
                piece(color, number, size, state)
                yield
        token(color, size)
        yield
    shadow(size)


def clear() -> None:
    """Forget every drawing (after a display reset or a font change)."""
    piece.cache_clear()
    token.cache_clear()
    _cache.clear()


# --- geometry --------------------------------------------------------------------------------
def outline(color: Color, centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The piece's outline as a polygon: a circle for BLUE, a flat-sided octagon for RED."""
    if Color(color) is Color.BLUE:
        count, start = 48, 0.0
    else:
        count, start = 8, math.pi / 8  # flats at top, bottom and sides, like a stop sign
    return [
        (centre[0] + radius * math.cos(start + i * math.tau / count),
         centre[1] + radius * math.sin(start + i * math.tau / count))
        for i in range(count)
    ]


def _shape(surface: pygame.Surface, color: Color, colour: ColorLike,
           centre: tuple[float, float], radius: float) -> None:
    if color is Color.BLUE:
        pygame.draw.circle(surface, colour, centre, radius)
    else:
        pygame.draw.polygon(surface, colour, outline(color, centre, radius))


def _shade(colour: palette.Rgb, k: float) -> palette.Rgb:
    r, g, b = (max(0, min(255, round(c * k))) for c in colour)
    return r, g, b


# --- drawing ---------------------------------------------------------------------------------
def _draw_piece(color: Color, number: int | None, size: int, state: str) -> pygame.Surface:
    big = size * 2
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    half = big / 2
    face_r = half * FACE
    top = (half, half - half * LIFT)
    side = (half, half + half * LIFT)
    body = palette.BODY[color]
    if state == "ghost":
        _draw_ghost(canvas, color, top, face_r)
    else:
        if state == "selected":
            body = (min(255, body[0] + 34), min(255, body[1] + 34), min(255, body[2] + 34))
        edge = palette.CHAIN if state == "chain" else palette.EDGE[color]
        _shape(canvas, color, edge, side, face_r)  # the side of the piece, below the face
        _shape(canvas, color, edge, top, face_r)
        _shape(canvas, color, _shade(body, 0.78), top, face_r * 0.97)
        _shape(canvas, color, body, (top[0], top[1] - face_r * 0.02), face_r * 0.93)
        _rim(canvas, color, top, face_r)
        if state == "chain":  # a gold edge thick enough to see at a glance
            pygame.draw.polygon(canvas, palette.CHAIN, outline(color, top, face_r),
                                max(4, big // 22))
    if number is not None:
        _numeral(canvas, color, number, size, top, face_r, state)
    image = pygame.transform.smoothscale(canvas, (size, size))
    if state == "dim":
        image.fill((120, 120, 130, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return image


def _rim(canvas: pygame.Surface, color: Color, centre: tuple[float, float],
         face_r: float) -> None:
    """BLUE: one solid light ring. RED: a band of diagonal light stripes."""
    inner, outer = face_r * RING[0], face_r * RING[1]
    if color is Color.BLUE:
        pygame.draw.circle(canvas, palette.RIM[color], centre, outer, round(outer - inner))
        return
    band = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
    _shape(band, color, (255, 255, 255, 255), centre, outer)
    _shape(band, color, (0, 0, 0, 0), centre, inner)
    stripes = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
    width = canvas.get_width()
    step = max(8, width // 11)
    for x in range(-width, 2 * width, step):
        pygame.draw.line(stripes, palette.RIM[color], (x, width), (x + width, 0), step // 2)
    stripes.blit(band, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    canvas.blit(stripes, (0, 0))


def _draw_ghost(canvas: pygame.Surface, color: Color, centre: tuple[float, float],
                face_r: float) -> None:
    """A removed piece: its outline in dashes over a faint wash of its colour."""
    wash = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
    _shape(wash, color, (*palette.BODY[color], 60), centre, face_r)
    canvas.blit(wash, (0, 0))
    points = outline(color, centre, face_r * 0.96)
    if color is Color.BLUE:  # dashes: every other segment of the 48-gon
        for i in range(0, len(points), 2):
            pygame.draw.line(canvas, palette.RIM[color], points[i],
                             points[(i + 1) % len(points)], max(3, canvas.get_width() // 40))
    else:
        for i, a in enumerate(points):
            b = points[(i + 1) % len(points)]
            for k in range(3):  # three dashes per side
                t0, t1 = k / 3 + 0.04, k / 3 + 0.24
                pygame.draw.line(canvas, palette.RIM[color],
                                 (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                                 (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1),
                                 max(3, canvas.get_width() // 40))


def _numeral(canvas: pygame.Surface, color: Color, number: int, size: int,
             centre: tuple[float, float], face_r: float, state: str) -> None:
    """The number, white with an ink edge; condensed if it would cross the rim."""
    font_size = round(size * NUMERAL_SCALE) * 2  # the canvas is twice the size
    if state == "ghost":
        ink = text.render(str(number), "numbers", font_size, palette.RIM[color]).copy()
        ink.set_alpha(150)
        canvas.blit(ink, ink.get_rect(center=centre))
        return
    glyphs = text.render(str(number), "numbers", font_size, palette.NUMERAL)
    edge = text.render(str(number), "numbers", font_size, palette.NUMERAL_EDGE)
    room = 2 * face_r * RING[0] * 0.86  # leave the rim visible on both sides
    box = glyphs.get_bounding_rect()
    if box.width > room:
        squeeze = room / box.width
        new_size = (max(1, round(glyphs.get_width() * squeeze)), glyphs.get_height())
        glyphs = pygame.transform.smoothscale(glyphs, new_size)
        edge = pygame.transform.smoothscale(edge, new_size)
    # centre the ink, not the line box (the font's ascent and descent are unequal)
    box = glyphs.get_bounding_rect()
    dx = centre[0] - (box.centerx)
    dy = centre[1] - (box.centery)
    stroke = max(3, size // 22)
    for i in range(16):
        a = i * math.tau / 16
        canvas.blit(edge, (dx + stroke * math.cos(a), dy + stroke * math.sin(a)))
    canvas.blit(glyphs, (dx, dy))
