"""Where a frame's time goes, per screen (figures, never asserted).

    python -m benchmarks.frames [--frames 600] [--screens title querni:play ...] [--profile]

Builds the real arcade headless (dummy video and audio, a fresh data folder, ``--seed 1``) as
``main.py --frames N --game G --scene S`` would (a screen is ``[GAME:]SCENE``, MAGDAGDON when no
game is named), runs ``--frames`` frames of each screen (one update per
frame, every frame drawn, as in ``--bench``) and splits each frame into its phases, in CPU
milliseconds (``time.process_time``, so other processes' load counts less than in wall time):

* **input+update**: the event pump, input dispatch and the fixed update (the demo player's
  own call is left out, as ``--bench`` leaves it out: choosing a move is the player's time,
  and in a reproducible run it may wait for the advisor between frames);
* **draw**: the scenes' ``draw`` and the app's overlay, onto the logical canvas (and a scene's
  effect, over a copy of it);
* **present**: ``Display.present`` (canvas → texture → window).

``bench`` is the game as ``main.py --bench`` plays it (the demo on the play screen); ``floor``
is the floor of ``benchmarks.display_floor`` (one bare full-screen blit + present) measured the
same way, for comparison. Medians and p99 per phase; ``--profile`` adds the top functions of
the draw phase (cProfile); ``--worst N`` lists the N costliest frames of each screen with their
phases and what they were (a scene change, input handled, a whole or a partial redraw).
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


def measure(screen: str, frames: int, profile: bool,
            kinds: list[str] | None = None) -> tuple[dict[str, list[float]], str]:
    """Per-phase CPU ms of each frame (the first left out); ``kinds``, when given, gets what
    each frame was: a scene change, input handled, a whole or a partial redraw, or none."""
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
        handled = [0]
        dispatch = app.router.dispatch

        def counted(*args: Any, **kwargs: Any) -> Any:
            handled[0] += 1
            return dispatch(*args, **kwargs)

        app.router.dispatch = counted
        player = {"demo": 0.0}
        if app.demo is not None:
            app.demo.step = timed(player, "demo", app.demo.step)
        app.stack.apply_pending()
        app.loop.reset()
        for _ in range(frames):
            phases["draw"] = phases["present"] = player["demo"] = 0.0
            handled[0], top, draws, partial = 0, app.stack.top, app.draws, app.partial_draws
            start = time.process_time()
            app.run_frame()
            total = time.process_time() - start - player["demo"]
            if kinds is not None:
                kinds.append(
                    "scene change" if type(app.stack.top) is not type(top) else
                    "input" if handled[0] else
                    "none drawn" if app.draws == draws else
                    "whole redraw" if app.partial_draws == partial else "partial redraw")
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
    for values in [*results.values(), kinds if kinds is not None else []]:
        del values[:1]  # the first frame builds caches: startup, not a frame
    return results, report


def worst(results: dict[str, list[float]], kinds: list[str], count: int) -> str:
    """The ``count`` costliest frames: their phases, and what kind of frame each was."""
    order = sorted(range(len(kinds)), key=lambda i: -results["total"][i])[:count]
    tally: dict[str, int] = {}
    lines = []
    for i in order:
        tally[kinds[i]] = tally.get(kinds[i], 0) + 1
        lines.append(f"  frame {i + 1:5d} {results['total'][i]:6.2f} ms: input+update "
                     f"{results['input+update'][i]:5.2f}, draw {results['draw'][i]:5.2f}, "
                     f"present {results['present'][i]:5.2f}  ({kinds[i]})")
    summary = ", ".join(f"{kind} {n}" for kind, n in sorted(tally.items(), key=lambda x: -x[1]))
    return f"the {len(order)} costliest frames: {summary}\n" + "\n".join(lines)


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
    parser.add_argument("--worst", type=int, default=0, metavar="N",
                        help="list each screen's N costliest frames and what they were")
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
        kinds: list[str] | None = [] if args.worst and screen != "floor" else None
        results, report = measure(screen, args.frames, args.profile, kinds)
        cells = "".join(f"{statistics.median(v):>11.2f} /{p99(v):>6.2f}" for v in results.values())
        print(f"{screen:<13}{cells}", flush=True)
        if kinds:
            print(worst(results, kinds, args.worst))
        if report:
            print(report)


if __name__ == "__main__":
    main()
