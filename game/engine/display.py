"""The window: scenes draw on a fixed logical canvas that the display shows letterboxed in a
real window of any size, windowed or covering a monitor, and maps the pointer back.

Not ``pygame.SCALED``: it never makes a window smaller than the logical size (1920×1080 hangs
off a 1366×768 laptop), and without a window manager SDL's desktop fullscreen does not resize.
The canvas is the display module's hidden surface (so ``convert()`` works); the window is a
separate ``pygame.Window`` that the presenters (:mod:`game.engine.presenters`) draw it into.
Window geometry is :mod:`game.engine.window`'s arithmetic; a moved or resized window is
reported to ``geometry_listeners`` once it has been still for ``SETTLE_SECONDS``. Fullscreen is
SDL's desktop fullscreen where a window manager honours it, else (a bare X session, or not
covered within ``COVER_TIMEOUT``) a borderless window of the monitor's size. Pointer events get
logical positions in :meth:`Display.map_event`, before anything else sees them, unless posted
with ``logical=True``. Under the dummy driver fullscreen is only a state.

``MAGDAGDON_DISPLAY_PROBE=1`` marks the frame's corners (``PROBE_COLOURS``) and prints the
window's geometry (``window x y w h mode``).
"""

from __future__ import annotations

import logging
import os
import time
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.engine import sdl
from game.engine.dpi import declare_dpi_awareness
from game.engine.presenters import Presenter, make_presenter
from game.engine.window import (
    Monitor,
    Rect,
    integer_scale,
    letterbox,
    monitor_at,
    remembered,
    restore_window,
    scale_motion,
    to_logical,
)
from game.version import APP_NAME

log = logging.getLogger(__name__)

LOGICAL_SIZE: tuple[int, int] = (1920, 1080)

PROBE_ENV = f"{APP_NAME.upper()}_DISPLAY_PROBE"
PROBE_COLOURS = ((255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 0, 255))
"""Marker colours of the top-left, top-right, bottom-left and bottom-right corners."""
PROBE_SIZE = 24

COVER_TIMEOUT = 0.6
"""Seconds to wait for a window manager to make the window fullscreen before doing it by hand."""
SETTLE_SECONDS = 0.5
"""A moved or resized window is remembered once it has been still this long."""
HEADLESS_DRIVERS = ("dummy", "offscreen")

WINDOWED, FULLSCREEN, BORDERLESS = "windowed", "fullscreen", "borderless"

_POINTER_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
_FINGER_EVENTS = (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION)
_DAMAGE_EVENTS = (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED,
                  pygame.WINDOWMAXIMIZED, pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED,
                  pygame.WINDOWDISPLAYCHANGED)

_current: list[Display] = []


def hide_cursor(hidden: bool) -> None:
    """Hide the pointer (kiosks, touch screens) or show it again."""
    try:
        pygame.mouse.set_visible(not hidden)
    except pygame.error as exc:
        log.warning("could not change cursor visibility (%s)", exc)


def current() -> Display | None:
    """The open display, if any (for the pointer helpers below)."""
    return _current[-1] if _current else None


def pointer_position() -> tuple[int, int]:
    """The pointer in logical pixels (``pygame.mouse.get_pos()`` gives window pixels)."""
    x, y = pygame.mouse.get_pos()
    display = current()
    if display is None:
        return int(x), int(y)
    return display.to_logical((x, y))


def _wait_for(condition: Callable[[], bool], timeout: float) -> bool:
    """Pump events until ``condition()`` holds (``True``) or ``timeout`` seconds pass
    (``False``): the window manager answers a window's moves in its own time."""
    deadline = time.monotonic() + timeout
    while True:
        pygame.event.pump()
        if condition():
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.01)


