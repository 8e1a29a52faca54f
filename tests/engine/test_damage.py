"""Partial redraws (``engine.damage``): the tracker's bookkeeping, the app drawing only what a
scene says changed (and whole frames after window events, scene changes, overlays and every
``FULL_EVERY`` draws), and the display uploading only those parts."""

from __future__ import annotations

import pygame
import pytest

from game.engine.app import FULL_EVERY, App
from game.engine.damage import Tracker
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
    assert scene.draws == 1 and presents == [] and app.partial_draws == 0


def test_damage_off_the_canvas_draws_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    scene = start(app, areas=[pygame.Rect(-500, -500, 40, 40), pygame.Rect(-300, -100, 9, 9)])
    presents: list[object] = []
    monkeypatch.setattr(app.display, "present", lambda **kw: presents.append(kw))
    run_frames(app, 3)
    assert scene.draws == 1 and presents == [] and app.partial_draws == 0


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
    shown = display.snapshot()
    assert shown.get_at(SPOT.center)[:3] == (0, 0, 200)
    assert shown.get_at((10, 10))[:3] == (200, 0, 0)  # not uploaded: still the old picture
    assert shown.get_at((SPOT.left - 1, SPOT.top - 1))[:3] == (200, 0, 0)
    assert shown.get_at((SPOT.right - 1, SPOT.bottom - 1))[:3] == (0, 0, 200)


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
    shown = app.display.snapshot()
    assert shown.get_at(SPOT.center)[:3] == (2, 0, 0)
    assert shown.get_at(far.center)[:3] == (3, 0, 0)
    assert shown.get_at(between) == old


def test_boxes_merge_when_a_common_box_costs_less_than_another_pass() -> None:
    from game.engine.damage import PASS_PIXELS, boxes

    screen = pygame.Rect(0, 0, 1920, 1080)
    a, b = pygame.Rect(0, 0, 96, 100), pygame.Rect(128, 0, 96, 100)
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
    from game.engine.damage import boxes

    screen = pygame.Rect(0, 0, 1920, 1080)
    left, right = pygame.Rect(0, 0, 96, 96), pygame.Rect(704, 0, 96, 96)
    die_was, die_is = pygame.Rect(0, 48, 144, 400), pygame.Rect(16, 64, 144, 400)
    out = boxes([left, right, die_was, die_is], screen)
    assert sorted(map(tuple, out)) == [(0, 0, 160, 464), (704, 0, 96, 96)]
    assert sum(box.width * box.height for box in out) == 160 * 464 + 96 * 96
    chain = [pygame.Rect(x, 500, 120, 60) for x in range(0, 1200, 100)]  # each overlaps the next
    joined = boxes(list(reversed(chain)), screen)
    assert joined == [pygame.Rect(0, 500, 1220, 60)]


def test_a_whole_frame_comes_every_full_every_draws_of_parts() -> None:
    """The safety net: a scene that keeps saying only ``SPOT`` changed is still drawn whole
    once every ``FULL_EVERY`` draws, so a part it forgot cannot stay stale for long."""
    app = make_app(frames=10_000)  # every frame drawn
    scene = start(app)  # the first frame paints shade 1 everywhere
    far = (app.surface.get_width() - 10, app.surface.get_height() - 10)  # never in SPOT
    run_frames(app, FULL_EVERY - 1)
    assert app.surface.get_at(far)[:3] == (1, 0, 0)  # only parts so far
    run_frames(app, 1)
    assert app.surface.get_at(far)[:3] == (scene.shade, 0, 0)
    assert app.display.snapshot().get_at(far)[:3] == (scene.shade, 0, 0)
    assert app.draws - app.partial_draws == 2



def _union(a: pygame.Rect, b: pygame.Rect) -> int:
    union = a.union(b)
    return union.width * union.height
