"""Per-cell feedback on the board (shakes, snaps, drops, flashes), driven by the scene's
tweens; nothing here knows any rule."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TypeVar

from game.engine.tween import (
    Easing,
    Tween,
    Tweens,
    ease_out_back,
    ease_out_cubic,
    lerp,
    linear,
)

V = TypeVar("V")


class CellEffects:
    def __init__(self, tweens: Tweens) -> None:
        self.tweens = tweens
        self.offsets: dict[int, tuple[float, float]] = {}
        self.flash: dict[int, float] = {}
        self.lines: dict[int, float] = {}

    def _run(self, seconds: float, store: dict[int, V], key: int,
             value: Callable[[float], V], easing: Easing = linear) -> None:
        """Animate ``store[key]`` with ``value(progress)``; the entry goes when it is done."""

        def step(p: float) -> None:
            if p >= 1.0:
                store.pop(key, None)
            else:
                store[key] = value(p)

        self.tweens.add(Tween(seconds, step, easing))

    def shake(self, cell: int) -> None:
        """No: a quick side-to-side wobble."""
        self._run(0.35, self.offsets, cell,
                  lambda p: (math.sin(p * math.pi * 6) * 12 * (1 - p), 0.0))

    def slide(self, cell: int, offset: tuple[float, float]) -> None:
        """A placed die snaps in from where it came (tray or finger)."""
        self._run(0.12, self.offsets, cell,
                  lambda p: (lerp(offset[0], 0, p), lerp(offset[1], 0, p)), ease_out_cubic)

    def drop_in(self, cell: int) -> None:
        """A ruin slams down and settles."""
        self._run(0.4, self.offsets, cell, lambda p: (0.0, lerp(-40, 0, p)), ease_out_back)

    def flash_cell(self, cell: int, seconds: float) -> None:
        """A bright hit that fades fast."""
        self._run(seconds, self.flash, cell, lambda p: (1.0 - p) * (1.0 - p))

    def flash_line(self, index: int) -> None:
        """A completed line's combo flag swells and settles."""
        self._run(0.9, self.lines, index, lambda p: math.sin(p * math.pi))
