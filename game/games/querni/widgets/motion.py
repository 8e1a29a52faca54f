"""The shapes of QUERNI's animations as pure functions of progress (0..1), so they are tested
at 0, ½ and 1 and an animation is skipped by jumping to 1."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.arcade.widgets.effects import Particles
from game.engine.tween import ease_in_out_sine, ease_out_back, ease_out_cubic, lerp
from game.games.querni.widgets import palette
from game.rules.querni import Color, Square

if TYPE_CHECKING:  # the title's miniature draws with this module alone, without the board
    from game.games.querni.widgets.board import BoardView
    from game.games.querni.widgets.layout import QuerniLayout

Point = tuple[float, float]

STEP_SECONDS = 0.22
JUMP_SECONDS = 0.38
"""Per jump of a jump sequence."""
ARC = 0.24
"""A jump's peak height per px of the distance jumped."""
POP_SECONDS = 0.5
"""One piece's pop, from swelling to gone."""
POP_STAGGER = 0.16
"""Between two pieces of a chain popping in number order."""
POP_BURST_AT = 0.34
"""When (in a piece's own pop progress) its burst of particles flies."""


@dataclass(frozen=True)
class Pose:
    """Where to draw a moving piece: its centre, the shadow's centre and its scale."""

    x: float
    y: float
    ground: Point
    sx: float = 1.0
    sy: float = 1.0

    @property
    def centre(self) -> Point:
        return (self.x, self.y)

    @property
    def scale(self) -> tuple[float, float]:
        return (self.sx, self.sy)


def _clamp(p: float) -> float:
    return 0.0 if p < 0.0 else 1.0 if p > 1.0 else p


def _along(a: Point, b: Point, k: float) -> Point:
    return (lerp(a[0], b[0], k), lerp(a[1], b[1], k))


# --- moves -----------------------------------------------------------------------------------
def step_pose(start: Point, end: Point, p: float) -> Pose:
    """A step: a short eased slide with a small hop, no squash."""
    p = _clamp(p)
    ground = _along(start, end, ease_in_out_sine(p))
    hop = 10.0 * math.sin(math.pi * p)
    return Pose(ground[0], ground[1] - hop, ground)


def jump_pose(start: Point, end: Point, p: float, *, arc: float = ARC) -> Pose:
    """One jump: an arc over the jumped piece, up the screen whatever the direction, its peak
    ``arc`` × the distance high; the piece swells at the top (closer to the eye) and squashes
    a little as it lands. The shadow slides along the board below it."""
    p = _clamp(p)
    k = lerp(p, ease_in_out_sine(p), 0.5)  # mostly steady, softened at both ends
    ground = _along(start, end, k)
    height = arc * math.hypot(end[0] - start[0], end[1] - start[1]) * 4 * p * (1 - p)
    swell = 1.0 + 0.24 * math.sin(math.pi * p)
    sx = sy = swell
    if p > 0.86:  # landing: wider and flatter for a moment, back to round at p = 1
        squash = math.sin((p - 0.86) / 0.14 * math.pi) * 0.14
        sx, sy = swell + squash, swell - squash
    return Pose(ground[0], ground[1] - height, ground, sx, sy)


def path_pose(centres: Sequence[Point], p: float, *, jump: bool) -> Pose:
    """A whole movement through ``centres`` (start, landing1, …): each hop gets an equal share
    of the progress; ``jump`` picks jump arcs, else one step."""
    if len(centres) < 2:
        raise ValueError("a movement needs a start and an end")
    p = _clamp(p)
    hops = len(centres) - 1
    index = min(hops - 1, int(p * hops))
    local = p * hops - index
    pose = jump_pose if jump else step_pose
    return pose(centres[index], centres[index + 1], local)


def path_seconds(hops: int, jump: bool) -> float:
    """How long a movement of ``hops`` hops lasts (the tween's duration)."""
    return hops * JUMP_SECONDS if jump else STEP_SECONDS


