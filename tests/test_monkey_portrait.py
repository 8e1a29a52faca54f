"""The monkey on a portrait screen (see ``test_monkey.py``). A file of its own so that the test
workers share the monkey runs (tests of one file stay on one worker)."""

from __future__ import annotations

import pytest

from tests.support.monkey import EVERY_SCREEN, run_monkey
from tools.monkey import PORTRAIT


@pytest.mark.slow
def test_monkey_portrait_reaches_every_screen():
    """4,000 events reach every screen of both games in portrait with this seed."""
    report = run_monkey("portrait", 4_000, size=PORTRAIT)
    missing = EVERY_SCREEN - report.visited
    assert not missing, f"never reached {sorted(missing)}\n{report.table()}"
    assert report.games_over >= 1
