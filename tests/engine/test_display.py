"""The window under the dummy driver: logical size, windowed default, safe fullscreen toggle."""

from __future__ import annotations

import logging

import pygame
import pytest

from game.engine.display import LOGICAL_SIZE, Display, hide_cursor


@pytest.fixture
def display() -> Display:
    pygame.init()
    shown = Display(title="ARCADE")
    shown.open()
    return shown


def test_logical_size_constant() -> None:
    assert LOGICAL_SIZE == (1920, 1080)


def test_open_gives_a_logical_surface(display: Display) -> None:
    assert display.surface.get_size() == LOGICAL_SIZE
    assert display.size == LOGICAL_SIZE
    assert display.fullscreen is False
    assert pygame.display.get_caption()[0] == "ARCADE"


def test_surface_before_open_is_an_error() -> None:
    with pytest.raises(RuntimeError):
        _ = Display().surface


def test_toggle_fullscreen_does_not_crash(
    display: Display, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING):
        state = display.toggle_fullscreen()
    assert state is display.fullscreen
    assert display.surface.get_size() == LOGICAL_SIZE


def test_toggle_fullscreen_swallows_pygame_errors(
    display: Display, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse() -> int:
        raise pygame.error("That operation is not supported")

    monkeypatch.setattr(pygame.display, "toggle_fullscreen", refuse)
    assert display.toggle_fullscreen() is False


def test_toggle_fullscreen_tracks_success(
    display: Display, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pygame.display, "toggle_fullscreen", lambda: 1)
    assert display.toggle_fullscreen() is True
    assert display.toggle_fullscreen() is False


def test_set_caption(display: Display) -> None:
    display.set_caption("QUERNI")
    assert pygame.display.get_caption()[0] == "QUERNI"
    assert display.title == "QUERNI"


def test_hide_cursor(display: Display) -> None:
    hide_cursor(True)
    assert pygame.mouse.get_visible() is False
    hide_cursor(False)
    assert pygame.mouse.get_visible() is True
