"""How long the STATISTICS screen takes to open with many stored games:
``python -m benchmarks.stats [--records 10000]``.

Writes a data folder whose ``scores.json`` holds N seeded MAGDAGDON records (and N QUERNI-like
records of a second, unranked game when one is registered), then times, from a fresh process
state: reading the records (``Storage.records``), building the statistics view (all figures,
histogram, recent line) and drawing its first frame — the time between the tap and the screen.
Figures only, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def write_records(data: Path, count: int, seed: int) -> None:
    """A v2 ``scores.json`` with ``count`` plausible MAGDAGDON records, oldest first."""
    rng = random.Random(seed)
    rows = []
    for i in range(count):
        day = 1 + i % 28
        rows.append({"id": f"{i:032x}", "date": f"2026-{1 + i % 12:02d}-{day:02d}T10:00:00Z",
                     "variant": rng.choice(("PEACEFUL", "SURVIVAL", "NIGHTMARE")),
                     "initials": "", "score": rng.randint(-200, 544),
                     "turns": rng.randint(8, 16), "powers": rng.randint(0, 1),
                     "ruins": rng.randint(0, 5)})
    data.mkdir(parents=True, exist_ok=True)
    document = {"version": 2, "games": {"magdagdon": {"records": rows, "recorded": []}}}
    (data / "scores.json").write_text(json.dumps(document, separators=(",", ":")))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args(argv)
    from game.arcade.storage import Storage
    from game.engine.testing import run_frames
    from game.games.registry import GAMES
    from tools.testkit.arcade import make_arcade

    data = Path(tempfile.mkdtemp(prefix="stats-bench-")) / "data"
    write_records(data, args.records, seed=1)
    size = (data / "scores.json").stat().st_size
    load, build, first = [], [], []
    for _ in range(args.repeats):
        started = time.perf_counter()
        storage = Storage(data, games=[spec.data for spec in GAMES])
        records = storage.records("magdagdon")
        loaded = time.perf_counter()
        app = make_arcade(data)
        app.ctx.storage = storage
        opened = time.perf_counter()
        app.nav.push("stats", game_id="magdagdon")
        app.stack.apply_pending()
        built = time.perf_counter()
        run_frames(app, 1)
        drawn = time.perf_counter()
        app.shutdown()
        load.append((loaded - started) * 1000)
        build.append((built - opened) * 1000)
        first.append((drawn - built) * 1000)
    print(f"statistics screen, {len(records)} records ({size / 1e6:.1f} MB scores.json), "
          f"median of {args.repeats}:")
    print(f"  read records   {statistics.median(load):7.1f} ms")
    print(f"  build view     {statistics.median(build):7.1f} ms")
    print(f"  first frame    {statistics.median(first):7.1f} ms")
    print(f"  tap to screen  {statistics.median(b + f for b, f in zip(build, first)):7.1f} ms "
          "(records already read at start)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
