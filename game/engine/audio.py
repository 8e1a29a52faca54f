"""Sound effects and music that degrade to silence: without a mixer every call is a no-op,
and a sound that fails to load is silent on its own; problems are logged, never raised."""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from game.engine import assets

log = logging.getLogger(__name__)

MUSIC_SUFFIXES = (".wav", ".ogg")
MUSIC_PREFIX = "music_"
"""Tracks are named so (``music_menu``): streamed by :meth:`Audio.play_music`, not effects."""
FREQUENCY, SAMPLE_SIZE, CHANNELS, BUFFER = 44100, -16, 2, 512
"""The mixer's settings: CD rate, 16-bit signed stereo, a short buffer for low latency."""


def _clamp(value: float) -> float:
    return max(0.0, min(1.0, float(value)))


class Audio:
    """Named effects (``<stem>.wav`` in ``sounds_dir``) plus one music track at a time."""

    def __init__(self, sounds_dir: Path) -> None:
        self.sounds_dir = Path(sounds_dir)
        self.enabled = False
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.music_volume = 1.0
        self.effects_volume = 1.0
        self.music_muted = False
        self.effects_muted = False
        self.current_music: str | None = None

    def init(self) -> bool:
        """Open the audio device; False (and silence from now on) when there is none."""
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(FREQUENCY, SAMPLE_SIZE, CHANNELS, BUFFER)
        except pygame.error as exc:
            log.warning("no audio device (%s); the game will be silent", exc)
            self.enabled = False
            return False
        self.enabled = True
        return True

    def load_all(self, expected: tuple[str, ...] = ()) -> None:
        """Load every ``*.wav`` in the folder under its stem name, music tracks aside; bad
        files stay silent, and each missing ``expected`` effect is named in a warning."""
        if not self.enabled:
            return
        for path in assets.list_files(self.sounds_dir, ".wav"):
            if path.stem.startswith(MUSIC_PREFIX):
                continue  # streamed by play_music, never decoded whole into memory
            sound = assets.load_sound(path)
            if sound is not None:
                self.sounds[path.stem] = sound
        present = {p.stem for p in assets.list_files(self.sounds_dir, ".wav")}
        for name in expected:
            if name not in present:
                log.warning("sound file %s is missing: that effect is silent",
                            self.sounds_dir / f"{name}.wav")

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play effect ``name``; unknown names and muted effects are silently ignored."""
        if not self.enabled or self.effects_muted:
            return
        sound = self.sounds.get(name)
        if sound is None:
            log.debug("sound %r is not loaded", name)
            return
        try:
            channel = sound.play()
            if channel is not None:
                channel.set_volume(_clamp(volume) * self.effects_volume)
        except pygame.error as exc:
            log.warning("could not play sound %r (%s)", name, exc)

    def set_volumes(self, music: float, effects: float) -> None:
        """Set both volumes (0..1); applies to the playing music at once."""
        self.music_volume = _clamp(music)
        self.effects_volume = _clamp(effects)
        self._apply_music_volume()

    def mute_music(self, muted: bool) -> None:
        """Silence music without forgetting its volume."""
        self.music_muted = bool(muted)
        self._apply_music_volume()

    def mute_effects(self, muted: bool) -> None:
        """Silence effects without forgetting their volume."""
        self.effects_muted = bool(muted)

    def play_music(self, name: str, loop: bool = True) -> None:
        """Play ``<name>.wav`` (or ``.ogg``) from the folder, looping by default."""
        if not self.enabled:
            return
        path = assets.find_file(self.sounds_dir, name, MUSIC_SUFFIXES)
        if path is None:
            log.warning("music %r not found in %s; playing without music", name, self.sounds_dir)
            return
        if not assets.load_music(path):
            return
        try:
            self._apply_music_volume()
            pygame.mixer.music.play(loops=-1 if loop else 0)
        except pygame.error as exc:
            log.warning("could not play music %r (%s)", name, exc)
            return
        self.current_music = name

    def stop_music(self) -> None:
        """Stop the music track, if any."""
        self.current_music = None
        if not self.enabled:
            return
        try:
            pygame.mixer.music.stop()
        except pygame.error as exc:
            log.warning("could not stop music (%s)", exc)

    def _apply_music_volume(self) -> None:
        if not self.enabled:
            return
        try:
            pygame.mixer.music.set_volume(0.0 if self.music_muted else self.music_volume)
        except pygame.error as exc:
            log.warning("could not set music volume (%s)", exc)
