"""Records at scale (issue 38, point 12): ``python -m benchmarks.records [--records 200000]``.

Builds a data folder holding N records (half MAGDAGDON, half QUERNI), the way a player's folder
gets them: a ``scores.json`` as the JSON storage wrote it, taken into ``arcade.db`` (that
migration is timed too, once). Then, each in fresh processes (dummy video and audio):

* **start-up to the first frame**: ``main.py --data-dir D --frames 1`` as the player starts it,
  from the first line of the program to the end of the first frame, on the folder with the
  records and on an empty folder, in turns; the medians and their ratio;
* **opening HIGH SCORES and STATISTICS** of each game from the title: from the tap to the
  end of the screen's first frame (first and second time), and the statistics' questions to
  storage alone;
* **the frame that records a finished game**: the demo plays whole games of both games on the
  folder with the records (recording into it, as the player's games do); the wall time of each
  frame in which a game was recorded, its p99 and max, and of ``record_game`` within it;
* **peak RSS** of that process, after start-up and the screens and after the games too.

Everything is also measured on the empty folder (started once before, so that no first start
is measured), for comparison.

Then ``--documents N`` (100,000 by default; 0 leaves it out) QUERNI finished-game documents,
with their records and alone (:mod:`benchmarks.records_documents`): GAMES and both HIGH
SCORES opened, GAMES scrolled by flings (each frame), a tap on a game to its replay.
``--only records`` or ``--only documents`` runs one part.

Figures only, never asserted; targets (issues 38 and 46): start ≤ 1.5× an empty folder's, the
recording frame ≤ 16.7 ms, HIGH SCORES, STATISTICS and GAMES ≤ 200 ms each, GAMES' scrolling
frames p99 ≤ 16.7 ms, a tap on a game to its replay ≤ 300 ms.
"""

from __future__ import annotations

import time

STARTED = time.perf_counter()  # a child's start-up is measured from here, like main.py's

import argparse  # noqa: E402 - after STARTED: imports are part of the start-up
import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import shutil  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

from benchmarks import records_documents  # noqa: E402

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"start": 1.5, "record_frame_ms": 16.7, "screen_ms": 200.0, "scroll_frame_ms": 16.7,
           "tap_ms": 300.0}
MAGDAGDON_VARIANTS = ("PEACEFUL", "SURVIVAL", "NIGHTMARE")
QUERNI_VARIANTS = ("two_players", "vs_easy", "vs_medium", "vs_hard", "demo")


# --- the folder -----------------------------------------------------------------------------
def magdagdon_row(rng: random.Random, i: int) -> dict[str, Any]:
    row: dict[str, Any] = {
        "id": f"m{i:031x}", "date": f"20{20 + i % 7}-{1 + i % 12:02d}-{1 + i % 28:02d}T10:00:00Z",
        "variant": rng.choice(MAGDAGDON_VARIANTS), "initials": rng.choice(("", "", "ABC")),
        "score": rng.randint(-250, 544), "turns": 16, "powers": rng.randint(0, 1),
        "ruins": rng.randint(0, 5)}
    if rng.random() < 0.2:
        row["hints"] = rng.randint(1, 9)
    if i % 200 == 0:  # a daily attempt now and then, one a day
        row["variant"] = "DAILY"
        row["daily"] = f"20{20 + i // 73000 % 7}-{1 + i // 6000 % 12:02d}-{1 + i // 200 % 28:02d}"
    return row


def querni_row(rng: random.Random, i: int) -> dict[str, Any]:
    variant = rng.choice(QUERNI_VARIANTS)
    if variant == "two_players":
        players = {"BLUE": "human", "RED": "human"}
    elif variant == "demo":
        players = {"BLUE": "computer:medium", "RED": "computer:hard"}
    else:
        me = rng.choice(("BLUE", "RED"))
        players = {me: "human", ("RED" if me == "BLUE" else "BLUE"): f"computer:{variant[3:]}"}
    result = rng.choice(("BLUE", "RED", "DRAW"))
    date = f"20{20 + i % 7}-{1 + i % 12:02d}-{1 + i % 28:02d}T11:00:00Z"
    return {"id": f"q{i:031x}", "date": date, "variant": variant, "initials": "", "result": result,
            "reason": "quiet_rounds" if result == "DRAW" else "all_removed",
            "turns": rng.randint(20, 400), "players": players}


