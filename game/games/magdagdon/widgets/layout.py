"""Where everything of the MAGDAGDON play screen sits, in logical coordinates: the scene
hit-tests, the widgets draw and the demo player aims with it, so all agree on every pixel.
Touch targets: cells 168 px, tray dice 140 px, buttons at least 96 px tall.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class PlayLayout:
    """Landscape layout; every rect is derived from these few numbers."""

    size: tuple[int, int] = (1920, 1080)
    board_origin: tuple[int, int] = (150, 150)
    cell: int = 168
    gap: int = 12
    tray_origin: tuple[int, int] = (1205, 215)
    die: int = 140
    die_gap: int = 30
    header_x: int = 1180  # difficulty and turn, left-aligned here
    logo_x: int = 130
    logo_size: int = 64

    @property
    def portrait(self) -> bool:
        return self.size[1] > self.size[0]

    # --- board ----------------------------------------------------------------------------
    @property
    def board_rect(self) -> pygame.Rect:
        side = 4 * self.cell + 3 * self.gap
        return pygame.Rect(self.board_origin, (side, side))

    def cell_rect(self, cell: int) -> pygame.Rect:
        row, col = divmod(cell, 4)
        x = self.board_origin[0] + col * (self.cell + self.gap)
        y = self.board_origin[1] + row * (self.cell + self.gap)
        return pygame.Rect(x, y, self.cell, self.cell)

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        for cell in range(16):
            if self.cell_rect(cell).inflate(self.gap, self.gap).collidepoint(pos):
                return cell
        return None

    def row_sum_pos(self, row: int) -> tuple[int, int]:
        rect = self.cell_rect(row * 4 + 3)
        return rect.right + 115, rect.centery

    def col_sum_pos(self, col: int) -> tuple[int, int]:
        rect = self.cell_rect(12 + col)
        return rect.centerx, rect.bottom + 50

    @property
    def col_flag_floor(self) -> int:
        """How far down a column's combo flag may reach, swollen: the tray's top in portrait
        (the tray, and the hint's numbers on its dice, sit right under the column sums), the
        screen's foot in landscape."""
        return self.tray_rect.top if self.portrait else self.size[1]

    # --- tray -----------------------------------------------------------------------------
    @property
    def tray_rect(self) -> pygame.Rect:
        width = 4 * self.die + 3 * self.die_gap
        return pygame.Rect(self.tray_origin, (width, self.die)).inflate(50, 60)

    def die_rect(self, die: int) -> pygame.Rect:
        x = self.tray_origin[0] + die * (self.die + self.die_gap)
        return pygame.Rect(x, self.tray_origin[1], self.die, self.die)

    def die_at(self, pos: tuple[int, int]) -> int | None:
        for die in range(4):
            if self.die_rect(die).inflate(self.die_gap, 20).collidepoint(pos):
                return die
        return None

    # --- panels and buttons ---------------------------------------------------------------
    @property
    def right_x(self) -> int:
        return self.tray_rect.left

    @property
    def right_width(self) -> int:
        return self.tray_rect.width

    def header_pos(self) -> tuple[int, int]:
        return self.header_x, 70

    @property
    def message_pos(self) -> tuple[int, int]:
        return self.tray_rect.centerx, self.tray_rect.bottom + 40

    @property
    def roll_rect(self) -> pygame.Rect:
        half = (self.right_width - 20) // 2
        return pygame.Rect(self.right_x, self.tray_rect.bottom + 85, half, 112)

    @property
    def confirm_rect(self) -> pygame.Rect:
        roll = self.roll_rect
        return pygame.Rect(roll.right + 20, roll.top, roll.width, roll.height)

    @property
    def accept_rect(self) -> pygame.Rect:
        return self.roll_rect.union(self.confirm_rect)

    @property
    def powers_rect(self) -> pygame.Rect:
        top = self.roll_rect.bottom + (40 if self.portrait else 24)
        return pygame.Rect(self.right_x, top, self.right_width, 250)

    @property
    def hint_rect(self) -> pygame.Rect:
        """HINT: under the powers panel (landscape), or right of ROLL / CONFIRM (portrait,
        where the column under the panel is the bottom strip's)."""
        roll = self.roll_rect
        if self.portrait:
            left = self.tray_rect.right + 16
            return pygame.Rect(left, roll.top, self.size[0] - 16 - left, roll.height)
        return pygame.Rect(self.right_x, self.powers_rect.bottom + 16, roll.width, 96)

    @property
    def undo_rect(self) -> pygame.Rect:
        """UNDO: beside HINT (landscape), or right of the powers panel under HINT
        (portrait)."""
        hint = self.hint_rect
        if self.portrait:
            return pygame.Rect(hint.left, self.powers_rect.top, hint.width, hint.height)
        return pygame.Rect(self.confirm_rect.left, hint.top, hint.width, hint.height)

    def power_button_rect(self, index: int, count: int = 3) -> pygame.Rect:
        panel = self.powers_rect
        width = (panel.width - 40 - (count - 1) * 16) // count
        x = panel.left + 20 + index * (width + 16)
        return pygame.Rect(x, panel.bottom - 124, width, 104)

    @property
    def coach_rect(self) -> pygame.Rect:
        """The first-game coaching bubble: under the powers panel (and HINT), or in the bottom
        strip when that is the only room; coaching and the MAGDAGDON strip never show
        together."""
        below = self.powers_rect if self.portrait else self.hint_rect
        top = below.bottom + 16
        if self.strip_rect.top - top - 12 < 72:
            return self.strip_rect.inflate(-40, -12)
        return pygame.Rect(self.right_x, top, self.right_width, self.strip_rect.top - top - 12)

    @property
    def coach_button_rect(self) -> pygame.Rect:
        bubble = self.coach_rect
        return pygame.Rect(bubble.right - 200, bubble.top + 8, 188, bubble.height - 16)

    @property
    def pause_rect(self) -> pygame.Rect:
        return pygame.Rect(self.size[0] - 120, 28, 96, 96)

    @property
    def strip_rect(self) -> pygame.Rect:
        """The bottom strip for the MAGDAGDON and ruin prompts."""
        return pygame.Rect(0, self.size[1] - 96, self.size[0], 96)


LANDSCAPE = PlayLayout()
PORTRAIT = PlayLayout(
    size=(1080, 1920),
    board_origin=(70, 190),
    cell=190,
    tray_origin=(215, 1150),
    header_x=520,
    logo_x=40,
    logo_size=56,
)
"""Board above the tray, controls below: for tall kiosk screens (1080×1920 logical)."""


def for_size(size: tuple[int, int]) -> PlayLayout:
    """The layout that fits a logical surface of ``size``."""
    return PORTRAIT if size[1] > size[0] else LANDSCAPE