def path_centres(layout: QuerniLayout, path: Sequence[Square]) -> list[Point]:
    """The screen centres of a path's squares, for ``path_pose``."""
    return [layout.square_centre(square) for square in path]


def is_jump(path: Sequence[Square]) -> bool:
    """Whether a path's first hop is two squares long (a jump) rather than one (a step):
    geometry only, for picking the animation."""
    if len(path) < 2:
        return False
    (c0, r0), (c1, r1) = path[0], path[1]
    return max(abs(c1 - c0), abs(r1 - r0)) >= 2


# --- trail -----------------------------------------------------------------------------------
def move_trail(path: Sequence[Square]) -> list[Square]:
    """The squares a movement leaves marked (Q-6.4): where the piece started and every square
    it landed on and left again — all of the path but where it stands now."""
    return list(path[:-1])


def trail_alpha(age: float) -> float:
    """A mark fades in over a fifth of a second (and then stays until the next tap)."""
    return _clamp(age * 5.0)


# --- chain removal ---------------------------------------------------------------------------
def pop_seconds(count: int) -> float:
    """How long popping a chain of ``count`` pieces lasts."""
    return POP_SECONDS + POP_STAGGER * max(0, count - 1)


def pop_local(index: int, count: int, p: float) -> float:
    """Piece ``index``'s own pop progress (0..1) when the whole pop is at ``p``: they pop one
    by one in number order, each starting POP_STAGGER after the previous."""
    total = pop_seconds(count)
    return _clamp((_clamp(p) * total - index * POP_STAGGER) / POP_SECONDS)


def pop_pose(q: float) -> tuple[float, int]:
    """Scale and alpha of a popping piece at its own progress ``q``: it swells with an
    overshoot, bursts, then shrinks and fades away."""
    q = _clamp(q)
    if q < POP_BURST_AT:
        return 1.0 + 0.32 * ease_out_back(q / POP_BURST_AT), 255
    k = (q - POP_BURST_AT) / (1 - POP_BURST_AT)
    return lerp(1.32, 0.35, ease_out_cubic(k)), round(255 * (1 - k) ** 1.5)


class ChainPop:
    """One removal's pop: feed ``update`` the overall progress; it throws each piece's burst of
    particles (``game.arcade.widgets.effects``) once, and ``draw`` draws the pieces popping.

    The board should be drawn with the chain's squares in ``hidden`` meanwhile.
    """

    def __init__(self, layout: QuerniLayout, chain: Sequence[tuple[Square, Color, int]],
                 particles: Particles) -> None:
        self.layout = layout
        self.chain = sorted(chain, key=lambda item: item[2])  # number order
        self.particles = particles
        self.progress = 0.0
        self._burst = [False] * len(self.chain)

    @property
    def seconds(self) -> float:
        return pop_seconds(len(self.chain))

    @property
    def squares(self) -> list[Square]:
        return [square for square, _color, _number in self.chain]

    def update(self, p: float) -> None:
        self.progress = _clamp(p)
        count = len(self.chain)
        for i, (square, color, _number) in enumerate(self.chain):
            if not self._burst[i] and pop_local(i, count, self.progress) >= POP_BURST_AT:
                self._burst[i] = True
                self.particles.burst(self.layout.square_centre(square), 26,
                                     (palette.BODY[color], palette.RIM[color], palette.CHAIN),
                                     speed=(180, 560), size=(5, 12), life=(0.4, 0.9))

    def draw(self, surface: pygame.Surface, view: BoardView) -> None:
        """Draw each piece at its pop scale and alpha through ``view.draw_piece``."""
        count = len(self.chain)
        for i, (square, color, number) in enumerate(self.chain):
            scale, alpha = pop_pose(pop_local(i, count, self.progress))
            if alpha > 0:
                view.draw_piece(surface, color, number, self.layout.square_centre(square),
                                scale=(scale, scale), alpha=alpha, state="chain")
