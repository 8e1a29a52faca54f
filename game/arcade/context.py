"""What every scene of the arcade shares (``app.ctx``): settings, audio, storage, the seed, demo
mode; keyed by game id, so the shell never asks which game it is."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from game.arcade.spec import GameSpec
from game.arcade.storage import Notice, Settings

if TYPE_CHECKING:
    from game.arcade.fleet.link import FleetLink
    from game.arcade.storage import Storage


class AudioPlayer(Protocol):
    """What the scenes ask of the audio: ``engine.audio.Audio``, or :class:`SilentAudio`."""

    def play(self, name: str, volume: float = 1.0) -> None: ...

    def play_music(self, name: str, loop: bool = True) -> None: ...

    def stop_music(self) -> None: ...

    def set_volumes(self, music: float, effects: float) -> None: ...

    def mute_music(self, muted: bool) -> None: ...

    def mute_effects(self, muted: bool) -> None: ...


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
    audio: AudioPlayer = field(default_factory=SilentAudio)
    storage: Storage | None = None
    seed: int | None = None
    demo: bool = False
    notices: list[Notice] = field(default_factory=list)
    demo_is_attract: bool = False  # kiosk attract mode: never recorded, never saved
    games: tuple[GameSpec, ...] = ()  # the registered games (``game.games.GAMES``)
    fleet: FleetLink | None = None  # the venue link (``game.arcade.fleet``), when configured
    # told of every game recorded (game id, game, extra fields): a kiosk playing on in
    # memory writes them to its data folder once it can (``game.arcade.folderwatch``)
    record_listeners: list[Callable[[str, object, dict[str, Any]], None]] = field(
        default_factory=list)
    _games_started: int = 0

    # --- settings ------------------------------------------------------------------------------
    def game_settings(self, game_id: str) -> dict[str, Any]:
        """The settings section of ``game_id`` (defaults filled in)."""
        return self.settings.game(game_id)

    def save_settings(self) -> None:
        """Persist the settings (attract mode never touches them)."""
        if self.storage is not None and not self.demo_is_attract:
            self.storage.save_settings(self.settings)

    # --- saved games and records ---------------------------------------------------------------
    def autosave(self, game_id: str, game: object, later: bool = False) -> bool:
        """After every confirm, ruin, power or END MOVE: the autosave point. ``later``: written
        by the storage's writer thread, so the move's frame does not wait for the disk."""
        if self.storage is None or self.demo_is_attract:
            return False
        return self.storage.save_game(game_id, game, later=later)

    def record(self, game_id: str, game: object, **extra: Any) -> int | None:
        """A game just ended: record it once and clear its save; its table rank or None."""
        if self.storage is None or self.demo_is_attract:
            return None
        rank = self.storage.record_game(game_id, game, **extra)
        for listener in self.record_listeners:
            listener(game_id, game, extra)
        return rank

    def set_initials(self, game_id: str, record_id: str, initials: str) -> bool:
        """Put a player's initials on a recorded game, off the frame; ``True`` when the game
        is known (the database's thread writes them)."""
        if self.storage is None:
            return False
        return self.storage.set_initials(game_id, record_id, initials, later=True)

    def record_id(self, game: object) -> str:
        return "" if self.storage is None else self.storage.record_id(game)

    def has_saved_game(self, game_id: str, quick: bool = False) -> bool:
        """Whether ``game_id`` has a saved game to continue (``quick``: as
        ``Storage.has_saved_game`` says, without opening the records)."""
        return self.storage is not None and self.storage.has_saved_game(game_id, quick)

    @property
    def records_open(self) -> bool:
        """Whether the storage's records are open (``Storage.records_open``); no storage: yes."""
        return self.storage is None or self.storage.records_open

    def load_saved_game(self, game_id: str) -> Any:
        return None if self.storage is None else self.storage.load_game(game_id)

    def start_new_game(self, game_id: str, variant: str) -> None:
        """A new game replaces the saved one, which is left as its game says (a resignation
        against the computer is recorded; M-2.2: an abandoned solo game is not); the variant
        becomes the game's choice for next time. Written by the storage's thread, so PLAY
        AGAIN's frame does not wait for the disk."""
        if self.demo_is_attract:
            return  # attract mode never touches the player's settings or saved game
        spec = next((s for s in self.games if s.id == game_id), None)
        if spec is not None and spec.variant_setting is not None:
            self.game_settings(game_id)[spec.variant_setting] = variant
        self.settings.last_game = game_id
        if self.storage is not None:
            self.storage.leave_game(game_id, later=True)
            self.storage.save_settings(self.settings, later=True)

    # --- randomness ----------------------------------------------------------------------------
    def game_rng(self, game_id: str) -> random.Random:
        """The chance of a new game (dice, shuffles): reproducible from ``--seed``, a different
        stream per game started."""
        self._games_started += 1
        if self.seed is None:
            return random.Random()
        return random.Random(f"{self.seed}:{self._games_started}")

    def visual_rng(self) -> random.Random:
        """Randomness for looks only (tumbling faces, particles); never the dice."""
        return random.Random(None if self.seed is None else f"visual:{self.seed}")
