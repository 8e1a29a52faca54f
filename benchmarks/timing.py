"""Timing helpers shared by the benchmarks (figures are printed, never asserted)."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_time(func: Callable[[], object], repeats: int) -> float:
    """The fastest of ``repeats`` runs of ``func``, in seconds: the least noisy figure."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        func()
        best = min(best, time.perf_counter() - start)
    return best
