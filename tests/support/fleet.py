"""Helpers of the venue-link tests: finished games recorded through the public storage API,
what a data folder and the venue hold, and waiting for the link's thread.

The games are recorded by ``tools.testkit.records`` (shared with the benchmarks); the
subprocess tests use the real demo instead.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tools.testkit.records import (  # noqa: F401 - the venue tests take them from here
    GAME_DATA,
    RANKED,
    WITH_DOCUMENTS,
    record_games,
    storage,
)


def local_ids(data_dir: Path) -> set[tuple[str, str]]:
    """(game id, record id) of every record in ``data_dir`` (its own storage reads them)."""
    store = storage(data_dir)
    return {(game.id, record.id) for game in GAME_DATA for record in store.records(game.id)}


def venue_ids(cluster: Any, dbname: str) -> list[tuple[str, str]]:
    """(game, id) of every row of the venue's records, duplicates included (there must be
    none: the key forbids them, and the tests check the key is there)."""
    if cluster.execute("SELECT to_regclass('arcade_records') IS NULL", dbname=dbname)[0][0]:
        return []  # no kiosk has made the schema yet
    rows = cluster.execute("SELECT game, id FROM arcade_records ORDER BY game, id",
                           dbname=dbname)
    return [(str(game), str(rid)) for game, rid in rows]


def wait_for(condition: Callable[[], bool], timeout: float = 30.0, what: str = "") -> None:
    """Poll ``condition`` until it holds; ``AssertionError`` naming ``what`` after
    ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout} s waiting for {what or condition}")


ROOT = Path(__file__).resolve().parents[2]


def game_env(**extra: str) -> dict[str, str]:
    """The environment of a headless run of the real program (no venue unless given)."""
    import os

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONUNBUFFERED="1", PYGAME_HIDE_SUPPORT_PROMPT="1", **extra)
    for name in ("MAGDAGDON_RESOURCES", "PGPASSWORD"):
        if name not in extra:
            env.pop(name, None)
    if "MAGDAGDON_FLEET_URL" not in extra:
        env.pop("MAGDAGDON_FLEET_URL", None)
    return env


def kiosk(data_dir: Path, *args: str, **env: str) -> Any:
    """``main.py ARGS --data-dir DATA_DIR`` started in the background (a ``Popen``); its demo
    records on disk, as a venue kiosk's players do (:mod:`tests.support.runner`)."""
    import subprocess

    from tests.support.runner import DISK_DEMO

    return subprocess.Popen([*DISK_DEMO, *args, "--data-dir",
                             str(data_dir)], cwd=ROOT, env=game_env(**env),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finished(run: Any, timeout: float = 240.0) -> tuple[str, str]:
    """Wait for a run to end by itself; its (stdout, stderr), after checking it ended well."""
    out, err = run.communicate(timeout=timeout)
    assert run.returncode == 0, f"exit {run.returncode}\n{out[-2000:]}\n{err[-4000:]}"
    assert "Traceback" not in err, err[-4000:]
    return out, err


def link_to(app: Any, url: str, name: str = "Here") -> Any:
    """Start a venue link for ``app``'s data folder (as ``--fleet URL`` would) and give it to
    the app's context; the link."""
    from game.arcade import fleet
    from game.arcade.fleet.config import FleetConfig

    link = fleet.start(FleetConfig(url, name, "flag"), app.ctx.storage, GAME_DATA)
    app.ctx.fleet = link
    return link


def insert_row(cluster: Any, dbname: str, game: str, variant: str, kiosk: str, fields: str,
               score: int | None = None, initials: str = "", record_id: str | None = None,
               ) -> str:
    """A row put into the venue's records by hand (as another kiosk, or anyone, could); its
    id."""
    import uuid

    record_id = record_id or uuid.uuid4().hex
    cluster.execute("INSERT INTO arcade_records (game, id, kiosk, recorded_at, variant, "
                    "initials, score, fields) VALUES (%s, %s, %s, now(), %s, %s, %s, %s)",
                    (game, record_id, kiosk, variant, initials, score, fields), dbname=dbname)
    return record_id


def run_until(app: Any, condition: Callable[[], bool], timeout: float = 30.0,
              what: str = "") -> None:
    """Run the app's frames (its clock is a fake one; the link's thread runs in real time)
    until ``condition`` holds."""
    from game.engine.testing import run_frames

    def step() -> bool:
        run_frames(app, 2)
        time.sleep(0.02)
        return condition()

    wait_for(step, timeout, what)
