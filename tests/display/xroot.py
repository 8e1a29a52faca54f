"""The root window of a test's X server read directly, through Xlib by ctypes: a screenshot
in a few milliseconds (``import`` takes 0.1–0.6 s on a loaded machine, too coarse to time a
recovery by) and the windows shown on it (a window manager's menu among them)."""

from __future__ import annotations

import ctypes
import ctypes.util
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

import pygame
import pytest

Z_PIXMAP, ALL_PLANES, IS_VIEWABLE = 2, 0xFFFFFFFF, 2


class XImage(ctypes.Structure):
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
                ("format", ctypes.c_int), ("data", ctypes.c_void_p),
                ("byte_order", ctypes.c_int), ("bitmap_unit", ctypes.c_int),
                ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int),
                ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int),
                ("bits_per_pixel", ctypes.c_int), ("red_mask", ctypes.c_ulong),
                ("green_mask", ctypes.c_ulong), ("blue_mask", ctypes.c_ulong)]


class Attributes(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("width", ctypes.c_int),
                ("height", ctypes.c_int), ("border_width", ctypes.c_int),
                ("depth", ctypes.c_int), ("visual", ctypes.c_void_p), ("root", ctypes.c_ulong),
                ("class_", ctypes.c_int), ("bit_gravity", ctypes.c_int),
                ("win_gravity", ctypes.c_int), ("backing_store", ctypes.c_int),
                ("backing_planes", ctypes.c_ulong), ("backing_pixel", ctypes.c_ulong),
                ("save_under", ctypes.c_int), ("colormap", ctypes.c_ulong),
                ("map_installed", ctypes.c_int), ("map_state", ctypes.c_int),
                ("all_event_masks", ctypes.c_long), ("your_event_mask", ctypes.c_long),
                ("do_not_propagate_mask", ctypes.c_long), ("override_redirect", ctypes.c_int),
                ("screen", ctypes.c_void_p)]


_ErrorHandler = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)
_IGNORE = _ErrorHandler(lambda _display, _error: 0)
"""A window listed may be gone before its attributes are asked for (a menu closing): Xlib's
default handler would end the test run over it."""


@cache
def _xlib() -> Any:
    lib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
    lib.XSetErrorHandler.argtypes = [_ErrorHandler]
    lib.XSetErrorHandler.restype = ctypes.c_void_p
    lib.XSetErrorHandler(_IGNORE)
    lib.XOpenDisplay.restype = ctypes.c_void_p
    lib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    lib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    lib.XDefaultRootWindow.restype = ctypes.c_ulong
    lib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    lib.XGetImage.restype = ctypes.POINTER(XImage)
    lib.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                              ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
    lib.XFree.argtypes = [ctypes.c_void_p]
    c_ulong_p = ctypes.POINTER(ctypes.c_ulong)
    lib.XQueryTree.argtypes = [ctypes.c_void_p, ctypes.c_ulong, c_ulong_p, c_ulong_p,
                               ctypes.POINTER(c_ulong_p), ctypes.POINTER(ctypes.c_uint)]
    lib.XGetWindowAttributes.argtypes = [ctypes.c_void_p, ctypes.c_ulong,
                                         ctypes.POINTER(Attributes)]
    return lib


@contextmanager
def _connection(display: str) -> Iterator[Any]:
    from tests.display.xserver import _xlib as one_at_a_time

    lib = _xlib()
    with one_at_a_time:
        connection = lib.XOpenDisplay(display.encode())
        if not connection:
            pytest.fail(f"cannot open {display}")
        try:
            yield connection
        finally:
            lib.XCloseDisplay(connection)


def grab(display: str, size: tuple[int, int]) -> pygame.Surface:
    """What the screen shows now (the root window with everything on it), as an RGB
    surface: what ``import -window root`` gives, fast."""
    lib = _xlib()
    with _connection(display) as connection:
        image = lib.XGetImage(connection, lib.XDefaultRootWindow(connection), 0, 0, size[0],
                              size[1], ALL_PLANES, Z_PIXMAP)
        if not image:
            pytest.fail(f"no image of the root window of {display}")
        try:
            got = image.contents
            if got.bits_per_pixel != 32:
                pytest.fail(f"a {got.bits_per_pixel}-bit screen")
            raw = ctypes.string_at(got.data, got.bytes_per_line * got.height)
            pitch = got.bytes_per_line
        finally:
            lib.XFree(image.contents.data)
            lib.XFree(image)
    shot = pygame.image.frombuffer(raw, size, "BGRA", pitch)
    picture = pygame.Surface(size)  # no alpha: X's padding byte is not one
    picture.blit(shot, (0, 0), special_flags=pygame.BLEND_RGB_ADD)  # colours, alpha ignored
    return picture


def shown_windows(display: str) -> dict[int, tuple[int, int, int, int]]:
    """The root window's children that are shown (mapped and viewable), with their
    geometry: top-level windows, a window manager's frames and menus."""
    lib = _xlib()
    found: dict[int, tuple[int, int, int, int]] = {}
    with _connection(display) as connection:
        root, parent = ctypes.c_ulong(), ctypes.c_ulong()
        children = ctypes.POINTER(ctypes.c_ulong)()
        count = ctypes.c_uint()
        if not lib.XQueryTree(connection, lib.XDefaultRootWindow(connection),
                              ctypes.byref(root), ctypes.byref(parent),
                              ctypes.byref(children), ctypes.byref(count)):
            return found
        ids = [children[i] for i in range(count.value)]
        if children:
            lib.XFree(children)
        for window in ids:
            attributes = Attributes()
            if lib.XGetWindowAttributes(connection, window, ctypes.byref(attributes)) and \
                    attributes.map_state == IS_VIEWABLE and attributes.width > 1:
                found[window] = (attributes.x, attributes.y, attributes.width,
                                 attributes.height)
    return found
