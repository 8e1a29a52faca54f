"""How long the venue link's thread sleeps when all is well (no server needed): an idle link
must not spin beside the frame loop (``benchmarks.fleet`` found one that did: every frame of a
demo kiosk 4 ms slower)."""

from __future__ import annotations

from game.arcade.fleet.link import READ_SECONDS, RESCAN_SECONDS, next_wait


def test_an_idle_link_sleeps_until_its_next_look() -> None:
    """Nothing to send and no board on screen: the thread sleeps until it looks at the records
    again (a frame would otherwise share the interpreter with a spinning thread)."""
    assert next_wait(1000.0, False, 990.0, None) == RESCAN_SECONDS - 10.0
    assert next_wait(1000.0, False, 990.0, 995.0) == READ_SECONDS - 5.0
    assert next_wait(1000.0, False, -RESCAN_SECONDS, None) == 0.0  # a first look is due
    assert next_wait(1000.0, True, 990.0, 995.0) == 0.0  # work waiting
