"""The monkey in kiosk mode (see ``test_monkey.py``): attract mode, the PIN pad and the games
behind it. A file of its own so that the test workers share the monkey runs (tests of one file
stay on one worker)."""

from __future__ import annotations

import pytest

from tests.support.monkey import KIOSK_SCREENS, run_monkey
from tools.monkey import LANDSCAPE


@pytest.mark.slow
def test_monkey_kiosk_attract_mode_and_pin_pad():
    """4,000 events reach attract mode, the PIN pad, the operator's menu and every screen a
    visitor is offered, with this seed."""
    report = run_monkey("kiosk", 4_000, size=LANDSCAPE, kiosk=True)
    missing = KIOSK_SCREENS - set(report.coverage)  # with its sub-states: attract mode
    assert not missing, f"never reached {sorted(missing)}\n{report.table()}"
