"""Frame pacing: which frames are drawn (the fixed-step loop says how long to sleep).

At most one draw per update step. Every step is drawn while something happens (input, window
events, scene changes, and ``IDLE_AFTER`` seconds after) and while a scene plays something out
by itself (``Scene.moving``). An untouched screen is redrawn every ``AMBIENT_EVERY`` steps while
something on it moves by itself, else every ``STILL_EVERY`` steps when every visible scene is
``still``: a safety net that shows within half a second whatever changed without input. Runs
to a frame count draw every frame (the app decides that). Time is counted in steps, so a fake
clock drives the pacer exactly.
"""

from __future__ import annotations

from game.engine.loop import STEP

IDLE_AFTER = 2.0
"""Seconds without activity after which a screen counts as untouched."""
AMBIENT_EVERY = 5
"""Steps between redraws of an untouched screen on which something moves (60/5 = 12 fps)."""
STILL_EVERY = 30
"""Steps between redraws of an untouched, still screen (2 fps)."""


class Pacer:
    """Decides, once per loop pass, whether this pass draws."""

    def __init__(self, step: float = STEP, idle_after: float = IDLE_AFTER,
                 ambient_every: int = AMBIENT_EVERY, still_every: int = STILL_EVERY) -> None:
        self.idle_steps = max(0, round(idle_after / step))
        self.ambient_every = max(1, ambient_every)
        self.still_every = max(1, still_every)
        self.quiet = 0  # steps since the last activity
        self.since_draw = 0  # steps since the last draw

    @property
    def idle(self) -> bool:
        """Nothing has happened for ``IDLE_AFTER`` seconds."""
        return self.quiet > self.idle_steps

    def activity(self) -> None:
        """Input, a window event or a scene change: draw at full rate for a while."""
        self.quiet = 0

    def should_draw(self, steps: int, still: bool, forced: bool = False,
                    moving: bool = False) -> bool:
        """Count ``steps`` updates just run; True when this pass should draw (``moving``: a
        scene plays something out by itself, drawn at full rate)."""
        self.quiet += steps
        self.since_draw += steps
        if forced:
            return True
        if steps <= 0:
            return False
        if moving or not self.idle:
            return True
        return self.since_draw >= (self.still_every if still else self.ambient_every)

    def drew(self) -> None:
        """This pass drew (and presented) a frame."""
        self.since_draw = 0
