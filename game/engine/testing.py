"""Helpers for headless tests: an App on a fake clock and SDL-like synthetic input.

Events are posted to pygame's queue, so they travel the same path as real ones
(``App.run_frame`` → ``InputMapper`` → scene stack).
"""

from __future__ import annotations

from typing import Any

import pygame

from .app import App, AppConfig
from .loop import STEP, FakeClock

Pos = tuple[int, int]

TOUCH_ID = 1
FINGER_ID = 0


def make_app(**config: Any) -> App:
    """An App with a ``FakeClock`` (``app.clock``); keywords are ``AppConfig`` fields."""
    return App(AppConfig(**config), clock=FakeClock())


def run_frames(app: App, n: int, dt: float = STEP) -> None:
    """Run ``n`` frames, advancing a fake clock by ``dt`` before each (one update each)."""
    for _ in range(n):
        if isinstance(app.clock, FakeClock):
            app.clock.advance(dt)
        app.run_frame()


def _post(event_type: int, **attrs: Any) -> None:
    pygame.event.post(pygame.event.Event(event_type, **attrs))


def _logical_size() -> tuple[int, int]:
    surface = pygame.display.get_surface()
    return surface.get_size() if surface is not None else (1920, 1080)


def post_tap(pos: Pos, button: int = 1) -> None:
    """A mouse click: button down and up at ``pos``."""
    _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)
    _post(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)


def post_touch_tap(pos: Pos) -> None:
    """A one-finger tap as SDL delivers it with touch→mouse synthesis on.

    FINGERDOWN, MOUSEBUTTONDOWN(touch=True), FINGERUP, MOUSEBUTTONUP(touch=True); finger
    coordinates are normalised 0..1 as SDL's are.
    """
    w, h = _logical_size()
    fx, fy = pos[0] / w, pos[1] / h
    finger = {"touch_id": TOUCH_ID, "finger_id": FINGER_ID, "x": fx, "y": fy, "dx": 0.0, "dy": 0.0}
    _post(pygame.FINGERDOWN, pressure=1.0, **finger)
    _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True)
    _post(pygame.FINGERUP, pressure=0.0, **finger)
    _post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True)


def post_drag(start: Pos, end: Pos, steps: int = 5) -> None:
    """Press at ``start``, ``steps`` motions ending at ``end``, release at ``end``."""
    _post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
    prev = start
    for i in range(1, steps + 1):
        t = i / steps
        pos = (round(start[0] + (end[0] - start[0]) * t), round(start[1] + (end[1] - start[1]) * t))
        rel = (pos[0] - prev[0], pos[1] - prev[1])
        _post(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1, 0, 0), touch=False)
        prev = pos
    _post(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False)


def post_key(key: int | str) -> None:
    """Key down and up; ``key`` is a pygame key constant or a name like "space" or "f11"."""
    code = pygame.key.key_code(key) if isinstance(key, str) else key
    _post(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
    _post(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)