def build_folder(folder: Path, count: int, seed: int) -> float:
    """``count`` records as a ``scores.json`` of the JSON storage, taken into ``arcade.db`` by
    a start of the storage; the seconds that took."""
    from game.arcade.storage import Storage
    from game.games.registry import GAMES

    rng = random.Random(seed)
    half = count // 2
    games = {"magdagdon": {"records": [magdagdon_row(rng, i) for i in range(count - half)],
                           "recorded": []},
             "querni": {"records": [querni_row(rng, i) for i in range(half)], "recorded": []}}
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "scores.json").write_text(json.dumps({"version": 2, "games": games},
                                                   separators=(",", ":")), "utf-8")
    del games
    started = time.perf_counter()
    storage = Storage(folder, games=[spec.data for spec in GAMES])
    storage.check_files()
    storage.close()
    assert not storage.notices, storage.notices
    return time.perf_counter() - started


# --- the children -----------------------------------------------------------------------------
def child(*args: str) -> dict[str, Any]:
    """Run ``python -m benchmarks.records --child ...`` and read its one JSON line."""
    result = subprocess.run([sys.executable, "-m", "benchmarks.records", "--child", *args],
                            cwd=ROOT, capture_output=True, text=True, check=False,
                            env=dict(os.environ, SDL_VIDEODRIVER="dummy",
                                     SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1"))
    lines = [line for line in result.stdout.splitlines() if line.startswith("{")]
    if result.returncode != 0 or not lines:
        raise SystemExit(f"the child {args} failed ({result.returncode}):\n"
                         f"{result.stdout[-2000:]}\n{result.stderr[-3000:]}")
    found: dict[str, Any] = json.loads(lines[-1])
    return found


def start_once(folder: str) -> None:
    """A child: the arcade started on ``folder`` for one frame; prints its start-up."""
    from game.arcade.bootstrap import build
    from game.arcade.cli import parser
    from game.games.registry import GAMES

    args = parser(GAMES).parse_args(["--data-dir", folder, "--frames", "1"])
    app = build(args, GAMES)
    app.started_at = STARTED
    app.run()
    startup = app.startup_ms
    app.shutdown()
    print(json.dumps({"startup_ms": startup, "rss_mb": peak_rss_mb()}))


def peak_rss_mb() -> float:
    """This process's peak resident memory in MB. Linux: ``VmHWM`` (``ru_maxrss`` would
    start at the parent's peak: it survives the fork and the exec); 0.0 where neither is
    known."""
    from game.engine.memory import peak_mb, status_mb

    peak = status_mb("VmHWM")
    return peak if peak is not None else peak_mb()


def make_app(folder: str, game_id: str, seed: int, reports: list[str] | None) -> Any:
    """The arcade on ``folder``: with ``reports``, the demo plays ``game_id`` whole games
    (recording into the folder, as a player's games are: a ``--demo`` keeps them in memory);
    without, the title, as a player finds it."""
    from game.arcade.app import ArcadeApp
    from game.arcade.bootstrap import first_scene
    from game.arcade.context import GameContext
    from game.arcade.demo import DemoDriver
    from game.arcade.spec import by_id
    from game.arcade.storage import Storage
    from game.engine.app import AppConfig
    from game.engine.loop import FakeClock
    from game.games.registry import GAMES

    storage = Storage(folder, games=[spec.data for spec in GAMES])
    storage.check_files()
    ctx = GameContext(settings=storage.load_settings(), storage=storage, seed=seed,
                      demo=reports is not None, notices=storage.notices)
    app = ArcadeApp(AppConfig(size=(1920, 1080), bench=True), ctx, GAMES, clock=FakeClock())
    app.fixed_steps_per_frame = True
    demo = reports is not None
    if reports is not None:
        app.demo = DemoDriver(app, GAMES, game_id, seed=seed, interval=3, report=reports.append)
    app.stack.push(first_scene(app, by_id(GAMES, game_id), None, demo, resume=False))
    return app


def recording_frames(app: Any, games: int,
                     reports: list[str]) -> tuple[list[float], list[float], list[float]]:
    """Run frames until the demo has finished ``games`` games: the wall time (ms) of each frame
    in which a game was recorded, of the recording itself (``record_game``) in it, and of the
    garbage collection the shell runs after a scene change in it."""
    import gc

    from game.engine.testing import run_frames

    ctx = app.ctx
    recording: list[float] = []
    collecting: list[float] = []
    record = ctx.record
    collect = gc.collect

    def timed_collect(*args: Any) -> int:
        started = time.perf_counter()
        try:
            return collect(*args)
        finally:
            collecting.append((time.perf_counter() - started) * 1000)

    def timed(game_id: str, game: object, **extra: Any) -> int | None:
        started = time.perf_counter()
        try:
            return record(game_id, game, **extra)
        finally:
            recording.append((time.perf_counter() - started) * 1000)

    ctx.record = timed
    gc.collect = timed_collect
    frames: list[float] = []
    collected: list[float] = []
    count = 0
    try:
        while len(reports) < games and count < 400_000:
            before = len(recording)
            collecting.clear()
            started = time.perf_counter()
            run_frames(app, 1)
            spent = (time.perf_counter() - started) * 1000
            count += 1
            if len(recording) > before:
                frames.append(spent)
                collected.append(sum(collecting))
    finally:
        gc.collect = collect
    return frames, recording, collected


def open_screen(app: Any, name: str, game_id: str | None) -> float:
    """Milliseconds from asking for screen ``name`` (of ``game_id``, when the screen serves
    more games) from the title to the end of its first frame that shows what it read (a
    screen that reads in the background says ``reading`` until then); back to the title
    after."""
    from game.engine.testing import run_frames

    started = time.perf_counter()
    app.nav.push(name, **({} if game_id is None else {"game_id": game_id}))
    app.stack.apply_pending()
    run_frames(app, 1)
    while getattr(app.stack.top, "reading", False):
        time.sleep(0.001)
        run_frames(app, 1)
    spent = (time.perf_counter() - started) * 1000
    app.nav.pop()
    run_frames(app, 10)
    return spent


def screens(folder: str, seed: int) -> dict[str, float]:
    """Each game's HIGH SCORES and STATISTICS opened from the title, first and second time;
    and the statistics' questions to storage alone."""
    from game.engine.testing import run_frames
    from game.games.magdagdon.stats import stored_stats
    from game.games.querni.stats import stored_groups

    found: dict[str, float] = {}
    for game_id in ("magdagdon", "querni"):
        app = make_app(folder, game_id, seed, None)
        try:
            run_frames(app, 30)  # the title, settled
            for name in ("scores", "stats"):
                found[f"{game_id}:{name}"] = open_screen(app, name, game_id)
                found[f"{game_id}:{name} again"] = open_screen(app, name, game_id)
            storage = app.ctx.storage
            started = time.perf_counter()
            if game_id == "magdagdon":
                stored_stats(storage, ["PEACEFUL", "SURVIVAL", "NIGHTMARE"])
            else:
                stored_groups(storage)
            found[f"{game_id}:stats queries"] = (time.perf_counter() - started) * 1000
        finally:
            app.ctx.storage.close()
            app.shutdown()
    return found


def play(folder: str, magdagdon_games: int, querni_games: int, seed: int) -> None:
    """A child: the screens opened, then whole games of both games on ``folder``; prints the
    screens' times, the recording frames and the peak RSS."""
    out: dict[str, Any] = {"screens_ms": screens(folder, seed), "frame_ms": {},
                           "record_ms": {}, "collect_ms": {}, "rss_screens_mb": peak_rss_mb()}
    for game_id, games in (("magdagdon", magdagdon_games), ("querni", querni_games)):
        if not games:
            continue
        reports: list[str] = []
        app = make_app(folder, game_id, seed, reports)
        try:
            (out["frame_ms"][game_id], out["record_ms"][game_id],
             out["collect_ms"][game_id]) = recording_frames(app, games, reports)
        finally:
            app.ctx.storage.close()
            app.shutdown()
    out["rss_mb"] = peak_rss_mb()
    print(json.dumps(out))


# --- the report -------------------------------------------------------------------------------
def load_average() -> tuple[float, ...]:
    """The machine's load (1, 5, 15 minutes): the figures mean little on a busy machine."""
    try:
        return os.getloadavg()
    except OSError:  # Windows
        return ()


def nearest_rank(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered) + 0.5) - 1))]


