"""The few SDL2 calls pygame-ce does not expose, through ctypes on the SDL library pygame
loaded: monitor bounds (with and without the taskbar) and names, a window's monitor, borders,
renderer name, state flags and X11 ids; whether an X11 window manager runs; one hint set around
a call. Every call degrades: :func:`monitors` falls back to pygame's desktop sizes (side by
side, a 48-pixel taskbar assumed), the others return None. Nothing here raises.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import glob
import logging
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

import pygame

from game.engine.window import Monitor, Rect

log = logging.getLogger(__name__)

TASKBAR_GUESS = 48
"""Pixels kept free at the bottom of a monitor when its usable area cannot be asked for."""


class _SDLRect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]


class _SDLVersion(ctypes.Structure):
    _fields_ = [("major", ctypes.c_uint8), ("minor", ctypes.c_uint8), ("patch", ctypes.c_uint8)]


class _SDLX11Info(ctypes.Structure):
    _fields_ = [("display", ctypes.c_void_p), ("window", ctypes.c_ulong)]


class _SDLWin32Info(ctypes.Structure):
    _fields_ = [("window", ctypes.c_void_p), ("hdc", ctypes.c_void_p),
                ("hinstance", ctypes.c_void_p)]


class _SDLWMInfoUnion(ctypes.Union):
    _fields_ = [("x11", _SDLX11Info), ("win", _SDLWin32Info), ("dummy", ctypes.c_uint8 * 64)]


class _SDLSysWMInfo(ctypes.Structure):
    _fields_ = [("version", _SDLVersion), ("subsystem", ctypes.c_int), ("info", _SDLWMInfoUnion)]


SDL_SYSWM_WINDOWS, SDL_SYSWM_X11 = 1, 2
WINDOW_SHOWN, WINDOW_HIDDEN, WINDOW_MINIMIZED = 0x4, 0x8, 0x40
"""``SDL_WindowFlags`` bits (:func:`window_flags`)."""


class _SDLRendererInfo(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("flags", ctypes.c_uint32),
                ("num_texture_formats", ctypes.c_uint32),
                ("texture_formats", ctypes.c_uint32 * 16),
                ("max_texture_width", ctypes.c_int), ("max_texture_height", ctypes.c_int)]


def _candidates() -> list[str]:
    """Paths of the SDL2 library pygame loaded (the one already in this process first)."""
    found: list[str] = []
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as maps:
            for line in maps:
                path = line.rsplit(" ", 1)[-1].strip()
                base = os.path.basename(path)
                if base.startswith("libSDL2") and not base.startswith("libSDL2_") \
                        and path not in found:
                    found.append(path)
    except OSError:
        pass
    here = os.path.dirname(pygame.__file__)
    patterns = [os.path.join(here, "SDL2.dll"), os.path.join(here, ".dylibs", "libSDL2*.dylib"),
                os.path.join(os.path.dirname(here), "pygame_ce.libs", "libSDL2-*"),
                os.path.join(here, "libSDL2*")]
    for pattern in patterns:
        for path in sorted(glob.glob(pattern)):
            if not os.path.basename(path).startswith("libSDL2_") and path not in found:
                found.append(path)
    if sys.platform == "win32":
        found.append("SDL2.dll")  # already loaded by pygame: Windows finds it by name
    return found


@cache
def library() -> Any | None:
    """The SDL2 library as a ctypes handle, or None (the callers then fall back)."""
    for path in _candidates():
        try:
            lib = ctypes.CDLL(path)
            lib.SDL_GetNumVideoDisplays.restype = ctypes.c_int
        except (OSError, AttributeError):
            continue
        lib.SDL_GetDisplayName.restype = ctypes.c_char_p
        lib.SDL_GetDisplayName.argtypes = [ctypes.c_int]
        lib.SDL_GetDisplayBounds.argtypes = [ctypes.c_int, ctypes.POINTER(_SDLRect)]
        lib.SDL_GetDisplayUsableBounds.argtypes = [ctypes.c_int, ctypes.POINTER(_SDLRect)]
        lib.SDL_GetWindowFromID.restype = ctypes.c_void_p
        lib.SDL_GetWindowFromID.argtypes = [ctypes.c_uint32]
        lib.SDL_GetWindowDisplayIndex.argtypes = [ctypes.c_void_p]
        lib.SDL_GetWindowBordersSize.argtypes = [ctypes.c_void_p] + [
            ctypes.POINTER(ctypes.c_int)] * 4
        lib.SDL_GetRenderer.restype = ctypes.c_void_p
        lib.SDL_GetRenderer.argtypes = [ctypes.c_void_p]
        lib.SDL_GetRendererInfo.argtypes = [ctypes.c_void_p, ctypes.POINTER(_SDLRendererInfo)]
        lib.SDL_GetWindowFlags.restype = ctypes.c_uint32
        lib.SDL_GetWindowFlags.argtypes = [ctypes.c_void_p]
        lib.SDL_GetVersion.argtypes = [ctypes.POINTER(_SDLVersion)]
        lib.SDL_GetWindowWMInfo.argtypes = [ctypes.c_void_p, ctypes.POINTER(_SDLSysWMInfo)]
        return lib
    log.info("display: SDL2 not reachable through ctypes; guessing monitor geometry")
    return None


def _rect(getter: Any, index: int) -> Rect | None:
    out = _SDLRect()
    if getter(index, ctypes.byref(out)) != 0 or out.w <= 0 or out.h <= 0:
        return None
    return out.x, out.y, out.w, out.h


def monitors() -> list[Monitor]:
    """Every display SDL knows (never empty while the video system is up)."""
    lib = library()
    found: list[Monitor] = []
    if lib is not None:
        try:
            for index in range(max(0, lib.SDL_GetNumVideoDisplays())):
                bounds = _rect(lib.SDL_GetDisplayBounds, index)
                if bounds is None:
                    continue
                usable = _rect(lib.SDL_GetDisplayUsableBounds, index) or bounds
                raw = lib.SDL_GetDisplayName(index)
                name = raw.decode("utf-8", "replace") if raw else str(index)
                found.append(Monitor(index, name, bounds, usable))
        except (OSError, AttributeError, ValueError) as exc:
            log.info("display: monitor query failed (%s)", exc)
            found = []
    if found:
        return found
    return guessed_monitors()


def guessed_monitors() -> list[Monitor]:
    """Monitors from the desktop sizes alone: side by side, a taskbar at the bottom."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        sizes = []
    sizes = sizes or [(1920, 1080)]
    found: list[Monitor] = []
    x = 0
    for index, (w, h) in enumerate(sizes):
        usable = (x, 0, w, max(1, h - TASKBAR_GUESS))
        found.append(Monitor(index, str(index), (x, 0, w, h), usable))
        x += w
    return found


