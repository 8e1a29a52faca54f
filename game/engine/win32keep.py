"""A kiosk's window kept on top on Windows: topmost, restored when minimised, and activated
again when another window took the foreground, joining the foreground thread's input for the
switch (``AttachThreadInput``) as taskbars do, since Windows' foreground lock refuses it
otherwise. :class:`Topmost` takes ``user32`` and ``kernel32`` as given (fakes in the tests).
"""

from __future__ import annotations

import ctypes
import logging
import sys
from typing import Any

import pygame

from game.engine import sdl

log = logging.getLogger(__name__)

HWND_TOPMOST = -1
SWP_NOSIZE, SWP_NOMOVE, SWP_SHOWWINDOW = 0x0001, 0x0002, 0x0040
GWL_EXSTYLE = -20
WS_EX_TOPMOST = 0x00000008
SW_RESTORE = 9


class Topmost:
    """Keeps one window (its ``HWND``) topmost and in the foreground."""

    def __init__(self, user32: Any, kernel32: Any) -> None:
        self.user32 = user32
        self.kernel32 = kernel32

    def keep(self, hwnd: int) -> list[str]:
        """One look, with what was wrong put right; what was wrong (empty: all well)."""
        user32 = self.user32
        wrong = []
        if user32.IsIconic(hwnd):
            wrong.append("minimised")
            user32.ShowWindow(hwnd, SW_RESTORE)
        if not user32.GetWindowLongW(hwnd, GWL_EXSTYLE) & WS_EX_TOPMOST:
            wrong.append("not topmost")
            user32.SetWindowPos(hwnd, HWND_TOPMOST, 0, 0, 0, 0,
                                SWP_NOMOVE | SWP_NOSIZE | SWP_SHOWWINDOW)
        foreground = user32.GetForegroundWindow()
        if foreground != hwnd:
            wrong.append("not in the foreground")
            ours = self.kernel32.GetCurrentThreadId()
            theirs = user32.GetWindowThreadProcessId(foreground, None) if foreground else 0
            joined = bool(theirs) and theirs != ours and user32.AttachThreadInput(ours, theirs,
                                                                                 True)
            try:
                user32.BringWindowToTop(hwnd)
                user32.SetForegroundWindow(hwnd)
            finally:
                if joined:
                    user32.AttachThreadInput(ours, theirs, False)
        return wrong


_keeper: list[Topmost] = []


def keep(window: pygame.Window) -> bool:
    """On Windows: ``window`` topmost and in the foreground; ``True`` when something had to be
    put right. Elsewhere nothing (``False``)."""
    if sys.platform != "win32":
        return False
    hwnd = sdl.win32_window(window)
    if hwnd is None:
        return False
    if not _keeper:
        windll = ctypes.windll
        _keeper.append(Topmost(windll.user32, windll.kernel32))
    wrong = _keeper[0].keep(hwnd)
    if wrong:
        log.info("display: the window was %s: put back on top", "; ".join(wrong))
    return bool(wrong)
