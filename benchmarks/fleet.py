"""Kiosks of one venue against one server: what the venue link costs a kiosk, and how fast
records reach the venue (figures, never asserted).

    python -m benchmarks.fleet [--seconds 300] [--kiosks 4] [--backlog 250]
    python -m benchmarks.fleet --boards [--seconds 300] [--rows 1000000] [--readers 50]

Starts a throwaway PostgreSQL cluster (as the tests do: ``tools/testkit/postgres.py``; needs
``initdb``), then ``--kiosks`` demo kiosks with the venue link and one without it, side by side
on the same machine for ``--seconds``. Each kiosk is the real arcade (built as ``main.py
--demo`` builds it, headless, paced at its normal 60 Hz, a fresh data folder holding
``--backlog`` games recorded before it starts, as after a day offline) in a process of its own.
Printed per kiosk: games finished, records sent, frame work time (the frame loop's pass
without its pacing sleep) median, p99 and max, and the upload lag (a game's recording to the
server's acknowledgement) p95; then records per second uploaded (the backlog's drain and the
whole run) and each fleet kiosk's p99 beside the kiosk without the link (target: within 10 %).

``--boards``: the server under a season of games and a venue's worth of kiosks reading their
boards (:mod:`benchmarks.fleet_boards`).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))]


# --- one kiosk (a child process) --------------------------------------------------------------
def run_kiosk(args: argparse.Namespace) -> None:
    """Play the demo for ``--seconds``, paced, timing each frame's work; one JSON line."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(HERE))
    from game.arcade.bootstrap import build
    from game.arcade.cli import parser
    from game.games.registry import GAMES

    argv = ["--demo", "--seed", str(args.seed), "--data-dir", args.data_dir]
    if args.fleet:
        argv += ["--fleet", args.fleet, "--kiosk-name", args.name]
    # on disk, as a venue's kiosks record their players' games (a plain --demo plays in memory)
    app = build(parser(GAMES).parse_args(argv), GAMES, play_in_memory=False)
    slept = [0.0]

    def sleep(seconds: float) -> None:
        slept[0] += seconds
        time.sleep(seconds)

    app.sleep = sleep
    times: list[float] = []
    games = 0
    app.stack.apply_pending()
    app.loop.reset()
    end = time.monotonic() + args.seconds
    while time.monotonic() < end and app.running:
        slept[0] = 0.0
        start = time.perf_counter()
        app.run_frame()
        times.append((time.perf_counter() - start - slept[0]) * 1000.0)
    storage = app.ctx.storage
    if storage is not None:
        games = sum(len(storage.records(spec.id)) for spec in GAMES) - args.backlog
    link = app.ctx.fleet
    status = link.status if link is not None else None
    lags = list(link.lags)[args.backlog:] if link is not None else []
    app.shutdown()
    print(json.dumps({"frames": len(times), "times": times[1:], "games": games,
                      "sent": status.sent if status else 0,
                      "pending": status.pending if status else 0, "lags": lags}), flush=True)


# --- the venue (the parent) -------------------------------------------------------------------
def record_backlog(data_dir: Path, count: int, seed: int) -> None:
    if count:
        from tools.testkit.records import record_games

        record_games(data_dir, count, seed)


def start_kiosk(name: str, data_dir: Path, seconds: float, seed: int, backlog: int,
                url: str | None, password: str | None = None) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "benchmarks.fleet", "--kiosk", "--seconds", str(seconds),
               "--data-dir", str(data_dir), "--seed", str(seed), "--backlog", str(backlog),
               "--name", name]
    if url:
        command += ["--fleet", url]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    if password:  # libpq's own way (the command line refuses a password)
        env["PGPASSWORD"] = password
    return subprocess.Popen(command, cwd=HERE, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)


def count_rows(cluster: Any, db: str) -> int:
    return int(cluster.execute("SELECT count(*) FROM arcade_records", dbname=db)[0][0])


def watch_backlog(cluster: Any, db: str, target: int, deadline: float) -> float | None:
    """Seconds until the server holds ``target`` rows (the backlogs), or ``None``."""
    started = time.monotonic()
    while time.monotonic() < deadline:
        if count_rows(cluster, db) >= target:
            return time.monotonic() - started
        time.sleep(0.2)
    return None


