"""An arcade app on a fake clock, with a silent context, for headless scene tests."""

from __future__ import annotations

import pytest

from game.arcade import ArcadeApp
from game.context import GameContext, Settings
from game.engine.app import AppConfig
from game.engine.loop import FakeClock
from game.engine.testing import run_frames


class RecordingAudio:
    """Silent audio that remembers what was played, so tests can hear the game."""

    enabled = False

    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str, volume: float = 1.0) -> None:
        self.played.append(name)

    def play_music(self, name: str, loop: bool = True) -> None:
        self.played.append(f"music:{name}")

    def stop_music(self) -> None:
        pass

    def set_volumes(self, music: float, effects: float) -> None:
        pass

    def mute_music(self, muted: bool) -> None:
        pass

    def mute_effects(self, muted: bool) -> None:
        pass


@pytest.fixture
def app():
    ctx = GameContext(settings=Settings(), audio=RecordingAudio(), seed=7)
    application = ArcadeApp(AppConfig(), ctx, clock=FakeClock())
    application.fixed_steps_per_frame = True
    yield application
    application.shutdown()


def settle(app, frames: int = 2) -> None:
    """Let posted events be read and scene changes applied."""
    run_frames(app, frames)
