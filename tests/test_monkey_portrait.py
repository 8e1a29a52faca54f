"""The monkey on a portrait screen (see ``test_monkey.py``). A file of its own so that the test
workers share the monkey runs (tests of one file stay on one worker)."""

from __future__ import annotations

import pytest

from tests.support.monkey import run_monkey
from tools.monkey import PORTRAIT


@pytest.mark.slow
def test_monkey_portrait():
    report = run_monkey("portrait", 800, size=PORTRAIT)
    assert {"TitleScene", "magdagdon.PlayScene"} <= report.visited
