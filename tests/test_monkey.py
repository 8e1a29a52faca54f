"""Monkey tests: thousands of seeded random REAL events into the running arcade (tools/monkey.py).

After every event or gesture one frame runs, and the monkey checks that nothing raised, that
the board a play screen drew is the rules' board and that the rules' invariants hold. The suite
uses fixed seeds, so a failure replays exactly; ``MONKEY_SEED`` runs another seed (random seeds
and long runs: ``python -m tools.monkey --seed N --events M``, the ``reproduce:`` line of a
failure message).
"""

from __future__ import annotations

import pytest

from tests.support.monkey import EVERY_SCREEN, run_monkey
from tools.monkey import LANDSCAPE


@pytest.mark.slow
def test_monkey_landscape_8000_events():
    """8,000 events reach every screen of both games with this seed; longer runs:
    ``python -m tools.monkey``."""
    report = run_monkey("landscape", 8_000, size=LANDSCAPE)
    missing = EVERY_SCREEN - report.visited
    assert not missing, f"never reached {sorted(missing)}\n{report.table()}"
    assert report.games_over >= 1
