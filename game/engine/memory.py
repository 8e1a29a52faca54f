"""Give freed memory back to the system (Linux, glibc).

A frame makes and drops big surfaces (a page of the rules, a backdrop, a scaled sprite). glibc
serves allocations above a threshold with ``mmap`` (returned at once when freed) but raises
that threshold to the size of the biggest block ever freed, up to 32 MB; from then on such
surfaces come from the heap, which keeps its high-water mark: a long session grew to several
hundred MB of free-but-held memory (the monkey: 575 MB resident, 277 MB after a
``malloc_trim``). Fixing the threshold keeps big blocks on ``mmap``.

Also how much memory this process holds (:func:`peak_mb`, :func:`status_mb`), for the bench
line, the soak and the benchmarks.
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
