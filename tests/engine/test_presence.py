"""The window kept on screen (a kiosk's), brought forward on request, and a lost window ending
the run (issue 38, cases 6 and 11), under the dummy driver with SDL's own window events (the
real window manager's part: ``tests/display/test_window_manager.py``)."""

from __future__ import annotations

import pygame
import pytest

from game.engine import sdl
from game.engine.presence import CHECK_SECONDS, RETRY_SECONDS
from game.engine.scenes import Scene
from game.engine.testing import make_app, run_frames


def on_screen(app) -> bool:
    flags = sdl.window_flags(app.display.window)
    assert flags is not None
    return bool(flags & sdl.WINDOW_SHOWN) and not flags & sdl.WINDOW_HIDDEN


@pytest.fixture
def app():
    shown = make_app()
    shown.stack.push(Scene(shown))
    yield shown
    shown.shutdown()


def test_a_kept_forward_window_that_is_hidden_comes_back_at_once(app) -> None:
    app.presence.keep_forward = True
    app.display.window.hide()  # SDL says so with WINDOWHIDDEN
    assert not on_screen(app)
    run_frames(app, 1)
    assert on_screen(app) and app.presence.brought_forward == 1


@pytest.mark.parametrize("kind", [pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN])
def test_minimised_or_hidden_events_bring_a_kept_forward_window_back(app, kind) -> None:
    app.presence.keep_forward = True
    pygame.event.post(pygame.event.Event(kind))
    run_frames(app, 1)
    assert app.presence.brought_forward == 1 and app.running


def test_a_hidden_window_whose_event_was_lost_is_found_by_the_periodic_check(app) -> None:
    app.presence.keep_forward = True
    run_frames(app, 2)  # the first check
    app.display.window.hide()
    pygame.event.clear()  # as if the window manager had said nothing
    frames = round(CHECK_SECONDS * 60)
    run_frames(app, frames - 10)
    assert not on_screen(app)
    run_frames(app, 12)
    assert on_screen(app) and app.presence.brought_forward == 1


def test_outside_a_kiosk_a_hidden_window_stays_hidden(app) -> None:
    app.display.window.hide()
    pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
    run_frames(app, round(3 * CHECK_SECONDS * 60))
    assert not on_screen(app) and app.presence.brought_forward == 0


def test_events_of_another_window_are_not_the_games(app) -> None:
    app.presence.keep_forward = True
    other = pygame.Window("another", (200, 100))
    try:
        other.hide()
        run_frames(app, 1)
        assert app.presence.brought_forward == 0
    finally:
        other.destroy()


def test_bringing_forward_on_request_is_not_repeated_within_a_moment(app) -> None:
    assert app.presence.bring_forward("a second copy asked")
    assert not app.presence.bring_forward("and again")
    app.clock.advance(RETRY_SECONDS)
    assert app.presence.bring_forward("later")
    assert app.presence.brought_forward == 2 and app.display.damaged


def test_under_the_dummy_driver_no_window_is_lost(app) -> None:
    run_frames(app, 3)
    assert not app.presence.lost and app.running


def test_a_lost_window_ends_the_run(app) -> None:
    app.window_lost()
    assert not app.running
