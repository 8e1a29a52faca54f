"""The title comes up with nothing of a game loaded but its spec and its tile (the miniature on
the title): play screens, their widgets, computer players, the demo, the kiosk and the venue
link are imported when first used. Checked in a fresh interpreter, the way ``main.py`` starts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import json, sys
import main
code = main.main(sys.argv[1:])
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""

LATER = (
    "game.ai",  # computer players and the advisor
    "game.arcade.play",  # what play screens share
    "game.arcade.demo", "game.arcade.kiosk",
    "game.arcade.fleet.link", "game.arcade.fleet.remote", "game.arcade.fleet.schema",
    "psycopg",
)
"""Module prefixes the title's first frame must not have imported."""
GAME_LATER = ("scenes", "demo", "controller", "computer", "players", "review", "hints",
              "widgets.board", "widgets.tray", "widgets.hud", "widgets.scores", "widgets.stats")
"""Parts of a game (``game.games.<id>.…``) the title's first frame must not have imported."""


def first_frame_modules(tmp_path: Path, *args: str) -> list[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("MAGDAGDON_FLEET_URL", None)
    done = subprocess.run([sys.executable, "-c", SCRIPT, "--frames", "1", "--data-dir",
                           str(tmp_path / "data"), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["code"] == 0
    return list(found["modules"])


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
