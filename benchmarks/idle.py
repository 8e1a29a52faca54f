"""What an untouched screen costs: CPU of ``main.py --scene S`` left alone (figures, never
asserted). Linux (it reads ``/proc/<pid>/stat``).

    python -m benchmarks.idle [--seconds 10] [--repeats 3] [--screens title querni:play ...]
    python -m benchmarks.idle --root ../other-checkout     # the same for another checkout

A screen is ``[GAME:]SCENE`` (``main.py --game GAME --scene SCENE``; MAGDAGDON when no game is
named): ``querni:title`` is the title with QUERNI's tile in focus, ``querni:play`` a QUERNI
game. Each screen runs headless (dummy video and audio, ``--seed 1``, a fresh data folder) in
its own process; once it shows its screen (the ``MAGDAGDON_DISPLAY_PROBE`` line ``screen …``,
or after ``--startup`` seconds for a checkout without the probe) and ``--settle`` more seconds
have passed (3 by default: a screen is drawn at full rate for ``engine.pacing.IDLE_AFTER`` = 2 s
after it opens, which is not yet untouched), the process's user+system CPU time is read over
``--seconds`` of wall time. Printed as
% of one core, the median of ``--repeats`` runs, with the machine's load average.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
SCREENS = ("title", "querni:title", "settings", "scores", "stats", "rules", "about", "play",
           "querni:play", "querni:rules")
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of ``pid`` so far."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def screen_args(screen: str) -> list[str]:
    """``[GAME:]SCENE`` as ``main.py`` options."""
    game, _, scene = screen.rpartition(":")
    return ["--game", game or "magdagdon", "--scene", scene]


def idle_cost(root: Path, screen: str, seconds: float, startup: float,
              settle: float = 3.0) -> float:
    """% of a core the untouched ``screen`` uses over ``seconds``."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", MAGDAGDON_DISPLAY_PROBE="1")
    with tempfile.TemporaryDirectory(prefix="idle-") as data:
        process = subprocess.Popen(
            [sys.executable, str(root / "main.py"), *screen_args(screen), "--seed", "1",
             "--data-dir", data], cwd=root, env=env, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL)
        try:
            assert process.stdout is not None
            os.set_blocking(process.stdout.fileno(), False)
            deadline = time.monotonic() + startup
            seen = b""
            while b"screen " not in seen and time.monotonic() < deadline:
                seen += process.stdout.read() or b""
                time.sleep(0.05)
            time.sleep(settle)
            start_cpu, start = cpu_seconds(process.pid), time.monotonic()
            time.sleep(seconds)
            used, wall = cpu_seconds(process.pid) - start_cpu, time.monotonic() - start
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    return 100.0 * used / wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--startup", type=float, default=6.0,
                        help="seconds to wait for the screen at most")
    parser.add_argument("--settle", type=float, default=3.0,
                        help="seconds between the screen showing and the measurement")
    parser.add_argument("--screens", nargs="+", default=list(SCREENS), choices=SCREENS)
    parser.add_argument("--root", type=Path, default=HERE, help="the checkout to measure")
    args = parser.parse_args()
    if not Path("/proc/self/stat").exists():
        sys.exit("benchmarks.idle reads /proc: Linux only")
    root = args.root.resolve()
    print(f"root {root}; {os.cpu_count()} cores; load "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    for screen in args.screens:
        runs = [idle_cost(root, screen, args.seconds, args.startup, args.settle)
                for _ in range(args.repeats)]
        print(f"{screen:<13} {statistics.median(runs):5.1f} % of a core  (runs: "
              + ", ".join(f"{r:.1f}" for r in runs) + ")", flush=True)
    print("load " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
