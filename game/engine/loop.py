"""Fixed-timestep accumulator: the game advances in equal steps whatever the frame rate.

Rendering happens once per frame; the simulation runs ``tick()``'s count of ``STEP`` updates.
A stall (debugger, window drag, slow disk) could demand hundreds of catch-up steps, each of
which makes the next frame slower still; the cap (``max_steps``) drops that backlog instead.
The leftover fraction of a step is returned as the render ``alpha`` for interpolation.
"""

from __future__ import annotations

import time
from collections.abc import Callable

STEP = 1 / 60
# Float slack so that advancing a clock by exactly n steps yields n updates, not n - 1.
_EPSILON = 1e-9


class FixedStepLoop:
    """Turns wall-clock time into a whole number of fixed updates per frame."""

    def __init__(
        self,
        step: float = STEP,
        max_steps: int = 5,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if step <= 0:
            raise ValueError(f"step must be positive, got {step!r}")
        if max_steps < 1:
            raise ValueError(f"max_steps must be at least 1, got {max_steps!r}")
        self.step = step
        self.max_steps = max_steps
        self.clock = clock
        self.accumulator = 0.0
        self.dropped = 0.0  # seconds of backlog thrown away so far, for diagnostics
        self._last = clock()

    def reset(self) -> None:
        """Forget elapsed time, e.g. after a long startup, so it is not replayed as a stall."""
        self._last = self.clock()
        self.accumulator = 0.0

    def tick(self) -> tuple[int, float]:
        """Read the clock; return (updates to run now, render alpha in [0, 1))."""
        now = self.clock()
        elapsed = max(0.0, now - self._last)  # a clock going backwards is treated as no time
        self._last = now
        self.accumulator += elapsed
        steps = int((self.accumulator + _EPSILON) // self.step)
        if steps > self.max_steps:
            # Keep only the fractional part of a step: the excess is dropped, not deferred.
            leftover = self.accumulator - steps * self.step
            self.dropped += (steps - self.max_steps) * self.step
            steps = self.max_steps
            self.accumulator = max(0.0, leftover)
        else:
            self.accumulator = max(0.0, self.accumulator - steps * self.step)
        alpha = min(self.accumulator / self.step, 1.0 - _EPSILON)
        return steps, alpha

    def until_next(self) -> float:
        """Seconds until the next update is due (0.0 when one is due now): how long a frame
        loop with nothing else to do may sleep."""
        pending = self.accumulator + max(0.0, self.clock() - self._last)
        return max(0.0, self.step - pending - _EPSILON)


class FakeClock:
    """A hand-cranked clock for tests: time moves only when ``advance`` is called.

    ``sleep`` (what an app on this clock calls instead of ``time.sleep``) only counts the
    waits (``sleeps``, ``slept``, ``last_sleep``): tests stay fast and can check that a loop
    waited rather than spun.
    """

    def __init__(self, start: float = 0.0) -> None:
        self.now = start
        self.sleeps = 0
        self.slept = 0.0
        self.last_sleep = 0.0

    def sleep(self, seconds: float) -> None:
        """Count a wait without passing time (``advance`` moves time)."""
        self.sleeps += 1
        self.slept += seconds
        self.last_sleep = seconds

    def advance(self, seconds: float) -> None:
        """Move time forward (negative values are refused: real clocks are monotonic)."""
        if seconds < 0:
            raise ValueError("a monotonic clock cannot go back")
        self.now += seconds

    def __call__(self) -> float:
        return self.now
