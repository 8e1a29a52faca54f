"""MAGDAGDON's part of the About page (M-9): the dedication to Majduška and the credits, with
one drawn figure (the game's name over a heart between two tumbling dice)."""

from __future__ import annotations

import pygame

from game.arcade.scenes.document import Figure
from game.arcade.widgets import palette, text
from game.arcade.widgets.textflow import BULLET, FIGURE, HEADING, PARAGRAPH
from game.games.magdagdon.texts import HELP, help_text
from game.games.magdagdon.widgets import dice

HEART = (255, 92, 150)
HEART_DARK = (170, 30, 90)


def heart(surface: pygame.Surface, centre: tuple[int, int], size: int,
          colour: tuple[int, int, int]) -> None:
    """A heart ``size`` px wide: two lobes and a point, drawn twice as large and scaled down."""
    big = size * 2
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    r = big * 0.27
    left, right = (big * 0.29, big * 0.33), (big * 0.71, big * 0.33)
    pygame.draw.circle(canvas, colour, left, r)
    pygame.draw.circle(canvas, colour, right, r)
    points = [(big * 0.035, big * 0.42), (big * 0.5, big * 0.94), (big * 0.965, big * 0.42),
              (big * 0.5, big * 0.36)]
    pygame.draw.polygon(canvas, colour, points)
    image = pygame.transform.smoothscale(canvas, (size, size))
    surface.blit(image, image.get_rect(center=centre))


def _dedication(surface: pygame.Surface, rect: pygame.Rect, digits: bool) -> None:
    """MAGDAGDON in the title's letters, over a heart between two tilted dice."""
    name = help_text("about.name")
    cx = rect.centerx
    text.blit(surface, name, "logo", 104, palette.GOLD, "center", (cx, rect.top + 72), shadow=True,
              fit=rect.width - 40)
    row_y = rect.top + 200
    for side, value, angle in ((-1, 2, 14), (1, 6, -10)):
        die = pygame.transform.rotozoom(dice.face(value, 96, "die", digits), angle, 1.0)
        centre = (cx + side * 150, row_y)
        shade = pygame.transform.rotozoom(dice.shadow(96), angle, 1.0)
        surface.blit(shade, shade.get_rect(center=(centre[0] + 6, centre[1] + 10)))
        surface.blit(die, die.get_rect(center=centre))
    heart(surface, (cx + 4, row_y + 8), 118, HEART_DARK)
    heart(surface, (cx, row_y + 2), 112, HEART)
    for (dx, dy, r), colour in zip(SPARKLES, (palette.GOLD, palette.TENTATIVE_RING) * 3):
        for side in (-1, 1):  # mirrored, so the picture stays calm
            sparkle(surface, (cx + side * dx, row_y + dy), r, colour)


SPARKLES = ((78, -58, 13), (236, -46, 10), (250, 52, 12), (84, 66, 9))
"""Where the little stars sit around the heart: (dx, dy, radius), mirrored left and right."""


def sparkle(surface: pygame.Surface, centre: tuple[int, int], r: int,
            colour: tuple[int, ...]) -> None:
    """A four-pointed star."""
    x, y = centre
    w = max(2, r // 4)
    points = [(x, y - r), (x + w, y - w), (x + r, y), (x + w, y + w), (x, y + r),
              (x - w, y + w), (x - r, y), (x - w, y - w)]
    pygame.draw.polygon(surface, colour, points)


ABOUT_FIGURES: dict[str, Figure] = {
    "dedication": Figure(276, _dedication, ("about.name",)),
}

ABOUT = (
    (FIGURE, "dedication", HELP),
    (PARAGRAPH, "about.dedication", HELP),
    (PARAGRAPH, "about.wish", HELP),
    (HEADING, "about.credits.heading", HELP),
    (BULLET, "about.credits.design", HELP),
    (BULLET, "about.credits.code", HELP),
    (BULLET, "about.credits.sound", HELP),
)
"""MAGDAGDON's blocks on the About page, top to bottom."""

CENTERED = frozenset({"about.dedication", "about.wish"})
"""Its blocks set centred."""
