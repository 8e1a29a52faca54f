"""The play screen's head-up display: header, message line, powers panel, coaching bubble and
the MAGDAGDON banner. Drawing only: every number shown comes from the rules via the scene."""

from __future__ import annotations

import math

import pygame

from game.arcade.widgets import message_line, overlay, palette, text
from game.engine.tween import ease_out_back, ease_out_cubic, lerp
from game.games.magdagdon.texts import t
from game.games.magdagdon.widgets import hint_view
from game.games.magdagdon.widgets.layout import PlayLayout
from game.rules.magdagdon import MagdagdonGame

BANNER = "MAGDAGDON!"
MAX_SLAM_SCALE = 2.0
"""The banner's title starts its slam at twice its size."""

SETTLED_LOGO = 56
"""The size of the banner's title once it has settled into the bottom strip."""
SETTLED_LABEL = 34
"""The largest size of the line beside it."""


def slam_banner(surface: pygame.Surface, *, L: PlayLayout, progress: float) -> None:
    """The banner slamming in (``progress`` 0 → 1) over a veil that pulses over the rest of
    the screen (the band itself is painted opaquely: no veil under it)."""
    scale = lerp(MAX_SLAM_SCALE, 1.0, ease_out_back(min(1.0, progress * 2.2)))
    centre_y = lerp(L.size[1] / 2, L.strip_rect.centery,
                    ease_out_cubic(max(0.0, (progress - 0.6) / 0.4)))
    band = pygame.Rect(0, 0, surface.get_width(), 220)
    band.centery = int(centre_y)
    width, height = surface.get_size()  # veiled above and below the band, which covers it
    overlay.veil(surface, (40, 0, 10), round(170 * math.sin(min(progress, 1.0) * math.pi)),
                 [pygame.Rect(0, 0, width, band.top),
                  pygame.Rect(0, band.bottom, width, height - band.bottom)])
    pygame.draw.rect(surface, palette.DANGER_DARK, band)
    pygame.draw.rect(surface, palette.DANGER, band, 6)
    title = text.render(BANNER, "logo", 150, palette.TEXT)
    if abs(scale - 1.0) > 0.01:  # a fast scale: the slam lasts a fraction of a second
        title = pygame.transform.scale_by(title, scale)
    surface.blit(title, title.get_rect(center=band.center))


def turn_number(game: MagdagdonGame) -> int:
    """The turn the header names: the one being played, or once the game is over the last one
    played (the count the game-over panel and the scores give)."""
    return game.turns if game.is_over else game.turns + 1


def draw_header(surface: pygame.Surface, L: PlayLayout, game: MagdagdonGame,
                total: int) -> None:
    """The header's parts that change during a game: turn number and live score (the rest is
    in a layer drawn with :func:`draw_header_static`)."""
    x, _ = L.header_pos()
    text.blit(surface, t("play.turn", turn=turn_number(game)), "ui", 30, palette.TEXT_DIM,
              "topleft", (x, 80))
    right = L.pause_rect.left - 30
    text.blit(surface, str(total), "numbers", 64, palette.GOLD if total >= 0 else palette.BAD,
              "topright", (right, 58))


def draw_header_static(surface: pygame.Surface, L: PlayLayout, game: MagdagdonGame,
                       label: str | None = None) -> None:
    """The header's parts that stay put during a game: logo, difficulty (or ``label``), the
    SCORE label."""
    text.blit(surface, "MAGDAGDON", "logo", L.logo_size, palette.GOLD, "midleft",
              (L.logo_x, 78), shadow=True)
    x, _ = L.header_pos()
    right = L.pause_rect.left - 30
    score = text.blit(surface, t("play.score"), "ui", 26, palette.TEXT_DIM, "topright",
                      (right, 30))
    label = label or t(f"difficulty.{game.difficulty.name.lower()}")
    room = min(420, score.left - 24 - x)  # a daily's label and date end before SCORE
    text.blit(surface, label, "bold", 32, palette.TEXT, "topleft", (x, 34), fit=room)


