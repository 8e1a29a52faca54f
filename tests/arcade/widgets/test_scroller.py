"""The scroller: clamped at both ends, gliding to a wheel's or a key's target, a fling that
slows and stops, and no motion at all with reduced motion."""

from __future__ import annotations

from game.arcade.widgets.scroller import Scroller


def test_scroller_clamps_at_both_ends():
    s = Scroller(content=3000, view=1000, smooth=False)
    s.scroll_by(-500)
    assert s.offset == 0
    s.scroll_by(10_000)
    assert s.offset == s.max_offset == 2000
    s.press(500, 0.0)
    s.move(-5000, 0.1)
    assert s.offset == 2000
    s.move(5000, 0.2)
    assert s.offset == 0


def test_short_content_does_not_scroll():
    s = Scroller(content=500, view=1000)
    s.scroll_by(300)
    for _ in range(60):
        s.update(1 / 60)
    assert s.offset == 0 and s.max_offset == 0 and s.fraction == 0


def test_wheel_glides_to_its_target():
    s = Scroller(content=3000, view=1000)
    s.scroll_by(150)
    s.scroll_by(150)  # a second notch adds to the target, not to the current offset
    s.update(1 / 60)
    assert 0 < s.offset < 300
    for _ in range(120):
        s.update(1 / 60)
    assert s.offset == 300 and not s.moving


def test_fling_keeps_going_then_stops_and_stays_clamped():
    s = Scroller(content=20_000, view=1000)
    s.press(800, 0.0)
    for i in range(1, 6):
        s.move(800 - 40 * i, i / 60)
    at_release = s.offset
    s.release(6 / 60)
    assert s.velocity > 0
    for _ in range(600):
        s.update(1 / 60)
    assert s.offset > at_release + 100
    assert s.velocity == 0 and s.offset <= s.max_offset


def test_a_held_then_released_finger_does_not_fling():
    s = Scroller(content=20_000, view=1000)
    s.press(800, 0.0)
    s.move(600, 0.05)
    s.release(1.0)  # held still for almost a second
    assert s.velocity == 0


def test_reduced_motion_jumps_and_never_flings():
    s = Scroller(content=5000, view=1000, smooth=False)
    s.scroll_by(150)
    assert s.offset == 150
    s.press(800, 0.0)
    s.move(600, 1 / 60)
    s.release(2 / 60)
    assert s.velocity == 0


def test_scroller_keys_move_by_a_step_a_page_or_to_either_end():
    scroller = Scroller(content=2000, view=500, smooth=False)
    assert scroller.key("down", 150, 400) and scroller.offset == 150
    assert scroller.key("page_down", 150, 400) and scroller.offset == 550
    assert scroller.key("up", 150, 400) and scroller.offset == 400
    assert scroller.key("end", 150, 400) and scroller.offset == 1500
    assert scroller.key("page_down", 150, 400) and scroller.offset == 1500  # clamped
    assert scroller.key("page_up", 150, 400) and scroller.offset == 1100
    assert scroller.key("home", 150, 400) and scroller.offset == 0
    assert not scroller.key("accept", 150, 400) and not scroller.key(None, 150, 400)
    assert scroller.offset == 0
