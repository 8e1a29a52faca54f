"""What a player sees of the frame rate: each game's demo in real time, and the intervals
between the frame loop's passes (figures, never asserted).

    python -m benchmarks.smooth [--seconds 60] [--games magdagdon,querni] [--seed 1]
                                [--against OTHER]
    python -m benchmarks.smooth --frames N [--seed 1]      # reproducible: no clock at all

Each game runs in a process of its own, built as ``main.py --demo --game GAME`` builds it
(headless, a fresh data folder, the game's demo player cycling through its title, play, game
over and the next game), paced at its normal 60 updates a second for ``--seconds``. The loop
passes every 16.7 ms while it keeps up; an interval over 33 ms is a frame the player saw
late. Printed per game: the intervals, the share over 33 ms, p99 and the longest, and the
slowest intervals with what the pass before them was doing — the screen on top, the scene
change it made (``play > game_over``), whether it drew, and a full garbage collection in it;
then the same figures for the main thread's CPU time in each pass, which other programs on a
busy machine do not inflate (they only delay it).

With ``--frames N`` the run is reproducible instead (``main.py --frames``: one update per
frame, every frame drawn, no sleeping, the computer's searches bounded by node counts): the
same ``--seed`` gives the same screens at the same frames on any machine, summarised in
``trace=…`` (a digest of every frame's screens and scene changes). Times in such a run are
the machine's, not a player's.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
LATE_MS = 33.0
"""An interval longer than two 60 Hz frames: the player saw a frame late."""
GAMES = ("magdagdon", "querni")


@dataclass(frozen=True)
class Summary:
    """The figures of one run's intervals (milliseconds)."""

    intervals: int
    late: int
    p99: float
    longest: float
    slowest: tuple[tuple[float, str], ...]

    @property
    def late_share(self) -> float:
        return 100.0 * self.late / self.intervals if self.intervals else 0.0


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile (0.0 of nothing)."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]


def summarise_work(cpu: Sequence[float], labels: Sequence[str], worst: int = 8) -> Summary:
    """The main thread's CPU time in each pass (seconds), with what each pass did: what the
    game's own work costs a frame, whatever else the machine runs."""
    times = [1000.0 * seconds for seconds in cpu]
    slowest = tuple(sorted(zip(times, labels), key=lambda item: -item[0])[:worst])
    return Summary(len(times), sum(ms > LATE_MS for ms in times), percentile(times, 0.99),
                   max(times, default=0.0), slowest)


def summarise(starts: Sequence[float], labels: Sequence[str], worst: int = 8) -> Summary:
    """The intervals between consecutive pass ``starts`` (seconds); each is charged to the
    pass before it (``labels``: what that pass did)."""
    intervals = [(1000.0 * (b - a), labels[i]) for i, (a, b) in enumerate(zip(starts, starts[1:]))]
    times = [ms for ms, _ in intervals]
    slowest = tuple(sorted(intervals, key=lambda item: -item[0])[:worst])
    return Summary(len(times), sum(ms > LATE_MS for ms in times), percentile(times, 0.99),
                   max(times, default=0.0), slowest)


def scene_label(scene: object) -> str:
    """A screen's short name: ``title``, ``magdagdon.play``, ``querni.game_over``."""
    if scene is None:
        return "-"
    module = type(scene).__module__
    for prefix in ("game.arcade.scenes.", "game.games."):
        if module.startswith(prefix):
            module = module[len(prefix):]
    return module.replace(".scenes.", ".")


