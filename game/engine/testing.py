"""Helpers for headless tests: an App on a fake clock and SDL-like synthetic input posted to
pygame's queue, so it travels the same path as real input."""

from __future__ import annotations

from typing import Any

from game.engine.app import App, AppConfig
from game.engine.loop import STEP, FakeClock
from game.engine.synthetic import post_drag, post_key, post_tap, post_touch_tap

__all__ = ["make_app", "post_drag", "post_key", "post_tap", "post_touch_tap", "run_frames"]


def make_app(**config: Any) -> App:
    """An App with a ``FakeClock`` (``app.clock``); keywords are ``AppConfig`` fields."""
    return App(AppConfig(**config), clock=FakeClock())


def run_frames(app: App, n: int, dt: float = STEP) -> None:
    """Run ``n`` frames, advancing a fake clock by ``dt`` before each (one update each)."""
    for _ in range(n):
        if isinstance(app.clock, FakeClock):
            app.clock.advance(dt)
        app.run_frame()
