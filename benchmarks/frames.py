"""Where a frame's time goes, per screen (figures, never asserted).

    python -m benchmarks.frames [--frames 600] [--screens title querni:play ...] [--profile]

Builds the real arcade headless (dummy video and audio, a fresh data folder, ``--seed 1``) as
``main.py --frames N --game G --scene S`` would (a screen is ``[GAME:]SCENE``, MAGDAGDON when no
game is named), runs ``--frames`` frames of each screen (one update per
frame, every frame drawn, as in ``--bench``) and splits each frame into its phases, in CPU
milliseconds (``time.process_time``, so other processes' load counts less than in wall time):

* **input+update**: the event pump, input dispatch and the fixed update (demo player included);
* **draw**: the scenes' ``draw`` and the app's overlay, onto the logical canvas;
* **present**: ``Display.present`` (canvas → texture → window).

``bench`` is the game as ``main.py --bench`` plays it (the demo on the play screen); ``floor``
is the floor of ``benchmarks.display_floor`` (one bare full-screen blit + present) measured the
same way, for comparison. Medians and p99 per phase; ``--profile`` adds the top functions of
the draw phase (cProfile).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SCREENS = ("floor", "title", "querni:title", "settings", "scores", "stats", "rules", "about",
           "play", "querni:play", "bench")


def build(screen: str, frames: int, data: Path) -> Any:
    from game.arcade.bootstrap import build as build_app
    from game.arcade.cli import parser
    from game.games.registry import GAMES

    argv = ["--seed", "1", "--data-dir", str(data)]
    game, _, scene = screen.rpartition(":")
    argv += ["--bench", str(frames)] if screen == "bench" else \
        ["--frames", str(frames), "--game", game or "magdagdon", "--scene", scene]
    return build_app(parser(GAMES).parse_args(argv), GAMES)


def timed(phases: dict[str, float], name: str, func: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = time.process_time()
        try:
            return func(*args, **kwargs)
        finally:
            phases[name] += time.process_time() - start

    return wrapper


def measure_floor(frames: int) -> dict[str, list[float]]:
    import pygame

    from game.engine.display import Display

    pygame.init()
    display = Display((1920, 1080), vsync=False)
    canvas = display.open()
    picture = pygame.Surface((1920, 1080)).convert()
    picture.fill((30, 40, 60))
    results: dict[str, list[float]] = {"input+update": [], "draw": [], "present": [],
                                       "total": []}
    for _ in range(frames):
        start = time.process_time()
        pygame.event.pump()
        pumped = time.process_time()
        canvas.blit(picture, (0, 0))
        drawn = time.process_time()
        display.present()
        end = time.process_time()
        for name, value in (("input+update", pumped - start), ("draw", drawn - pumped),
                            ("present", end - drawn), ("total", end - start)):
            results[name].append(value * 1000)
    display.close()
    pygame.quit()
    for values in results.values():
        del values[:1]
    return results


def measure(screen: str, frames: int, profile: bool) -> tuple[dict[str, list[float]], str]:
    if screen == "floor":
        return measure_floor(frames), ""
    with tempfile.TemporaryDirectory(prefix="frames-") as data:
        app = build(screen, frames, Path(data))
        phases = {"draw": 0.0, "present": 0.0}
        app.stack.draw = timed(phases, "draw", app.stack.draw)
        app.draw_overlay = timed(phases, "draw", app.draw_overlay)
        app.display.present = timed(phases, "present", app.display.present)
        profiler = cProfile.Profile() if profile else None
        if profiler is not None:
            app.stack.draw = _profiled(profiler, app.stack.draw)
        results: dict[str, list[float]] = {"input+update": [], "draw": [], "present": [],
                                           "total": []}
        app.stack.apply_pending()
        app.loop.reset()
        for _ in range(frames):
            phases["draw"] = phases["present"] = 0.0
            start = time.process_time()
            app.run_frame()
            total = time.process_time() - start
            results["draw"].append(phases["draw"] * 1000)
            results["present"].append(phases["present"] * 1000)
            results["input+update"].append((total - phases["draw"] - phases["present"]) * 1000)
            results["total"].append(total * 1000)
        app.shutdown()
    report = ""
    if profiler is not None:
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(12)
        report = out.getvalue()
    for values in results.values():
        del values[:1]  # the first frame builds caches: startup, not a frame
    return results, report


def _profiled(profiler: cProfile.Profile, func: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        profiler.enable()
        try:
            return func(*args, **kwargs)
        finally:
            profiler.disable()

    return wrapper


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, -(-99 * len(ordered) // 100) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--screens", nargs="+", default=list(SCREENS), choices=SCREENS)
    parser.add_argument("--profile", action="store_true", help="top functions of the draws")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    try:
        load = "load " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        load = "load unknown"
    print(f"{args.frames} frames per screen, CPU ms per frame (median / p99); {load}")
    print(f"{'screen':<13}" + "".join(f"{name:>20}" for name in
                                      ("input+update", "draw", "present", "total")))
    for screen in args.screens:
        results, report = measure(screen, args.frames, args.profile)
        cells = "".join(f"{statistics.median(v):>11.2f} /{p99(v):>6.2f}" for v in results.values())
        print(f"{screen:<13}{cells}", flush=True)
        if report:
            print(report)


if __name__ == "__main__":
    main()