def report_start(full: Path, empty: Path, repeats: int) -> None:
    runs: dict[str, list[dict[str, Any]]] = {"records": [], "empty": []}
    for repeat in range(repeats):  # in turns, the first one alternating
        order = ("records", "empty") if repeat % 2 == 0 else ("empty", "records")
        for which in order:
            runs[which].append(child("start", str(full if which == "records" else empty)))
    median = {which: statistics.median(r["startup_ms"] for r in rs) for which, rs in runs.items()}
    each = {which: ", ".join(f"{r['startup_ms']:.0f}" for r in rs) for which, rs in runs.items()}
    ratio = median["records"] / median["empty"]
    print(f"start-up to the first frame, median of {repeats} (in turns):")
    print(f"  with the records   {median['records']:8.1f} ms  (runs: {each['records']})")
    print(f"  empty folder       {median['empty']:8.1f} ms  (runs: {each['empty']})")
    print(f"  ratio              {ratio:8.2f}x  (target <= {TARGETS['start']}x)")


def report_play(full: Path, empty: Path, args: argparse.Namespace) -> None:
    games = (str(args.magdagdon_games), str(args.querni_games), str(args.seed))
    found = child("play", str(full), *games)
    bare = child("play", str(empty), *games)
    frames = [t for per_game in found["frame_ms"].values() for t in per_game]
    recording = [t for per_game in found["record_ms"].values() for t in per_game]
    print(f"the frame that records a finished game ({len(frames)} games: "
          + ", ".join(f"{g} {len(t)}" for g, t in found["frame_ms"].items())
          + "; the empty folder's in brackets):")
    for game_id, per_game in found["frame_ms"].items():
        mine, other = found["record_ms"][game_id], bare["record_ms"][game_id]
        print(f"  {game_id:10s} frame median {statistics.median(per_game):6.1f} ms "
              f"({statistics.median(bare['frame_ms'][game_id]):.1f}), max {max(per_game):6.1f}"
              f" ms ({max(bare['frame_ms'][game_id]):.1f}); record_game median "
              f"{statistics.median(mine):5.2f} ms ({statistics.median(other):.2f}), max "
              f"{max(mine):5.2f} ms ({max(other):.2f})")
    print(f"  all        frame p99 {nearest_rank(frames, 0.99):6.1f} ms, max "
          f"{max(frames, default=0):6.1f} ms (target <= {TARGETS['record_frame_ms']} ms)")
    print(f"             record_game p99 {nearest_rank(recording, 0.99):5.2f} ms, max "
          f"{max(recording, default=0):5.2f} ms (the storage's part of that frame)")
    collected = [t for per_game in found["collect_ms"].values() for t in per_game]
    print(f"             the shell's gc.collect() in that frame: median "
          f"{statistics.median(collected) if collected else 0:5.1f} ms, max "
          f"{max(collected, default=0):5.1f} ms; the rest is the frame's own work")
    print(f"opening a screen from the title, to the end of its first frame (target <= "
          f"{TARGETS['screen_ms']:.0f} ms; the empty folder's in brackets):")
    for name, spent in found["screens_ms"].items():
        print(f"  {name:26s} {spent:7.1f} ms  ({bare['screens_ms'][name]:.1f})")
    print(f"peak RSS: {found['rss_screens_mb']:.1f} MB after start-up and the screens "
          f"({bare['rss_screens_mb']:.1f}), {found['rss_mb']:.1f} MB after the games too "
          f"({bare['rss_mb']:.1f})")