# --- the child: one game in real time (or counted frames) ------------------------------------
def run_game(game: str, seconds: float, seed: int, frames: int | None,
             root: Path = HERE) -> dict[str, Any]:
    """One arcade (of the checkout at ``root``) playing ``game``'s demo; every pass's start
    time, label and main-thread CPU time."""
    os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                      PYGAME_HIDE_SUPPORT_PROMPT="1")
    os.environ.pop("MAGDAGDON_FLEET_URL", None)
    sys.path.insert(0, str(root))
    os.chdir(root)
    from game.arcade.bootstrap import build
    from game.arcade.cli import parser
    from game.games.registry import GAMES as SPECS

    data = tempfile.mkdtemp(prefix="smooth-bench-")
    argv = ["--demo", "--game", game, "--seed", str(seed), "--data-dir", data]
    if frames is not None:
        argv += ["--frames", str(frames)]
    finished: list[str] = []
    args = parser(SPECS).parse_args(argv)
    app = build(args, SPECS, reproducible=True) if frames is not None else build(args, SPECS)
    if app.demo is not None:
        app.demo.report = finished.append
    starts: list[float] = []
    labels: list[str] = []
    screens: list[str] = []  # the screens alone: what a reproducible run repeats exactly
    cpu: list[float] = []  # the main thread's CPU seconds in each pass
    collected = [False]
    drew = [False]

    def on_gc(phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info.get("generation") == 2:
            collected[0] = True

    present = app.display.present

    def presenting(*args: Any, **kwargs: Any) -> Any:
        drew[0] = True
        return present(*args, **kwargs)

    app.display.present = presenting  # type: ignore[method-assign]
    pass_frame = app.run_frame
    clock = time.perf_counter
    deadline = clock() + seconds

    def timed_frame() -> None:
        before = scene_label(app.stack.top)
        collected[0] = drew[0] = False
        starts.append(clock())
        work = time.thread_time()
        pass_frame()
        cpu.append(time.thread_time() - work)
        after = scene_label(app.stack.top)
        screens.append(before if after == before else f"{before} > {after}")
        labels.append(screens[-1] + (" drew" if drew[0] else "")
                      + (" +gc" if collected[0] else ""))
        if frames is None and starts[-1] >= deadline:
            app.quit()

    app.run_frame = timed_frame  # type: ignore[method-assign]
    gc.callbacks.append(on_gc)
    try:
        app.run()
    finally:
        gc.callbacks.remove(on_gc)
        app.shutdown()
    trace = hashlib.sha256("\n".join(screens).encode()).hexdigest()[:16]
    return {"game": game, "starts": starts, "labels": labels, "cpu": cpu, "games": finished,
            "trace": trace}


# --- the parent ------------------------------------------------------------------------------
def load() -> str:
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


def child(game: str, seconds: float, seed: int, frames: int | None,
          root: Path = HERE) -> dict[str, Any]:
    command = [sys.executable, str(Path(__file__).resolve()), "--child", game, "--seconds",
               str(seconds), "--seed", str(seed), "--root", str(root)]
    if frames is not None:
        command += ["--frames", str(frames)]
    done = subprocess.run(command, cwd=root, capture_output=True, text=True, check=False,
                          timeout=seconds + 600)
    if done.returncode != 0:
        raise SystemExit(f"benchmarks.smooth: {game} failed\n{done.stderr[-4000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def report(result: dict[str, Any], frames: int | None) -> list[str]:
    summary = summarise(result["starts"], result["labels"])
    span = result["starts"][-1] - result["starts"][0] if result["starts"] else 0.0
    lines = [f"{result.get('root', HERE.name)} {result['game']}: {summary.intervals} "
             f"intervals over {span:.1f} s, "
             f"{summary.late_share:.2f} % over {LATE_MS:.0f} ms ({summary.late}), "
             f"p99 {summary.p99:.1f} ms, longest {summary.longest:.1f} ms; "
             f"games finished {len(result['games'])}; trace={result['trace']}"]
    lines += [f"    {ms:7.1f} ms  {label}" for ms, label in summary.slowest
              if frames is not None or ms > LATE_MS]
    work = summarise_work(result["cpu"], result["labels"])
    lines.append(f"  main-thread CPU per pass: {work.late_share:.2f} % over {LATE_MS:.0f} ms "
                 f"({work.late}), p99 {work.p99:.1f} ms, longest {work.longest:.1f} ms")
    lines += [f"    {ms:7.1f} ms  {label}" for ms, label in work.slowest[:5]]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0,
                        help="real time per game (default 60)")
    parser.add_argument("--games", default=",".join(GAMES),
                        help="comma-separated game ids (default: both)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--frames", type=int, metavar="N",
                        help="a reproducible run of N counted frames instead of real time")
    parser.add_argument("--against", type=Path, metavar="OTHER",
                        help="real time only: also run another checkout's arcade, each game "
                             "in turns with this one's")
    parser.add_argument("--child", metavar="GAME", help=argparse.SUPPRESS)
    parser.add_argument("--root", type=Path, default=HERE, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        result = run_game(args.child, args.seconds, args.seed, args.frames, args.root.resolve())
        result["root"] = args.root.resolve().name
        print(json.dumps(result))
        return 0
    roots = [HERE] + ([args.against.resolve()] if args.against and not args.frames else [])
    mode = f"{args.frames} counted frames" if args.frames else f"{args.seconds:g} s real time"
    print(f"benchmarks.smooth: {mode}, seed {args.seed}; load average {load()}", flush=True)
    for game in args.games.split(","):
        for root in roots:
            for line in report(child(game, args.seconds, args.seed, args.frames, root),
                               args.frames):
                print(line, flush=True)
    print(f"load average at the end: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
