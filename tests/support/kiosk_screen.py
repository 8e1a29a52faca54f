"""The kiosk's PIN pad in tests: the five corner taps that open it and a PIN typed on it."""

from __future__ import annotations

from typing import Any

from game.arcade.scenes.pin_pad import PinPadScene
from game.engine.testing import post_tap, run_frames
from tests.support.arcade import settle

PIN = "2468"
"""The operator PIN of the kiosks the scene tests start."""


def open_pad(app: Any) -> PinPadScene:
    for _ in range(5):
        post_tap((30, 30))
        run_frames(app, 10)
    pad = app.stack.top
    assert isinstance(pad, PinPadScene)
    return pad


def enter_pin(app: Any, pad: PinPadScene, digits: str) -> None:
    for digit in digits:
        post_tap(pad.keys[digit].rect.center)
        settle(app)
    post_tap(pad.keys["ok"].rect.center)
    settle(app)
