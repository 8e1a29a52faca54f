"""Reliability: the demo is killed with SIGKILL at random moments, again and again, on ONE data
folder, and after every kill the files on disk must still be sound.

Each run is ``main.py --demo --data-dir D --seed S --frames 10**7`` in a subprocess (dummy
video and audio), its storage opened as a player's run opens it (a demo on its own records and
saves in memory only, so the runner asks for the player's kind of storage). Kills are seeded
and of three kinds: after a delay of 0.3..3 s (some land in the startup, most mid-turn),
shortly after a ``GAME OVER`` line appears on stdout (the game was just recorded and the next
one is starting), and shortly after ``saves/magdagdon.json`` holds a
finished game (the second between the last autosave and the recording). Twice, at fixed places
in the plan, a pair: a run killed as soon as it has saved an unfinished game, then the next run
killed as soon as it has played on in that game by a turn (delays alone left a resumed game to
the machine's speed: the demo finishes a game in 1–3 s, and under load no run played on).
After every kill the test process checks a copy of D with ``game.arcade.storage.Storage``:

* nothing is corrupt: no notice, no ``*.corrupt-*`` file;
* no record is ever lost (every finished game is kept, with its fields unchanged), the set of
  recorded game ids only grows, no id appears twice, every record is valid, and the high-score
  tables derived from the records never lose an entry (except by being pushed out of a full
  top 10);
* the saved game, if any, is a legal ``MagdagdonGame`` that ``Storage.load_game`` resumes (a
  finished one is allowed only in the window before its recording: the next start records it);
* the game resumes at its last saved turn: after a restart the save has the same game id with
  at least as many turns, or that game was finished and recorded.

At the end one more run exits normally, and no temporary file older than a minute is left.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from game.arcade.storage import (
    DB_FILE,
    SETTINGS_FILE,
    STALE_TEMP_SECONDS,
    Record,
    Storage,
    save_name,
)
from game.games.magdagdon.session import Session
from game.games.registry import GAMES
from game.rules.magdagdon import TABLE_SIZE, Difficulty
from tests.support.runner import DISK_DEMO

GAME = "magdagdon"
SAVE_FILE = save_name(GAME)
DIFFICULTIES = tuple(d.name for d in Difficulty)

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
SEED = 20261130
PLAN = ["delay"] * 15 + ["game_over"] * 5 + ["finishing"] * 4  # 24 kills, shuffled (seeded)
PAIR = ["saved", "played_on"]
"""Put into the shuffled plan at :data:`PAIR_AT`: a save left, then resumed and played on."""
PAIR_AT = (2, 10)
MIN_KILLS = 20
BUDGET_SECONDS = 30.0  # no new run starts after this once MIN_KILLS are done
WAIT_CAP_SECONDS = 7.0  # a run waiting for an event is killed after this anyway
STARTUP_TIMEOUT = 60.0


def game_env() -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONUNBUFFERED="1", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("MAGDAGDON_RESOURCES", None)
    return env


class GameRun:
    """The game in a subprocess; stdout lines and stderr are collected by threads."""

    def __init__(self, data_dir: Path, seed: int, frames: int = 10**7) -> None:
        self.started = time.monotonic()
        self.proc = subprocess.Popen(
            [*DISK_DEMO, "--demo", "--data-dir", str(data_dir),
             "--seed", str(seed), "--frames", str(frames)],
            cwd=ROOT, env=game_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, encoding="utf-8", errors="replace",
        )
        self.lines: list[str] = []
        self.err: list[str] = []
        self._threads = [
            threading.Thread(target=self._pump, args=(self.proc.stdout, self.lines), daemon=True),
            threading.Thread(target=self._pump, args=(self.proc.stderr, self.err), daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    @staticmethod
    def _pump(stream, sink: list[str]) -> None:
        for line in stream:
            sink.append(line)

    @property
    def age(self) -> float:
        return time.monotonic() - self.started

    def game_overs(self) -> int:
        return sum(1 for line in list(self.lines) if line.startswith("GAME OVER"))

    def kill(self) -> None:
        """SIGKILL; the run must still have been running (an early exit is a crash)."""
        still_running = self.proc.poll() is None
        if still_running:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)
        self.finish()
        assert still_running, f"the game exited by itself ({self.proc.returncode}):\n{self.stderr}"
        assert self.proc.returncode == -signal.SIGKILL

    def finish(self) -> None:
        for thread in self._threads:
            thread.join(timeout=10)

    @property
    def stderr(self) -> str:
        return "".join(self.err)


@dataclass
class Observed:
    """What a fresh ``Storage`` finds in the data folder after a kill."""

    tables: dict[str, list[Record]]
    records: dict[str, Record]  # every record by id
    ids: set[str]  # every recorded game id: the records and the "recorded" list
    save: tuple[str, int, bool] | None  # game id, turns, finished
    temps: list[Path] = field(default_factory=list)


def observe(data_dir: Path, scratch: Path) -> Observed:
    """Check the folder as the next start would see it, on a copy (``load_game`` may clean up)."""
    corrupt = sorted(p.name for p in data_dir.glob("*.corrupt-*"))
    assert corrupt == [], f"files were set aside as corrupt: {corrupt}"
    if scratch.exists():
        shutil.rmtree(scratch)
    scratch.mkdir(parents=True)
    (scratch / "saves").mkdir()
    for name in (SETTINGS_FILE, DB_FILE, f"{DB_FILE}-wal", SAVE_FILE):
        if (data_dir / name).exists():  # the database with its log, as a kill left them
            shutil.copy2(data_dir / name, scratch / name)
    storage = Storage(scratch, games=[spec.data for spec in GAMES])
    storage.load_settings()
    records = {r.id: r for r in storage.records(GAME)}  # every record validated by the game
    tables = {name: storage.table(GAME, name) for name in DIFFICULTIES}
    ids: set[str] = set(records)
    if (scratch / DB_FILE).exists():
        conn = sqlite3.connect(scratch / DB_FILE)
        try:
            row_ids = [i for (i,) in conn.execute("SELECT id FROM records WHERE game = ?",
                                                  (GAME,))]
            recorded = [i for (i,) in conn.execute("SELECT id FROM recorded WHERE game = ?",
                                                   (GAME,))]
        finally:
            conn.close()
        assert len(row_ids) == len(set(row_ids)), f"a game id appears twice: {row_ids}"
        assert set(row_ids) == set(records), "a record in the database is not valid"
        ids |= set(recorded)
    for entries in tables.values():
        assert len(entries) <= TABLE_SIZE
        assert [e.score for e in entries] == sorted((e.score for e in entries), reverse=True)
    save = None
    if (scratch / SAVE_FILE).exists():
        data = json.loads((scratch / SAVE_FILE).read_text("utf-8"))
        game = Session.from_dict(data["state"]).game  # ValueError when illegal
        game_id = data["id"]
        save = (game_id, game.turns, game.is_over)
        resumed = storage.load_game(GAME)
        if not game.is_over and game_id not in ids:
            assert resumed is not None, "an unfinished saved game was not resumable"
            assert resumed.game.to_dict() == game.to_dict()
            assert storage.record_id(resumed) == game_id
        else:
            assert resumed is None  # recorded now (finished) or cleared (already recorded)
    assert storage.notices == [], f"the next start would complain: {storage.notices}"
    temps = sorted([*data_dir.glob(".*.tmp"), *data_dir.glob("saves/.*.tmp")])
    return Observed(tables, records, ids, save, temps)


def check_transition(before: Observed, after: Observed, kill: int) -> str | None:
    """Nothing recorded is lost, and the killed game goes on; returns "resumed" when the next
    run played on in the saved game."""
    lost = before.ids - after.ids
    assert not lost, f"kill {kill}: recorded games disappeared: {sorted(lost)}"
    for record_id, record in before.records.items():
        assert after.records[record_id] == record, f"kill {kill}: record {record_id} changed"
    for name in DIFFICULTIES:
        now = after.tables[name]
        for entry in before.tables[name]:
            if entry in now:
                continue
            pushed_out = len(now) == TABLE_SIZE and all(e.score >= entry.score for e in now)
            assert pushed_out, f"kill {kill}: {name} lost {entry}"
    if before.save is None:
        return None
    game_id, turns, _finished = before.save
    if game_id in after.ids:
        entry = after.records.get(game_id)
        if entry is not None:
            assert entry.turns >= turns, f"kill {kill}: {entry} lost turns ({turns})"
        return "recorded"
    assert after.save is not None and after.save[0] == game_id, (
        f"kill {kill}: the saved game {game_id} (turn {turns}) was neither resumed nor "
        f"recorded; the folder now holds {after.save}"
    )
    assert after.save[1] >= turns, f"kill {kill}: resumed at turn {after.save[1]} < {turns}"
    return "resumed" if after.save[1] > turns else None


def saved_game_is_finished(data_dir: Path) -> bool:
    try:
        data = json.loads((data_dir / SAVE_FILE).read_text("utf-8"))
        return None not in data["state"]["game"]["board"]
    except (OSError, ValueError, KeyError, TypeError):
        return False


def saved_turn(data_dir: Path) -> tuple[str, int] | None:
    """The saved game's id and turn, or None (no save, or one being replaced)."""
    try:
        data = json.loads((data_dir / SAVE_FILE).read_text("utf-8"))
        return data["id"], int(data["state"]["game"]["turns"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def wait_and_kill(run: GameRun, mode: str, rng: random.Random, data_dir: Path) -> str:
    """Kill ``run`` according to ``mode``; returns a short description of the moment."""
    if mode == "delay":
        delay = rng.uniform(0.3, 3.0)
        time.sleep(max(0.0, delay - run.age))
        run.kill()
        return f"after {delay:.2f}s"
    extra = {"game_over": 0.4, "finishing": 0.6}.get(mode, 0.0) * rng.random()
    was = saved_turn(data_dir)  # (the run is still starting: it has not saved yet)

    def due() -> bool:
        if mode == "game_over":
            return run.game_overs() > 0
        if mode == "finishing":
            return saved_game_is_finished(data_dir)
        now = saved_turn(data_dir)
        if mode == "saved":  # this run's first save of an unfinished game
            return now is not None and now != was and not saved_game_is_finished(data_dir)
        return was is not None and now is not None and now[0] == was[0] and now[1] > was[1]

    while run.age < WAIT_CAP_SECONDS and run.proc.poll() is None:
        if due():
            time.sleep(extra)
            run.kill()
            return f"{extra:.2f}s after {mode} at {run.age:.2f}s"
        time.sleep(0.01)
    run.kill()
    return f"{mode}: nothing within {WAIT_CAP_SECONDS}s"


def test_sigkill_at_random_moments_never_loses_or_corrupts_anything(tmp_path: Path) -> None:
    start = time.monotonic()
    rng = random.Random(SEED)
    plan = PLAN[:]
    rng.shuffle(plan)
    for at in reversed(PAIR_AT):
        plan[at:at] = PAIR
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    (data_dir / "saves").mkdir()
    planted = data_dir / "saves" / f".{GAME}.json.planted.tmp"  # a crash's leftover from long ago
    planted.write_bytes(b"{half a save")
    old = time.time() - 2 * STALE_TEMP_SECONDS
    os.utime(planted, (old, old))

    before = observe(data_dir, tmp_path / "check")
    kills = recorded = resumed = finished_saves = 0
    temps_seen: set[str] = set()
    moments: list[str] = []
    for index, mode in enumerate(plan):
        if kills >= MIN_KILLS and time.monotonic() - start > BUDGET_SECONDS:
            break
        run = GameRun(data_dir, SEED + index)
        moment = wait_and_kill(run, mode, rng, data_dir)
        kills += 1
        moments.append(moment)
        assert "Traceback" not in run.stderr, f"kill {kills} ({moment}):\n{run.stderr}"
        after = observe(data_dir, tmp_path / "check")
        outcome = check_transition(before, after, kills)
        resumed += outcome == "resumed"
        recorded += len(after.ids - before.ids)
        finished_saves += bool(after.save and after.save[2])
        temps_seen.update(p.name for p in after.temps)
        before = after

    final = GameRun(data_dir, SEED + len(plan), frames=60)
    final_started = time.time()
    assert final.proc.wait(timeout=STARTUP_TIMEOUT) == 0, final.stderr
    final.finish()
    assert "Traceback" not in final.stderr, final.stderr
    after = observe(data_dir, tmp_path / "check")
    check_transition(before, after, kills + 1)
    assert not planted.exists(), "a stale temporary file was not cleaned up at start"
    for temp in after.temps:  # only a temp file a kill left less than a minute before a start
        assert final_started - temp.stat().st_mtime < STALE_TEMP_SECONDS + 1, temp.name

    seconds = time.monotonic() - start
    kinds = " ".join(f"{kind}={plan[:kills].count(kind)}" for kind in sorted(set(plan)))
    print(f"\nSIGKILL: kills={kills} ({kinds}) games_recorded={recorded} "
          f"resumed_and_played_on={resumed} "
          f"finished_saves_seen={finished_saves} temp_files_left_by_kills={len(temps_seen)} "
          f"seconds={seconds:.1f}")
    assert kills >= MIN_KILLS
    assert recorded >= 1, f"no game was ever recorded: {moments}"
    assert resumed >= 1, f"no restart ever played on in the saved game: {moments}"
