"""The display under the dummy driver: the logical canvas, the window, presenting, fullscreen
(state only, and the by-hand cover with a window manager faked away), pointer mapping at any
window size, remembered geometry, the debug probe and Windows DPI awareness."""

from __future__ import annotations

import ctypes
import logging
import types

import pygame
import pytest

from game.engine import display as display_module
from game.engine import dpi, presenters, sdl
from game.engine.display import (
    BORDERLESS,
    FULLSCREEN,
    LOGICAL_SIZE,
    PROBE_COLOURS,
    WINDOWED,
    Display,
    hide_cursor,
    pointer_position,
)
from game.engine.window import Monitor, letterbox, to_window


@pytest.fixture
def display():
    pygame.init()
    shown = Display(title="ARCADE")
    shown.open()
    yield shown
    shown.close()


def resize(shown: Display, size: tuple[int, int]) -> None:
    """What a window manager does to the window, and the event SDL then sends."""
    assert shown.window is not None
    shown.window.size = size
    shown.map_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))


def test_logical_size_constant() -> None:
    assert LOGICAL_SIZE == (1920, 1080)


def test_open_gives_a_logical_canvas_and_a_window(display: Display) -> None:
    assert display.surface.get_size() == LOGICAL_SIZE
    assert display.surface is pygame.display.get_surface()  # convert() keeps working
    assert display.size == LOGICAL_SIZE
    assert display.fullscreen is False and display.mode == WINDOWED
    assert display.headless  # the dummy driver: the window is the logical size
    assert display.window is not None and display.window.size == LOGICAL_SIZE
    assert display.window.title == "ARCADE"
    assert display.box == (0, 0, 1920, 1080)
    pygame.Surface((4, 4)).convert()


def test_surface_before_open_is_an_error() -> None:
    with pytest.raises(RuntimeError):
        _ = Display().surface
    with pytest.raises(RuntimeError):
        Display().present()


def test_set_caption(display: Display) -> None:
    display.set_caption("QUERNI")
    assert display.window is not None and display.window.title == "QUERNI"
    assert display.title == "QUERNI"


def test_hide_cursor(display: Display) -> None:
    hide_cursor(True)
    assert pygame.mouse.get_visible() is False
    hide_cursor(False)
    assert pygame.mouse.get_visible() is True


# --- fullscreen --------------------------------------------------------------------------
def test_fullscreen_round_trip_keeps_the_canvas(display: Display) -> None:
    canvas = display.surface
    canvas.fill((1, 2, 3))
    assert display.toggle_fullscreen() is True and display.mode == FULLSCREEN
    assert display.toggle_fullscreen() is False and display.mode == WINDOWED
    assert display.surface is canvas and canvas.get_at((5, 5))[:3] == (1, 2, 3)
    assert display.set_fullscreen(False) is False  # already windowed: nothing happens


def test_without_a_window_manager_fullscreen_is_a_borderless_window_over_the_monitor(
    display: Display, monkeypatch: pytest.MonkeyPatch
) -> None:
    display.headless = False  # pretend there is a screen to cover
    monitor = Monitor(0, "screen", (0, 0, 1280, 1024), (0, 0, 1280, 1024))
    monkeypatch.setattr(sdl, "window_manager", lambda: False)
    monkeypatch.setattr(sdl, "monitors", lambda: [monitor])
    monkeypatch.setattr(display_module, "COVER_TIMEOUT", 0.05)
    window = display.window
    assert window is not None
    window.size, window.position = (1000, 600), (30, 40)
    assert display.set_fullscreen(True, monitor) is True
    assert display.mode == BORDERLESS  # (the dummy driver keeps no border flag to check)
    assert (window.size, display.box) == ((1280, 1024), letterbox(LOGICAL_SIZE, (1280, 1024)))
    assert display.set_fullscreen(False) is False
    assert display.mode == WINDOWED
    assert (*window.position, *window.size) == (30, 40, 1000, 600)  # back where it was


def test_a_refused_fullscreen_leaves_the_window_as_it_was(
    display: Display, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    display.headless = False

    def refuse(self: Display, monitor: Monitor) -> None:
        raise pygame.error("That operation is not supported")

    monkeypatch.setattr(Display, "_enter_fullscreen", refuse)
    monkeypatch.setattr(sdl, "monitors", lambda: [Monitor(0, "m", (0, 0, 800, 600),
                                                          (0, 0, 800, 600))])
    with caplog.at_level(logging.WARNING):
        assert display.toggle_fullscreen() is False
    assert "fullscreen switch failed" in caplog.text


# --- pointer mapping ---------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1366, 768), (1280, 1024), (2560, 1080), (960, 540),
                                  (3840, 2160)])
