"""Sprites: small squares (sparks, debris) put over the finished canvas and lifted off again.

A scene alone on screen says what flies over all of its picture now (``Scene.sprites``: a
colour and a square each). The app paints its picture first — whole, or only where it changed
(``engine.damage``) — then puts the squares down over it with :class:`Sprites`, which first
keeps what is under them in a small atlas; before the next frame's drawing it lifts them off
again, putting those pixels back. The scene is never redrawn round its sparks: three hundred
sparks flying across the screen cost their own few thousand pixels a frame, not the ~1 Mpx
of picture the boxes round them took in (3 of a frame's 5 ms). They are presented as
``Display.present(squares=…)``: copied one by one into the window's own pixels where those
are shown as they are, else uploaded in the few rects :func:`cover` gathers them into.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pygame

Colour = tuple[int, int, int]
Square = tuple[Colour, tuple[int, int, int, int]]
"""A sprite as drawn: its colour and its square (x, y, width, height) on the canvas."""

ATLAS_WIDTH = 1024
"""The width of the atlas the pixels under the squares are kept in (its height grows)."""

BUCKET = 160
"""The side of the screen's squares :func:`cover` gathers rects in, in pixels."""


class Sprites:
    """The squares put down over the canvas last, and what was under them."""

    def __init__(self) -> None:
        self._atlas: pygame.Surface | None = None
        self._down: list[tuple[pygame.Rect, tuple[int, int, int, int]]] = []  # where, kept at

    @property
    def down(self) -> list[pygame.Rect]:
        """The squares on the canvas now (clipped to it)."""
        return [rect.copy() for rect, _ in self._down]

    def __bool__(self) -> bool:
        """Whether any square is on the canvas now."""
        return bool(self._down)

    def lift(self, canvas: pygame.Surface) -> list[pygame.Rect]:
        """Put back what was under the squares put down last; the squares they covered."""
        if not self._down or self._atlas is None:
            self._down = []
            return []
        atlas = self._atlas
        canvas.blits([(atlas, rect, kept) for rect, kept in self._down], doreturn=False)
        lifted, self._down = self._down, []
        return [rect for rect, _ in lifted]

    def forget(self) -> None:
        """The canvas was painted over whole: nothing of the squares is on it to lift."""
        self._down = []

    def put(self, canvas: pygame.Surface, squares: Iterable[Square]) -> list[pygame.Rect]:
        """Keep what is under ``squares`` (all of it first: they overlap), then paint them,
        in order; the squares painted, clipped to the canvas. Call :meth:`lift` (or
        :meth:`forget`) first: what was put down before would be kept as if it were the
        picture."""
        bounds = canvas.get_rect()
        down: list[tuple[pygame.Rect, tuple[int, int, int, int]]] = []
        paints: list[Square] = []
        x = y = row = 0
        for colour, square in squares:
            rect = bounds.clip(square)
            if not rect.width or not rect.height:
                continue
            w, h = rect.size
            if x + w > ATLAS_WIDTH:  # the next row of the atlas
                x, y, row = 0, y + row, 0
            down.append((rect, (x, y, w, h)))
            paints.append((colour, (rect.x, rect.y, w, h)))
            x += w
            row = max(row, h)
        if not down:
            return []
        atlas = self._atlas_for(canvas, y + row)
        atlas.blits([(canvas, kept[:2], rect) for rect, kept in down], doreturn=False)
        paint(canvas, paints)
        self._down = down
        return [rect for rect, _ in down]

    def _atlas_for(self, canvas: pygame.Surface, height: int) -> pygame.Surface:
        """An atlas in the canvas's pixel format at least ``height`` rows tall (kept for the
        run; grown by doubling)."""
        atlas = self._atlas
        if atlas is None or atlas.get_height() < height \
                or atlas.get_bitsize() != canvas.get_bitsize():
            rows = 64
            while rows < height:
                rows *= 2
            atlas = self._atlas = pygame.Surface((ATLAS_WIDTH, rows), 0, canvas)
        return atlas


def paint(surface: pygame.Surface, squares: Iterable[Square]) -> None:
    """Paint ``squares`` onto ``surface``, in order."""
    fill = surface.fill
    for colour, square in squares:
        fill(colour, square)


def cover(rects: Sequence[pygame.Rect], bucket: int = BUCKET) -> list[pygame.Rect]:
    """A few rects round ``rects``: those in each ``bucket``-sized square of the screen are
    gathered, and squares side by side in a row are joined. (Sparks fly far apart: one rect
    round all of them would take in most of the screen for a few hundred small squares.)"""
    cells: dict[tuple[int, int], pygame.Rect] = {}
    for rect in rects:
        key = (rect.y // bucket, rect.x // bucket)
        if key in cells:
            cells[key].union_ip(rect)
        else:
            cells[key] = pygame.Rect(rect)
    out: list[pygame.Rect] = []
    last: tuple[int, int] | None = None
    for key in sorted(cells):
        if last == (key[0], key[1] - 1):  # the square left of it was the last one
            out[-1].union_ip(cells[key])
        else:
            out.append(cells[key])
        last = key
    return out
