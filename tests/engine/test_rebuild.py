"""A new window for a lost one (issue 45, case 4: ``game.engine.rebuild``), under the dummy
driver: the picture is back at once, before any frame is drawn, and nothing is presented into
a window that is gone (the X11 side, with the times: ``tests/display/test_kiosk_on_top.py``)."""

from __future__ import annotations

import pygame
import pytest

from game.engine.presence import WindowPresence
from game.engine.scenes import Scene
from game.engine.testing import make_app, run_frames

COLOUR = (12, 200, 99)


@pytest.fixture
def app():
    shown = make_app()
    shown.stack.push(Scene(shown))
    shown.presence.keep_forward = True
    run_frames(shown, 1)
    yield shown
    shown.shutdown()


def middle(app) -> tuple[int, int, int]:
    x, y, w, h = app.display.box
    return tuple(app.display.snapshot().get_at((x + w // 2, y + h // 2)))[:3]


def show_a_picture(app) -> None:
    app.surface.fill(COLOUR)
    app.display.present()


def test_a_window_destroyed_alone_gets_a_new_one_on_the_same_canvas_at_once(
        app, monkeypatch: pytest.MonkeyPatch) -> None:
    """The connection still works: SDL's video is not started again (a quarter to a half
    second), and the new window shows the last picture before any frame is drawn."""
    show_a_picture(app)
    canvas, window = app.surface, app.display.window

    def no_restart() -> None:
        raise AssertionError("SDL's video stopped for a window alone")

    monkeypatch.setattr(pygame.display, "quit", no_restart)
    assert app.reopen_display()
    assert app.surface is canvas and app.display.window is not window
    assert app.display.window is not None and app.presence.keep_forward
    assert middle(app) == COLOUR
    monkeypatch.undo()


def test_a_connection_cut_starts_sdls_video_again_with_the_last_picture(
        app, monkeypatch: pytest.MonkeyPatch) -> None:
    show_a_picture(app)
    old = app.display
    stopped = []
    quit_video = pygame.display.quit
    monkeypatch.setattr(WindowPresence, "connection_lost", property(lambda self: True),
                        raising=False)
    monkeypatch.setattr(pygame.display, "quit", lambda: (stopped.append(1), quit_video()))
    assert app.reopen_display()
    assert stopped and app.display is not old and app.presence.keep_forward
    assert middle(app) == COLOUR


def test_a_lost_window_is_replaced_before_the_frame_draws(
        app, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found lost in the frame's events, it is never drawn into: a GL present into a
    destroyed window took seconds (Mesa's software GL)."""
    order: list[str] = []
    lost = [True]
    monkeypatch.setattr(WindowPresence, "lost", property(lambda self: lost[0]))
    reopen, draw = app.reopen_display, app._draw

    def reopened() -> bool:
        order.append("new window")
        lost[0] = False
        return reopen()

    def drawn(changed: bool) -> None:
        order.append("draw")
        draw(changed)

    monkeypatch.setattr(app, "reopen_display", reopened)
    monkeypatch.setattr(app, "_draw", drawn)
    app.display.damaged = True
    run_frames(app, 1)
    assert order == ["new window", "draw"] and app.running


def test_nothing_is_presented_into_a_window_that_no_longer_exists(app) -> None:
    show_a_picture(app)
    app.display.window_exists = lambda: False
    app.surface.fill((250, 0, 0))
    app.display.present()
    assert middle(app) == COLOUR and app.display.damaged
    app.display.window_exists = lambda: True
    app.display.present()
    assert middle(app) == (250, 0, 0) and not app.display.damaged


def test_a_new_window_keeps_its_exposure_but_no_focus_or_input_events(app) -> None:
    """Its exposure shows the picture again once the window manager has framed it (the first
    present may come before); focus and input events are not the player's."""
    for kind in (pygame.WINDOWEXPOSED, pygame.WINDOWFOCUSLOST, pygame.KEYDOWN,
                 pygame.MOUSEBUTTONDOWN):
        pygame.event.post(pygame.event.Event(kind, key=pygame.K_a, pos=(5, 5), button=1))
    assert app.reopen_display()
    kinds = {event.type for event in pygame.event.get()}
    assert pygame.WINDOWEXPOSED in kinds
    assert not kinds & {pygame.WINDOWFOCUSLOST, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN}