def draw_message(surface: pygame.Surface, L: PlayLayout, message: str, colour: palette.Rgb,
                 age: float, inset: int = 0) -> None:
    """The rules' latest word under the tray, up to two lines, rising in as it appears
    (``inset``: px kept free on each side, e.g. inside a hint's plate)."""
    size, least = (32, 24) if not inset else (30, 18)
    message_line.draw(surface, message, colour, age, L.message_pos, L.right_width - 2 * inset,
                      size, least, gap=8 if not inset else 4,
                      height=hint_view.PLATE_HEIGHT - 16 if inset else None)


def draw_powers_panel(surface: pygame.Surface, L: PlayLayout, game: MagdagdonGame,
                      warning: str | None = None) -> None:
    """Uses left as lit tokens and the penalty the next use would cost (M-2, M-5), on the
    panel and its title (already there: :func:`draw_powers_static`); ``warning`` (the powers
    crossed out cannot save the roll) is said in its place."""
    if game.difficulty.powers == 0:
        return
    panel = L.powers_rect
    for i in range(game.difficulty.powers):
        centre = (panel.right - 40 - i * 44, panel.top + 40)
        full = i < game.powers_left
        pygame.draw.circle(surface, palette.GOLD if full else palette.SLOT_EDGE, centre, 15)
        if not full:
            pygame.draw.circle(surface, palette.PANEL, centre, 9)
    nxt = game.next_penalty
    line = t("power.next_penalty", penalty=nxt) if nxt is not None else t("power.none_left")
    line = warning or line
    text.blit(surface, line, "ui", 26, palette.BAD if warning else palette.TEXT_DIM, "topleft",
              (panel.left + 24, panel.top + 66), fit=panel.width - 48, minimum=20)


def draw_powers_static(surface: pygame.Surface, L: PlayLayout, game: MagdagdonGame) -> None:
    """The powers panel's parts that stay put during a game: the panel and its title."""
    panel = L.powers_rect
    pygame.draw.rect(surface, palette.PANEL, panel, border_radius=24)
    pygame.draw.rect(surface, palette.PANEL_EDGE, panel, 3, border_radius=24)
    if game.difficulty.powers == 0:
        text.blit(surface, t("power.none"), "ui", 30, palette.TEXT_DIM, "center", panel.center)
        return
    text.blit(surface, t("power.title"), "bold", 32, palette.GOLD, "topleft",
              (panel.left + 24, panel.top + 18))


def draw_coach(surface: pygame.Surface, L: PlayLayout, key: str, target: pygame.Rect,
               time: float) -> None:
    """A pulsing ring round what to touch next and the hint in a bubble."""
    pulse = 6 + 6 * math.sin(time * 6)
    pygame.draw.rect(surface, palette.GOOD, target.inflate(24 + pulse, 24 + pulse), 6,
                     border_radius=30)
    bubble = L.coach_rect
    pygame.draw.rect(surface, palette.GOOD, bubble, border_radius=22)
    width = bubble.width - L.coach_button_rect.width - 60
    size, lines = text.fit_lines(t(key), "bold", 30, width, 2)
    text.blit_lines(surface, lines, "bold", size, (10, 30, 20), "midleft",
                    (bubble.left + 24, bubble.centery))


def draw_banner(surface: pygame.Surface, L: PlayLayout, progress: float, slamming: bool,
                label: str) -> None:
    """MAGDAGDON: slams in across the screen (:func:`slam_banner`), then settles into the
    bottom strip."""
    if slamming or progress < 1.0:
        slam_banner(surface, L=L, progress=progress)
        return
    strip = L.strip_rect
    pygame.draw.rect(surface, palette.DANGER_DARK, strip)
    pygame.draw.line(surface, palette.DANGER, strip.topleft, strip.topright, 5)
    logo = text.blit(surface, BANNER, "logo", SETTLED_LOGO, palette.TEXT, "midleft",
                     (strip.left + 40, strip.centery), shadow=True)
    left = logo.right + 40
    size, lines = text.fit_lines(label, "bold", SETTLED_LABEL, strip.right - 30 - left, 2)
    text.blit_lines(surface, lines, "bold", size, palette.TEXT, "midleft",
                    (left, strip.centery))