class Display:
    """Owns the logical canvas, the window, and the windowed/fullscreen state."""

    def __init__(
        self,
        size: tuple[int, int] = LOGICAL_SIZE,
        fullscreen: bool = False,
        title: str = "",
        *,
        remembered_window: Any = None,
        vsync: bool = True,
    ) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.fullscreen = fullscreen
        self.title = title
        self.remembered_window = remembered_window
        self.vsync = vsync
        self.mode = WINDOWED
        self.window: pygame.Window | None = None
        self.box: Rect = (0, 0, *self.size)  # the letterbox, in window coordinates
        self.damaged = True  # the window must be presented again (exposed, resized, …)
        self.minimised = False
        self.headless = False
        self.probe = False
        self.geometry_listeners: list[Callable[[dict[str, Any]], None]] = []
        self.window_exists: Callable[[], bool] = lambda: True  # asked before each present
        self._surface: pygame.Surface | None = None
        self._presenter: Presenter | None = None
        self._windowed: Rect = (0, 0, *self.size)
        self._moved_at: float | None = None
        self._resized_at: float | None = None
        self._reported: Rect | None = None

    # --- state ---------------------------------------------------------------------------
    @property
    def surface(self) -> pygame.Surface:
        """The logical-size surface to draw on; ``open`` must have been called."""
        if self._surface is None:
            raise RuntimeError("Display.open() has not been called")
        return self._surface

    def _window(self) -> pygame.Window:
        if self.window is None:
            raise RuntimeError("Display.open() has not been called")
        return self.window

    def window_rect(self) -> Rect:
        """The window's client area in desktop coordinates."""
        window = self._window()
        return (*window.position, *window.size)

    def monitor(self) -> Monitor:
        """The monitor the window is on."""
        monitors = sdl.monitors()
        index = sdl.window_monitor(self.window) if self.window is not None else None
        for monitor in monitors:
            if monitor.index == index:
                return monitor
        return monitor_at(monitors, self.window_rect() if self.window else self._windowed)

    # --- opening -------------------------------------------------------------------------
    def open(self, picture: pygame.Surface | None = None) -> pygame.Surface:
        """Create the canvas and the window (fullscreen if asked); return the canvas, holding
        ``picture`` if given (a lost window's last, :mod:`game.engine.rebuild`)."""
        declare_dpi_awareness()
        self.probe = os.environ.get(PROBE_ENV, "") not in ("", "0")
        pygame.display.set_caption(self.title)
        with warnings.catch_warnings(record=True) as caught, sdl.software_framebuffer():
            warnings.simplefilter("always")
            self._surface = pygame.display.set_mode(self.size, pygame.HIDDEN)
        for warning in caught:
            log.info("display: %s", warning.message)
        if picture is not None:
            self._surface.blit(picture, (0, 0))
        self.headless = pygame.display.get_driver() in HEADLESS_DRIVERS
        monitors = sdl.monitors()
        if self.headless:
            rect, monitor = (0, 0, *self.size), monitors[0]
        else:
            rect, monitor = restore_window(self.remembered_window, monitors, self.size)
        self._windowed = rect
        pygame.register_quit(self.release)  # pygame.quit() without close() must not crash
        self._show_window(rect, monitor)
        return self._surface

    def replace_window(self) -> pygame.Window | None:
        """A new window and renderer for a destroyed one, on the same canvas, which they show
        at once; the old window is returned, to destroy when safe (:mod:`game.engine.rebuild`)."""
        old = self.window
        if self._presenter is not None:  # before the new renderer: one GL context current
            self._presenter.release()
            self._presenter = None
        self.window = None
        monitors = sdl.monitors()
        rect = self._windowed
        self._show_window(rect, monitors[0] if self.headless else monitor_at(monitors, rect),
                          self.mode == FULLSCREEN)
        return old

    def _show_window(self, rect: Rect, monitor: Monitor, at_once: bool = False) -> None:
        """The window at ``rect`` (covering ``monitor`` if fullscreen), showing the canvas;
        ``at_once``: fullscreen from the start (the window manager made the last one so)."""
        # Made at its start geometry, with its renderer while hidden: a GL renderer makes SDL
        # recreate the window (shown, it would lose its place and input), and one made before
        # a resize may keep the old size (OpenGL ES through EGL: a shifted, cut picture).
        start = monitor.bounds if self.fullscreen and not self.headless else rect
        self.window = pygame.Window(self.title or "pygame window", start[2:], start[:2],
                                    resizable=True, hidden=True, allow_high_dpi=True,
                                    fullscreen_desktop=at_once)
        self._presenter = make_presenter(self.window, self.vsync)
        self.window.show()
        if at_once and self._covers(monitor.bounds):
            self.mode = FULLSCREEN
        elif self.fullscreen:
            self.fullscreen = False
            self._switch(True, monitor)
        elif not self.headless:
            self._place(rect)
        self._reported = self._windowed if not self.fullscreen else None
        self._update_box()
        if self not in _current:
            _current.append(self)
        self.present(redrawn=False)
        self._log_state("opened")
        self._say()

    def _log_state(self, why: str) -> None:
        """One line a player's log can be read by: which driver, renderer and window ran."""
        if self.window is None:
            return
        x, y, w, h = self.window_rect()
        out = self._presenter.output_size() if self._presenter is not None else (w, h)
        log.info("display %s: driver=%s renderer=%s vsync=%s window=%dx%d+%d+%d output=%dx%d "
                 "mode=%s", why, pygame.display.get_driver(), self.renderer,
                 "on" if self._presenter is not None and self._presenter.vsync else "off",
                 w, h, x, y, out[0], out[1], self.mode)

    def _place(self, rect: Rect) -> None:
        """Put the client area at ``rect`` once the window manager has framed the window: an
        X11 window manager puts the *frame* where a new window asked to be, which would move
        a remembered window down by its title bar at every start."""
        window = self._window()
        if sdl.window_manager() is True:
            _wait_for(lambda: any(sdl.window_borders(window) or ()), COVER_TIMEOUT)
            # SDL may not have heard yet where the frame went, and ignores a move to where it
            # believes the window is: step aside first. Moves now allow for the borders.
            window.position = (rect[0] + 1, rect[1])
        if window.position != rect[:2]:
            window.position = rect[:2]
        if window.size != rect[2:]:
            window.size = rect[2:]

    def _say(self) -> None:
        if self.probe and self.window is not None:
            x, y, w, h = self.window_rect()
            print(f"window {x} {y} {w} {h} {self.mode}", flush=True)

    # --- fullscreen ----------------------------------------------------------------------
    def set_fullscreen(self, on: bool, monitor: Monitor | None = None) -> bool:
        """Cover the monitor (``on``) or return to the windowed geometry; the new state."""
        state = self._switch(on, monitor)
        self._log_state("fullscreen" if state else "windowed")
        self._say()
        return state

    def _switch(self, on: bool, monitor: Monitor | None = None) -> bool:
        if on == self.fullscreen or self.window is None:
            return self.fullscreen
        if self.headless:  # no screen to cover: the state is all there is
            self.fullscreen, self.mode = on, FULLSCREEN if on else WINDOWED
            return on
        try:
            if on:
                self._enter_fullscreen(monitor or self.monitor())
            else:
                self._leave_fullscreen()
        except pygame.error as exc:
            log.warning("fullscreen switch failed (%s)", exc)
        self._update_box()
        self.damaged = True
        return self.fullscreen

    def toggle_fullscreen(self) -> bool:
        """Switch windowed ⇄ fullscreen (F11); returns the new state, never raises."""
        return self.set_fullscreen(not self.fullscreen)

    def _enter_fullscreen(self, monitor: Monitor) -> None:
        window = self._window()
        if self.mode == WINDOWED:
            self._windowed = self.window_rect()
        self.fullscreen = True
        if sdl.window_manager() is not False:
            try:
                window.set_fullscreen(desktop=True)
                if self._covers(monitor.bounds):
                    self.mode = FULLSCREEN
                    return
                window.set_windowed()  # nobody honoured it: cover the monitor by hand
            except pygame.error as exc:
                log.info("display: desktop fullscreen refused (%s)", exc)
        window.borderless = True
        window.position = monitor.bounds[:2]
        window.size = monitor.bounds[2:]
        self.mode = BORDERLESS
        if not self._covers(monitor.bounds):
            log.warning("display: the window does not cover %s", monitor.name)
        try:
            window.focus()
        except pygame.error:
            pass

    def _leave_fullscreen(self) -> None:
        window = self._window()
        if self.mode == FULLSCREEN:
            window.set_windowed()
        window.borderless = False
        self.fullscreen = False
        self.mode = WINDOWED
        x, y, w, h = self._windowed
        window.size = (w, h)
        window.position = (x, y)

    def _covers(self, bounds: Rect, timeout: float = COVER_TIMEOUT) -> bool:
        window = self._window()
        return _wait_for(lambda: (*window.position, *window.size) == bounds, timeout)

    def _recover_cover(self) -> None:
        """A borderless 'fullscreen' window follows its monitor's resolution changes."""
        if self.mode != BORDERLESS or self.window is None:
            return
        bounds = self.monitor().bounds
        if self.window_rect() != bounds:
            self.window.position = bounds[:2]
            self.window.size = bounds[2:]

    # --- events --------------------------------------------------------------------------
    def _update_box(self) -> None:
        if self.window is not None:
            self.box = letterbox(self.size, self.window.size)

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        """Window pixels → the logical pixel drawn there (clamped to the frame)."""
        return to_logical(pos, self.box, self.size)

    def map_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """Give pointer events logical positions (finger positions: fractions of the logical
        frame), unless posted with ``logical=True``, and note what window events mean."""
        kind = event.type
        if kind in _POINTER_EVENTS:
            if not getattr(event, "logical", False):
                event.pos = self.to_logical(event.pos)
                if kind == pygame.MOUSEMOTION:
                    event.rel = scale_motion(event.rel, self.box, self.size)
        elif kind in _FINGER_EVENTS:
            if not getattr(event, "logical", False) and self.window is not None:
                ww, wh = self.window.size
                lx, ly = self.to_logical((event.x * ww, event.y * wh))
                event.x, event.y = (lx + 0.5) / self.size[0], (ly + 0.5) / self.size[1]
        elif kind in _DAMAGE_EVENTS:
            self.minimised = False
            self.damaged = True
            self._update_box()
            if kind in (pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED):
                self._resized_at = time.monotonic()
                self._moved()
            elif kind == pygame.WINDOWDISPLAYCHANGED:
                self._recover_cover()
        elif kind == pygame.WINDOWMOVED:
            self._moved()
        elif kind in (pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN):
            self.minimised = True  # nothing on screen to draw for
        return event

    def _moved(self) -> None:
        if self.mode == WINDOWED and not self.headless:
            self._moved_at = time.monotonic()

    def poll(self) -> None:
        """Once a frame: log a size that has settled, report a windowed geometry that has."""
        now = time.monotonic()
        if self._resized_at is not None and now - self._resized_at >= SETTLE_SECONDS:
            self._resized_at = None
            self._log_state("resized")
        if self._moved_at is None or time.monotonic() - self._moved_at < SETTLE_SECONDS:
            return
        self._moved_at = None
        self._report()

    def _report(self) -> None:
        if self.window is None or self.mode != WINDOWED or self.minimised:
            return
        rect = self.window_rect()
        self._windowed = rect
        if rect == self._reported:
            return
        self._reported = rect
        geometry = remembered(rect, self.monitor())
        for listener in self.geometry_listeners:
            listener(geometry)

    # --- drawing -------------------------------------------------------------------------
    def present(self, redrawn: bool = True, areas: Sequence[pygame.Rect] | None = None
                ) -> None:
        """Show the canvas in the window; ``redrawn=False`` re-shows the last picture (after
        an expose or resize) without uploading the canvas again; ``areas``: only these parts
        of the canvas were redrawn (``engine.damage``), the rest is as last presented."""
        if self._presenter is None or self._surface is None:
            raise RuntimeError("Display.open() has not been called")
        if self.probe and redrawn:
            self.draw_probe(self._surface)
        out = self._presenter.output_size()
        box = letterbox(self.size, out)
        # never into a window gone (asked before and after the upload): Mesa may take seconds
        self.damaged = not self.window_exists() or not self._presenter.present(
            self._surface, box, integer_scale(self.size, box), upload=redrawn, areas=areas,
            exists=self.window_exists)

    def snapshot(self) -> pygame.Surface:
        """What the window shows now, in window pixels (letterbox bars included): for tests
        and diagnostics, never on a frame's path."""
        if self._presenter is None:
            raise RuntimeError("Display.open() has not been called")
        return self._presenter.snapshot()

    @property
    def renderer(self) -> str:
        """The name of what presents ("opengl", "direct3d11", "metal", "software", …;
        "surface" without any SDL renderer), for the log and the bench's figures."""
        return self._presenter.name if self._presenter is not None else "none"

    def draw_probe(self, surface: pygame.Surface) -> None:
        """The four corner marks of the debug probe (:data:`PROBE_COLOURS`)."""
        w, h = self.size
        k = PROBE_SIZE
        for colour, (x, y) in zip(PROBE_COLOURS, ((0, 0), (w - k, 0), (0, h - k), (w - k, h - k))):
            surface.fill(colour, (x, y, k, k))

    def set_caption(self, title: str) -> None:
        """Change the window title."""
        self.title = title
        pygame.display.set_caption(title)
        if self.window is not None:
            self.window.title = title

    def set_icon(self, icon: pygame.Surface) -> None:
        """The window's (and taskbar's) icon."""
        pygame.display.set_icon(icon)
        if self.window is not None:
            self.window.set_icon(icon)

    def close(self) -> None:
        """Report the last windowed geometry; the window itself dies with ``pygame.quit``."""
        if self._moved_at is not None:
            self._moved_at = None
            try:
                self._report()
            except pygame.error:
                pass
        self.release()

    def release(self) -> None:
        """Free the renderer and the window now, before ``pygame.quit`` (called by
        :meth:`close`, and by ``pygame.quit`` itself when nobody closed the display)."""
        if self in _current:
            _current.remove(self)
        if self._presenter is not None:
            self._presenter.release()
            self._presenter = None
        if self.window is not None:
            try:
                self.window.destroy()
            except pygame.error:
                pass
            self.window = None

