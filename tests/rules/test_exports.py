"""The rules packages' public names (rules-api.md) load with their module on first use: a
game's spec that needs its difficulties does not compile the whole game."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("game.rules.magdagdon", "game.rules.querni")


def imported_after(code: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", f"import json, sys\n{code}\n"
                           "print(json.dumps(sorted(sys.modules)))"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=True)
    return list(json.loads(done.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("package", PACKAGES)
def test_every_public_name_is_there_from_its_own_module(package: str) -> None:
    module = __import__(package, fromlist=["__all__"])
    for name in module.__all__:
        assert getattr(module, name) is getattr(module, name), name  # loaded once, then kept
    namespace: dict[str, object] = {}
    exec(f"from {package} import *", namespace)  # noqa: S102 - the star import players' tools use
    assert set(module.__all__) <= set(namespace)
    with pytest.raises(AttributeError):
        module.no_such_name  # noqa: B018


def test_a_difficulty_does_not_load_the_game() -> None:
    modules = imported_after("from game.rules.magdagdon import Difficulty")
    assert "game.rules.magdagdon.difficulty" in modules
    assert [m for m in modules if m.startswith("game.rules.magdagdon.")] == [
        "game.rules.magdagdon.difficulty"]


def test_a_colour_does_not_load_the_position() -> None:
    modules = imported_after("from game.rules.querni import Color")
    assert "game.rules.querni.state" not in modules and "game.rules.querni.board" in modules
