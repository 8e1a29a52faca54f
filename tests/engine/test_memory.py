"""The allocator tuning (``engine.memory``): on Linux big blocks are mapped."""

from __future__ import annotations

import sys

import pytest

from game.engine import memory


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc tuning is Linux-only")
def test_tuning_takes_on_linux_and_is_idempotent() -> None:
    assert memory.tune_allocator() is True
    assert memory.tune_allocator() is True


