"""How long the arcade takes to show its first frame, as a whole process (figures, never
asserted).

    python -m benchmarks.startup [--repeats 7] [--against OTHER] [--bytecode]

Each repeat starts ``main.py --frames 1`` (a fresh data folder that was started once before,
so no repeat measures a first start) and reads the CPU time the whole process used (user +
system, from ``wait4``: the interpreter, every import, opening the window, building the title
and drawing its first frame), then the same start once more for ``title_ms`` (wall time from
the first line of ``main.py`` to the end of the title's first frame: when a player sees the
arcade), then ``main.py --bench 1`` for ``startup_ms`` (the same to the end of the first frame
of the demo a benchmark plays, its play screen and computer players loaded). With
``--against OTHER`` another checkout runs in every repeat too, the two in turns (which goes
first alternates), so both see the same machine load; the ratio of the medians compares them.

Python compiles each module it imports unless it finds the compiled copy; with
``PYTHONDONTWRITEBYTECODE`` set (as on some development machines) and no compiled copies left
it compiles every module on every start, so the time grows with the source imported: without
``--bytecode`` each start runs so (the checkouts' own compiled copies under ``game/`` are
removed before it). ``--bytecode`` lets both checkouts keep compiled copies (as an installed or
bundled game has them) and measures with them.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def environment(bytecode: bool) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    for name in ("MAGDAGDON_RESOURCES", "MAGDAGDON_FLEET_URL"):
        env.pop(name, None)
    return env


def forget_compiled(root: Path, env: dict[str, str]) -> None:
    """Without ``--bytecode``: remove the checkout's own compiled copies (``game/``), which
    Python would read even when told not to write them, so the start compiles its modules."""
    if "PYTHONDONTWRITEBYTECODE" in env:
        for cache in (root / "game").rglob("__pycache__"):
            shutil.rmtree(cache, ignore_errors=True)


def cpu_seconds(root: Path, data: Path, env: dict[str, str]) -> float:
    """User + system CPU of one ``main.py --frames 1`` run, the whole process."""
    forget_compiled(root, env)
    process = subprocess.Popen([sys.executable, "main.py", "--frames", "1", "--data-dir",
                                str(data)], cwd=root, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{root}: main.py --frames 1 ended with {process.returncode}")
    return usage.ru_utime + usage.ru_stime


TITLE = """
import sys
import main
from game.engine.app import App

run_frame = App.run_frame


def first_frame(self):
    run_frame(self)
    if self.frame == 1:
        print(f"title_ms={self.startup_ms:.1f}", flush=True)


App.run_frame = first_frame
sys.exit(main.main(sys.argv[1:]))
"""
"""``main.py`` as it starts, saying when its first frame (the title's) was done."""


def title_ms(root: Path, data: Path, env: dict[str, str]) -> float:
    """Wall time from the first line of ``main.py`` to the end of the title's first frame."""
    return _figure(root, env, ["-c", TITLE, "--frames", "1", "--data-dir", str(data)], "title_ms")


def startup_ms(root: Path, data: Path, env: dict[str, str]) -> float:
    """``startup_ms`` of one ``main.py --bench 1`` run."""
    return _figure(root, env, ["main.py", "--bench", "1", "--data-dir", str(data)], "startup_ms")


def _figure(root: Path, env: dict[str, str], argv: list[str], name: str) -> float:
    """The figure ``name=…`` that one run of ``argv`` in ``root`` prints."""
    forget_compiled(root, env)
    out = subprocess.run([sys.executable, *argv], cwd=root, env=env, capture_output=True,
                         text=True, timeout=120, check=True).stdout
    found = re.search(rf"{name}=([\d.]+)", out)
    if found is None:
        raise SystemExit(f"{root}: no {name} in {out!r}")
    return float(found.group(1))


def load() -> str:
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--against", type=Path, metavar="OTHER",
                        help="another checkout, measured in turns with this one")
    parser.add_argument("--bytecode", action="store_true",
                        help="let Python keep compiled modules (an installed game's case)")
    args = parser.parse_args(argv)
    roots = [HERE] + ([args.against.resolve()] if args.against else [])
    env = environment(args.bytecode)
    folders = {root: Path(tempfile.mkdtemp(prefix="startup-bench-")) for root in roots}
    for root in roots:  # the first start (a new data folder; compiled copies) is not measured
        cpu_seconds(root, folders[root], env)
    cpu: dict[Path, list[float]] = {root: [] for root in roots}
    wall: dict[Path, list[float]] = {root: [] for root in roots}
    title: dict[Path, list[float]] = {root: [] for root in roots}
    print(f"load average at the start: {load()}")
    for repeat in range(args.repeats):
        order = roots if repeat % 2 == 0 else roots[::-1]
        for root in order:
            cpu[root].append(cpu_seconds(root, folders[root], env) * 1000.0)
            title[root].append(title_ms(root, folders[root], env))
            wall[root].append(startup_ms(root, folders[root], env))
        print(" | ".join(f"{root.name}: cpu {cpu[root][-1]:.0f} ms, title_ms "
                         f"{title[root][-1]:.0f}, startup_ms {wall[root][-1]:.0f}"
                         for root in roots), flush=True)
    print(f"load average at the end: {load()}")
    for root in roots:
        print(f"{root}: CPU to the first frame median {statistics.median(cpu[root]):.0f} ms "
              f"(min {min(cpu[root]):.0f}), title_ms median "
              f"{statistics.median(title[root]):.0f} (min {min(title[root]):.0f}), startup_ms "
              f"median {statistics.median(wall[root]):.0f} (min {min(wall[root]):.0f})")
    if args.against:
        mine, other = roots
        print(f"ratio of the medians, this checkout / {other.name}: CPU "
              f"{statistics.median(cpu[mine]) / statistics.median(cpu[other]):.2f}x, title_ms "
              f"{statistics.median(title[mine]) / statistics.median(title[other]):.2f}x, "
              f"startup_ms {statistics.median(wall[mine]) / statistics.median(wall[other]):.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
