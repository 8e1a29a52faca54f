"""Timing helpers shared by the benchmarks (figures are printed, never asserted)."""

from __future__ import annotations

import argparse
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


def options(description: str, corpus_size: int, games: int) -> argparse.ArgumentParser:
    """The command line every rules benchmark takes: corpus size, repeats, games."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--size", type=int, default=corpus_size, help="corpus size")
    parser.add_argument("--repeats", type=int, default=5, help="timing repeats (best is kept)")
    parser.add_argument("--games", type=int, default=games, help="games per timing repeat")
    return parser
