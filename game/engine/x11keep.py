"""A kiosk's window kept on top of everything, over the whole monitor, with the input focus
(X11, through Xlib by ctypes; :class:`Keeper`).

Each :meth:`Keeper.check` (a few times a second, off the frame's path) asks the X server on its
own connection where the window is (moved and sized back to the monitor), what is stacked
above it (managed windows beaten by raising and activating the game; an open menu, which holds
the keyboard, closed with an Escape through XTest; override-redirect windows lowered under the
game) and who has the keyboard (the focus given back). What it found and fixed is returned,
for the log.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
from functools import cache
from typing import Any

from game.engine import x11

log = logging.getLogger(__name__)

Rect = tuple[int, int, int, int]

INPUT_ONLY = 2
REVERT_TO_PARENT = 2
GRAB_SUCCESS, ALREADY_GRABBED = 0, 1
GRAB_MODE_ASYNC = 1
ESCAPE_KEYSYM = 0xFF1B
STATE_ADD = 1
SOURCE_PAGER = 2


@cache
def _prepared(lib: Any) -> Any:
    """``lib`` with the argument types of the calls below (once)."""
    c_ulong_p = ctypes.POINTER(ctypes.c_ulong)
    lib.XQueryTree.argtypes = [ctypes.c_void_p, ctypes.c_ulong, c_ulong_p, c_ulong_p,
                               ctypes.POINTER(c_ulong_p), ctypes.POINTER(ctypes.c_uint)]
    lib.XFree.argtypes = [ctypes.c_void_p]
    lib.XTranslateCoordinates.argtypes = [
        ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
        ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int), c_ulong_p]
    lib.XGetInputFocus.argtypes = [ctypes.c_void_p, c_ulong_p, ctypes.POINTER(ctypes.c_int)]
    lib.XSetInputFocus.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_ulong]
    lib.XRaiseWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
    lib.XLowerWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
    lib.XMoveResizeWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int,
                                      ctypes.c_int, ctypes.c_uint, ctypes.c_uint]
    lib.XGrabKeyboard.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                                  ctypes.c_int, ctypes.c_ulong]
    lib.XUngrabKeyboard.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
    lib.XKeysymToKeycode.restype = ctypes.c_ubyte
    lib.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
    return lib


@cache
def _xtest() -> Any | None:
    """libXtst (the XTEST extension's client side), or None."""
    try:
        lib = ctypes.CDLL(ctypes.util.find_library("Xtst") or "libXtst.so.6")
    except OSError:
        return None
    lib.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int,
                                      ctypes.c_ulong]
    return lib


