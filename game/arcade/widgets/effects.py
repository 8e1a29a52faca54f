"""Particles and screen shake: the feel of a ruin, a combo, a slammed banner.

Driven by the fixed dt; visual randomness comes from the scene's own RNG, never the dice's.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

Colour = tuple[int, int, int]
Square = tuple[Colour, tuple[int, int, int, int]]
"""A particle as drawn: its colour and its square (x, y, width, height)."""

BUCKET = 160
"""The side of the screen's squares :func:`cover` gathers rects in, in pixels."""


@dataclass
class Particle:
    x: float
    y: float
    vx: float
    vy: float
    life: float
    age: float
    size: float
    colour: tuple[int, int, int]
    gravity: float


class Particles:
    """A small pool of square debris/sparks with gravity and fade-out."""

    MAX = 600

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.items: list[Particle] = []
        # worked out once after each change (a burst, an update step), however many boxes a
        # frame draws and whoever asks: the squares as drawn, the areas round them and one
        # rect round all of those (None: not yet; no particles, no bounds)
        self._squares: list[Square] | None = []
        self._areas: list[pygame.Rect] | None = []
        self._bounds: pygame.Rect | None = None

    def burst(self, centre: tuple[float, float], count: int, colours: Sequence[Colour],
              speed: tuple[float, float] = (200, 700), size: tuple[float, float] = (5, 14),
              life: tuple[float, float] = (0.5, 1.2), gravity: float = 1400.0,
              spread: float = math.tau, direction: float = -math.pi / 2) -> None:
        rng = self.rng
        self._changed()
        for _ in range(count):
            if len(self.items) >= self.MAX:
                break
            angle = direction + rng.uniform(-spread / 2, spread / 2)
            v = rng.uniform(*speed)
            self.items.append(Particle(
                centre[0] + rng.uniform(-20, 20), centre[1] + rng.uniform(-20, 20),
                math.cos(angle) * v, math.sin(angle) * v,
                rng.uniform(*life), 0.0, rng.uniform(*size), rng.choice(colours), gravity,
            ))

    def update(self, dt: float) -> None:
        alive = []
        for p in self.items:
            p.age += dt
            if p.age < p.life:
                p.vy += p.gravity * dt
                p.x += p.vx * dt
                p.y += p.vy * dt
                alive.append(p)
        self.items = alive
        self._changed()

    def _changed(self) -> None:
        self._squares = self._areas = None

    def draw(self, surface: pygame.Surface) -> None:
        bounds = self.bounds()
        if bounds is None or not surface.get_clip().colliderect(bounds):
            return
        paint(surface, self.squares())

    def squares(self) -> list[Square]:
        """Each particle as ``draw`` paints it now: its colour, faded, and its square, shrunk
        (worked out once per change, not once per box a frame draws)."""
        if self._squares is None:
            out: list[Square] = []
            for p in self.items:
                fade = 1.0 - p.age / p.life
                size = max(1, int(p.size * (0.4 + 0.6 * fade)))
                shade = 0.5 + 0.5 * fade
                r, g, b = p.colour
                out.append(((int(r * shade), int(g * shade), int(b * shade)),
                            (int(p.x), int(p.y), size, size)))
            self._squares = out
            return out
        return self._squares

    def areas(self) -> list[pygame.Rect]:
        """Rects round the particles as ``draw`` paints them now, a few per screen
        (:func:`cover`). Worked out once per change."""
        if self._areas is not None:
            return [rect.copy() for rect in self._areas]
        out = cover([pygame.Rect(int(p.x), int(p.y), int(p.size) + 1, int(p.size) + 1)
                     for p in self.items])
        self._areas = [rect.copy() for rect in out]
        self._bounds = out[0].unionall(out[1:]) if out else None
        return out

    @property
    def active(self) -> bool:
        return bool(self.items)

    def bounds(self) -> pygame.Rect | None:
        """A rect round every particle as ``draw`` paints it now (None: there are none);
        worked out once after each change, however many boxes a frame draws."""
        if self._areas is None:
            self.areas()
        return self._bounds


class Shake:
    """A decaying screen shake; ``offset`` is added to what shakes. It is drawn anew each
    update step, not each draw, so a picture drawn twice (a partial redraw checked against a
    whole one) is the same picture."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.strength = 0.0
        self.offset: tuple[int, int] = (0, 0)

    def kick(self, strength: float) -> None:
        self.strength = max(self.strength, strength)

    def update(self, dt: float) -> None:
        self.strength = max(0.0, self.strength - dt * 60.0 - self.strength * dt * 4.0)
        s = self.strength
        self.offset = (0, 0) if s <= 0.5 else (round(self.rng.uniform(-s, s)),
                                                round(self.rng.uniform(-s, s)))

    @property
    def reach(self) -> int:
        """How far ``offset`` can be from (0, 0) now, in each direction."""
        return math.ceil(self.strength) if self.strength > 0.5 else 0


def paint(surface: pygame.Surface, squares: list[Square]) -> None:
    """Paint ``squares`` onto ``surface``, in order."""
    fill = surface.fill
    for colour, square in squares:
        fill(colour, square)


def cover(rects: list[pygame.Rect], bucket: int = BUCKET) -> list[pygame.Rect]:
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
