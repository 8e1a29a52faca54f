"""The title comes up with nothing of a game loaded but its spec and its tile (the miniature on
the title): play screens, their widgets, computer players, the demo, the kiosk and the venue
link are imported when first used, the storage's back ends (the records' SQLite database, the
log file) after the first frame. Checked in a fresh interpreter, the way ``main.py`` starts:
what was imported when the first frame was on screen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import json, sys
import main
from game.arcade.app import ArcadeApp

seen = []
run_frame = ArcadeApp.run_frame

def first_frame(self):
    run_frame(self)
    if not seen:
        seen.append(sorted(sys.modules))
        seen.append([tile.cont is not None for tile in getattr(self.stack.top, "tiles", [])])

ArcadeApp.run_frame = first_frame
code = main.main(sys.argv[1:])
print(json.dumps({"code": code, "modules": seen[0], "continues": seen[1]}))
"""

LATER = (
    "game.ai",  # computer players and the advisor
    "game.arcade.play",  # what play screens share
    "game.arcade.widgets.textflow",  # the pages' layout (the title's labels only wrap)
    "game.arcade.demo", "game.arcade.kiosk",
    "game.engine.rebuild",  # a window lost
    "game.arcade.fleet",  # a start without a venue
    "psycopg",
    # the storage's back ends: the records (SQLite, its threads), the venue's acknowledgements
    "sqlite3", "_sqlite3", "game.arcade.storage.database", "game.arcade.storage.recordstore",
    "game.arcade.storage.recordsql", "game.arcade.storage.schema",
    "game.arcade.storage.fleetfile", "hashlib",
    "game.rules.magdagdon.questions", "game.rules.magdagdon.undo",
)
"""Module prefixes the title's first frame must not have imported."""
GAME_LATER = ("scenes", "demo", "controller", "computer", "players", "review", "hints",
              "widgets.board", "widgets.tray", "widgets.hud", "widgets.scores", "widgets.stats",
              "record", "stats", "migrations", "widgets.motion")
"""Parts of a game (``game.games.<id>.…``) the title's first frame must not have imported."""
SAVED = ("game.games.magdagdon.session", "game.games.magdagdon.daily", "game.games.querni.session",
         "game.rules.magdagdon.game", "game.rules.magdagdon.board", "game.rules.magdagdon.scoring",
         "game.rules.querni.state", "game.rules.querni.moves",
         "game.rules.querni.questions", "game.rules.querni.chains")
"""What reads a saved game (its session, the rules' game): loaded for the title's first frame
only when a game is saved (CONTINUE), never to list the games."""


def first_frame(tmp_path: Path, *args: str) -> dict[str, Any]:
    """What ``main.py --frames 1`` had imported when its first frame was on screen
    (``modules``), and which title tiles offered CONTINUE (``continues``)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("MAGDAGDON_FLEET_URL", None)
    done = subprocess.run([sys.executable, "-c", SCRIPT, "--frames", "1", "--data-dir",
                           str(tmp_path / "data"), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["code"] == 0
    return found


def first_frame_modules(tmp_path: Path, *args: str) -> list[str]:
    return list(first_frame(tmp_path, *args)["modules"])


def too_early(modules: list[str]) -> list[str]:
    games = sorted({name.split(".")[2] for name in modules
                    if name.startswith("game.games.") and name.count(".") >= 2})
    later = LATER + tuple(f"game.games.{game}.{part}" for game in games for part in GAME_LATER)
    return sorted(name for name in modules
                  if name in later or name.startswith(tuple(f"{prefix}." for prefix in later))
                  or name.startswith("game.arcade.scenes.") and name != "game.arcade.scenes.title")


@pytest.mark.parametrize("args", [(), ("--portrait",)], ids=["landscape", "portrait"])
def test_the_title_imports_nothing_of_play(tmp_path: Path, args: tuple[str, ...]) -> None:
    modules = first_frame_modules(tmp_path, *args)
    assert "game.arcade.scenes.title" in modules  # the title is what was drawn
    assert any(name.endswith(".widgets.tile") for name in modules)  # with its miniatures
    assert too_early(modules) == []
    assert sorted(set(SAVED) & set(modules)) == []  # nothing saved: no session read


def test_the_command_line_needs_no_storage() -> None:
    """Parsing the options (``--help``, a usage error, ``--fleet``'s variable) does not load
    the storage: the venue's settings module reads the storage's rule only when it checks a
    name."""
    done = subprocess.run([sys.executable, "-c", "import json, sys, game.arcade.cli, "
                           "game.arcade.fleet.config; print(json.dumps(sorted(sys.modules)))"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    modules = json.loads(done.stdout.strip().splitlines()[-1])
    assert "game.arcade.cli" in modules and "game.arcade.fleet.config" in modules
    assert [name for name in modules if name.startswith("game.arcade.storage")] == []


def test_the_command_line_loads_nothing_of_the_venue_link() -> None:
    """``--fleet``'s help names the venue's environment variable without the link's modules
    (which a start without a venue never loads)."""
    done = subprocess.run([sys.executable, "-c", "import json, sys, game.arcade.cli; "
                           "print(json.dumps(sorted(sys.modules)))"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)
    modules = json.loads(done.stdout.strip().splitlines()[-1])
    assert "game.arcade.cli" in modules
    assert [name for name in modules if name.startswith("game.arcade.fleet")] == []


def test_a_saved_game_shows_continue_without_the_records(tmp_path: Path) -> None:
    """A saved game's CONTINUE is on the first frame, read from the save alone: the records'
    database is opened after it."""
    import random

    from game.arcade.storage import Storage
    from game.games.registry import GAMES
    from game.rules.magdagdon import Difficulty, MagdagdonGame

    storage = Storage(tmp_path / "data", games=[spec.data for spec in GAMES])
    game = MagdagdonGame(Difficulty.PEACEFUL, random.Random(5))
    game.roll()
    assert storage.save_game("magdagdon", game)
    storage.close()
    found = first_frame(tmp_path, "--game", "magdagdon")
    order = [spec.id for spec in GAMES]
    assert found["continues"][order.index("magdagdon")] is True
    assert found["continues"][order.index("querni")] is False
    assert too_early(found["modules"]) == []
