"""The X server asked directly, through Xlib by ctypes, where SDL's own way ends the game or
hangs it. Only for SDL's x11 driver; every function degrades to "cannot" elsewhere.

* **Errors.** SDL leaves X errors to Xlib's default handler, which exits: a window destroyed
  under the game ended it unsaved. :func:`catch_errors` only counts them and remembers the
  windows that failed with BadWindow or BadDrawable (:func:`lost`), so the app saves and ends.
* **Bringing forward.** SDL's show and restore wait without a timeout for the window to be
  mapped, which a window manager may never do. :class:`Forward` never waits: it maps and
  raises the window and sends ``_NET_ACTIVE_WINDOW``, as a taskbar does, and puts a window
  that must stay on screen on every desktop.
* **The connection lost.** Xlib's default I/O error handler exits before any shutdown ran.
  :func:`survive_connection_loss` chains a handler that returns (libX11 1.7+,
  ``XSetIOErrorExitHandler``); :func:`connection_lost` says so, and the app saves and ends or
  (a kiosk) opens a new window on a new connection.
* **A destroyed window at the end.** SDL waits for the UnmapNotify of a window that no longer
  exists: :func:`unblock_hide` puts that event into SDL's queue first.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os
import sys
from collections import deque
from functools import cache
from typing import Any

log = logging.getLogger(__name__)

BAD_WINDOW, BAD_DRAWABLE = 3, 9
"""X error codes of a request on a window (or drawable) that does not exist."""
IS_VIEWABLE = 2
UNMAP_NOTIFY = 18
CLIENT_MESSAGE = 33
SUBSTRUCTURE_MASKS = (1 << 19) | (1 << 20)  # SubstructureNotify | SubstructureRedirect
SOURCE_PAGER = 2
"""The source of a request to the window manager: a pager or taskbar, which it obeys."""
ALL_DESKTOPS = 0xFFFFFFFF


class _XErrorEvent(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("display", ctypes.c_void_p),
                ("resourceid", ctypes.c_ulong), ("serial", ctypes.c_ulong),
                ("error_code", ctypes.c_ubyte), ("request_code", ctypes.c_ubyte),
                ("minor_code", ctypes.c_ubyte)]


class _XWindowAttributes(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("width", ctypes.c_int),
                ("height", ctypes.c_int), ("border_width", ctypes.c_int), ("depth", ctypes.c_int),
                ("visual", ctypes.c_void_p), ("root", ctypes.c_ulong), ("class_", ctypes.c_int),
                ("bit_gravity", ctypes.c_int), ("win_gravity", ctypes.c_int),
                ("backing_store", ctypes.c_int), ("backing_planes", ctypes.c_ulong),
                ("backing_pixel", ctypes.c_ulong), ("save_under", ctypes.c_int),
                ("colormap", ctypes.c_ulong), ("map_installed", ctypes.c_int),
                ("map_state", ctypes.c_int), ("all_event_masks", ctypes.c_long),
                ("your_event_mask", ctypes.c_long), ("do_not_propagate_mask", ctypes.c_long),
                ("override_redirect", ctypes.c_int), ("screen", ctypes.c_void_p)]


class _XUnmapEvent(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("event", ctypes.c_ulong),
                ("window", ctypes.c_ulong), ("from_configure", ctypes.c_int)]


class _XClientMessageEvent(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong),
                ("message_type", ctypes.c_ulong), ("format", ctypes.c_int),
                ("data", ctypes.c_long * 5)]


class _XEvent(ctypes.Union):
    _fields_ = [("xunmap", _XUnmapEvent), ("xclient", _XClientMessageEvent),
                ("pad", ctypes.c_long * 24)]


_Handler = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(_XErrorEvent))
_IOHandler = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)
_ExitHandler = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p)


@cache
def xlib() -> Any | None:
    """libX11 as a ctypes handle (the one SDL loaded), or None."""
    try:
        lib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        lib.XSetErrorHandler.restype = ctypes.c_void_p
        lib.XSetErrorHandler.argtypes = [_Handler]
    except (OSError, AttributeError):
        return None
    lib.XSetIOErrorHandler.restype = ctypes.c_void_p
    lib.XSetIOErrorHandler.argtypes = [ctypes.c_void_p]
    if hasattr(lib, "XSetIOErrorExitHandler"):  # libX11 1.7 and later
        lib.XSetIOErrorExitHandler.argtypes = [ctypes.c_void_p, _ExitHandler, ctypes.c_void_p]
    lib.XOpenDisplay.restype = ctypes.c_void_p
    lib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    lib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    lib.XDefaultRootWindow.restype = ctypes.c_ulong
    lib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    lib.XInternAtom.restype = ctypes.c_ulong
    lib.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    lib.XGetWindowAttributes.argtypes = [ctypes.c_void_p, ctypes.c_ulong,
                                         ctypes.POINTER(_XWindowAttributes)]
    lib.XMapRaised.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
    lib.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long,
                               ctypes.POINTER(_XEvent)]
    lib.XPutBackEvent.argtypes = [ctypes.c_void_p, ctypes.POINTER(_XEvent)]
    lib.XFlush.argtypes = [ctypes.c_void_p]
    lib.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
    return lib


# --- errors ------------------------------------------------------------------------------------
_gone: set[int] = set()
_seen: deque[tuple[int, int, int, int]] = deque(maxlen=32)  # code, request, minor, resource
_counted = [0]


def _on_error(_display: int | None, event: Any) -> int:
    """Xlib's error handler: remember, never exit (it must not call Xlib, nor raise)."""
    error = event.contents
    if error.error_code in (BAD_WINDOW, BAD_DRAWABLE):
        _gone.add(int(error.resourceid))
    _seen.append((error.error_code, error.request_code, error.minor_code,
                  int(error.resourceid)))
    _counted[0] += 1
    return 0


