"""High-DPI on Windows: declare the process DPI-aware before the first window exists, so
Windows gives real pixels instead of stretching a smaller window. No pygame here: ``main.py``
calls :func:`declare_dpi_awareness` before pygame loads (its helper windows would lock the
awareness in). X11 has no such scaling; on macOS the window asks itself (``allow_high_dpi``).
"""

from __future__ import annotations

import ctypes
import os
import sys

PER_MONITOR = 2  # PROCESS_PER_MONITOR_DPI_AWARE
_declared: list[bool] = []


def declare_dpi_awareness() -> bool:
    """Declare per-monitor DPI awareness once (Windows only); True when Windows accepted it."""
    if sys.platform != "win32":
        return False
    if _declared:
        return _declared[0]
    # SDL 2.24+ reads this at video init and then reports sizes in real pixels.
    os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    windll = getattr(ctypes, "windll", None)
    ok = False
    if windll is not None:
        try:
            # S_OK (0), or E_ACCESSDENIED when already set (e.g. by a manifest): aware either way.
            ok = windll.shcore.SetProcessDpiAwareness(PER_MONITOR) in (0, -2147024891)
        except (AttributeError, OSError):
            try:  # Windows 7 / 8.0: system-wide awareness only
                ok = bool(windll.user32.SetProcessDPIAware())
            except (AttributeError, OSError):
                ok = False
    _declared.append(ok)
    return ok
