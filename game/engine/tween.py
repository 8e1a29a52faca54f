"""Tweens and timers driven by the fixed dt, so animations are deterministic and skippable;
``on_finish`` fires exactly once, where animations are chained."""

from __future__ import annotations

import math
from collections.abc import Callable

Easing = Callable[[float], float]

# A chain of tweens that each start another on finish could make finish_all loop forever.
_MAX_FINISH_ROUNDS = 100
# Summing n fixed steps of 1/60 can fall a hair short of n/60; that hair must not cost a frame.
_EPSILON = 1e-9


def linear(t: float) -> float:
    """Constant speed."""
    return t


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle stop: things sliding into place."""
    return 1.0 - (1.0 - t) ** 3


def ease_in_out_sine(t: float) -> float:
    """Gentle at both ends: pulses and fades."""
    return -(math.cos(math.pi * t) - 1.0) / 2.0


def ease_out_back(t: float) -> float:
    """Overshoots slightly, then settles: a pop-in."""
    c1 = 1.70158
    c3 = c1 + 1.0
    return 1.0 + c3 * (t - 1.0) ** 3 + c1 * (t - 1.0) ** 2


def ease_out_bounce(t: float) -> float:
    """Bounces to rest: a die landing."""
    n1, d1 = 7.5625, 2.75
    if t < 1.0 / d1:
        return n1 * t * t
    if t < 2.0 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


def lerp(a: float, b: float, t: float) -> float:
    """Linear interpolation; ``t`` may leave 0..1 (overshooting easings)."""
    return a + (b - a) * t


class Tween:
    """Eased progress over ``duration`` seconds after an optional ``delay`` (no ``on_update``
    during it); the last call is with exactly 1.0, so the value lands on its target."""

    def __init__(
        self,
        duration: float,
        on_update: Callable[[float], None] | None,
        easing: Easing = linear,
        delay: float = 0.0,
        on_finish: Callable[[], None] | None = None,
    ) -> None:
        if duration < 0 or delay < 0:
            raise ValueError("duration and delay must not be negative")
        self.duration = duration
        self.on_update = on_update
        self.easing = easing
        self.delay = delay
        self.on_finish = on_finish
        self.elapsed = 0.0
        self.done = False
        self.cancelled = False

    @property
    def progress(self) -> float:
        """Linear progress 0..1 (0 during the delay)."""
        if self.done:
            return 1.0
        run = self.elapsed - self.delay
        if run < -_EPSILON:
            return 0.0
        if run >= self.duration - _EPSILON:
            return 1.0
        return max(0.0, run / self.duration)

    @property
    def value(self) -> float:
        """Eased progress: what ``on_update`` receives."""
        p = self.progress
        return 1.0 if p >= 1.0 else self.easing(p)

    def update(self, dt: float) -> None:
        """Advance by ``dt``; finishes (and fires callbacks) when the end is reached."""
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed < self.delay - _EPSILON:
            return
        if self.progress >= 1.0:
            self.finish()
        elif self.on_update is not None:
            self.on_update(self.value)

    def finish(self) -> None:
        """Jump to the end: final ``on_update(1.0)`` then ``on_finish``, both at most once."""
        if self.done:
            return
        self.done = True
        self.elapsed = self.delay + self.duration
        if self.on_update is not None:
            self.on_update(1.0)
        if self.on_finish is not None:
            self.on_finish()


class Timer(Tween):
    """Calls ``on_finish`` once after ``duration`` seconds."""

    def __init__(self, duration: float, on_finish: Callable[[], None] | None) -> None:
        super().__init__(duration, None, on_finish=on_finish)


class Tweens:
    """The tweens and timers a scene owns; safe to modify from inside callbacks."""

    def __init__(self) -> None:
        self._items: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        """Start ``tween`` (from the next ``update``) and return it, for chaining or cancel."""
        self._items.append(tween)
        return tween

    def update(self, dt: float) -> None:
        """Advance every tween present before this call by ``dt``."""
        for tween in list(self._items):
            if not tween.cancelled:
                tween.update(dt)
        self._prune()

    def cancel(self, tween: Tween) -> None:
        """Stop ``tween`` where it is, without its callbacks."""
        tween.cancelled = True
        self._prune()

    def finish_all(self) -> None:
        """Skip: jump every tween to its end, including ones chained by on_finish callbacks."""
        for _ in range(_MAX_FINISH_ROUNDS):
            live = [t for t in self._items if not (t.done or t.cancelled)]
            if not live:
                break
            for tween in live:
                if not tween.cancelled:
                    tween.finish()
        self._prune()

    @property
    def active(self) -> bool:
        """True while any tween or timer is still running."""
        return any(not (t.done or t.cancelled) for t in self._items)

    def clear(self) -> None:
        """Drop everything without firing callbacks."""
        for tween in self._items:
            tween.cancelled = True
        self._items.clear()

    def __len__(self) -> int:
        return sum(1 for t in self._items if not (t.done or t.cancelled))

    def _prune(self) -> None:
        self._items = [t for t in self._items if not (t.done or t.cancelled)]