def report(results: dict[str, dict[str, Any]], seconds: float, total: int, drained: float | None,
           backlog: int, kiosks: int) -> None:
    print(f"{'kiosk':<10} {'games':>5} {'sent':>5} {'median_ms':>9} {'p99_ms':>7} "
          f"{'max_ms':>7} {'lag_p95_s':>9}")
    for name, result in results.items():
        times, lags = result["times"], result["lags"]
        lag = f"{percentile(lags, 0.95):.3f}" if lags else "-"
        print(f"{name:<10} {result['games']:>5} {result['sent']:>5} "
              f"{statistics.median(times) if times else 0:>9.2f} {percentile(times, 0.99):>7.2f} "
              f"{max(times, default=0):>7.2f} {lag:>9}")
    print(f"uploaded: {total} records in {seconds:.0f} s = {total / seconds:.2f} records/s")
    if backlog:
        rate = f"{kiosks * backlog / drained:.1f} records/s ({drained:.1f} s)" if drained \
            else "not drained"
        print(f"backlog of {kiosks} x {backlog} games: {rate}")
    plain = percentile(results["plain"]["times"], 0.99)
    pooled = [t for name, result in results.items() if name != "plain" for t in result["times"]]
    for name, times in [*((n, r["times"]) for n, r in results.items() if n != "plain"),
                        ("all fleet kiosks", pooled)]:
        if plain:
            change = (percentile(times, 0.99) / plain - 1) * 100
            print(f"{name}: p99 {change:+.1f} % beside the kiosk without the venue link "
                  "(target: within 10 %)")


def run_venue(args: argparse.Namespace) -> int:
    sys.path.insert(0, str(HERE))
    from tools.testkit.postgres import throwaway_venue

    with throwaway_venue() as venue:
        if isinstance(venue, str):
            print(f"benchmarks.fleet: {venue}", file=sys.stderr)
            return 1
        cluster, db, url = venue
        with tempfile.TemporaryDirectory(prefix="fleet-bench-") as base:
            names = [f"fleet-{i + 1}" for i in range(args.kiosks)] + ["plain"]
            for index, name in enumerate(names):
                record_backlog(Path(base) / name, args.backlog, index)
            started = time.monotonic()
            runs = {name: start_kiosk(name, Path(base) / name, args.seconds, index + 1,
                                      args.backlog, None if name == "plain" else url)
                    for index, name in enumerate(names)}
            drained = watch_backlog(cluster, db, args.kiosks * args.backlog,
                                    started + args.seconds)
            results = {}
            for name, run in runs.items():
                out, _ = run.communicate(timeout=args.seconds + 120)
                results[name] = json.loads(out.strip().splitlines()[-1])
            elapsed = time.monotonic() - started
            report(results, elapsed, count_rows(cluster, db), drained, args.backlog, args.kiosks)
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.fleet", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=300.0, help="how long the kiosks play")
    p.add_argument("--kiosks", type=int, default=4, help="kiosks with the venue link")
    p.add_argument("--backlog", type=int, default=250,
                   help="games each kiosk holds, unsent, when it starts")
    p.add_argument("--boards", action="store_true",
                   help="the board-load mode: --rows games, --readers simulated kiosks")
    p.add_argument("--rows", type=int, default=1_000_000, help="--boards: games on the server")
    p.add_argument("--readers", type=int, default=50,
                   help="--boards: simulated kiosks reading boards every 15 s")
    p.add_argument("--kiosk", action="store_true", help=argparse.SUPPRESS)  # a child
    p.add_argument("--data-dir", help=argparse.SUPPRESS)
    p.add_argument("--fleet", help=argparse.SUPPRESS)
    p.add_argument("--name", default="kiosk", help=argparse.SUPPRESS)
    p.add_argument("--seed", type=int, default=1, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.kiosk:
        run_kiosk(args)
        return 0
    if args.boards:
        from benchmarks.fleet_boards import run_boards

        return run_boards(args)
    return run_venue(args)


if __name__ == "__main__":
    sys.exit(main())
