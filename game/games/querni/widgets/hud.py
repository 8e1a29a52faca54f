"""QUERNI's head-up display: logo, whose turn, pieces left, quiet rounds, the message strip,
the speaker logo and the "thinking" dots. Drawing only; every word comes in translated."""

from __future__ import annotations

import math
from collections.abc import Mapping
from enum import StrEnum
from functools import cache
from typing import TYPE_CHECKING

import pygame

from game.arcade.widgets import message_line, text
from game.games.querni.widgets import palette, pieces
from game.games.querni.widgets.layout import QuerniLayout
from game.rules.querni import Color

if TYPE_CHECKING:
    from game.arcade.context import GameContext

LOGO = "QUERNI"
"""The game's name, in Latin letters in every language (like MAGDAGDON's)."""


class Sound(StrEnum):
    """The speaker logo's three states (Q-6.5)."""

    ALL_ON = "all_on"
    MUSIC_OFF = "music_off"
    ALL_OFF = "all_off"


def next_sound(state: Sound) -> Sound:
    """One tap mutes the music, a second mutes everything, a third turns all on (Q-6.5)."""
    order = list(Sound)
    return order[(order.index(Sound(state)) + 1) % len(order)]


def sound_state(ctx: GameContext) -> Sound:
    """What the speaker shows: the arcade's own two mutes (SETTINGS shows the same ones; an
    effects mute without a music mute reads as all off, the speaker having no such state)."""
    shell = ctx.settings
    if shell.effects_muted:
        return Sound.ALL_OFF
    return Sound.MUSIC_OFF if shell.music_muted else Sound.ALL_ON


def tap_speaker(ctx: GameContext) -> Sound:
    """The speaker tapped: the arcade's mutes move on to the next state, are applied at once
    and saved; the new state."""
    state = next_sound(sound_state(ctx))
    shell = ctx.settings
    shell.music_muted = state is not Sound.ALL_ON
    shell.effects_muted = state is Sound.ALL_OFF
    ctx.audio.mute_music(shell.music_muted)
    ctx.audio.mute_effects(shell.effects_muted)
    ctx.save_settings()
    return state


# --- panels ----------------------------------------------------------------------------------
def draw_panel(surface: pygame.Surface, rect: pygame.Rect,
               edge: palette.Rgb = palette.PANEL_EDGE, width: int = 3) -> None:
    """The arcade's rounded panel (as MAGDAGDON's powers panel)."""
    pygame.draw.rect(surface, palette.PANEL, rect, border_radius=24)
    pygame.draw.rect(surface, edge, rect, width, border_radius=24)


def draw_logo(surface: pygame.Surface, L: QuerniLayout) -> None:
    rect = L.logo_rect
    text.blit(surface, LOGO, "logo", 64, palette.ACCENT, "midleft", rect.midleft, shadow=True,
              fit=rect.width, minimum=32)


def draw_turn(surface: pygame.Surface, L: QuerniLayout, color: Color, label: str,
              time: float, *, thinking: bool = False) -> None:
    """Whose turn: a big token of the mover's colour and shape, bobbing gently, and ``label``
    (e.g. "BLUE to move", translated); the thinking dots under it while the computer thinks."""
    rect = L.turn_rect
    draw_panel(surface, rect, palette.BODY[color], 5)
    size = min(rect.height - 28, 112)
    bob = 3 * math.sin(time * 3.0)
    image = pieces.token(color, size)
    surface.blit(image, image.get_rect(center=(rect.left + 18 + size // 2,
                                               rect.centery + round(bob))))
    left = rect.left + 36 + size
    width = rect.right - 20 - left
    font_size, lines = text.fit_lines(label, "bold", 40, width, 2) if label else (40, [])
    if thinking and len(lines) > 1:  # room for the dots: one line only
        font_size, lines = text.fit_lines(label, "bold", 36, width, 1, minimum=20)
    y = rect.centery - (20 if thinking else 0)
    if lines:
        text.blit_lines(surface, lines, "bold", font_size, palette.TEXT, "midleft", (left, y))
    if thinking:
        draw_thinking(surface, (left + 30, rect.centery + 32), time)


