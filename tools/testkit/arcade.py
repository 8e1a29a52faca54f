"""An arcade app on a fake clock with a silent (recording) context, and a helper that lets posted
events be read: for the scene, game and kiosk tests and for the benchmarks that time screens."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from game.arcade.app import ArcadeApp
from game.arcade.context import GameContext, Settings, SilentAudio
from game.engine.app import AppConfig
from game.engine.loop import FakeClock
from game.engine.testing import run_frames
from game.games.registry import GAMES


class RecordingAudio(SilentAudio):
    """Silent audio that remembers what was played, so tests can hear the game."""

    def __init__(self) -> None:
        self.played: list[str] = []
        self.music_muted = self.effects_muted = False

    def play(self, name: str, volume: float = 1.0) -> None:
        self.played.append(name)

    def mute_music(self, muted: bool) -> None:
        self.music_muted = bool(muted)

    def mute_effects(self, muted: bool) -> None:
        self.effects_muted = bool(muted)

    def play_music(self, name: str, loop: bool = True) -> None:
        self.played.append(f"music:{name}")


class WallClock:
    """A UTC wall clock that stands still until a test moves it (``advance``): the storage's
    clock, for what must survive a restart (the kiosk's PIN lockout)."""

    def __init__(self, start: datetime = datetime(2026, 11, 30, 2, 15, tzinfo=UTC)
                 ) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


def make_arcade(data_dir=None, size=(1920, 1080), wall_clock=None, **ctx_fields) -> ArcadeApp:
    """An arcade app on a fake clock; with ``data_dir`` it saves like the real game (its
    storage on ``wall_clock`` when given: a :class:`WallClock`)."""
    from game.arcade.storage import Storage, utcnow

    storage = Storage(data_dir, games=[spec.data for spec in GAMES],
                      clock=wall_clock or utcnow) if data_dir is not None else None
    settings = storage.load_settings() if storage is not None else Settings.for_games(
        [spec.data for spec in GAMES])
    ctx = GameContext(settings=settings, audio=RecordingAudio(), seed=7, storage=storage,
                      notices=storage.notices if storage is not None else [], **ctx_fields)
    application = ArcadeApp(AppConfig(size=size), ctx, GAMES, clock=FakeClock())
    application.fixed_steps_per_frame = True
    return application


def settle(app, frames: int = 2) -> None:
    """Let posted events be read and scene changes applied."""
    run_frames(app, frames)
