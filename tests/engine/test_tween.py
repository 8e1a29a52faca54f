"""Tweens and timers: eased values, exactly-once callbacks, skipping, safe chaining."""

from __future__ import annotations

import pytest

from game.engine.loop import STEP
from game.engine.tween import (
    Timer,
    Tween,
    Tweens,
    ease_in_out_sine,
    ease_out_back,
    ease_out_bounce,
    ease_out_cubic,
    lerp,
    linear,
)

EASINGS = [linear, ease_out_cubic, ease_in_out_sine, ease_out_back, ease_out_bounce]


@pytest.mark.parametrize("easing", EASINGS)
def test_easings_start_at_0_and_end_at_1(easing) -> None:  # noqa: ANN001
    assert easing(0.0) == pytest.approx(0.0, abs=1e-9)
    assert easing(1.0) == pytest.approx(1.0, abs=1e-9)


def test_ease_out_back_overshoots() -> None:
    assert max(ease_out_back(i / 100) for i in range(101)) > 1.0


def test_lerp() -> None:
    assert lerp(10, 20, 0.0) == 10
    assert lerp(10, 20, 0.5) == 15
    assert lerp(10, 20, 1.0) == 20
    assert lerp(10, 20, 1.1) == pytest.approx(21)


def test_tween_values_and_single_finish() -> None:
    values: list[float] = []
    finished: list[int] = []
    tweens = Tweens()
    tween = tweens.add(Tween(0.5, values.append, on_finish=lambda: finished.append(1)))
    for _ in range(29):
        tweens.update(STEP)
    assert not finished and tweens.active
    tweens.update(STEP)  # the 30th step of 1/60 s completes 0.5 s exactly
    assert finished == [1]
    assert values[-1] == 1.0
    assert values == sorted(values) and len(values) == 30
    for _ in range(10):
        tweens.update(STEP)
    assert finished == [1] and len(values) == 30
    assert tween.done and not tweens.active and len(tweens) == 0


def test_eased_value_passed_to_on_update() -> None:
    values: list[float] = []
    tweens = Tweens()
    tweens.add(Tween(1.0, values.append, easing=ease_out_cubic))
    tweens.update(0.5)
    assert values == [pytest.approx(ease_out_cubic(0.5))]


def test_delay_holds_back_on_update() -> None:
    values: list[float] = []
    tweens = Tweens()
    tweens.add(Tween(0.2, values.append, delay=0.1))
    tweens.update(0.05)
    assert values == []
    tweens.update(0.1)  # 0.05 s into the run
    assert values == [pytest.approx(0.25)]
    tweens.update(0.2)
    assert values[-1] == 1.0


def test_zero_duration_finishes_on_first_update() -> None:
    values: list[float] = []
    tweens = Tweens()
    tweens.add(Tween(0.0, values.append))
    tweens.update(STEP)
    assert values == [1.0]


def test_timer_fires_once() -> None:
    fired: list[int] = []
    tweens = Tweens()
    tweens.add(Timer(0.1, lambda: fired.append(1)))
    for _ in range(5):
        tweens.update(STEP)
    assert fired == []
    for _ in range(20):
        tweens.update(STEP)
    assert fired == [1]


def test_callbacks_may_add_tweens_which_start_next_update() -> None:
    order: list[str] = []
    tweens = Tweens()

    def chain() -> None:
        order.append("first done")
        tweens.add(Tween(STEP, lambda v: order.append(f"second {v}")))

    tweens.add(Timer(STEP, chain))
    tweens.update(STEP)
    assert order == ["first done"]
    assert tweens.active
    tweens.update(STEP)
    assert order == ["first done", "second 1.0"]
    assert not tweens.active


def test_cancel_drops_without_callbacks() -> None:
    calls: list[str] = []
    tweens = Tweens()
    tween = tweens.add(Tween(1.0, lambda v: calls.append("u"), on_finish=lambda: calls.append("f")))
    tweens.cancel(tween)
    tweens.update(2.0)
    assert calls == [] and not tweens.active


def test_cancel_from_a_callback() -> None:
    calls: list[str] = []
    tweens = Tweens()
    victim = Tween(1.0, lambda v: calls.append("victim"))
    tweens.add(Timer(0.0, lambda: tweens.cancel(victim)))
    tweens.add(victim)
    tweens.update(STEP)
    assert calls == []


def test_finish_all_skips_including_chained_tweens() -> None:
    values: list[float] = []
    done: list[str] = []
    tweens = Tweens()

    def then() -> None:
        done.append("a")
        tweens.add(Tween(5.0, values.append, on_finish=lambda: done.append("b")))

    tweens.add(Tween(3.0, values.append, on_finish=then))
    tweens.update(STEP)
    tweens.finish_all()
    assert done == ["a", "b"]
    assert values[-1] == 1.0
    assert not tweens.active
    tweens.finish_all()  # nothing fires twice
    assert done == ["a", "b"]


def test_finish_all_survives_endless_chains() -> None:
    tweens = Tweens()
    count = [0]

    def again() -> None:
        count[0] += 1
        tweens.add(Timer(1.0, again))

    tweens.add(Timer(1.0, again))
    tweens.finish_all()
    assert count[0] >= 1


def test_clear_drops_everything_silently() -> None:
    calls: list[int] = []
    tweens = Tweens()
    tweens.add(Timer(0.1, lambda: calls.append(1)))
    tweens.clear()
    tweens.update(1.0)
    assert calls == [] and not tweens.active


def test_negative_duration_is_refused() -> None:
    with pytest.raises(ValueError):
        Tween(-1.0, None)
