"""Shared helpers of the storage tests: a MAGDAGDON ``GameData`` (as its spec will build one),
a tiny second game (a counter) to prove games never see each other's data, finished and
half-played MAGDAGDON games, a fake clock and small file helpers.

Every test works in ``tmp_path``; disk failures are simulated by monkeypatching ``os`` calls
(the tests may run as root, where ``chmod`` does not stop reads or writes).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from game.arcade.storage import DB_FILE, SCORES_FILE, GameData, Notice, SettingField, Storage
from game.games.magdagdon.spec import DATA as MAGDAGDON_DATA
from game.rules import magdagdon
from game.rules.magdagdon import Difficulty, MagdagdonGame
from tests.rules.magdagdon_support import RandomPlayer

P, S, N = Difficulty.PEACEFUL, Difficulty.SURVIVAL, Difficulty.NIGHTMARE
DIFFICULTIES = tuple(d.name for d in Difficulty)
MAX_POWERS = max(d.powers for d in Difficulty)
START = datetime(2026, 11, 30, 2, 15, 0, tzinfo=UTC)
SAVE_FAILED = Notice("notice.save_failed", {})
STAMP_RE = r"\d{8}T\d{6}Z"
V1_DIR = Path(__file__).resolve().parent / "v1"
V2_DIR = Path(__file__).resolve().parent / "v2"


# --- MAGDAGDON, as its spec describes it to storage ------------------------------------------


def _check_int(record: dict, name: str, low: int, high: int) -> None:
    value = record.get(name)
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{name} must be an int from {low} to {high}, not {value!r}")


def magdagdon_record(game: MagdagdonGame) -> dict[str, Any]:
    card = game.score()
    return {"variant": game.difficulty.name, "score": card.total, "turns": game.turns,
            "powers": game.powers_used, "ruins": card.ruins}


def check_magdagdon_record(record: dict) -> None:
    if record.get("variant") not in DIFFICULTIES:
        raise ValueError(f"no difficulty is called {record.get('variant')!r}")
    _check_int(record, "score", -10_000, 10_000)
    _check_int(record, "turns", 0, 16)
    _check_int(record, "powers", 0, MAX_POWERS)
    _check_int(record, "ruins", 0, 16)


MAGDAGDON = GameData(
    id="magdagdon",
    settings={
        "difficulty": SettingField("PEACEFUL", lambda value: value in DIFFICULTIES),
        "digits": SettingField(False),
        "coached": SettingField(False),
    },
    encode=lambda game: game.to_dict(),
    decode=MagdagdonGame.from_dict,
    is_over=lambda game: game.is_over,
    make_record=magdagdon_record,
    check_record=check_magdagdon_record,
    score_of=lambda record: record["score"],
    rank=magdagdon.rank,
    migrations=MAGDAGDON_DATA.migrations,
)


# --- a second, tiny game: count to a target --------------------------------------------------


@dataclass(eq=False)
class Counter:
    """Over when ``count`` reaches ``target``; ``mode`` is its variant."""

    count: int = 0
    target: int = 3
    mode: str = "short"

    def play_out(self) -> Counter:
        self.count = self.target
        return self


def decode_counter(state: dict) -> Counter:
    if set(state) != {"count", "target", "mode"}:
        raise ValueError(f"a counter has count, target and mode, not {sorted(state)}")
    count, target, mode = state["count"], state["target"], state["mode"]
    if type(count) is not int or type(target) is not int or not 0 <= count <= target <= 99:
        raise ValueError("bad counter numbers")
    if mode not in ("short", "long"):
        raise ValueError(f"bad mode {mode!r}")
    return Counter(count, target, mode)


def check_counter_record(record: dict) -> None:
    if record.get("variant") not in ("short", "long"):
        raise ValueError("bad variant")
    _check_int(record, "count", 0, 99)


COUNTER = GameData(
    id="counter",
    settings={"speed": SettingField(1.0, lambda value: 0.5 <= value <= 2.0),
              "name": SettingField("", lambda value: len(value) <= 8),
              "sound": SettingField(True)},
    encode=lambda game: {"count": game.count, "target": game.target, "mode": game.mode},
    decode=decode_counter,
    is_over=lambda game: game.count >= game.target,
    make_record=lambda game: {"variant": game.mode, "count": game.count},
    check_record=check_counter_record,
)
GAMES = (MAGDAGDON, COUNTER)


# --- clocks, games, storages -------------------------------------------------------------------


class FakeClock:
    """Starts at 2026-11-30T02:15:00Z and moves one minute per call."""

    def __init__(self, start: datetime = START, step: timedelta = timedelta(minutes=1)) -> None:
        self.now = start
        self.step = step

    def __call__(self) -> datetime:
        now = self.now
        self.now += self.step
        return now


def make(path: Path | str, clock: Callable[[], datetime] | None = None,
         games: tuple[GameData, ...] = GAMES) -> Storage:
    """A storage of ``games``, with the migrations of every game here (as the shell hands it
    every registered game's, also when it plays only some)."""
    return Storage(path, games=games, clock=clock or FakeClock(),
                   migrations={game.id: game.migrations for game in GAMES})


def finished(difficulty: Difficulty = P, value: int = 3, ruins: int = 0,
             powers: int = 0) -> MagdagdonGame:
    """A finished game: ``ruins`` ruins first, every other cell ``value`` (distinct scores for
    value 1..6 × ruins 0..4)."""
    board = ["RUIN"] * ruins + [value] * (16 - ruins)
    data = {"version": 1, "difficulty": difficulty.name, "board": board, "dice": [],
            "placed": [], "powers_used": powers, "turns": 16}
    return MagdagdonGame.from_dict(data, rng=random.Random(0))


def played(seed: int = 5, turns: int = 3, difficulty: Difficulty = P) -> MagdagdonGame:
    """A seeded game after ``turns`` turns of a seeded random player (between turns)."""
    game = MagdagdonGame(difficulty, rng=random.Random(seed))
    player = RandomPlayer(seed)
    for _ in range(turns):
        player.play_turn(game, check=False)
    assert not game.is_over and not game.in_turn
    return game


def play_to_end(game: MagdagdonGame, seed: int = 1) -> None:
    if game.in_turn:  # finish the turn in progress first
        if game.is_magdagdon:
            game.accept_magdagdon(game.board.index(None))
        else:
            for die, cell in game.hint() or []:
                game.place(die, cell)
            game.confirm()
    player = RandomPlayer(seed)
    while not game.is_over:
        player.play_turn(game, check=False)


def scores(store: Storage, difficulty: Difficulty | str) -> list[Any]:
    """MAGDAGDON's table of ``difficulty`` (today's ``Storage.scores``)."""
    name = difficulty.name if isinstance(difficulty, Difficulty) else difficulty
    return store.table("magdagdon", name)


def read_json(path: Path) -> Any:
    return json.loads(path.read_text("utf-8"))


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*") if p.name.endswith(".tmp"))


def fail(err: int) -> Callable[..., Any]:
    def failing(*args: Any, **kwargs: Any) -> Any:
        raise OSError(err, os.strerror(err))

    return failing


def copy_v1(folder: Path, *names: str) -> None:
    """Put the real v1 files (``v1/``) into ``folder``, byte for byte."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in names or ("settings.json", "scores.json", "savegame.json"):
        (folder / name).write_bytes((V1_DIR / name).read_bytes())


def copy_v2(folder: Path) -> None:
    """Put the real v2 data folder (``v2/``: scores.json, settings, a save, documents) into
    ``folder``, byte for byte."""
    shutil.copytree(V2_DIR, folder, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("README.md"))


def write_scores(folder: Path, games: dict[str, Any]) -> None:
    """A version 2 ``scores.json`` (the records before ``arcade.db``) with these sections."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / SCORES_FILE).write_text(json.dumps({"version": 2, "games": games}), "utf-8")


def db_rows(folder: Path, query: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Rows of ``arcade.db`` in ``folder``, read by a connection of the test's own."""
    conn = sqlite3.connect(f"file:{folder / DB_FILE}?mode=ro", uri=True)
    try:
        return conn.execute(query, params).fetchall()
    finally:
        conn.close()


def stored(folder: Path, game_id: str) -> list[dict[str, Any]]:
    """The records of ``game_id`` as ``arcade.db`` holds them, in recording order, each as
    ``scores.json`` wrote a record (``Record.to_json``)."""
    rows = db_rows(folder, "SELECT id, date, variant, initials, fields FROM records "
                           "WHERE game = ? ORDER BY seq", (game_id,))
    return [{"id": i, "date": d, "variant": v, "initials": n, **json.loads(f)}
            for i, d, v, n, f in rows]


def data_files(folder: Path) -> list[str]:
    """The files of ``folder`` (relative names), leaving out the database's own."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*")
                  if p.is_file() and not p.name.startswith(DB_FILE))


def resume(store: Storage, game_id: str = "magdagdon") -> Any:
    """``store.load_game(game_id)``, which must find a game."""
    game = store.load_game(game_id)
    assert game is not None, f"no saved {game_id} game"
    return game


# --- another process holding arcade.db locked -------------------------------------------------

HOLDER = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.read()
conn.execute("ROLLBACK")
"""
class Lock:
    """Another process holding ``arcade.db`` in an exclusive transaction until released."""

    def __init__(self, folder: Path) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder / DB_FILE)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert self.process.stdout is not None
        assert self.process.stdout.readline().strip() == b"locked"

    def release(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            self.process.wait(30)


def stored_ids(folder: Path) -> set[str]:
    conn = sqlite3.connect(folder / DB_FILE)
    try:
        return {row[0] for row in conn.execute("SELECT id FROM records")}
    finally:
        conn.close()
