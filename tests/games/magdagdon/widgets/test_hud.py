"""The MAGDAGDON banner's slam: at every step it veils the whole picture and draws its band
with the title scaled for that step (M-6.1's moment, shown over the board)."""

from __future__ import annotations

import pygame

from game.games.magdagdon.widgets import hud
from game.games.magdagdon.widgets.layout import PlayLayout


def test_a_slam_veils_the_whole_picture_and_draws_its_band_at_every_step() -> None:
    layout = PlayLayout()
    canvas = pygame.Surface(layout.size)
    pictures = set()
    for progress in (0.05, 0.3, 0.5, 0.7, 0.95):
        canvas.fill((0, 0, 200))
        hud.draw_banner(canvas, layout, progress, True, "")
        assert canvas.get_at((5, 5))[:3] != (0, 0, 200)  # veiled
        assert canvas.get_at((5, layout.size[1] - 5))[:3] != (0, 0, 200)
        pictures.add(pygame.image.tobytes(canvas, "RGB"))
    assert len(pictures) == 5  # the title shrinks and the band moves at every step
