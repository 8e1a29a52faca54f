"""Resource paths and loaders that fall back instead of raising."""

from __future__ import annotations

import importlib.util
import logging
import sys
from pathlib import Path

import pygame
import pytest

from game.engine import assets


def test_root_is_the_repository_in_a_source_checkout() -> None:
    assert (assets.ROOT / "game" / "engine" / "assets.py").is_file()
    assert assets.resource("fonts", "x.ttf") == assets.ROOT / "fonts" / "x.ttf"


def test_root_is_meipass_when_frozen(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``ROOT`` is worked out once, at import: a fresh copy of the module imported as a frozen
    build would import it."""
    monkeypatch.delenv(assets.RESOURCES_ENV, raising=False)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    spec = importlib.util.spec_from_file_location("frozen_assets", assets.__file__)
    assert spec is not None and spec.loader is not None
    frozen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(frozen)
    assert tmp_path == frozen.ROOT
    assert frozen.resource("fonts", "x.ttf") == tmp_path / "fonts" / "x.ttf"


def test_missing_font_falls_back_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    missing = tmp_path / "missing-face.ttf"
    with caplog.at_level(logging.WARNING):
        face = assets.font(missing, 31)
    assert isinstance(face, pygame.font.Font)
    assert face.size("8")[1] > 0
    assert "missing-face.ttf" in caplog.text


def test_damaged_font_falls_back(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    broken = tmp_path / "broken-face.ttf"
    broken.write_bytes(b"this is not a font" * 10)
    with caplog.at_level(logging.WARNING):
        face = assets.font(broken, 24)
    assert isinstance(face, pygame.font.Font)
    assert "broken-face.ttf" in caplog.text
    # pygame-ce would accept this file and crash on first use; the fallback must render.
    assert face.render("8", True, (255, 255, 255)).get_width() > 0


def test_truncated_font_with_a_valid_header_falls_back(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    truncated = tmp_path / "truncated.ttf"
    truncated.write_bytes(b"\x00\x01\x00\x00" + b"\x00" * 200)
    with caplog.at_level(logging.WARNING):
        face = assets.font(truncated, 24)
    assert "truncated.ttf" in caplog.text
    assert face.render("8", True, (255, 255, 255)).get_width() > 0


def test_a_real_font_file_loads_without_warning(caplog: pytest.LogCaptureFixture) -> None:
    real = Path(pygame.__file__).parent / pygame.font.get_default_font()
    with caplog.at_level(logging.WARNING):
        face = assets.font(real, 40)
    assert caplog.text == ""
    assert face.render("MAGDAGDON", True, (255, 255, 255)).get_width() > 0


def test_fonts_are_cached_by_path_and_size(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    missing = tmp_path / "cached.ttf"
    first = assets.font(missing, 20)
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        assert assets.font(missing, 20) is first
    assert caplog.text == ""  # the fallback warning is not repeated
    assert assets.font(missing, 21) is not first
    assert assets.font(None, 20) is assets.font(None, 20)


def test_font_cache_survives_pygame_quit(tmp_path: Path) -> None:
    assets.font(None, 22)
    pygame.font.quit()
    face = assets.font(None, 22)
    assert face.render("ok", True, (255, 255, 255)).get_width() > 0


def test_load_image_missing_returns_none(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        assert assets.load_image(tmp_path / "nope.png") is None
    assert "nope.png" in caplog.text


def test_load_image_damaged_returns_none(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    damaged = tmp_path / "damaged.png"
    damaged.write_bytes(b"\x89PNG not really")
    with caplog.at_level(logging.WARNING):
        assert assets.load_image(damaged) is None
    assert "damaged.png" in caplog.text


def test_image_round_trip(tmp_path: Path, screen: pygame.Surface) -> None:
    picture = pygame.Surface((3, 2))
    picture.fill((10, 200, 30))
    target = tmp_path / "pic.png"
    assert assets.save_image(picture, target)
    loaded = assets.load_image(target)
    assert loaded is not None
    assert loaded.get_size() == (3, 2)
    assert loaded.get_at((1, 1))[:3] == (10, 200, 30)


def test_save_image_failure_is_logged(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with caplog.at_level(logging.WARNING):
        assert not assets.save_image(pygame.Surface((1, 1)), blocker / "pic.png")
    assert "pic.png" in caplog.text


def test_list_and_find_files(tmp_path: Path) -> None:
    for name in ("b.wav", "a.WAV", "c.ogg", "notes.txt"):
        (tmp_path / name).write_bytes(b"")
    assert [p.name for p in assets.list_files(tmp_path, ".wav")] == ["a.WAV", "b.wav"]
    assert assets.list_files(tmp_path / "absent", ".wav") == []
    assert assets.find_file(tmp_path, "c", (".wav", ".ogg")) == tmp_path / "c.ogg"
    assert assets.find_file(tmp_path, "zzz", (".wav", ".ogg")) is None
