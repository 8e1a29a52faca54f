"""What moves on QUERNI's board between two positions (a flight, a chain popping, a shake, a
chain lit piece by piece), for the play and replay screens. Purely visual: the position is
already the rules' when it starts, and finishing early only jumps to its end.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.arcade.widgets.effects import Particles
from game.engine.tween import Timer, Tween, Tweens
from game.games.querni.widgets import motion
from game.games.querni.widgets.board import BoardView
from game.games.querni.widgets.layout import QuerniLayout
from game.rules.querni import Color, Square

Point = tuple[float, float]
SHAKE_SECONDS = 0.35
CHAIN_LIGHT_SECONDS = 0.14
"""Per piece of a chosen chain lighting up in number order (Q-6.2)."""


@dataclass
class Flight:
    """A piece on its way: where it lands (hidden on the board until then) and its route."""

    color: Color
    number: int
    centres: list[Point]
    jump: bool
    dest: Square
    progress: float = 0.0


class BoardAnimations:
    """The animations of one board: updated with ``dt``, drawn over the board."""

    def __init__(self, layout: QuerniLayout, view: BoardView, rng: random.Random) -> None:
        self.layout = layout
        self.view = view
        self.tweens = Tweens()
        self.particles = Particles(rng)
        self.flight: Flight | None = None
        self.pop: motion.ChainPop | None = None
        self.chain_progress = 1.0
        self._shakes: dict[Square, float] = {}
        self._flight_tween: Tween | None = None
        self._pop_tween: Tween | None = None

    # --- starting ---------------------------------------------------------------------------
    def fly(self, color: Color, number: int, path: Sequence[Square], jump: bool,
            start: Point | None = None, on_hop: Callable[[int], None] | None = None,
            on_land: Callable[[], None] | None = None, speed: float = 1.0) -> None:
        """Fly a piece along ``path`` (start, landings…); ``start`` overrides the first centre
        (a piece let go off its square). ``on_hop(i)`` as hop ``i`` takes off."""
        self.finish_flight()
        centres = motion.path_centres(self.layout, path)
        if start is not None:
            centres[0] = start
        hops = len(centres) - 1
        flight = Flight(color, number, centres, jump, path[-1])
        self.flight = flight
        seconds = motion.path_seconds(hops, jump) / speed
        if start is not None and not jump:
            seconds *= 0.6
        started = [0]

        def step(p: float) -> None:
            flight.progress = p
            hop = min(hops - 1, int(p * hops))
            while on_hop is not None and started[0] <= hop:
                on_hop(started[0])
                started[0] += 1

        def done() -> None:
            if self.flight is flight:
                self.flight = None
            if on_land is not None:
                on_land()

        if on_hop is not None:
            on_hop(0)
            started[0] = 1
        self._flight_tween = self.tweens.add(Tween(seconds, step, on_finish=done))

    def pop_chain(self, pieces: Sequence[tuple[Square, Color, int]]) -> None:
        """Pop a removed chain piece by piece in number order, with particles."""
        self.finish_pop()
        pop = motion.ChainPop(self.layout, pieces, self.particles)
        self.pop = pop

        def done() -> None:
            if self.pop is pop:
                self.pop = None

        self._pop_tween = self.tweens.add(Tween(pop.seconds, pop.update,
                                                on_finish=done))

    def light_chain(self, count: int) -> None:
        """The chosen chain lights up piece by piece."""
        self.chain_progress = 0.0

        def step(p: float) -> None:
            self.chain_progress = p

        self.tweens.add(Tween(CHAIN_LIGHT_SECONDS * max(1, count), step))

    def shake(self, square: Square) -> None:
        self._shakes[square] = SHAKE_SECONDS

    def later(self, seconds: float, action: Callable[[], None]) -> Tween:
        return self.tweens.add(Timer(seconds, action))

    # --- state ------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """A piece is flying or a chain popping."""
        return self.flight is not None or self.pop is not None

    @property
    def moving(self) -> bool:
        """Anything in motion: a flight, a pop, a shake, a chain lighting up, particles (not a
        timer waiting to fire)."""
        return (self.busy or bool(self._shakes) or self.chain_progress < 1.0
                or self.particles.active)

    @property
    def hidden(self) -> set[Square]:
        """Squares whose piece the board must not draw (it is drawn here)."""
        hidden = set()
        if self.flight is not None:
            hidden.add(self.flight.dest)
        return hidden

    @property
    def offsets(self) -> dict[Square, tuple[float, float]]:
        out = {}
        for square, left in self._shakes.items():
            k = left / SHAKE_SECONDS
            out[square] = (math.sin(left * 60.0) * 10.0 * k, 0.0)
        return out

    def finish_flight(self) -> None:
        if self._flight_tween is not None:
            self._flight_tween.finish()
            self._flight_tween = None

    def finish_pop(self) -> None:
        if self._pop_tween is not None:
            self._pop_tween.finish()
            self._pop_tween = None

    def finish(self) -> None:
        """Every animation to its end at once (timers too: they fire now)."""
        self.finish_flight()
        self.finish_pop()
        self.tweens.finish_all()
        self._shakes.clear()

    def clear(self) -> None:
        """Drop everything without firing callbacks (a new game)."""
        self.tweens.clear()
        self.flight = None
        self.pop = None
        self.chain_progress = 1.0
        self._shakes.clear()

    # --- per frame --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.tweens.update(dt)
        self.particles.update(dt)
        for square in list(self._shakes):
            self._shakes[square] -= dt
            if self._shakes[square] <= 0:
                del self._shakes[square]

    def draw(self, surface: pygame.Surface) -> None:
        """The flying piece, the popping chain and the particles, over the board."""
        if self.pop is not None:
            self.pop.draw(surface, self.view)
        flight = self.flight
        if flight is not None:
            pose = motion.path_pose(flight.centres, flight.progress, jump=flight.jump)
            self.view.draw_piece(surface, flight.color, flight.number, pose.centre,
                                 ground=pose.ground, scale=pose.scale)
        self.particles.draw(surface)
