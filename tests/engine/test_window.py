"""Window geometry (pure arithmetic): window size and place, remembered geometry, letterbox and
the window → logical pointer mapping, for every screen of the display matrix."""

from __future__ import annotations

import itertools

import pytest

from game.engine.window import (
    DECORATIONS,
    Monitor,
    contains,
    default_window,
    fit,
    integer_scale,
    letterbox,
    monitor_at,
    parse_remembered,
    remembered,
    restore_window,
    scale_motion,
    to_logical,
    to_window,
)

LANDSCAPE, PORTRAIT = (1920, 1080), (1080, 1920)
SCREENS = {  # the display matrix: size → the logical frame the game picks there
    (1366, 768): LANDSCAPE,
    (1280, 1024): LANDSCAPE,
    (1920, 1200): LANDSCAPE,
    (2560, 1080): LANDSCAPE,
    (3840, 2160): LANDSCAPE,
    (1080, 1920): PORTRAIT,
    (1920, 1080): LANDSCAPE,
    (1440, 900): LANDSCAPE,  # 16:10 laptop
    (1024, 768): LANDSCAPE,  # 4:3
}


def monitor(w: int, h: int, taskbar: int = 40, name: str = "HDMI-1", x: int = 0,
            index: int = 0) -> Monitor:
    return Monitor(index, name, (x, 0, w, h), (x, 0, w, h - taskbar))


@pytest.mark.parametrize("screen", SCREENS)
def test_the_default_window_is_the_largest_of_the_aspect_that_fits_with_its_title_bar(screen):
    logical = SCREENS[screen]
    mon = monitor(*screen)
    x, y, w, h = default_window(logical, mon)
    left, top, right, bottom = DECORATIONS
    ux, uy, uw, uh = mon.usable
    # whole window, title bar and borders included, inside the usable area
    assert contains(mon.usable, (x - left, y - top, w + left + right, h + top + bottom))
    # the game's aspect, to the pixel
    assert abs(w / h - logical[0] / logical[1]) < 2 / min(w, h)
    # the largest: one more pixel of height (at the aspect) would not fit
    assert w >= uw - left - right - 1 or h >= uh - top - bottom - 1
    # centred in the room left
    room_left, room_right = x - (ux + left), (ux + uw - right) - (x + w)
    room_top, room_bottom = y - (uy + top), (uy + uh - bottom) - (y + h)
    assert abs(room_left - room_right) <= 1 and abs(room_top - room_bottom) <= 1


def test_a_1366x768_laptop_gets_a_window_that_fits_not_1920x1080():
    rect = default_window(LANDSCAPE, monitor(1366, 768, taskbar=40))
    assert rect[2:] == (1208, 680)
    assert rect[1] >= DECORATIONS[1]  # the title bar is on screen: the window can be moved
    assert rect[1] + rect[3] <= 768 - 40


def test_a_scaled_1080p_laptop_has_even_less_room():
    # 1920×1080 at 150 % is a 1280×720 desktop for a DPI-unaware program
    x, y, w, h = default_window(LANDSCAPE, monitor(1280, 720, taskbar=48))
    assert (w, h) == (1109, 624) and y >= 40 and y + h <= 720 - 48


def test_the_default_window_goes_on_the_given_monitor():
    second = Monitor(1, "DP-2", (1920, -200, 2560, 1440), (1920, -200, 2560, 1400))
    x, y, w, h = default_window(LANDSCAPE, second)
    assert contains(second.usable, (x, y, w, h))


def test_fit_keeps_the_aspect_and_never_returns_nothing():
    assert fit((1920, 1080), (1366, 768)) == (1365, 768)
    assert fit((1080, 1920), (1366, 768)) == (432, 768)
    assert fit((1920, 1080), (3840, 2160)) == (3840, 2160)
    assert fit((1920, 1080), (0, 0)) == (1, 1)


# --- remembered geometry ---------------------------------------------------------------
def test_a_remembered_window_that_fits_its_monitor_is_used():
    mons = [monitor(1920, 1080)]
    saved = {"x": 100, "y": 80, "w": 1280, "h": 720, "display": "HDMI-1"}
    assert restore_window(saved, mons, LANDSCAPE) == ((100, 80, 1280, 720), mons[0])


def test_a_remembered_window_on_a_monitor_that_is_gone_is_ignored():
    mons = [monitor(1366, 768, name="eDP-1")]
    saved = {"x": 2000, "y": 80, "w": 1600, "h": 900, "display": "HDMI-1"}
    rect, mon = restore_window(saved, mons, LANDSCAPE)
    assert mon is mons[0] and rect == default_window(LANDSCAPE, mons[0])


def test_a_remembered_window_too_big_for_its_monitor_now_is_refitted_there():
    mons = [monitor(1366, 768, name="eDP-1"), monitor(1920, 1080, name="HDMI-1", x=1366,
                                                        index=1)]
    saved = {"x": 1366, "y": 0, "w": 1920, "h": 1200, "display": "HDMI-1"}
    rect, mon = restore_window(saved, mons, LANDSCAPE)
    assert mon is mons[1] and rect == default_window(LANDSCAPE, mons[1])