def report_records(base: Path, args: argparse.Namespace) -> None:
    full, empty = base / "records", base / "empty"
    seconds = child("build", str(full), str(args.records), str(args.seed))["seconds"]
    size = sum(p.stat().st_size for p in full.glob("arcade.db*"))
    print(f"{args.records} records (MAGDAGDON {args.records - args.records // 2}, QUERNI "
          f"{args.records // 2}): scores.json taken into arcade.db in {seconds:.1f} s "
          f"(once); arcade.db {size / 1e6:.1f} MB")
    child("start", str(full))  # each folder started once before: no first start measured
    child("start", str(empty))
    report_start(full, empty, args.repeats)
    report_play(full, empty, args)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=200_000, help="records (both games)")
    parser.add_argument("--repeats", type=int, default=5, help="start-ups of each folder")
    parser.add_argument("--magdagdon-games", type=int, default=10)
    parser.add_argument("--querni-games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--documents", type=int, default=100_000,
                        help="QUERNI documents (0: none)")
    parser.add_argument("--only", choices=("records", "documents"), help="run one part")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        kind, *rest = args.child
        if kind == "build":
            seconds = build_folder(Path(rest[0]), int(rest[1]), int(rest[2]))
            print(json.dumps({"seconds": seconds}))
        elif kind == "start":
            start_once(rest[0])
        elif kind == "documents-build":
            print(json.dumps(records_documents.build(Path(rest[0]), int(rest[1]),
                                                     rest[2] == "1", int(rest[3]))))
        elif kind == "documents-measure":
            print(json.dumps(records_documents.measure(rest[0], int(rest[1]))))
        else:
            play(rest[0], int(rest[1]), int(rest[2]), int(rest[3]))
        return 0
    base = Path(tempfile.mkdtemp(prefix="records-bench-"))
    print("load average at the start: " + " ".join(f"{x:.2f}" for x in load_average()))
    try:
        if args.only != "documents":
            report_records(base, args)
        if args.only != "records" and args.documents > 0:
            records_documents.report(base, args.documents, args.seed)
        print("load average at the end: " + " ".join(f"{x:.2f}" for x in load_average()))
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