def test_pointer_events_arrive_in_logical_pixels(display: Display, size) -> None:
    resize(display, size)
    box = letterbox(LOGICAL_SIZE, size)
    assert display.box == box
    for point in ((0, 0), (1919, 1079), (960, 540), (1700, 100)):
        at = to_window(point, box, LOGICAL_SIZE)
        event = display.map_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
        assert abs(event.pos[0] - point[0]) <= 1920 / box[2]
        assert abs(event.pos[1] - point[1]) <= 1080 / box[3]


def test_events_posted_in_logical_pixels_are_left_alone(display: Display) -> None:
    resize(display, (960, 540))
    event = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(1500, 900), button=1, logical=True)
    assert display.map_event(event).pos == (1500, 900)


def test_motion_and_fingers_are_mapped_too(display: Display) -> None:
    resize(display, (960, 540))
    motion = display.map_event(pygame.event.Event(
        pygame.MOUSEMOTION, pos=(480, 270), rel=(5, -3), buttons=(1, 0, 0)))
    assert motion.pos == (961, 541) and motion.rel == (10, -6)
    finger = display.map_event(pygame.event.Event(
        pygame.FINGERDOWN, touch_id=1, finger_id=0, x=0.5, y=0.5, dx=0.0, dy=0.0))
    assert finger.x == pytest.approx(0.5, abs=0.002) and finger.y == pytest.approx(0.5, abs=0.002)


def test_a_tap_on_a_bar_lands_on_the_edge_of_the_picture(display: Display) -> None:
    resize(display, (1280, 1024))  # bars of 152 pixels above and below
    event = display.map_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(3, 5), button=1))
    assert event.pos == (5, 0)  # the kiosk's exit corner is still reachable


def test_pointer_position_is_logical(display: Display, monkeypatch) -> None:
    resize(display, (960, 540))
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (480, 270))
    assert pointer_position() == (961, 541)


# --- presenting --------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1920, 1080), (1366, 768), (3840, 2160), (1080, 1920)])
def test_present_at_any_window_size(display: Display, size) -> None:
    resize(display, size)
    display.surface.fill((200, 20, 20))
    display.present()
    display.present(redrawn=False)  # an expose: the same picture again
    assert not display.damaged