def _window_pointer(window: pygame.Window) -> tuple[Any, int] | None:
    lib = library()
    if lib is None:
        return None
    try:
        pointer = lib.SDL_GetWindowFromID(window.id)
    except (OSError, AttributeError, pygame.error):
        return None
    return (lib, pointer) if pointer else None


def window_monitor(window: pygame.Window) -> int | None:
    """The index of the monitor ``window`` is on, or None when SDL cannot say."""
    found = _window_pointer(window)
    if found is None:
        return None
    lib, pointer = found
    index = int(lib.SDL_GetWindowDisplayIndex(pointer))
    return index if index >= 0 else None


def window_borders(window: pygame.Window) -> tuple[int, int, int, int] | None:
    """The window manager's (left, top, right, bottom) decoration sizes, or None (no window
    manager, or not known yet)."""
    found = _window_pointer(window)
    if found is None:
        return None
    lib, pointer = found
    top, left, bottom, right = (ctypes.c_int() for _ in range(4))
    if lib.SDL_GetWindowBordersSize(pointer, ctypes.byref(top), ctypes.byref(left),
                                    ctypes.byref(bottom), ctypes.byref(right)) != 0:
        return None
    return left.value, top.value, right.value, bottom.value


def window_flags(window: pygame.Window) -> int | None:
    """``window``'s ``SDL_WindowFlags`` (:data:`WINDOW_SHOWN`, :data:`WINDOW_HIDDEN`,
    :data:`WINDOW_MINIMIZED` …), or None when SDL cannot be asked."""
    found = _window_pointer(window)
    if found is None:
        return None
    lib, pointer = found
    try:
        return int(lib.SDL_GetWindowFlags(pointer))
    except (OSError, AttributeError):
        return None


