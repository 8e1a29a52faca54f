"""The scroll position of a tall view (a document, a list): drag with a fling, wheel and
keys, clamped to the content."""

from __future__ import annotations

import math


class Scroller:
    """Times are the owner's clock (seconds, e.g. a scene's accumulated ``dt``), so tests on a
    fake clock are deterministic. Wheel and key steps glide to their target unless ``smooth``
    is off (reduced motion), when they jump.
    """

    FRICTION = 4.0  # 1/s: a fling loses ~98 % of its speed per second
    GLIDE = 18.0  # 1/s: how fast wheel/key scrolling reaches its target
    MAX_SPEED = 6000.0  # px/s
    SAMPLE_WINDOW = 0.1  # s of drag history that sets the fling speed

    def __init__(self, content: int, view: int, smooth: bool = True) -> None:
        self.content = content
        self.view = view
        self.smooth = smooth
        self.offset = 0.0
        self.target = 0.0
        self.velocity = 0.0
        self.dragging = False
        self._grab = (0.0, 0.0)  # pointer y and offset at the press
        self._samples: list[tuple[float, float]] = []

    @property
    def max_offset(self) -> float:
        return float(max(0, self.content - self.view))

    def clamp(self, value: float) -> float:
        return min(max(value, 0.0), self.max_offset)

    def scroll_to(self, offset: float, glide: bool = True) -> None:
        """Go to ``offset`` (clamped): gliding there, or at once."""
        self.velocity = 0.0
        self.target = self.clamp(offset)
        if not (glide and self.smooth):
            self.offset = self.target

    def scroll_by(self, delta: float, glide: bool = True) -> None:
        base = self.target if self.smooth and glide else self.offset
        self.scroll_to(base + delta, glide)

    def key(self, key: str | None, step: float, page: float) -> bool:
        """Scroll as a key (or a wheel notch: "up"/"down") asks: the arrows by ``step``, the
        page keys by ``page``, home and end to either end. Whether ``key`` was one of them."""
        if key in ("up", "down"):
            self.scroll_by(step * (-1 if key == "up" else 1))
        elif key in ("page_up", "page_down"):
            self.scroll_by(page if key == "page_down" else -page)
        elif key == "home":
            self.scroll_to(0)
        elif key == "end":
            self.scroll_to(self.max_offset)
        else:
            return False
        return True

    # --- dragging ---------------------------------------------------------------------------
    def press(self, y: float, now: float) -> None:
        self.dragging = True
        self.velocity = 0.0
        self.target = self.offset
        self._grab = (y, self.offset)
        self._samples = [(now, y)]

    def move(self, y: float, now: float) -> None:
        if not self.dragging:
            return
        start_y, start_offset = self._grab
        self.offset = self.target = self.clamp(start_offset + (start_y - y))
        self._samples.append((now, y))
        cutoff = now - self.SAMPLE_WINDOW
        while len(self._samples) > 2 and self._samples[0][0] < cutoff:
            self._samples.pop(0)

    def release(self, now: float) -> None:
        if not self.dragging:
            return
        self.dragging = False
        recent = [s for s in self._samples if s[0] >= now - self.SAMPLE_WINDOW]
        self._samples = []
        if not self.smooth or len(recent) < 2:
            return
        (t0, y0), (t1, y1) = recent[0], recent[-1]
        if t1 - t0 <= 1e-6:
            return
        speed = -(y1 - y0) / (t1 - t0)  # finger up → content up → offset grows
        self.velocity = max(-self.MAX_SPEED, min(self.MAX_SPEED, speed))

    # --- time -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.dragging:
            return
        if abs(self.velocity) > 1.0:
            self.offset = self.clamp(self.offset + self.velocity * dt)
            self.target = self.offset
            self.velocity *= math.exp(-self.FRICTION * dt)
            if self.offset in (0.0, self.max_offset):
                self.velocity = 0.0
            return
        self.velocity = 0.0
        gap = self.target - self.offset
        if abs(gap) < 0.5:
            self.offset = self.target
        else:
            self.offset += gap * (1.0 - math.exp(-self.GLIDE * dt))

    @property
    def moving(self) -> bool:
        return self.dragging or self.velocity != 0.0 or self.offset != self.target

    @property
    def fraction(self) -> float:
        """0 at the top, 1 at the bottom (0 when everything fits)."""
        top = self.max_offset
        return self.offset / top if top else 0.0
