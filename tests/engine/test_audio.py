"""Audio degrades to silence: no device, damaged files and missing tracks never raise."""

from __future__ import annotations

import logging
import wave
from pathlib import Path

import pygame
import pytest

from game.engine.audio import Audio


def write_wav(path: Path, frames: int = 441) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(2)
        out.setsampwidth(2)
        out.setframerate(44100)
        out.writeframes(b"\x00\x00\x00\x00" * frames)


@pytest.fixture
def no_device(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refuse)


@pytest.fixture
def mixer() -> None:
    pygame.init()
    try:
        pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
    except pygame.error as exc:  # pragma: no cover - depends on the machine
        pytest.skip(f"no dummy audio driver here: {exc}")


def test_no_device_means_silent_no_ops(
    no_device: None, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    write_wav(tmp_path / "click.wav")
    audio = Audio(tmp_path)
    with caplog.at_level(logging.WARNING):
        assert audio.init() is False
    assert audio.enabled is False
    assert "audio" in caplog.text
    audio.load_all()
    assert audio.sounds == {}
    audio.play("click")
    audio.set_volumes(0.5, 0.5)
    audio.mute_music(True)
    audio.mute_effects(True)
    audio.play_music("click")
    audio.stop_music()
    assert audio.current_music is None


def test_damaged_file_is_skipped_with_a_warning(
    mixer: None, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    write_wav(tmp_path / "good.wav")
    (tmp_path / "broken.wav").write_bytes(b"RIFF garbage, not a wave file" * 4)
    audio = Audio(tmp_path)
    assert audio.init() is True
    with caplog.at_level(logging.WARNING):
        audio.load_all()
    assert set(audio.sounds) == {"good"}
    assert "broken.wav" in caplog.text
    audio.play("good", volume=0.5)
    audio.play("broken")  # silent, no exception
    audio.play("never-heard-of-it")


def test_music_and_volumes(mixer: None, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    write_wav(tmp_path / "theme.wav", frames=4410)
    audio = Audio(tmp_path)
    audio.init()
    audio.set_volumes(music=2.0, effects=-1.0)  # clamped
    assert (audio.music_volume, audio.effects_volume) == (1.0, 0.0)
    audio.set_volumes(music=0.4, effects=0.6)
    audio.play_music("theme")
    assert audio.current_music == "theme"
    assert pygame.mixer.music.get_volume() == pytest.approx(0.4, abs=0.01)
    audio.mute_music(True)
    assert pygame.mixer.music.get_volume() == 0.0
    audio.mute_music(False)
    assert pygame.mixer.music.get_volume() == pytest.approx(0.4, abs=0.01)
    audio.stop_music()
    assert audio.current_music is None
    with caplog.at_level(logging.WARNING):
        audio.play_music("absent")
    assert "absent" in caplog.text and audio.current_music is None


def test_damaged_music_is_logged(
    mixer: None, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "bad.ogg").write_bytes(b"OggS but not really" * 8)
    audio = Audio(tmp_path)
    audio.init()
    with caplog.at_level(logging.WARNING):
        audio.play_music("bad", loop=False)
    assert "bad.ogg" in caplog.text and audio.current_music is None


def test_muted_effects_do_not_play(mixer: None, tmp_path: Path) -> None:
    write_wav(tmp_path / "ping.wav")
    audio = Audio(tmp_path)
    audio.init()
    audio.load_all()
    audio.mute_effects(True)
    audio.play("ping")
    assert audio.effects_muted
