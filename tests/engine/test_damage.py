"""Partial redraws (``engine.damage``): the tracker's bookkeeping, the app drawing only what a
scene says changed (and whole frames after window events, scene changes, overlays and every
``FULL_EVERY`` draws), and the display uploading only those parts."""

from __future__ import annotations

import pygame
import pytest

from game.engine import sdl
from game.engine.app import FULL_EVERY, REFRESH_BANDS, App
from game.engine.damage import Tracker
from game.engine.layers import put_under
from game.engine.scenes import Scene
from game.engine.testing import make_app, post_key, run_frames

SPOT = pygame.Rect(100, 100, 50, 40)


class Painter(Scene):
    """Paints the whole canvas a new shade each draw; says only ``SPOT`` changed."""

    def __init__(self, app: App, areas: list[pygame.Rect] | None | str = "spot") -> None:
        super().__init__(app)
        self.areas = [SPOT] if areas == "spot" else areas
        self.shade = 0
        self.draws = 0

    def damage(self) -> list[pygame.Rect] | None:
        return None if self.areas is None else list(self.areas)

    def draw(self, surface: pygame.Surface) -> None:
        self.shade = (self.shade + 1) % 256
        self.draws += 1
        surface.fill((self.shade, 0, 0))


def start(app: App, **kwargs) -> Painter:
    scene = Painter(app, **kwargs)
    app.stack.push(scene)
    app.stack.apply_pending()
    run_frames(app, 1)  # the first frame is whole
    return scene


def test_the_tracker_says_whole_when_the_signature_changes_else_the_regions_now_and_before():
    tracker = Tracker()
    a, b = pygame.Rect(0, 0, 10, 10), pygame.Rect(50, 50, 10, 10)
    assert tracker.areas(("state", 1), [a]) is None  # the first draw is whole
    assert tracker.areas(("state", 1), [a]) == [a]
    assert tracker.areas(("state", 1), [b]) == [b, a]  # moved: erased where it was
    assert tracker.areas(("state", 2), [b]) is None  # something else changed
    assert tracker.areas(("state", 2), []) == [b]
    assert tracker.areas(("state", 2), [pygame.Rect(0, 0, 0, 5)]) == []  # empty rects drop
    assert tracker.whole() is None
    assert tracker.areas(("state", 2), []) is None


def test_only_the_damaged_part_is_redrawn() -> None:
    app = make_app()
    scene = start(app)
    canvas = app.surface
    before = canvas.get_at((10, 10))
    run_frames(app, 1)
    assert app.partial_draws == 1 and scene.draws == 2
    assert canvas.get_at(SPOT.center)[:3] == (scene.shade, 0, 0)  # inside: the new picture
    assert canvas.get_at((10, 10)) == before  # outside: the last one
    assert canvas.get_clip() == canvas.get_rect()  # the clip is given back


def test_nothing_damaged_draws_and_presents_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    scene = start(app, areas=[])
    presents: list[object] = []
    monkeypatch.setattr(app.display, "present", lambda **kw: presents.append(kw))
    run_frames(app, 3)
    assert scene.draws == 1 and presents == [] and app.partial_draws == 3


def test_damage_off_the_canvas_draws_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    scene = start(app, areas=[pygame.Rect(-500, -500, 40, 40), pygame.Rect(-300, -100, 9, 9)])
    presents: list[object] = []
    monkeypatch.setattr(app.display, "present", lambda **kw: presents.append(kw))
    run_frames(app, 3)
    assert scene.draws == 1 and presents == [] and app.partial_draws == 3


def test_input_alone_does_not_mean_a_whole_frame() -> None:
    """What input changes, the scene's signature says (a tap that changes nothing on screen
    redraws nothing more)."""
    app = make_app()
    start(app)
    post_key("a")
    run_frames(app, 1)
    assert app.partial_draws == 1


@pytest.mark.parametrize("cause", ["window", "no damage"])
def test_whole_frames_after_window_events_or_a_scene_that_cannot_say(cause) -> None:
    app = make_app()
    scene = start(app, areas=None if cause == "no damage" else [SPOT])
    if cause == "window":
        pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))
    run_frames(app, 1)
    assert app.partial_draws == 0
    assert app.surface.get_at((10, 10))[:3] == (scene.shade, 0, 0)


