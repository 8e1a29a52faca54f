"""The frame-cost floor, and the game's frame cost as a ratio of it (figures, never asserted).

    python -m benchmarks.display_floor                   # the floor alone
    python -m benchmarks.display_floor --side-by-side    # floor and the game, interleaved
    python -m benchmarks.display_floor --side-by-side --root ../other-checkout

**The floor** is the least a frame can cost through the display path the game uses: one bare
full-screen 1920×1080 blit onto the logical canvas, then the present (``Display.present``:
canvas → texture → window, letterboxed), plus the event pump every frame does. Headless (the
dummy video driver), as the game's ``--bench`` runs; ``--frames`` of them, median and p99
(nearest rank, as ``--bench`` reports them; the first frame is left out).

**Side by side** alternates, ``--repeats`` times, a floor run in this process and a
``main.py --bench 3000 --seed 1`` run (a fresh data folder each time), so both see the same
machine load; it prints every run, the medians of each figure and the ratios
``median_ms / floor median`` and ``p99_ms / floor p99``.

``--root`` measures another checkout (e.g. the code before a change) with the same harness:
its ``game.engine.display`` and its ``main.py``. A ``Display`` without ``present`` (the old
``pygame.SCALED`` one) is presented with ``pygame.display.flip``.

``--against OTHER`` (with ``--side-by-side``) runs OTHER's ``main.py --bench`` in each repeat
too, the two in turns (which goes first alternates), and prints both: on a machine whose speed
drifts from hour to hour, a before/after figure means something only when measured that way.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
BENCH_LINE = re.compile(r"median_ms=(?P<median>[\d.]+) p99_ms=(?P<p99>[\d.]+)")


def percentile(sorted_values: list[float], fraction: float) -> float:
    """Nearest rank, as ``App.bench_report`` computes it."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(fraction * len(sorted_values)))
    return sorted_values[min(rank, len(sorted_values)) - 1]


def floor(frames: int, root: Path) -> tuple[float, float]:
    """(median, p99) in ms of ``frames`` bare full-screen blits + presents."""
    code = f"""
import os, statistics, sys, time
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, {str(root)!r})
import pygame
from game.engine.display import Display
pygame.init()
display = Display((1920, 1080), vsync=False) if "vsync" in Display.__init__.__code__.co_varnames \\
    else Display((1920, 1080))
canvas = display.open()
present = getattr(display, "present", pygame.display.flip)
picture = pygame.Surface((1920, 1080)).convert()
picture.fill((30, 40, 60))
pygame.draw.circle(picture, (250, 200, 60), (960, 540), 300)
times = []
for _ in range({frames} + 1):
    start = time.perf_counter()
    pygame.event.pump()
    canvas.blit(picture, (0, 0))
    present()
    times.append((time.perf_counter() - start) * 1000.0)
print(" ".join(f"{{t:.4f}}" for t in times[1:]))
"""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, check=True).stdout.split()
    times = sorted(float(value) for value in out)
    return statistics.median(times), percentile(times, 0.99)


def bench(frames: int, seed: int, root: Path) -> tuple[float, float, str]:
    """(median_ms, p99_ms, the report line) of one ``main.py --bench`` run."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    with tempfile.TemporaryDirectory(prefix="bench-") as data:
        result = subprocess.run(
            [sys.executable, str(root / "main.py"), "--bench", str(frames), "--seed", str(seed),
             "--data-dir", data], cwd=root, env=env, capture_output=True, text=True, check=True)
    line = next(ln for ln in result.stdout.splitlines() if ln.startswith("frames="))
    match = BENCH_LINE.search(line)
    assert match is not None, line
    return float(match["median"]), float(match["p99"]), line


def load() -> str:
    try:
        return "load " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "load unknown"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=3000, help="floor frames per run")
    parser.add_argument("--bench-frames", type=int, default=3000, help="main.py --bench N")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3, help="runs of each (medians kept)")
    parser.add_argument("--side-by-side", action="store_true",
                        help="also run main.py --bench and print the ratios")
    parser.add_argument("--root", type=Path, default=HERE, help="the checkout to measure")
    parser.add_argument("--against", type=Path, metavar="OTHER",
                        help="with --side-by-side: also OTHER's bench, in turns with --root's")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    checkouts: list[tuple[str, Path]] = []  # (what its lines say after "bench", checkout)
    if args.side_by_side:
        checkouts.append(("", root))
        if args.against:
            other = args.against.resolve()
            checkouts.append((f" of {other}", other))
    print(f"root {root}; {os.cpu_count()} cores; {load()}")
    floors: list[tuple[float, float]] = []
    benches: list[list[tuple[float, float]]] = [[] for _ in checkouts]
    for run in range(1, args.repeats + 1):
        started = time.perf_counter()
        f_median, f_p99 = floor(args.frames, root)
        floors.append((f_median, f_p99))
        print(f"run {run}: floor median_ms={f_median:.2f} p99_ms={f_p99:.2f} "
              f"({time.perf_counter() - started:.1f} s)", flush=True)
        order = list(range(len(checkouts)))
        for index in order if run % 2 else order[::-1]:
            name, checkout = checkouts[index]
            started = time.perf_counter()
            b_median, b_p99, line = bench(args.bench_frames, args.seed, checkout)
            benches[index].append((b_median, b_p99))
            print(f"run {run}: bench{name} {line} ({time.perf_counter() - started:.1f} s); "
                  f"{load()}", flush=True)
    f_median = statistics.median(f for f, _ in floors)
    f_p99 = statistics.median(p for _, p in floors)
    print(f"floor: median_ms={f_median:.2f} p99_ms={f_p99:.2f} (medians of {len(floors)} runs)")
    for (name, _checkout), runs in zip(checkouts, benches):
        b_median = statistics.median(b for b, _ in runs)
        b_p99 = statistics.median(p for _, p in runs)
        print(f"bench{name}: median_ms={b_median:.2f} p99_ms={b_p99:.2f} "
              f"(medians of {len(runs)} runs)")
        print(f"ratio{name}: median {b_median / f_median:.2f}x (target <= 1.5), "
              f"p99 {b_p99 / f_p99:.2f}x (target <= 2)")


if __name__ == "__main__":
    main()
