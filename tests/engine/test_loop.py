"""Fixed-step accumulator: step counts, the catch-up cap and the render alpha."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine.loop import STEP, FakeClock, FixedStepLoop


def make() -> tuple[FakeClock, FixedStepLoop]:
    clock = FakeClock()
    return clock, FixedStepLoop(clock=clock)


def test_first_tick_after_construction_is_empty() -> None:
    _, loop = make()
    assert loop.tick() == (0, 0.0)


def test_one_step_per_step_of_time() -> None:
    clock, loop = make()
    for _ in range(120):
        clock.advance(STEP)
        steps, alpha = loop.tick()
        assert steps == 1
        assert alpha == pytest.approx(0.0, abs=1e-6)


def test_two_and_a_half_steps_give_two_updates_and_half_alpha() -> None:
    clock, loop = make()
    clock.advance(2.5 * STEP)
    steps, alpha = loop.tick()
    assert steps == 2
    assert alpha == pytest.approx(0.5)
    clock.advance(0.5 * STEP)  # the leftover half completes a step
    assert loop.tick()[0] == 1


def test_stall_is_capped_and_backlog_dropped() -> None:
    clock, loop = make()
    clock.advance(1.0)  # 60 steps due
    steps, alpha = loop.tick()
    assert steps == 5
    assert 0.0 <= alpha < 1.0
    clock.advance(STEP)
    steps, _ = loop.tick()
    assert steps == 1  # no spiral: the remaining 55 steps were dropped
    assert loop.dropped == pytest.approx(55 * STEP)


def test_custom_cap_and_step() -> None:
    clock = FakeClock()
    loop = FixedStepLoop(step=0.1, max_steps=2, clock=clock)
    clock.advance(0.35)
    steps, alpha = loop.tick()
    assert steps == 2
    assert alpha == pytest.approx(0.5)


def test_reset_forgets_elapsed_time() -> None:
    clock, loop = make()
    clock.advance(3.0)
    loop.reset()
    assert loop.tick() == (0, 0.0)


def test_clock_going_backwards_counts_as_no_time() -> None:
    times = iter([10.0, 9.0])
    loop = FixedStepLoop(clock=lambda: next(times))
    assert loop.tick() == (0, 0.0)


def test_fake_clock_refuses_going_back() -> None:
    with pytest.raises(ValueError):
        FakeClock().advance(-1)


@pytest.mark.parametrize("kwargs", [{"step": 0}, {"max_steps": 0}])
def test_invalid_parameters(kwargs: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        FixedStepLoop(**kwargs)  # type: ignore[arg-type]


@given(st.lists(st.floats(min_value=0.0, max_value=0.5), max_size=60))
@pytest.mark.slow
def test_time_is_conserved(advances: list[float]) -> None:
    """Every second is either simulated, still in the accumulator, or knowingly dropped."""
    clock, loop = make()
    simulated = 0
    for seconds in advances:
        clock.advance(seconds)
        steps, alpha = loop.tick()
        assert 0 <= steps <= loop.max_steps
        assert 0.0 <= alpha < 1.0
        simulated += steps
    total = simulated * STEP + loop.accumulator + loop.dropped
    assert total == pytest.approx(sum(advances), abs=1e-6)