def overlaps(a: Rect, b: Rect) -> bool:
    """Whether two rectangles share a pixel."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and \
        b[1] < a[1] + a[3]


class Keeper:
    """Keeps ``forward``'s window on top, at ``bounds``, focused (see the module's text)."""

    def __init__(self, forward: x11.Forward, managed: bool) -> None:
        self.forward = forward
        self.managed = managed  # a window manager runs (it stacks and places the window)
        self._claimed = False

    def check(self, bounds: Rect) -> list[str]:
        """One look, with what was wrong put right; what was wrong (empty: all well)."""
        opened = self.forward.open()
        if opened is None:
            return []
        lib, connection = opened
        lib = _prepared(lib)
        window = self.forward.window
        if not self._claimed and self.managed:
            self._claimed = True
            self._state(lib, connection, b"_NET_WM_STATE_ABOVE")
        attributes = x11._XWindowAttributes()
        if not lib.XGetWindowAttributes(connection, window, ctypes.byref(attributes)):
            return []  # gone: the presence notices (``x11.lost``)
        if attributes.map_state != x11.IS_VIEWABLE:
            return ["not shown"]  # brought forward by the presence first
        wrong = []
        root = lib.XDefaultRootWindow(connection)
        x, y = self._origin(lib, connection, window, root)
        if (x, y, attributes.width, attributes.height) != bounds:
            wrong.append(f"at {attributes.width}x{attributes.height}+{x}+{y}")
            lib.XMoveResizeWindow(connection, window, *bounds)
            if self.managed:
                self._state(lib, connection, b"_NET_WM_STATE_FULLSCREEN")
        covering = self._covering(lib, connection, root, window, bounds)
        if covering:
            wrong.append(f"covered by {', '.join(f'0x{w:x}' for w, _ in covering)}")
            if self._keyboard_held(lib, connection, window):
                self._escape(lib, connection)  # a menu holding the keyboard closes
            overriding = [w for w, override in covering if override]
            for other in overriding:
                lib.XLowerWindow(connection, other)
            if len(overriding) < len(covering):
                self._raise(lib, connection, window)
        if self._focus_elsewhere(lib, connection, window):
            wrong.append("not focused")
            if self.managed:
                self._raise(lib, connection, window)
            lib.XSetInputFocus(connection, window, REVERT_TO_PARENT, 0)
        lib.XFlush(connection)
        return wrong

    @staticmethod
    def _origin(lib: Any, connection: int, window: int, root: int) -> tuple[int, int]:
        x, y, child = ctypes.c_int(), ctypes.c_int(), ctypes.c_ulong()
        lib.XTranslateCoordinates(connection, window, root, 0, 0, ctypes.byref(x),
                                  ctypes.byref(y), ctypes.byref(child))
        return x.value, y.value

    @staticmethod
    def _tree(lib: Any, connection: int, window: int) -> tuple[int, list[int]]:
        """``window``'s parent and its children, bottom to top."""
        root, parent = ctypes.c_ulong(), ctypes.c_ulong()
        children = ctypes.POINTER(ctypes.c_ulong)()
        count = ctypes.c_uint()
        if not lib.XQueryTree(connection, window, ctypes.byref(root), ctypes.byref(parent),
                              ctypes.byref(children), ctypes.byref(count)):
            return 0, []
        found = [children[i] for i in range(count.value)]
        if children:
            lib.XFree(children)
        return parent.value, found

    def _toplevel(self, lib: Any, connection: int, window: int, root: int) -> int:
        """The child of the root that holds ``window`` (itself, or a window manager's frame)."""
        for _ in range(8):
            parent, _children = self._tree(lib, connection, window)
            if parent in (0, root):
                return window
            window = parent
        return window

    def _covering(self, lib: Any, connection: int, root: int, window: int,
                  bounds: Rect) -> list[tuple[int, bool]]:
        """The shown windows stacked above the game's that overlap ``bounds``, each with
        whether it is override-redirect."""
        top = self._toplevel(lib, connection, window, root)
        _parent, stack = self._tree(lib, connection, root)
        if top not in stack:
            return []
        found = []
        for other in stack[stack.index(top) + 1:]:
            attributes = x11._XWindowAttributes()
            if not lib.XGetWindowAttributes(connection, other, ctypes.byref(attributes)):
                continue  # gone meanwhile
            if attributes.map_state != x11.IS_VIEWABLE or attributes.class_ == INPUT_ONLY:
                continue
            if overlaps((attributes.x, attributes.y, attributes.width, attributes.height),
                        bounds):
                found.append((other, bool(attributes.override_redirect)))
        return found

    @staticmethod
    def _keyboard_held(lib: Any, connection: int, window: int) -> bool:
        """Whether another client holds the keyboard (a menu's grab)."""
        result = lib.XGrabKeyboard(connection, window, 0, GRAB_MODE_ASYNC, GRAB_MODE_ASYNC, 0)
        if result == GRAB_SUCCESS:
            lib.XUngrabKeyboard(connection, 0)
        return bool(result == ALREADY_GRABBED)

    @staticmethod
    def _escape(lib: Any, connection: int) -> None:
        xtest = _xtest()
        code = lib.XKeysymToKeycode(connection, ESCAPE_KEYSYM)
        if xtest is None or not code:
            log.info("display: cannot send Escape to the menu above the game (no XTEST)")
            return
        xtest.XTestFakeKeyEvent(connection, code, 1, 0)
        xtest.XTestFakeKeyEvent(connection, code, 0, 0)

    def _raise(self, lib: Any, connection: int, window: int) -> None:
        lib.XRaiseWindow(connection, window)
        if self.managed:
            self.forward.ask(lib, connection, b"_NET_ACTIVE_WINDOW", SOURCE_PAGER)

    @staticmethod
    def _focus_elsewhere(lib: Any, connection: int, window: int) -> bool:
        focus, revert = ctypes.c_ulong(), ctypes.c_int()
        lib.XGetInputFocus(connection, ctypes.byref(focus), ctypes.byref(revert))
        return focus.value != window

    def _state(self, lib: Any, connection: int, state: bytes) -> None:
        """Ask the window manager to add ``state`` to the window's ``_NET_WM_STATE``."""
        atom = lib.XInternAtom(connection, state, 0)
        self.forward.ask(lib, connection, b"_NET_WM_STATE", STATE_ADD, atom, 0, SOURCE_PAGER)