def draw_pieces_left(surface: pygame.Surface, L: QuerniLayout, counts: Mapping[Color, int],
                     label: str = "") -> None:
    """Pieces left per player: the player's token and the count; ``label`` (translated, e.g.
    "left") under each count when given."""
    for color in Color:
        rect = L.pieces_left_rect(color)
        draw_panel(surface, rect)
        size = min(72, rect.height - 36)
        image = pieces.token(color, size)
        surface.blit(image, image.get_rect(midleft=(rect.left + 18, rect.centery)))
        centre_x = (rect.left + 30 + size + rect.right) // 2
        number_y = rect.centery - (14 if label else 0)
        text.blit(surface, str(counts.get(color, 0)), "numbers", 60, palette.TEXT, "center",
                  (centre_x, number_y))
        if label:
            room = rect.right - (rect.left + 30 + size) - 12
            text.blit(surface, label, "ui", 24, palette.TEXT_DIM, "center",
                      (centre_x, rect.bottom - 24), fit=room)


def quiet_colour(rounds: int, limit: int) -> tuple[int, int, int]:
    """Green while far from the draw, gold in its last third, red in its last tenth."""
    if rounds >= limit * 0.9:
        return palette.QUIET_LAST
    if rounds >= limit * 2 / 3:
        return palette.QUIET_NEAR
    return palette.QUIET_OK


def draw_quiet_rounds(surface: pygame.Surface, L: QuerniLayout, label: str, rounds: int,
                      limit: int = 30) -> None:
    """The quiet-round count toward the draw (Q-5.3): ``label`` (translated), "12 / 30" and a
    bar filling toward the limit."""
    rect = L.quiet_rect
    draw_panel(surface, rect)
    value = f"{rounds} / {limit}"
    colour = quiet_colour(rounds, limit)
    value_rect = text.blit(surface, value, "numbers", 40, colour, "midright",
                           (rect.right - 20, rect.centery - 8))
    room = value_rect.left - rect.left - 40
    text.blit(surface, label, "ui", 28, palette.TEXT_DIM, "midleft",
              (rect.left + 20, rect.centery - 8), fit=room, minimum=18)
    bar = pygame.Rect(rect.left + 20, rect.bottom - 20, rect.width - 40, 8)
    pygame.draw.rect(surface, palette.PANEL_EDGE, bar, border_radius=4)
    filled = bar.copy()
    filled.width = round(bar.width * max(0, min(rounds, limit)) / max(1, limit))
    if filled.width:
        pygame.draw.rect(surface, colour, filled, border_radius=4)


def draw_message(surface: pygame.Surface, L: QuerniLayout, message: str,
                 colour: palette.Rgb = palette.TEXT, age: float = 1.0) -> None:
    """The message strip: one or two lines, rising in as a new message appears."""
    rect = L.message_rect
    pygame.draw.rect(surface, (20, 18, 50), rect, border_radius=20)
    message_line.draw(surface, message, colour, age, rect.center, rect.width - 40)


def play_icon(surface: pygame.Surface, centre: tuple[float, float], radius: int) -> None:
    """A round "watch it again" mark: a play triangle in a ring (a row that opens a replay, on
    GAMES and on the scores screen)."""
    cx, cy = round(centre[0]), round(centre[1])
    pygame.draw.circle(surface, palette.ACCENT, (cx, cy), radius, 4)
    r = radius * 0.5
    pygame.draw.polygon(surface, palette.ACCENT, [(cx - r * 0.6, cy - r), (cx - r * 0.6, cy + r),
                                                  (cx + r, cy)])


def draw_thinking(surface: pygame.Surface, centre: tuple[float, float], time: float,
                  colour: palette.Rgb = palette.TEXT, radius: int = 9) -> None:
    """Three dots bouncing in turn: the computer is thinking."""
    for i in range(3):
        k = max(0.0, math.sin(time * 7.0 - i * 0.9))
        x = centre[0] + (i - 1) * radius * 3.2
        y = centre[1] - k * radius * 1.2
        shade = tuple(round(c * (0.7 + 0.3 * k)) for c in colour[:3])
        pygame.draw.circle(surface, shade, (x, y), radius)