def test_every_row_is_drawn_anew_within_full_every_draws_a_band_at_a_time() -> None:
    """The safety net: every ``FULL_EVERY // REFRESH_BANDS`` partial draws one band of the
    canvas is redrawn with what changed, top to bottom, so within ``FULL_EVERY`` draws every
    pixel is drawn anew, and no frame but the first draws everything."""
    app = make_app(frames=10_000)  # every frame drawn
    scene = start(app)  # the first frame paints shade 1 everywhere
    every = FULL_EVERY // REFRESH_BANDS
    width, height = app.surface.get_size()
    far = width - 10  # never in SPOT
    for band in range(REFRESH_BANDS):
        rows = range(height * band // REFRESH_BANDS, height * (band + 1) // REFRESH_BANDS)
        middle = (far, rows[len(rows) // 2])
        run_frames(app, every - 1)
        assert app.surface.get_at(middle)[:3] == (1, 0, 0)  # not yet: as the first frame
        run_frames(app, 1)
        for y in (rows[0], rows[-1]):  # its whole height, now
            assert app.surface.get_at((far, y))[:3] == (scene.shade, 0, 0), (band, y)
    assert app.draws == 1 + FULL_EVERY and app.draws - app.partial_draws == 1
    shown = _window(app)
    assert all(shown.get_at((far, y))[:3] != (1, 0, 0) for y in range(0, height, 7))
    run_frames(app, 2 * FULL_EVERY)  # and round again
    assert app.draws - app.partial_draws == 1


def test_an_overlay_that_cannot_say_means_whole_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    start(app)
    monkeypatch.setattr(app, "overlay_damage", lambda: None)
    run_frames(app, 5)
    assert app.partial_draws == 0


def test_two_scenes_on_screen_are_drawn_whole() -> None:
    app = make_app()
    start(app)
    overlay = Painter(app)
    overlay.transparent = True
    app.stack.push(overlay)
    app.stack.apply_pending()
    run_frames(app, 5)
    assert app.partial_draws == 0


def test_the_display_uploads_only_the_areas_given() -> None:
    app = make_app()
    display = app.display
    canvas = display.surface
    canvas.fill((200, 0, 0))
    display.present()
    canvas.fill((0, 0, 200))
    display.present(areas=[SPOT])
    renderer = display._presenter.renderer  # type: ignore[union-attr]
    shown = renderer.to_surface()
    assert shown.get_at(SPOT.center)[:3] == (0, 0, 200)
    assert shown.get_at((10, 10))[:3] == (200, 0, 0)  # not uploaded: still the old picture
    assert shown.get_at((SPOT.left - 1, SPOT.top - 1))[:3] == (200, 0, 0)
    assert shown.get_at((SPOT.right - 1, SPOT.bottom - 1))[:3] == (0, 0, 200)


def _sent_rects(monkeypatch: pytest.MonkeyPatch, answer: bool | None = None) -> list:
    """What ``sdl.update_window_rects`` is asked to send (each call's rects), passed on to
    SDL (or answered with ``answer``: False is SDL refusing)."""
    sent: list[list[tuple[int, int, int, int]]] = []
    real = sdl.update_window_rects

    def update(window, rects):
        sent.append([tuple(rect) for rect in rects])
        return real(window, rects) if answer is None else answer

    monkeypatch.setattr(sdl, "update_window_rects", update)
    return sent


def _present_red_then_a_blue_spot(app: App) -> None:
    """The whole canvas red, presented; then SPOT blue, presented alone: the window shows
    both."""
    display = app.display
    display.surface.fill((200, 0, 0))
    display.present()
    display.surface.fill((0, 0, 200), SPOT)
    display.present(areas=[SPOT])
    shown = _window(app)
    assert shown.get_at(SPOT.center)[:3] == (0, 0, 200)
    assert shown.get_at((10, 10))[:3] == (200, 0, 0)


def test_at_one_to_one_pictures_go_straight_to_the_window_and_only_what_changed_is_sent(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """SDL's software renderer draws into the window's own pixels: at 1:1 the canvas is
    copied there (a partial redraw: only its areas) and only that is sent to the screen. The
    texture has not seen it, so when it is drawn next (the window scaled) it takes the whole
    canvas first."""
    app = make_app()
    display = app.display
    presenter = display._presenter
    sent = _sent_rects(monkeypatch)
    _present_red_then_a_blue_spot(app)
    assert sent == [[(0, 0, 1920, 1080)], [tuple(SPOT)]]
    assert presenter.stale  # type: ignore[union-attr]
    assert app.display.window is not None
    app.display.window.size = (960, 540)  # half size: the texture, scaled
    app.display.map_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=960, y=540))
    display.present(redrawn=False)
    assert len(sent) == 2 and not presenter.stale  # type: ignore[union-attr]
    shown = _window(app)
    assert shown.get_at((SPOT.centerx // 2, SPOT.centery // 2))[:3] == (0, 0, 200)
    assert shown.get_at((5, 5))[:3] == (200, 0, 0)


def _red_then_two_blue_squares_and_a_stray_green_pixel(app: App) -> list[pygame.Rect]:
    """The whole canvas red, presented; then two small blue squares (a sprite put down) and,
    between them, a green pixel nobody says changed: the squares, to present."""
    canvas = app.display.surface
    canvas.fill((200, 0, 0))
    app.display.present()
    squares = [pygame.Rect(100, 100, 4, 4), pygame.Rect(150, 150, 4, 4)]
    for square in squares:
        canvas.fill((0, 0, 200), square)
    canvas.set_at((125, 125), (0, 200, 0))
    return squares


def test_at_one_to_one_sprites_squares_are_copied_alone_and_sent_in_a_few_rects(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """Straight into the window's pixels, only the squares are copied (hundreds of sparks
    cost their own pixels, not the rects round them); those rects are what is sent."""
    app = make_app()
    sent = _sent_rects(monkeypatch)
    squares = _red_then_two_blue_squares_and_a_stray_green_pixel(app)
    app.display.present(areas=[SPOT.move(500, 500)], squares=squares)
    assert sent[-1] == [tuple(SPOT.move(500, 500)), (100, 100, 54, 54)]  # sprites.cover
    shown = _window(app)
    assert shown.get_at((101, 101))[:3] == (0, 0, 200)
    assert shown.get_at((152, 152))[:3] == (0, 0, 200)
    assert shown.get_at((125, 125))[:3] == (200, 0, 0)  # not a square: not copied


def test_the_texture_takes_the_rects_round_sprites_squares(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the texture presents (scaled, a GPU), each update costs a call: the squares go
    up in the few rects round them (``sprites.cover``)."""
    app = make_app()
    presenter = app.display._presenter
    monkeypatch.setattr(presenter, "window_pixels", lambda box, size: None)
    squares = _red_then_two_blue_squares_and_a_stray_green_pixel(app)
    app.display.present(areas=[], squares=squares)
    shown = _window(app)
    assert shown.get_at((101, 101))[:3] == (0, 0, 200)
    assert shown.get_at((152, 152))[:3] == (0, 0, 200)
    assert shown.get_at((125, 125))[:3] == (0, 200, 0)  # inside the rect round them


def test_when_sdl_will_not_send_the_areas_the_texture_shows_them(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app()
    sent = _sent_rects(monkeypatch, answer=False)
    _present_red_then_a_blue_spot(app)
    assert sent == [[(0, 0, 1920, 1080)], [tuple(SPOT)]]
    assert not app.display._presenter.stale  # type: ignore[union-attr]


def test_far_apart_parts_are_drawn_and_presented_apart() -> None:
    """Two far-apart parts: a pass for each (clipped to it), both show the new picture, and
    what lies between them is neither redrawn nor sent to the window."""
    far = pygame.Rect(1500, 800, 60, 60)
    app = make_app()
    scene = start(app, areas=[SPOT, far])
    canvas = app.surface
    between = (SPOT.right + 50, SPOT.centery)
    old = canvas.get_at(between)
    run_frames(app, 1)
    assert scene.draws == 3 and app.partial_draws == 1  # the first frame, then two passes
    # (the painter paints a new shade each pass: 2 in the first box, 3 in the second)
    assert canvas.get_at(SPOT.center)[:3] == (2, 0, 0)
    assert canvas.get_at(far.center)[:3] == (3, 0, 0)
    assert canvas.get_at(between) == old
    shown = app.display._presenter.renderer.to_surface()  # type: ignore[union-attr]
    assert shown.get_at(SPOT.center)[:3] == (2, 0, 0)
    assert shown.get_at(far.center)[:3] == (3, 0, 0)
    assert shown.get_at(between) == old


class Veiled(Painter):
    """A painter with a full-screen effect while ``veil`` is set: a green wash."""

    veil = True

    def effect(self):
        if not self.veil:
            return None

        def wash(surface: pygame.Surface, under) -> None:
            if under is not None:  # the app's copy: the canvas goes in first
                put_under(surface, under, surface.get_rect())
            surface.fill((0, 90, 0), special_flags=pygame.BLEND_RGB_ADD)
        return wash


def _window(app: App) -> pygame.Surface:
    return app.display._presenter.renderer.to_surface()  # type: ignore[union-attr]


def test_a_lone_scenes_effect_is_shown_over_a_copy_and_never_drawn_into_the_canvas() -> None:
    app = make_app()
    scene = Veiled(app)
    app.stack.push(scene)
    app.stack.apply_pending()
    run_frames(app, 1)  # whole
    draws = scene.draws
    run_frames(app, 3)  # partial under the effect: only SPOT is redrawn
    assert app.partial_draws == 3 and scene.draws == draws + 3
    canvas, far = app.surface, (1500, 900)
    assert canvas.get_at(SPOT.center)[:3] == (scene.shade, 0, 0)  # no green in the canvas
    assert canvas.get_at(far)[:3] == (1, 0, 0)  # drawn once, by the whole first frame
    assert _window(app).get_at(SPOT.center)[:3] == (scene.shade, 90, 0)
    assert _window(app).get_at(far)[:3] == (1, 90, 0)  # the effect covers all of the window
    assert app.shown.get_at(far)[:3] == (1, 90, 0)
    scene.veil = False
    run_frames(app, 1)  # the effect is over: the window shows all of the canvas again
    assert _window(app).get_at(far)[:3] == (1, 0, 0)
    assert app.shown is canvas


def test_an_effect_is_drawn_in_the_windows_own_pixels_where_they_are_shown_as_they_are(
) -> None:
    """SDL's software renderer at 1:1 (``Display.window_pixels``): the effect's copy of the
    canvas is made straight in the window's pixels, so presenting it copies nothing more."""
    app = make_app()
    scene = Veiled(app)
    app.stack.push(scene)
    app.stack.apply_pending()
    run_frames(app, 3)
    pixels = app.display.window_pixels()
    assert pixels is not None and app.shown is pixels and app._frame is not pixels
    assert _window(app).get_at((1500, 900))[:3] == (1, 90, 0)
    assert app.surface.get_at((1500, 900))[:3] == (1, 0, 0)


def test_the_copy_under_an_effect_is_made_once_and_reused_by_the_next_effect(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the window's own pixels are not shown as they are (a GPU, a scaled window): a
    fresh canvas-sized copy (8 MB at 1080p) faults its pages in as it is written: made on the
    first frame of each slam, it cost ~7 ms there. It is made in the startup frame, kept, and
    each effect draws into it again with the picture of its own moment."""
    app = make_app()
    monkeypatch.setattr(app.display, "window_pixels", lambda: None)
    scene = Veiled(app)
    scene.veil = False
    app.stack.push(scene)
    app.stack.apply_pending()
    run_frames(app, 1)  # the startup frame, no effect in it
    kept = app._frame
    assert kept is not None and kept.get_size() == app.surface.get_size()
    scene.veil = True
    run_frames(app, 2)
    assert app._frame is kept and app.shown is kept
    scene.veil = False
    run_frames(app, 2)
    assert app.shown is app.surface and app._frame is kept
    app.surface.fill((7, 0, 0))  # what the canvas shows when the next effect starts
    scene.veil = True
    run_frames(app, 1)
    assert app._frame is kept and app.shown is kept
    assert _window(app).get_at((1500, 900))[:3] == (7, 90, 0)


def test_the_copy_under_an_effect_is_shaken_as_the_scene_says_and_the_canvas_is_not() -> None:
    """``Scene.effect_shake``: the window shows the canvas moved by the shake, the strips it
    uncovers black, the effect over it all; the canvas itself stays where it is."""
    app = make_app()
    scene = Veiled(app)
    scene.effect_shake = lambda: (6, -4)  # type: ignore[method-assign]
    app.stack.push(scene)
    app.stack.apply_pending()
    run_frames(app, 2)
    canvas, shown = app.surface, _window(app)
    canvas_spot = canvas.get_at(SPOT.center)[:3]
    assert canvas_spot[1] == 0  # no effect in the canvas
    assert shown.get_at((SPOT.centerx + 6, SPOT.centery - 4))[:3] == \
        (canvas_spot[0], 90, 0)  # the canvas moved by (6, -4), then veiled
    width, height = canvas.get_size()
    assert shown.get_at((3, 500))[:3] == (0, 90, 0)  # the uncovered left strip: black, veiled
    assert shown.get_at((900, height - 2))[:3] == (0, 90, 0)  # and the bottom one
    assert shown.get_at((9, 500))[:3] == (canvas.get_at((3, 504))[0], 90, 0)


def test_an_effect_goes_on_under_an_overlay_drawn_whole() -> None:
    app = make_app()
    scene = Veiled(app)
    app.stack.push(scene)
    app.stack.apply_pending()
    run_frames(app, 1)
    overlay = Painter(app, areas=[])
    overlay.transparent = True
    overlay.draw = lambda surface: surface.fill((0, 0, 7), SPOT)  # type: ignore[method-assign]
    app.stack.push(overlay)
    app.stack.apply_pending()
    run_frames(app, 1)
    canvas = app.surface
    assert canvas.get_at((1500, 900))[:3] == (scene.shade, 90, 0)  # drawn into the canvas
    assert canvas.get_at(SPOT.center)[:3] == (0, 0, 7)  # the overlay above the effect
    assert _window(app).get_at((1500, 900))[:3] == (scene.shade, 90, 0)


def test_boxes_merge_when_a_common_box_costs_less_than_another_pass() -> None:
    from game.engine.damage import PASS_PIXELS, boxes

    screen = pygame.Rect(0, 0, 1920, 1080)
    a, b = pygame.Rect(0, 0, 96, 100), pygame.Rect(128, 0, 96, 100)  # on the ALIGN grid
    assert boxes([a, b], screen) == [pygame.Rect(0, 0, 224, 100)]  # 3,200 px more: one box
    far = pygame.Rect(1808, 900, 96, 100)
    assert _union(a, far) - 19_200 > PASS_PIXELS
    assert boxes([a, far], screen) == [a, far]  # the common box would be most of the screen
    assert boxes([a, a, far.move(5000, 0)], screen) == [a]  # duplicates once, off-screen none
    many = [pygame.Rect(x, y, 10, 10) for x in range(0, 1900, 600) for y in range(0, 1000, 400)]
    assert len(boxes(many, screen, limit=4)) == 4


def test_overlapping_rects_join_before_far_ones_are_weighed() -> None:
    """Two small sparks far apart come first in the list, a sliding die (where it is and
    was) after them: merging by cost in list order alone joined the sparks into a strip
    (80,000 px) and left the die apart (60,000 px); joining what overlaps first keeps the
    left spark with the die it touches and the right one alone."""
    from game.engine.damage import area, boxes

    screen = pygame.Rect(0, 0, 1920, 1080)
    left, right = pygame.Rect(0, 0, 96, 96), pygame.Rect(704, 0, 96, 96)
    die_was, die_is = pygame.Rect(0, 48, 144, 400), pygame.Rect(16, 64, 144, 400)
    out = boxes([left, right, die_was, die_is], screen)
    assert sorted(map(tuple, out)) == [(0, 0, 160, 464), (704, 0, 96, 96)]
    assert area(out) == 160 * 464 + 96 * 96
    chain = [pygame.Rect(x, 500, 120, 60) for x in range(0, 1200, 100)]  # each overlaps the next
    joined = boxes(list(reversed(chain)), screen)
    assert joined == [pygame.Rect(0, 500, 1232, 60)]  # 0..1,220, widened onto the grid


def test_boxes_start_and_end_on_the_copy_friendly_grid() -> None:
    """A box's first and last columns are widened to multiples of ALIGN (a cache line of the
    canvas), never past the canvas."""
    from game.engine.damage import ALIGN, boxes

    screen = pygame.Rect(0, 0, 1916, 1080)  # a width off the grid: the last box ends there
    out = boxes([pygame.Rect(301, 200, 900, 700), pygame.Rect(1890, 5, 26, 30)], screen)
    assert out == [pygame.Rect(288, 200, 928, 700), pygame.Rect(1888, 5, 28, 30)]
    assert all(box.left % ALIGN == 0 for box in out)
    assert out[0].right % ALIGN == 0


def _union(a: pygame.Rect, b: pygame.Rect) -> int:
    union = a.union(b)
    return union.width * union.height


LEFT = pygame.Rect(0, 0, 640, 1000)  # a burst: two far-apart boxes of 640,000 px, on the grid
RIGHT = pygame.Rect(1280, 0, 640, 1000)


def test_a_burst_is_split_what_was_left_then_what_is_pointed_at_first() -> None:
    from game.engine.damage import FRAME_PIXELS, share

    screen = pygame.Rect(0, 0, 1920, 1080)
    assert 640_000 <= FRAME_PIXELS < 2 * 640_000
    assert share([LEFT, RIGHT], screen, last=0) == ([LEFT], [RIGHT])  # in their own order
    pointer = pygame.Rect(1500, 400, 1, 1)
    assert share([LEFT, RIGHT], screen, last=0, first=[pointer]) == ([RIGHT], [LEFT])
    left_over = pygame.Rect(100, 100, 10, 10)  # before the pointer
    assert share([LEFT, RIGHT], screen, last=0, first=[left_over, pointer]) == ([LEFT], [RIGHT])
    small = pygame.Rect(896, 1040, 96, 40)  # fits beside the first box
    assert share([LEFT, RIGHT, small], screen, last=0) == ([LEFT, small], [RIGHT])


def test_motion_that_keeps_costing_as_much_is_never_split() -> None:
    """More than the budget but not ``BURST_PIXELS`` more than the last frame drew: motion,
    whose parts left behind every other frame would move at half the rate; and within
    budget, never. A burst on top of motion (a tap while dice tumble) is split."""
    from game.engine.damage import BURST_PIXELS, FRAME_PIXELS, share

    screen = pygame.Rect(0, 0, 1920, 1080)
    assert share([LEFT, RIGHT], screen, last=1_280_000) == ([LEFT, RIGHT], [])
    assert share([LEFT, RIGHT], screen, last=1_280_000 - BURST_PIXELS) == ([LEFT, RIGHT], [])
    assert share([LEFT, RIGHT], screen, last=300_000) == ([LEFT], [RIGHT])
    a, b = pygame.Rect(0, 0, 640, 625), pygame.Rect(1280, 0, 640, 625)  # 800,000 px in all
    assert share([a, b], screen, last=0) == ([a, b], [])
    huge = pygame.Rect(0, 0, 1920, 1000)  # one box over the budget: drawn, nothing left
    assert huge.width * huge.height > FRAME_PIXELS
    assert share([huge], screen, last=0) == ([huge], [])


class Burst(Painter):
    """Still, until ``burst()``: then both halves of the canvas change at once."""

    def __init__(self, app: App) -> None:
        super().__init__(app, areas=[])

    def burst(self) -> None:
        self.areas = [LEFT, RIGHT]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.areas = []


def test_a_burst_is_drawn_over_two_frames_and_then_all_of_it_shows() -> None:
    """A tap that changes more than ``FRAME_PIXELS``: the half where the pointer is first,
    the rest the next frame, even on a screen that would not be drawn again by itself."""
    app = make_app()
    scene = Burst(app)
    app.stack.push(scene)
    app.stack.apply_pending()
    run_frames(app, 2)  # whole, then nothing changed
    app._pointer = (1500, 400)
    scene.burst()
    run_frames(app, 1)
    canvas = app.surface
    assert app.deferred == [LEFT]
    assert canvas.get_at(RIGHT.center)[:3] == (scene.shade, 0, 0)
    assert canvas.get_at(LEFT.center)[:3] == (1, 0, 0)  # still the first frame's
    shade = scene.shade
    app.pacer.quiet = 10**6  # untouched for long: drawn 12 times a second, were it not for
    app.pacer.activity = lambda: None  # type: ignore[method-assign]  # what was left
    run_frames(app, 1)
    assert app.deferred == []
    assert canvas.get_at(LEFT.center)[:3] == (shade + 1, 0, 0)
    assert canvas.get_at(RIGHT.center)[:3] == (shade, 0, 0)  # unchanged: not drawn again
    assert _window(app).get_at(LEFT.center)[:3] == (shade + 1, 0, 0)


class Dialog(Painter):
    """A transparent overlay: a small panel whose shade moves on every draw."""

    transparent = True

    def draw(self, surface: pygame.Surface) -> None:
        self.shade = (self.shade + 7) % 256
        self.draws += 1
        surface.fill((0, self.shade, 0), (800, 400, 300, 200))


def _stacked(app: App) -> tuple[Painter, Dialog]:
    below = start(app)
    dialog = Dialog(app)
    app.stack.push(dialog)
    run_frames(app, 2)  # pushed after the first; the second draws both anew
    return below, dialog


def test_the_scenes_under_an_overlay_are_drawn_once_and_copied_back_under_it() -> None:
    """A dialog over a scene: the scene below is not updated while the dialog is up, so it
    is drawn once into a backdrop; each frame copies that back and draws the dialog over it,
    and the picture is the one drawing both gives."""
    app = make_app()
    below, dialog = _stacked(app)
    draws, shade = below.draws, below.shade
    run_frames(app, 5)
    assert below.draws == draws and dialog.draws >= 6
    canvas = app.surface
    assert canvas.get_at((10, 10))[:3] == (shade, 0, 0)  # the backdrop: the scene as drawn
    assert canvas.get_at((900, 500))[:3] == (0, dialog.shade, 0)  # the dialog, as it is now
    assert _window(app).get_at((10, 10))[:3] == (shade, 0, 0)


@pytest.mark.parametrize("cause", ["language", "window", "scene", "age"])
def test_the_backdrop_is_drawn_anew_when_what_is_under_the_overlay_may_have_changed(cause):
    app = make_app()
    below, dialog = _stacked(app)
    run_frames(app, 2)
    draws = below.draws
    if cause == "language":
        app.forget_backdrop()  # as ArcadeApp.set_language does
    elif cause == "window":
        app.display.damaged = True
    elif cause == "scene":
        app.stack.push(Dialog(app))
        run_frames(app, 1)  # applied after this frame: the next one is drawn anew
        draws = below.draws
    else:
        app._backdrop_draws = FULL_EVERY
    run_frames(app, 1)
    assert below.draws == draws + 1
    assert app.surface.get_at((10, 10))[:3] == (below.shade, 0, 0)
    run_frames(app, 2)
    assert below.draws == draws + 1  # and kept again


class SlowUpdate(Burst):
    """A burst whose update (the rules after a tap) takes ``cost`` seconds of the frame."""

    cost = 0.0

    def update(self, dt: float) -> None:
        self.app.clock.advance(self.cost)


@pytest.mark.parametrize("spent_ms, split", [(0.0, False), (1.5, True), (50.0, True)])
def test_what_a_frame_spent_on_updates_is_taken_off_its_burst(spent_ms, split) -> None:
    """``App.PIXELS_PER_MS``: two boxes of 640×600 fit in one frame's ``FRAME_PIXELS``
    after a cheap update, but after 1.5 ms of input and updates the second waits for the
    next frame; however long the update took, one box is drawn at once."""
    from game.engine.app import PIXELS_PER_MS
    from game.engine.damage import FRAME_PIXELS

    half = pygame.Rect(0, 0, 640, 600)
    other = pygame.Rect(1280, 0, 640, 600)
    both = 2 * half.width * half.height
    assert FRAME_PIXELS - 1.5 * PIXELS_PER_MS < both <= FRAME_PIXELS
    app = make_app()
    scene = SlowUpdate(app)
    app.stack.push(scene)
    app.stack.apply_pending()
    run_frames(app, 2)  # whole, then nothing changed
    scene.cost = spent_ms / 1000.0
    scene.areas = [half, other]
    run_frames(app, 1)
    assert app.deferred == ([other] if split else [])
    canvas = app.surface
    assert canvas.get_at(half.center)[:3] != (1, 0, 0)  # drawn anew (the first frame's: 1)
    assert (canvas.get_at(other.center)[:3] == (1, 0, 0)) == split


def test_what_was_left_is_drawn_the_next_frame_whatever_else_comes() -> None:
    """A burst waits one frame at most: the frame after a split draws what was left and all
    that changed since, however much (a burst every frame is never put off twice)."""
    app = make_app()
    scene = Burst(app)
    app.stack.push(scene)
    app.stack.apply_pending()
    run_frames(app, 2)
    scene.burst()
    run_frames(app, 1)
    assert app.deferred == [RIGHT]
    scene.burst()  # another burst at once
    run_frames(app, 1)
    assert app.deferred == []
    assert app.surface.get_at(RIGHT.center)[:3] != (1, 0, 0)  # the first frame's no more