def test_a_remembered_window_off_its_monitor_or_tiny_or_malformed_is_not_used():
    mons = [monitor(1920, 1080)]
    default = (default_window(LANDSCAPE, mons[0]), mons[0])
    for saved in ({"x": 1800, "y": 80, "w": 1280, "h": 720, "display": "HDMI-1"},
                  {"x": 10, "y": 10, "w": 100, "h": 60, "display": "HDMI-1"},
                  {"x": 10, "y": 10, "w": 1280, "h": 720},
                  {"x": "10", "y": 10, "w": 1280, "h": 720, "display": "HDMI-1"},
                  None, [], "HDMI-1"):
        assert restore_window(saved, mons, LANDSCAPE) == default, saved


def test_remembered_round_trip_matches_the_settings_format():
    from game.arcade.storage.settings import valid_window

    mon = monitor(1920, 1080)
    saved = remembered((12, 34, 1280, 720), mon)
    assert saved == {"x": 12, "y": 34, "w": 1280, "h": 720, "display": "HDMI-1"}
    assert valid_window(saved)
    assert parse_remembered(saved) == ((12, 34, 1280, 720), "HDMI-1")


def test_the_monitor_of_a_window_is_the_one_under_its_centre():
    left, right = monitor(1920, 1080, name="A"), monitor(2560, 1440, name="B", x=1920, index=1)
    assert monitor_at([left, right], (1700, 100, 800, 600)).name == "B"
    assert monitor_at([left, right], (100, 100, 800, 600)).name == "A"
    assert monitor_at([left, right], (-5000, -5000, 10, 10)).name in ("A", "B")


# --- letterbox and pointer mapping -------------------------------------------------------
@pytest.mark.parametrize("screen", SCREENS)
def test_the_letterbox_covers_one_side_and_is_centred(screen):
    logical = SCREENS[screen]
    x, y, w, h = letterbox(logical, screen)
    assert contains((0, 0, *screen), (x, y, w, h))
    assert w == screen[0] or h == screen[1] or (w, h) == (screen[0] - 1, screen[1] - 1)
    assert abs(x - (screen[0] - w - x)) <= 1 and abs(y - (screen[1] - h - y)) <= 1
    assert abs(w / h - logical[0] / logical[1]) < 2 / min(w, h)


def test_4k_is_an_exact_double_and_draws_sharp():
    box = letterbox(LANDSCAPE, (3840, 2160))
    assert box == (0, 0, 3840, 2160) and integer_scale(LANDSCAPE, box)
    assert integer_scale(LANDSCAPE, letterbox(LANDSCAPE, (1920, 1080)))
    assert not integer_scale(LANDSCAPE, letterbox(LANDSCAPE, (1366, 768)))
    assert integer_scale(PORTRAIT, letterbox(PORTRAIT, (2160, 3840)))


def test_ultrawide_gets_side_bars_and_5_4_gets_top_and_bottom_bars():
    assert letterbox(LANDSCAPE, (2560, 1080)) == (320, 0, 1920, 1080)
    assert letterbox(LANDSCAPE, (1280, 1024)) == (0, 152, 1280, 720)
    assert letterbox(PORTRAIT, (1080, 1920)) == (0, 0, 1080, 1920)
    assert letterbox(PORTRAIT, (1920, 1080)) == (656, 0, 607, 1080)


@pytest.mark.parametrize("screen", SCREENS)
def test_every_drawn_point_maps_back_to_itself(screen):
    """A tap at the window pixel showing logical point P lands on P (within the pixel
    a window pixel covers when the picture is shrunk)."""
    logical = SCREENS[screen]
    box = letterbox(logical, screen)
    scale = box[2] / logical[0]
    tolerance = max(1.0, 1 / scale)
    xs = (0, 1, 137, logical[0] // 2, logical[0] - 2, logical[0] - 1)
    ys = (0, 1, 99, logical[1] // 2, logical[1] - 2, logical[1] - 1)
    for point in itertools.product(xs, ys):
        window = to_window(point, box, logical)
        assert contains(box, (*window, 1, 1)), (point, window)
        back = to_logical(window, box, logical)
        assert abs(back[0] - point[0]) <= tolerance and abs(back[1] - point[1]) <= tolerance
        if scale >= 1:
            assert back == point


def test_window_corners_map_to_the_frame_corners_and_bars_clamp():
    box = letterbox(LANDSCAPE, (1280, 1024))  # bars above and below
    assert to_logical((0, 152), box, LANDSCAPE) == (0, 0)
    assert to_logical((1279, 152 + 719), box, LANDSCAPE) == (1919, 1079)
    assert to_logical((0, 0), box, LANDSCAPE) == (0, 0)  # the top bar: the frame's edge
    assert to_logical((1279, 1023), box, LANDSCAPE) == (1919, 1079)
    assert to_logical((640, 512), box, LANDSCAPE) == (960, 540)


def test_motion_is_scaled_with_the_picture():
    box = letterbox(LANDSCAPE, (960, 540))
    assert scale_motion((10, -5), box, LANDSCAPE) == (20, -10)
