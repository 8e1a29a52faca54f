"""Sprites (``engine.sprites``): squares put down over a picture and lifted off again leave the
picture exactly as it was; the app puts a lone scene's sprites over its partial redraws
without redrawing the scene round them, and uploads where they were and are."""

from __future__ import annotations

import random
import zlib

import pygame

from game.engine.app import App
from game.engine.scenes import Scene
from game.engine.sprites import ATLAS_WIDTH, Sprites, cover
from game.engine.testing import make_app, run_frames
from tests.engine.test_damage import _window

SIZE = (640, 360)


def _picture(seed: int) -> pygame.Surface:
    """A canvas-like surface with a different colour in every 8×8 block."""
    surface = pygame.Surface(SIZE, 0, 32)
    rng = random.Random(seed)
    for y in range(0, SIZE[1], 8):
        for x in range(0, SIZE[0], 8):
            surface.fill((rng.randrange(256), rng.randrange(256), rng.randrange(256)),
                         (x, y, 8, 8))
    return surface


def _crc(surface: pygame.Surface) -> int:
    return zlib.crc32(pygame.image.tobytes(surface, "RGB"))


def _squares(rng: random.Random, count: int, size: int = 14):
    return [((rng.randrange(256), 0, 0),
             (rng.randrange(-20, SIZE[0] + 5), rng.randrange(-20, SIZE[1] + 5),
              rng.randrange(1, size), rng.randrange(1, size))) for _ in range(count)]


def test_squares_put_down_and_lifted_leave_the_picture_as_it_was() -> None:
    """Overlapping squares, squares half off the canvas and enough of them to grow the atlas
    (its rows fill up) — each frame's picture comes back pixel for pixel."""
    canvas, rng, sprites = _picture(1), random.Random(2), Sprites()
    clean = _crc(canvas)
    for count in (1, 40, 600, 3, 900, 0):
        painted = sprites.put(canvas, _squares(rng, count, size=30))
        assert all(canvas.get_rect().contains(rect) for rect in painted)
        if painted:
            assert _crc(canvas) != clean
            assert bool(sprites) and sprites.down == painted
        assert sorted(map(tuple, sprites.lift(canvas))) == sorted(map(tuple, painted))
        assert _crc(canvas) == clean and not sprites


def test_the_squares_are_painted_in_order_over_the_picture() -> None:
    canvas, sprites = _picture(3), Sprites()
    sprites.put(canvas, [((10, 0, 0), (50, 50, 20, 20)), ((0, 20, 0), (60, 60, 20, 20))])
    assert canvas.get_at((55, 55))[:3] == (10, 0, 0)
    assert canvas.get_at((65, 65))[:3] == (0, 20, 0)  # the later one on top
    assert canvas.get_at((85, 85))[:3] != (0, 20, 0)


def test_the_atlas_is_kept_and_grows_only_when_the_squares_need_more_rows() -> None:
    canvas, sprites = _picture(4), Sprites()
    sprites.put(canvas, [((1, 1, 1), (0, 0, 10, 10))])
    atlas = sprites._atlas
    sprites.lift(canvas)
    sprites.put(canvas, [((1, 1, 1), (0, 0, 10, 10))] * 50)
    assert sprites._atlas is atlas  # 50 fit in its first row
    sprites.lift(canvas)
    many = (ATLAS_WIDTH // 10) * 10  # ten rows of 10-pixel squares
    sprites.put(canvas, [((1, 1, 1), (0, 0, 10, 10))] * many)
    assert sprites._atlas is not atlas and sprites._atlas.get_height() >= 100


def test_forget_drops_the_squares_after_the_canvas_was_painted_over_whole() -> None:
    canvas, sprites = _picture(5), Sprites()
    sprites.put(canvas, [((9, 9, 9), (5, 5, 10, 10))])
    canvas.blit(_picture(6), (0, 0))  # a whole redraw
    sprites.forget()
    assert sprites.lift(canvas) == [] and _crc(canvas) == _crc(_picture(6))


def test_cover_gathers_far_apart_squares_apart_and_near_ones_together() -> None:
    near = [pygame.Rect(10, 10, 5, 5), pygame.Rect(30, 40, 5, 5)]
    far = [pygame.Rect(1500, 900, 5, 5)]
    out = cover(near + far)
    assert len(out) == 2
    assert out[0] == near[0].union(near[1]) and out[1] == far[0]
    rects = [pygame.Rect(x, 5, 4, 4) for x in range(0, 800, 100)]  # squares in one row
    assert cover(rects) == [rects[0].unionall(rects[1:])]
    assert cover([]) == []


class Sparkler(Scene):
    """A still picture that says it never changes, with sparks moving over it."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.sparks: list = []
        self.draws = 0

    def damage(self) -> list[pygame.Rect] | None:
        return []

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1
        surface.blit(self.picture, (0, 0))

    def sprites(self):
        return list(self.sparks)


def _sparkler(app: App) -> Sparkler:
    scene = Sparkler(app)
    scene.picture = pygame.Surface(app.surface.get_size(), 0, app.surface)
    scene.picture.fill((20, 30, 40))
    scene.picture.fill((200, 200, 0), (300, 300, 400, 200))
    app.stack.push(scene)
    app.stack.apply_pending()
    run_frames(app, 1)  # whole
    return scene


def test_a_lone_scenes_sprites_move_over_its_picture_without_redrawing_it() -> None:
    app = make_app()
    scene = _sparkler(app)
    draws = scene.draws
    for step in range(6):
        scene.sparks = [((250, 0, 0), (280 + 30 * step, 290 + 10 * step, 12, 12)),
                        ((0, 0, 250), (1500 - 40 * step, 100, 8, 8))]
        run_frames(app, 1)
        expected = scene.picture.copy()
        for colour, square in scene.sparks:
            expected.fill(colour, square)
        assert _crc(app.surface) == _crc(expected)  # the sparks where they are, none behind
        assert _crc(_window(app).convert(app.surface)) == _crc(expected)  # and uploaded
    assert scene.draws == draws  # the picture was never redrawn for them
    scene.sparks = []
    run_frames(app, 1)
    assert _crc(app.surface) == _crc(scene.picture)
    assert _crc(_window(app).convert(app.surface)) == _crc(scene.picture)


def test_under_an_overlay_the_sprites_are_painted_with_their_scene_below_it() -> None:
    app = make_app()
    scene = _sparkler(app)
    scene.sparks = [((250, 0, 0), (100, 100, 20, 20))]
    overlay = Sparkler(app)
    overlay.transparent = True
    overlay.draw = lambda surface: surface.fill((0, 0, 7), (105, 105, 5, 5))  # type: ignore
    app.stack.push(overlay)
    run_frames(app, 2)  # the push is applied after the first: the second is drawn whole
    canvas = app.surface
    assert canvas.get_at((102, 102))[:3] == (250, 0, 0)
    assert canvas.get_at((107, 107))[:3] == (0, 0, 7)  # the overlay over the sparks
    app.stack.pop()
    run_frames(app, 2)
    assert app.sprites.down == [pygame.Rect(100, 100, 20, 20)]  # alone again: the app's
    scene.sparks = []
    run_frames(app, 1)
    assert _crc(app.surface) == _crc(scene.picture)  # nothing left behind either way
