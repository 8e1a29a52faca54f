"""What a spec names by reference is imported when first used, not when the games are listed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.arcade.spec import LaterMapping, later, load

ROOT = Path(__file__).resolve().parents[2]

FIRST_CALL = """
import sys
from game.arcade.spec import LaterMapping, later
check = later("game.games.querni.stats:human_of")
ranges = LaterMapping("game.games.magdagdon.session:score_ranges")
assert "game.games.querni.stats" not in sys.modules, "imported before the first call"
assert "game.games.magdagdon.session" not in sys.modules, "imported before the first read"
assert check({"players": {"BLUE": "human", "RED": "computer:hard"}}) == "BLUE"
assert "game.games.querni.stats" in sys.modules
assert ranges["DAILY"] == ranges["SURVIVAL"] and "game.games.magdagdon.session" in sys.modules
"""


def test_a_later_function_and_mapping_import_on_first_use() -> None:
    done = subprocess.run([sys.executable, "-c", FIRST_CALL], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr[-2000:]


def test_a_wrong_reference_fails_when_called() -> None:
    missing = later("game.games.querni.stats:no_such_function")  # listing the games is fine
    with pytest.raises(AttributeError):
        missing({})
    with pytest.raises(ModuleNotFoundError):
        dict(LaterMapping("game.games.no_such_game:ranges"))


def test_load_follows_a_dotted_attribute() -> None:
    from game.games.querni.session import QuerniSession

    assert load("game.games.querni.session:QuerniSession.from_dict") == QuerniSession.from_dict
    with pytest.raises(ValueError):
        load("game.games.querni.session")  # no attribute named
