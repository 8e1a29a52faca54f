"""Give freed memory back to the system (Linux, glibc), and how much this process holds.

glibc raises its ``mmap`` threshold to the biggest block ever freed, after which big surfaces
come from the heap, which keeps its high-water mark: a long session held hundreds of MB free
but not returned. Fixing the threshold keeps big blocks on ``mmap``.
"""

from __future__ import annotations

import ctypes
import logging
import sys

log = logging.getLogger(__name__)

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 256 * 1024
"""Blocks from 256 KB up (a 256×256 RGBA surface) get their own mapping."""
TRIM_THRESHOLD = 4 * 1024 * 1024
"""Free heap above 4 MB at the top is handed back."""

_done = {"tuned": False}


def tune_allocator() -> bool:
    """Fix glibc's thresholds (once per process); False where there is no glibc."""
    if _done["tuned"]:
        return True
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL("libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # musl, or no such library
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    ok = bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(
        mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD))
    _done["tuned"] = ok
    if not ok:
        log.info("could not tune the memory allocator")
    return ok


def peak_mb() -> float:
    """Peak resident memory (``ru_maxrss``); 0.0 where the ``resource`` module does not
    exist (Windows)."""
    try:
        import resource
    except ImportError:
        return 0.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # Linux reports KiB, macOS bytes.
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def status_mb(field: str) -> float | None:
    """A memory line of Linux's ``/proc/self/status`` (``VmRSS``: now, ``VmHWM``: the peak of
    this process alone), or ``None`` where there is none."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith(f"{field}:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None