_HANDLER = _Handler(_on_error)  # kept alive for the whole process: Xlib holds a pointer to it


def catch_errors() -> bool:
    """Handle X errors with :func:`_on_error` from now on (again after each SDL video start,
    which puts SDL's own handler in place); ``True`` when installed."""
    lib = xlib()
    if lib is None:
        return False
    lib.XSetErrorHandler(_HANDLER)
    return True


def watch(window: int) -> None:
    """A new window of the game: its id may be one a destroyed window had (the X server
    gives a new connection the ids of one that ended), which is no longer lost."""
    _gone.discard(window)


def lost(window: int) -> bool:
    """Whether a request on the X window ``window`` failed because it does not exist."""
    return window in _gone


def error_count() -> int:
    """How many X errors were caught so far (cheap: once a frame)."""
    return _counted[0]


def errors() -> tuple[int, list[tuple[int, int, int, int]]]:
    """How many X errors were caught, and the latest (code, request, minor, resource id)."""
    return _counted[0], list(_seen)


# --- the connection lost --------------------------------------------------------------------
_registered: set[int] = set()  # X connections (``Display *``) with our exit handler
_broken: set[int] = set()  # X connections (``Display *``) that failed
_chained: list[Any] = []  # the I/O error handler found in place, unless Xlib's own


def _on_io_error(display: int | None) -> int:
    """Xlib's I/O error handler: remember the broken connection and return (never exit here:
    the connection's exit handler decides, and ours returns); a handler SDL or another
    library put in place before is called too."""
    display = int(display or 0)
    if display not in _registered and _broken & _registered:
        _end_now()  # see below
    _broken.add(display)
    for handler in _chained:
        handler(display)
    return 0


def _end_now() -> None:
    """A connection without an exit handler of ours broke (SDL keeps a second one, which it
    closes at ``pygame.quit``) after one of ours did: the run has saved and flushed already,
    and Xlib would exit with status 1 as soon as this handler returns, so the process ends
    here, with status 0."""
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(0)


def _on_exit(_display: int | None, _data: int | None) -> None:
    """A connection's exit handler: returning lets the failed Xlib call return."""


_IO_HANDLER = _IOHandler(_on_io_error)
_EXIT_HANDLER = _ExitHandler(_on_exit)
_io_installed = [False]


def survive_connection_loss(display: int) -> bool:
    """Keep the process alive when the X connection ``display`` breaks (:func:`connection_lost`
    then says so); ``False`` where libX11 cannot (before 1.7): Xlib then exits as it always
    did, and only what is already on disk is kept."""
    lib = xlib()
    if lib is None or not hasattr(lib, "XSetIOErrorExitHandler") or not display:
        return False
    if not _io_installed[0]:
        previous = lib.XSetIOErrorHandler(None)  # Xlib's own is in place now...
        xlib_default = lib.XSetIOErrorHandler(ctypes.cast(_IO_HANDLER, ctypes.c_void_p))
        if previous and previous != xlib_default:  # ...and this one was set by SDL or another
            _chained.append(_IOHandler(previous))
        _io_installed[0] = True
    _registered.add(display)
    _broken.discard(display)  # a new connection may have the address of one that broke
    lib.XSetIOErrorExitHandler(display, _EXIT_HANDLER, None)
    return True