# --- the speaker logo ------------------------------------------------------------------------
def draw_speaker(surface: pygame.Surface, rect: pygame.Rect, state: Sound,
                 pressed: bool = False) -> None:
    """The speaker logo as an icon button in ``rect`` (the pause button's look)."""
    plate = rect.move(0, 2) if pressed else rect
    pygame.draw.rect(surface, (0, 0, 0), plate.move(0, 3), border_radius=22)
    fill = tuple(max(0, c - 40) for c in palette.ICON_PLATE) if pressed else palette.ICON_PLATE
    pygame.draw.rect(surface, fill, plate, border_radius=22)
    pygame.draw.rect(surface, palette.ICON_INK, plate, 4, border_radius=22)
    icon = speaker_icon(state, min(plate.width, plate.height) - 16)
    surface.blit(icon, icon.get_rect(center=plate.center))


@cache
def speaker_icon(state: Sound, size: int) -> pygame.Surface:
    """The icon alone, ``size`` px square: speaker with waves / music note struck through /
    speaker with a cross. Cached; drawn at twice the size and smooth-scaled."""
    big = size * 2
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    state = Sound(state)
    if state is Sound.MUSIC_OFF:
        _note(canvas, big)
        _strike(canvas, big)
    else:
        _speaker(canvas, big)
        if state is Sound.ALL_ON:
            _waves(canvas, big)
        else:
            _cross(canvas, big)
    return pygame.transform.smoothscale(canvas, (size, size))


def _speaker(canvas: pygame.Surface, big: int) -> None:
    ink = palette.ICON_INK
    u = big / 100
    pygame.draw.rect(canvas, ink, pygame.Rect(10 * u, 38 * u, 16 * u, 24 * u),
                     border_radius=round(3 * u))
    pygame.draw.polygon(canvas, ink, [(24 * u, 38 * u), (46 * u, 18 * u), (46 * u, 82 * u),
                                      (24 * u, 62 * u)])


def _waves(canvas: pygame.Surface, big: int) -> None:
    u = big / 100
    for i, radius in enumerate((14, 26, 38)):
        rect = pygame.Rect(0, 0, 2 * radius * u, 2 * radius * u)
        rect.center = (50 * u, 50 * u)
        pygame.draw.arc(canvas, palette.ICON_INK, rect, -0.85, 0.85, round((7 - i) * u))


def _stroke(canvas: pygame.Surface, colour: palette.Rgb, a: tuple[float, float],
            b: tuple[float, float], width: float) -> None:
    """A straight stroke ``width`` thick across (pygame's thick lines are thinner on a
    diagonal) with round ends."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    pygame.draw.polygon(canvas, colour, [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny),
                                         (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)])
    for x, y in (a, b):
        pygame.draw.circle(canvas, colour, (x, y), width / 2)


def _cross(canvas: pygame.Surface, big: int) -> None:
    """A red X edged in white, so it reads on the plate in grayscale too."""
    u = big / 100
    for colour, width in ((palette.ICON_INK, 15 * u), (palette.MUTED, 8 * u)):
        for (x0, y0), (x1, y1) in (((60, 34), (88, 66)), ((60, 66), (88, 34))):
            _stroke(canvas, colour, (x0 * u, y0 * u), (x1 * u, y1 * u), width)


def _note(canvas: pygame.Surface, big: int) -> None:
    """Two beamed eighth notes."""
    ink = palette.ICON_INK
    u = big / 100
    for x in (30, 70):
        head = pygame.Rect(0, 0, 24 * u, 18 * u)
        head.center = (round((x - 8) * u), round(74 * u))
        pygame.draw.ellipse(canvas, ink, head)
        pygame.draw.line(canvas, ink, ((x + 3) * u, 74 * u), ((x + 3) * u, 22 * u),
                         round(6 * u))
    pygame.draw.polygon(canvas, ink, [(30 * u, 18 * u), (76 * u, 10 * u), (76 * u, 24 * u),
                                      (30 * u, 32 * u)])


def _strike(canvas: pygame.Surface, big: int) -> None:
    """A bold red slash: a dark edge where it crosses the white note, a white edge on the
    plate, so it reads in grayscale too."""
    u = big / 100
    a, b = (14 * u, 86 * u), (86 * u, 14 * u)
    for colour, width in ((palette.ICON_INK, 20), (palette.NUMERAL_EDGE, 14),
                          (palette.MUTED, 8)):
        _stroke(canvas, colour, a, b, width * u)
