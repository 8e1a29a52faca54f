"""MAGDAGDON's tile on the title screen: a live miniature of a board filling up, two dice
tumbling beside it. Drawn from cached faces, so it costs little per frame."""

from __future__ import annotations

import math

import pygame

from game.arcade.widgets import palette
from game.games.magdagdon.widgets import dice

# A board that fills in a loop: the order cells get their number, and the numbers (a legal
# field: neighbours differ by at most 1, and the last row is a straight).
ORDER = (5, 6, 9, 10, 4, 8, 1, 2, 13, 14, 7, 11, 0, 3, 12, 15)
VALUES = (3, 3, 4, 4, 3, 4, 4, 5, 4, 4, 5, 5, 3, 4, 5, 6)
LOOP_SECONDS = 12.0
_board: list[tuple[tuple[int, int, int], pygame.Surface]] = []  # the last one drawn


def draw_tile(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    """The miniature inside ``rect``: a 4×4 board on the left, two dice on the right."""
    cell = min(rect.height // 4 - 8, rect.width // 7)
    gap = max(4, cell // 12)
    side = 4 * cell + 3 * gap
    left = rect.left + (rect.width - side - 2 * cell - 40) // 2
    top = rect.centery - side // 2
    frame = pygame.Rect(left - gap * 2, top - gap * 2, side + gap * 4, side + gap * 4)
    shown = int((time % LOOP_SECONDS) / LOOP_SECONDS * (len(ORDER) + 4))
    surface.blit(_miniature(cell, gap, shown), frame)
    size = int(cell * 1.1)
    for i, phase in enumerate((0.0, 1.7)):
        value = 1 + int(time * 1.5 + phase * 3) % 6
        angle = math.sin(time + phase) * 25
        image = pygame.transform.rotozoom(dice.face(value, size, "die"), angle, 1.0)
        centre = (frame.right + 30 + size // 2 + 10,
                  rect.centery + (i - 0.5) * (size + 30) + math.sin(time * 2 + phase) * 8)
        surface.blit(image, image.get_rect(center=centre))


def _miniature(cell: int, gap: int, shown: int) -> pygame.Surface:
    """The miniature board with its first ``shown`` numbers; it changes every 0.6 s, so it is
    drawn then and reused in between (33 shapes a frame otherwise)."""
    key = (cell, gap, shown)
    if _board and _board[0][0] == key:
        return _board[0][1]
    side = 4 * cell + 3 * gap
    board = pygame.Surface((side + gap * 4, side + gap * 4), pygame.SRCALPHA)
    frame = board.get_rect()
    pygame.draw.rect(board, palette.SLOT, frame, border_radius=cell // 4)
    pygame.draw.rect(board, palette.SLOT_EDGE, frame, 3, border_radius=cell // 4)
    filled = set(ORDER[:shown])
    for index in range(16):
        row, col = divmod(index, 4)
        box = pygame.Rect(gap * 2 + col * (cell + gap), gap * 2 + row * (cell + gap), cell, cell)
        if index in filled:
            board.blit(dice.face(VALUES[index], cell, "tile"), box)
        else:
            pygame.draw.rect(board, palette.PANEL, box, border_radius=cell // 6)
    _board[:] = [(key, board)]
    return board