def test_the_log_names_the_driver_the_renderer_and_the_window(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A player's log tells which path ran: at start and after each change of size or mode."""
    pygame.init()
    shown = Display()
    with caplog.at_level(logging.INFO, logger="game.engine.display"):
        shown.open()
        try:
            assert shown.renderer == "software"  # the dummy driver's only renderer
            opened = [r.getMessage() for r in caplog.records if "display opened" in r.getMessage()]
            assert opened == ["display opened: driver=dummy renderer=software vsync=on "
                              "window=1920x1080+0+0 output=1920x1080 mode=windowed"]
            resize(shown, (1366, 768))
            monkeypatch.setattr(display_module, "SETTLE_SECONDS", 0.0)
            shown.poll()
            assert "display resized: driver=dummy renderer=software" in caplog.text
            assert "window=1366x768" in caplog.text
        finally:
            shown.close()


def test_the_renderer_is_made_once_the_window_has_its_start_geometry(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """A renderer made before the window's first resize may keep the first size for good
    (OpenGL ES through EGL: a shifted, cut picture): a window that starts fullscreen is made
    at the monitor's size and gets its renderer at that size, never at the windowed one."""
    from pygame._sdl2 import video

    sizes: list[tuple[int, int]] = []
    real = video.Renderer

    def made(window: pygame.Window, **options: object) -> object:
        sizes.append(window.size)
        return real(window, **options)

    monkeypatch.setattr(video, "Renderer", made)
    monkeypatch.setattr(display_module, "HEADLESS_DRIVERS", ())  # placed as on a screen
    monkeypatch.setattr(display_module, "restore_window",
                        lambda *args: ((10, 20, 1280, 720), sdl.guessed_monitors()[0]))
    pygame.init()
    monitor = sdl.guessed_monitors()[0]
    shown = Display(fullscreen=True)
    shown.open()
    try:
        assert shown.window is not None and shown.window.size == monitor.bounds[2:]
        assert sizes == [monitor.bounds[2:]] != [(1280, 720)]
    finally:
        shown.close()


def test_without_sdl_through_ctypes_the_display_still_opens_and_presents(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """A missing or newer SDL that ctypes cannot reach costs only the monitor details and the
    renderer's name: monitors are guessed, the name is "unknown", pictures still show."""
    monkeypatch.setattr(sdl, "library", lambda: None)
    pygame.init()
    shown = Display()
    shown.open()
    try:
        assert sdl.monitors() == sdl.guessed_monitors()
        assert sdl.renderer_name(shown.window) is None and shown.renderer == "unknown"
        assert shown.monitor() is not None
        shown.surface.fill((0, 0, 200))
        shown.present()
        assert shown.snapshot().get_at((5, 5))[:3] == (0, 0, 200)
    finally:
        shown.close()


def test_window_events_ask_for_a_present(display: Display) -> None:
    display.present()
    assert not display.damaged
    display.map_event(pygame.event.Event(pygame.WINDOWEXPOSED))
    assert display.damaged
    display.map_event(pygame.event.Event(pygame.WINDOWMINIMIZED))
    assert display.minimised
    display.map_event(pygame.event.Event(pygame.WINDOWRESTORED))
    assert not display.minimised and display.damaged


def test_without_a_renderer_the_window_surface_is_scaled_into(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args, **kwargs):
        raise pygame.error("no renderer")

    monkeypatch.setattr(presenters, "RendererPresenter", broken)
    pygame.init()
    shown = Display()
    shown.open()
    try:
        assert shown.renderer == "surface"
        for size in ((960, 540), (1920, 1080), (3840, 2160)):
            resize(shown, size)
            shown.surface.fill((0, 200, 0))
            shown.present()
            assert shown.window is not None
            x, y, w, h = shown.box
            assert shown.snapshot().get_at((x + w // 2, y + h // 2))[:3] == (0, 200, 0)
    finally:
        shown.close()


def test_the_probe_marks_the_corners(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.setenv(display_module.PROBE_ENV, "1")
    pygame.init()
    shown = Display()
    shown.open()
    try:
        assert "window 0 0 1920 1080 windowed" in capsys.readouterr().out
        shown.surface.fill((0, 0, 0))
        shown.present()
        corners = [(0, 0), (1919, 0), (0, 1079), (1919, 1079)]
        assert [shown.surface.get_at(c)[:3] for c in corners] == list(PROBE_COLOURS)
    finally:
        shown.close()


# --- remembered geometry -----------------------------------------------------------------
def test_a_settled_window_geometry_is_reported_once(
    display: Display, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = [100.0]
    monkeypatch.setattr(display_module.time, "monotonic", lambda: now[0])
    monkeypatch.setattr(sdl, "monitors", lambda: [Monitor(0, "HDMI-1", (0, 0, 1920, 1080),
                                                          (0, 0, 1920, 1040))])
    reported: list[dict] = []
    display.geometry_listeners.append(reported.append)
    display.headless = False
    assert display.window is not None
    display.window.size, display.window.position = (1280, 720), (50, 60)
    display.map_event(pygame.event.Event(pygame.WINDOWMOVED, x=50, y=60))
    display.poll()
    assert reported == []  # still moving
    now[0] += 1.0
    display.poll()
    display.poll()
    assert reported == [{"x": 50, "y": 60, "w": 1280, "h": 720, "display": "HDMI-1"}]
    display.map_event(pygame.event.Event(pygame.WINDOWMOVED, x=50, y=60))
    display.close()  # the last move is reported at close even before it settled
    assert len(reported) == 1  # … unless nothing changed


def test_monitors_are_known_or_guessed() -> None:
    pygame.display.init()
    found = sdl.monitors()
    assert found and all(m.bounds[2] > 0 and m.bounds[3] > 0 for m in found)
    guessed = sdl.guessed_monitors()
    assert guessed[0].usable[3] == guessed[0].bounds[3] - sdl.TASKBAR_GUESS
    assert sdl.window_manager() is None  # not X11


# --- DPI ---------------------------------------------------------------------------------
def test_windows_is_told_the_process_is_dpi_aware(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, int]] = []

    class Shcore:
        @staticmethod
        def SetProcessDpiAwareness(level: int) -> int:  # noqa: N802 - the Win32 name
            calls.append(("shcore", level))
            return 0

    monkeypatch.setattr(dpi.sys, "platform", "win32")
    monkeypatch.setattr(dpi, "_declared", [])
    monkeypatch.setattr(ctypes, "windll", types.SimpleNamespace(shcore=Shcore()), raising=False)
    monkeypatch.delenv("SDL_WINDOWS_DPI_AWARENESS", raising=False)
    assert dpi.declare_dpi_awareness() is True
    assert dpi.declare_dpi_awareness() is True  # once only
    assert calls == [("shcore", dpi.PER_MONITOR)]
    import os

    assert os.environ["SDL_WINDOWS_DPI_AWARENESS"] == "permonitorv2"


def test_old_windows_falls_back_to_system_dpi_awareness(monkeypatch: pytest.MonkeyPatch) -> None:
    class User32:
        @staticmethod
        def SetProcessDPIAware() -> int:  # noqa: N802 - the Win32 name
            return 1

    monkeypatch.setattr(dpi.sys, "platform", "win32")
    monkeypatch.setattr(dpi, "_declared", [])
    monkeypatch.setattr(ctypes, "windll", types.SimpleNamespace(user32=User32()), raising=False)
    monkeypatch.setenv("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    assert dpi.declare_dpi_awareness() is True


def test_elsewhere_nothing_is_declared(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dpi.sys, "platform", "linux")
    monkeypatch.setattr(dpi, "_declared", [])
    assert dpi.declare_dpi_awareness() is False
