"""Another program's window over the kiosk, for the display tests: run as
``python -m tests.display.intruder [--override]`` on ``$DISPLAY``; it maps a window of one
colour (:data:`COLOUR`) over the whole screen, asks to be above every other window and
fullscreen (a hostile notifier or updater), prints ``mapped`` and stays until killed.
``--override``: an override-redirect window instead (as menus and tooltips are: no window
manager stacks it)."""

from __future__ import annotations

import ctypes
import ctypes.util
import signal
import sys

COLOUR = (1, 250, 2)
CW_BACK_PIXEL, CW_OVERRIDE_REDIRECT = 1 << 1, 1 << 9


class _Attributes(ctypes.Structure):
    _fields_ = [("background_pixmap", ctypes.c_ulong), ("background_pixel", ctypes.c_ulong),
                ("border_pixmap", ctypes.c_ulong), ("border_pixel", ctypes.c_ulong),
                ("bit_gravity", ctypes.c_int), ("win_gravity", ctypes.c_int),
                ("backing_store", ctypes.c_int), ("backing_planes", ctypes.c_ulong),
                ("backing_pixel", ctypes.c_ulong), ("save_under", ctypes.c_int),
                ("event_mask", ctypes.c_long), ("do_not_propagate_mask", ctypes.c_long),
                ("override_redirect", ctypes.c_int), ("colormap", ctypes.c_ulong),
                ("cursor", ctypes.c_ulong)]


def main(override: bool) -> None:
    x = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
    x.XOpenDisplay.restype = ctypes.c_void_p
    x.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x.XDefaultRootWindow.restype = ctypes.c_ulong
    x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    for name in ("XDisplayWidth", "XDisplayHeight"):
        getattr(x, name).argtypes = [ctypes.c_void_p, ctypes.c_int]
    x.XCreateWindow.restype = ctypes.c_ulong
    x.XCreateWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                                ctypes.c_uint, ctypes.c_uint, ctypes.c_uint, ctypes.c_int,
                                ctypes.c_uint, ctypes.c_void_p, ctypes.c_ulong,
                                ctypes.POINTER(_Attributes)]
    x.XInternAtom.restype = ctypes.c_ulong
    x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x.XChangeProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong,
                                  ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_void_p,
                                  ctypes.c_int]
    x.XStoreName.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_char_p]
    for name in ("XMapRaised", "XRaiseWindow"):
        getattr(x, name).argtypes = [ctypes.c_void_p, ctypes.c_ulong]
    x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
    display = x.XOpenDisplay(None)
    if not display:
        sys.exit("cannot open the display")
    root = x.XDefaultRootWindow(display)
    width, height = x.XDisplayWidth(display, 0), x.XDisplayHeight(display, 0)
    attributes = _Attributes(override_redirect=int(override),
                             background_pixel=(COLOUR[0] << 16) | (COLOUR[1] << 8) | COLOUR[2])
    window = x.XCreateWindow(display, root, 0, 0, width, height, 0, 0, 1, None,
                             CW_BACK_PIXEL | CW_OVERRIDE_REDIRECT, ctypes.byref(attributes))
    x.XStoreName(display, window, b"intruder")
    states = (ctypes.c_ulong * 2)(x.XInternAtom(display, b"_NET_WM_STATE_ABOVE", 0),
                                  x.XInternAtom(display, b"_NET_WM_STATE_FULLSCREEN", 0))
    x.XChangeProperty(display, window, x.XInternAtom(display, b"_NET_WM_STATE", 0),
                      x.XInternAtom(display, b"ATOM", 0), 32, 0, states, 2)
    x.XMapRaised(display, window)
    x.XSync(display, 0)
    print("mapped", window, flush=True)
    signal.sigwait({signal.SIGTERM, signal.SIGINT})


if __name__ == "__main__":
    main("--override" in sys.argv[1:])
