"""QUERNI's first-game coach on the play screen: a bubble with the step's words and GOT IT (a
tap on it ends the coaching) and a pulsing ring round what the step is about; never over the
move list, which stays tappable."""

from __future__ import annotations

import math

import pygame

from game.arcade.widgets import palette as arcade_palette
from game.arcade.widgets import text
from game.games.querni.widgets.layout import QuerniLayout
from game.rules.querni import Color

INK = (10, 30, 20)


def bubble_rect(layout: QuerniLayout) -> pygame.Rect:
    """Where the coach's bubble goes: free room below the board, or the turn row."""
    if layout.turned:
        return layout.turn_rect.union(layout.pieces_left_rect(Color.RED))
    frame = layout.frame_rect
    return pygame.Rect(frame.left, frame.bottom + 62, frame.width, 104)


def button_rect(layout: QuerniLayout) -> pygame.Rect:
    """The GOT IT pill at the bubble's right end."""
    bubble = bubble_rect(layout)
    pill = pygame.Rect(0, 0, 230, bubble.height - 24)
    pill.midright = (bubble.right - 12, bubble.centery)
    return pill


def draw_coach(surface: pygame.Surface, layout: QuerniLayout, words: str, got_it: str,
               target: pygame.Rect | None, time: float, size: int = 30) -> None:
    """The bubble with ``words`` and ``got_it``, and a ring round ``target`` (if any)."""
    if target is not None:
        pulse = 6 + 6 * math.sin(time * 6)
        pygame.draw.rect(surface, arcade_palette.GOOD, target.inflate(20 + pulse, 20 + pulse),
                         6, border_radius=24)
    bubble = bubble_rect(layout)
    pill = button_rect(layout)
    pygame.draw.rect(surface, arcade_palette.GOOD, bubble, border_radius=22)
    pygame.draw.rect(surface, INK, pill, 4, border_radius=18)
    fitted = text.fit_size(got_it, "bold", size, pill.width - 24, 18)
    text.blit(surface, got_it, "bold", fitted, INK, "center", pill.center)
    width = pill.left - bubble.left - 48
    fitted, lines = text.fit_lines(words, "bold", size, width, 2, minimum=18)
    text.blit_lines(surface, lines, "bold", fitted, INK, "midleft",
                    (bubble.left + 24, bubble.centery))
