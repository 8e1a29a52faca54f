"""Monkey tests: thousands of seeded random REAL events into the running arcade (tools/monkey.py).

After every event or gesture one frame runs, and the monkey checks that nothing raised, that
the board a PlayScene drew is the rules' board and that the rules' invariants hold. The seed is
printed; set ``MONKEY_SEED`` to replay a failure (or run the ``reproduce:`` line of the failure
message, ``python -m tools.monkey --seed N --events M``).
"""

from __future__ import annotations

import os
import random

import pytest

from tools.monkey import LANDSCAPE, PORTRAIT, Monkey

# The screens the landscape run must reach (type names of the scene on top of the stack).
MUST_VISIT = {"TitleScene", "PlayScene", "PauseScene", "SettingsScene", "ScoresScene",
              "RulesScene", "AboutScene", "GameOverScene"}


def monkey_seed() -> int:
    raw = os.environ.get("MONKEY_SEED")
    seed = int(raw) if raw else random.SystemRandom().randrange(1 << 31)
    print(f"monkey seed={seed}")
    return seed


def run_monkey(events: int, **options):
    monkey = Monkey(monkey_seed(), **options)
    try:
        monkey.start()
        report = monkey.run(events)
    finally:
        monkey.close()
    print(report.table())
    return report


@pytest.mark.slow
def test_monkey_landscape_20000_events():
    report = run_monkey(20_000, size=LANDSCAPE)
    missing = MUST_VISIT - report.visited
    assert not missing, f"never reached {sorted(missing)}\n{report.table()}"
    assert report.games_over >= 1


@pytest.mark.slow
def test_monkey_portrait():
    report = run_monkey(3_000, size=PORTRAIT)
    assert {"TitleScene", "PlayScene"} <= report.visited


@pytest.mark.slow
def test_monkey_kiosk_attract_mode_and_pin_pad():
    report = run_monkey(3_000, size=LANDSCAPE, kiosk=True)
    assert {"TitleScene", "PlayScene"} <= report.visited
