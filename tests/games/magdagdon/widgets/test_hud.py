"""The MAGDAGDON banner's slam: its title is scaled frame by frame into one buffer, the same
pixels ``transform.scale_by`` gives, without a fresh 2–3 MB surface (a fresh mapping whose
pages fault in as they are written) every frame."""

from __future__ import annotations

import pygame

from game.arcade.widgets import palette, text
from game.engine import caches, i18n
from game.games.magdagdon.widgets import hud
from game.games.magdagdon.widgets.layout import PlayLayout


def test_the_slam_scales_its_title_into_one_buffer_with_scale_bys_pixels() -> None:
    title = text.render(hud.BANNER, "logo", 150, palette.TEXT)
    parents = set()
    for scale in (hud.MAX_SLAM_SCALE, 1.73, 1.2, 0.97, 1.031):
        scaled = hud._scaled(title, scale)
        expected = pygame.transform.scale_by(title, scale)
        assert scaled.get_size() == expected.get_size()
        assert pygame.image.tobytes(scaled, "RGBA") == pygame.image.tobytes(expected, "RGBA")
        parents.add(id(scaled.get_parent()))
    assert len(parents) == 1


def test_a_slam_draws_the_banner_over_the_whole_picture_at_every_step() -> None:
    """Each step of the slam veils the picture and draws the band and its title; the buffer
    under the title never shows (a step after a bigger one shows no leftover of it)."""
    layout = PlayLayout()
    canvas = pygame.Surface(layout.size)
    for progress in (0.05, 0.3, 0.5, 0.7, 0.95):
        canvas.fill((0, 0, 200))
        hud.draw_banner(canvas, layout, progress, True, "")
        reference = pygame.Surface(layout.size)
        reference.fill((0, 0, 200))
        hud._slam_buffer.clear()  # as drawn into a fresh surface
        hud.draw_banner(reference, layout, progress, True, "")
        assert pygame.image.tobytes(canvas, "RGB") == pygame.image.tobytes(reference, "RGB")
        assert canvas.get_at((5, 5))[:3] != (0, 0, 200)  # veiled


def test_the_play_screen_makes_the_slams_buffer_before_the_slam() -> None:
    """``prewarm_banner`` (as the play screen opens) makes the buffer every step of the slam
    scales its title into, its pages written: the slam's first frame makes nothing."""
    hud._slam_buffer.clear()
    hud.prewarm_banner()
    assert len(hud._slam_buffer) == 1
    buffer = hud._slam_buffer[0]
    layout = PlayLayout()
    canvas = pygame.Surface(layout.size)
    for progress in (0.0, 0.2, 0.45):  # from twice the title's size down
        hud.draw_banner(canvas, layout, progress, True, "")
        assert hud._slam_buffer == [buffer]


def test_the_play_screen_renders_the_settled_banners_title_before_the_slam_ends() -> None:
    """The frame the slam ends draws the banner settled in its strip: its title (and shadow)
    are already rendered then, not rasterised on that frame."""
    pygame.init()
    i18n.clear_fonts()  # fonts of an earlier test's App died with its pygame.quit
    caches.reset_all()  # and so did what they rendered
    hud.prewarm_banner()
    for colour in (palette.TEXT, text.SHADOW):
        assert (hud.BANNER, "logo", hud.SETTLED_LOGO, colour, i18n.current()) in text._cache
