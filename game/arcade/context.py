"""What every scene of the arcade shares: settings, audio, storage, the seed, demo mode.

Attached to the App as ``app.ctx`` so scenes stay free of globals and tests can build one
with fakes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game.rules.magdagdon import Difficulty


@dataclass
class Settings:
    """The player's choices; persisted by ``storage`` (issue: settings survive a restart)."""

    difficulty: str = "PEACEFUL"
    language: str = "en"
    music_volume: float = 0.6
    effects_volume: float = 0.9
    music_muted: bool = False
    effects_muted: bool = False
    fullscreen: bool = False
    reduced_motion: bool = False
    digits: bool = False
    coached: bool = False
    kiosk_pin: str = "2468"
    idle_seconds: int = 90

    @property
    def difficulty_enum(self) -> Difficulty:
        return Difficulty.parse(self.difficulty)


class SilentAudio:
    """Stands in for ``engine.audio.Audio`` in tests and when sound is off."""

    enabled = False

    def play(self, name: str, volume: float = 1.0) -> None:
        pass

    def play_music(self, name: str, loop: bool = True) -> None:
        pass

    def stop_music(self) -> None:
        pass

    def set_volumes(self, music: float, effects: float) -> None:
        pass

    def mute_music(self, muted: bool) -> None:
        pass

    def mute_effects(self, muted: bool) -> None:
        pass


@dataclass
class GameContext:
    settings: Settings = field(default_factory=Settings)
    audio: Any = field(default_factory=SilentAudio)
    storage: Any = None
    seed: int | None = None
    demo: bool = False
    notices: list[Any] = field(default_factory=list)  # storage.Notice: key + params
    demo_is_attract: bool = False  # kiosk attract mode: never recorded, never saved
    _games_started: int = 0

    def on_game_changed(self, game: Any) -> None:
        """After every confirm, ruin and power: the autosave point."""
        if self.storage is not None and not self.demo_is_attract:
            self.storage.save_game(game)

    def on_game_over(self, game: Any) -> int | None:
        """A game just ended: record it once and clear the save; its top-10 rank or None."""
        if self.storage is not None and not self.demo_is_attract:
            return self.storage.record_game(game)
        return None

    def has_saved_game(self) -> bool:
        return self.storage is not None and self.storage.has_saved_game()

    def load_saved_game(self) -> Any:
        return None if self.storage is None else self.storage.load_game()

    def start_new_game(self, difficulty: Difficulty) -> None:
        """A new game replaces the saved one (M-2.2: the abandoned game is not recorded)."""
        if self.demo_is_attract:
            return  # attract mode never touches the player's settings or saved game
        self.settings.difficulty = difficulty.name
        if self.storage is not None:
            self.storage.clear_game()
            self.storage.save_settings(self.settings)

    def dice_rng(self) -> random.Random:
        """The dice of a new game: reproducible from ``--seed`` (a different stream per game)."""
        self._games_started += 1
        if self.seed is None:
            return random.Random()
        return random.Random(f"{self.seed}:{self._games_started}")

    def visual_rng(self) -> random.Random:
        """Randomness for looks only (tumbling faces, particles); never the dice."""
        return random.Random(None if self.seed is None else f"visual:{self.seed}")