def server_answers() -> bool:
    """Whether a new connection to the X server (``$DISPLAY``) can be opened now."""
    lib = xlib()
    if lib is None:
        return False
    connection = lib.XOpenDisplay(None)
    if not connection:
        return False
    lib.XCloseDisplay(connection)
    return True


def answers(display: int) -> bool:
    """Whether the X connection ``display`` still works, asked by a round trip on it: a
    window of its client killed (``xdotool windowkill``) may fail a request on another
    connection before this one has read that it was closed. Only for a connection that
    survives its loss (:func:`survive_connection_loss`); any other is taken to work."""
    lib = xlib()
    if display in _broken:
        return False
    if lib is None or display not in _registered:
        return True
    lib.XSync(display, 0)
    return display not in _broken


def connection_lost(display: int | None = None) -> bool:
    """Whether the X connection ``display`` (None: any) broke."""
    return bool(_broken) if display is None else display in _broken


def unblock_hide(display: int, window: int) -> None:
    """Put an UnmapNotify of ``window`` into the queue of SDL's X connection ``display``: SDL
    waits for one before it destroys a window, and a destroyed window never sends it."""
    lib = xlib()
    if lib is None:
        return
    event = _XEvent()
    event.xunmap.type = UNMAP_NOTIFY
    event.xunmap.display = display
    event.xunmap.event = event.xunmap.window = window
    lib.XPutBackEvent(display, ctypes.byref(event))


# --- bringing a window forward -------------------------------------------------------------------
class Forward:
    """Shows and raises one X window on a connection of its own, never waiting for replies
    but the window's attributes (:meth:`viewable`)."""

    def __init__(self, window: int) -> None:
        self.window = window
        self._connection: int | None = None

    def _open(self) -> tuple[Any, int] | None:
        lib = xlib()
        if lib is None:
            return None
        if self._connection is None:
            self._connection = lib.XOpenDisplay(None) or None
            if self._connection is None:
                log.info("display: cannot open a connection to the X server")
                return None
            survive_connection_loss(self._connection)
        if connection_lost(self._connection):
            return None
        return lib, self._connection

    def open(self) -> tuple[Any, int] | None:
        """libX11 and this object's own connection (opened on first use), or None."""
        return self._open()

    def viewable(self) -> bool | None:
        """Whether the window is mapped and shown (an iconified one, or one on another
        desktop, is not); None when the X server cannot be asked or the window is gone."""
        opened = self._open()
        if opened is None:
            return None
        lib, connection = opened
        attributes = _XWindowAttributes()
        if not lib.XGetWindowAttributes(connection, self.window, ctypes.byref(attributes)):
            return None
        return bool(attributes.map_state == IS_VIEWABLE)

    def bring(self, all_desktops: bool = False) -> bool:
        """Map and raise the window and ask the window manager to activate it ("show desktop"
        ended); ``all_desktops``: and to show it on every desktop. ``True`` when sent."""
        opened = self._open()
        if opened is None:
            return False
        lib, connection = opened
        lib.XMapRaised(connection, self.window)
        if all_desktops:
            self.ask(lib, connection, b"_NET_WM_DESKTOP", ALL_DESKTOPS, SOURCE_PAGER)
        self.ask(lib, connection, b"_NET_ACTIVE_WINDOW", SOURCE_PAGER)
        lib.XFlush(connection)
        return True

    def ask(self, lib: Any, connection: int, what: bytes, *data: int) -> None:
        """Send the window manager the EWMH request ``what`` about the window."""
        event = _XEvent()
        message = event.xclient
        message.type = CLIENT_MESSAGE
        message.display = connection
        message.window = self.window
        message.message_type = lib.XInternAtom(connection, what, 0)
        message.format = 32
        for index, value in enumerate(data):
            message.data[index] = value
        lib.XSendEvent(connection, lib.XDefaultRootWindow(connection), 0, SUBSTRUCTURE_MASKS,
                       ctypes.byref(event))

    def close(self) -> None:
        lib = xlib()
        if self._connection is not None and lib is not None and \
                not connection_lost(self._connection):
            lib.XCloseDisplay(self._connection)
        self._connection = None
