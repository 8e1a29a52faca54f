"""The allocator tuning (``engine.memory``): on Linux big blocks are mapped, freed pages go back."""

from __future__ import annotations

import sys

import pytest

from game.engine import memory


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc tuning is Linux-only")
def test_tuning_takes_on_linux_and_is_idempotent() -> None:
    assert memory.tune_allocator() is True
    assert memory.tune_allocator() is True
    memory.release()  # hands pages back; never raises


def test_release_without_tuning_does_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(memory._done, "tuned", False)
    memory.release()


def test_what_a_run_keeps_is_frozen_and_given_back() -> None:
    """``keep_for_the_run`` takes what lives now out of the collector's sight; what is made
    later is still collected, cycles included; ``run_ended`` hands it all back."""
    import gc
    import weakref

    class Node:
        pass

    try:
        memory.keep_for_the_run()
        assert gc.get_freeze_count() > 0
        later = Node()
        later.me = later  # a cycle: only the collector frees it
        gone = weakref.ref(later)
        del later
        gc.collect()
        assert gone() is None
    finally:
        memory.run_ended()
    assert gc.get_freeze_count() == 0