def _wm_info(window: pygame.Window) -> _SDLSysWMInfo | None:
    found = _window_pointer(window)
    if found is None:
        return None
    lib, pointer = found
    info = _SDLSysWMInfo()
    try:
        lib.SDL_GetVersion(ctypes.byref(info.version))
        if not lib.SDL_GetWindowWMInfo(pointer, ctypes.byref(info)):
            return None
    except (OSError, AttributeError):
        return None
    return info


def win32_window(window: pygame.Window) -> int | None:
    """On Windows, ``window``'s ``HWND``; None elsewhere or when SDL cannot say."""
    info = _wm_info(window)
    if info is None or info.subsystem != SDL_SYSWM_WINDOWS or not info.info.win.window:
        return None
    return int(info.info.win.window)


def x11_window(window: pygame.Window) -> tuple[int, int] | None:
    """Under X11, SDL's X display connection (a ``Display *``) and ``window``'s X window id;
    None on other video drivers or when SDL cannot say."""
    info = _wm_info(window)
    if info is None:
        return None
    x11 = info.info.x11
    if info.subsystem != SDL_SYSWM_X11 or not x11.display or not x11.window:
        return None
    return int(x11.display), int(x11.window)


def renderer_name(window: pygame.Window) -> str | None:
    """The name of the renderer drawing into ``window`` ("software", "opengl", …), or None."""
    found = _window_pointer(window)
    if found is None:
        return None
    lib, pointer = found
    try:
        renderer = lib.SDL_GetRenderer(pointer)
        info = _SDLRendererInfo()
        if not renderer or lib.SDL_GetRendererInfo(renderer, ctypes.byref(info)) != 0:
            return None
    except (OSError, AttributeError):
        return None
    return info.name.decode("ascii", "replace") if info.name else None


def window_manager() -> bool | None:
    """Under X11, whether an (EWMH) window manager runs (``_NET_SUPPORTING_WM_CHECK``); None
    when it cannot be told, and then one is assumed. Without one nobody acts on SDL's
    fullscreen request, so the display covers the monitor by hand."""
    if pygame.display.get_driver() != "x11":
        return None
    return x11_window_manager(None)


def x11_window_manager(display: bytes | None) -> bool | None:
    """:func:`window_manager` for the X display named ``display`` (None: ``$DISPLAY``), with no
    pygame involved (the display tests ask it whether their window manager is up yet)."""
    try:
        xlib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        xlib.XOpenDisplay.restype = ctypes.c_void_p
        xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
        xlib.XDefaultRootWindow.restype = ctypes.c_ulong
        xlib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        xlib.XInternAtom.restype = ctypes.c_ulong
        xlib.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
        xlib.XGetWindowProperty.argtypes = [
            ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_long, ctypes.c_long,
            ctypes.c_int, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
            ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_ulong),
            ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.c_void_p)]
        xlib.XFree.argtypes = [ctypes.c_void_p]
        xlib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    except (OSError, AttributeError):
        return None
    connection = xlib.XOpenDisplay(display)
    if not connection:
        return None
    try:
        atom = xlib.XInternAtom(connection, b"_NET_SUPPORTING_WM_CHECK", 1)
        if not atom:
            return False  # no window manager ever announced itself on this display
        kind, fmt = ctypes.c_ulong(), ctypes.c_int()
        count, after, data = ctypes.c_ulong(), ctypes.c_ulong(), ctypes.c_void_p()
        status = xlib.XGetWindowProperty(
            connection, xlib.XDefaultRootWindow(connection), atom, 0, 1, 0, 33,  # XA_WINDOW
            ctypes.byref(kind), ctypes.byref(fmt), ctypes.byref(count), ctypes.byref(after),
            ctypes.byref(data))
        if data.value:
            xlib.XFree(data)
        return status == 0 and count.value > 0
    finally:
        xlib.XCloseDisplay(connection)


@contextmanager
def software_framebuffer() -> Iterator[None]:
    """While the display's hidden canvas is first made under X11: SDL's shared-memory window
    framebuffer, never a texture one, which costs a GL context and a test window at every
    start and every new kiosk window. Elsewhere SDL decides."""
    key = "SDL_FRAMEBUFFER_ACCELERATION"
    before = os.environ.get(key)
    if pygame.display.get_driver() == "x11":
        os.environ[key] = "0"  # read once per video start, at the first window surface
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = before
