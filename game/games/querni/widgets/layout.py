"""Where everything of the QUERNI play screen sits, in logical coordinates: the scene's
hit-testing, the widgets and the demo player agree on every pixel.

Landscape (1920×1080): the board on the left, BLUE's edge at the bottom, the move list beside
it, the HUD and buttons on the right. Portrait (1080×1920): the board turned a quarter so its
7 rows span the width (BLUE's edge on the left), the HUD above, the move list and buttons
below. Either may be turned round (``flipped``: RED's edge where BLUE's was); only the board
turns. Touch targets: buttons at least 104 × 146 px, icons 96 px.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import pygame

from game.rules.querni import COLS, ROWS, Color, Square

Box = tuple[int, int, int, int]
"""x, y, width, height: stored as tuples so the frozen layout hands out fresh Rects."""

LABEL_BOX = 48
"""Each coordinate label sits centred in a LABEL_BOX square."""

class _Rect:
    """``<name>_rect``: a fresh ``pygame.Rect`` of the layout's ``<name>`` box."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.box = name.removesuffix("_rect")

    def __get__(self, layout: object, owner: type | None = None) -> pygame.Rect:
        return pygame.Rect(getattr(layout, self.box))


BUTTONS = ("select_chain", "end_move", "undo", "hint", "leave", "exit", "speaker")


@dataclass(frozen=True)
class QuerniLayout:
    """One orientation's geometry; every rect is derived from these numbers."""

    size: tuple[int, int]
    square: int
    board_origin: tuple[int, int]
    turned: bool
    """True in portrait: columns run down the screen, rows left to right."""
    frame_pad: int
    logo: Box
    speaker: Box
    exit: Box
    turn: Box
    blue_left: Box
    red_left: Box
    quiet: Box
    message: Box
    select_chain: Box
    end_move: Box
    undo: Box
    hint: Box
    leave: Box
    moves: Box
    """The move list: a column beside the board, or a band below it in portrait."""
    flipped: bool = False
    """The board turned round half a turn: RED's edge where BLUE's is otherwise."""

    def turned_round(self, flipped: bool) -> QuerniLayout:
        """This layout with the board turned round (``flipped``) or upright."""
        return self if flipped == self.flipped else replace(self, flipped=flipped)

    @property
    def portrait(self) -> bool:
        return self.size[1] > self.size[0]

    # --- board ----------------------------------------------------------------------------
    @property
    def grid(self) -> tuple[int, int]:
        """Squares across and down the screen."""
        return (ROWS, COLS) if self.turned else (COLS, ROWS)

    @property
    def board_rect(self) -> pygame.Rect:
        """The 70 squares exactly: every point inside is some square (``square_at``)."""
        across, down = self.grid
        return pygame.Rect(self.board_origin, (across * self.square, down * self.square))

    @property
    def frame_rect(self) -> pygame.Rect:
        """The board with its frame (what ``BoardView`` paints)."""
        return self.board_rect.inflate(2 * self.frame_pad, 2 * self.frame_pad)

    @property
    def piece_size(self) -> int:
        """A piece's diameter: most of the square, leaving a gap for the highlight rings."""
        return round(self.square * 0.86)

    def square_rect(self, square: Square) -> pygame.Rect:
        col, row = square
        if self.flipped:
            col, row = COLS - 1 - col, ROWS - 1 - row
        x0, y0 = self.board_origin
        s = self.square
        if self.turned:
            return pygame.Rect(x0 + row * s, y0 + col * s, s, s)
        return pygame.Rect(x0 + col * s, y0 + (ROWS - 1 - row) * s, s, s)

    def square_centre(self, square: Square) -> tuple[int, int]:
        return self.square_rect(square).center

    def square_at(self, pos: tuple[float, float]) -> Square | None:
        """The square under ``pos`` (the exact inverse of ``square_rect``), else None."""
        x0, y0 = self.board_origin
        across, down = self.grid
        i = math.floor((pos[0] - x0) / self.square)
        j = math.floor((pos[1] - y0) / self.square)
        if not (0 <= i < across and 0 <= j < down):
            return None
        col, row = (j, i) if self.turned else (i, ROWS - 1 - j)
        return (COLS - 1 - col, ROWS - 1 - row) if self.flipped else (col, row)

    def home_edge(self, color: Color) -> str:
        """The side of the board nearest ``color``'s start rows: "bottom", "top", "left"…"""
        if self.flipped:
            color = color.opponent
        if self.turned:
            return "left" if color is Color.BLUE else "right"
        return "bottom" if color is Color.BLUE else "top"

    # --- coordinates ----------------------------------------------------------------------
    def coordinate_labels(self) -> list[tuple[str, pygame.Rect]]:
        """Every edge label, a–j for columns and 1–7 for rows, with the box it is centred in."""
        frame = self.frame_rect
        half = LABEL_BOX // 2
        labels: list[tuple[str, pygame.Rect]] = []

        def box(cx: int, cy: int) -> pygame.Rect:
            rect = pygame.Rect(0, 0, LABEL_BOX, LABEL_BOX)
            rect.center = (cx, cy)
            return rect

        for col in range(COLS):
            letter = "abcdefghij"[col]
            centre = self.square_centre((col, 0))
            if self.turned:  # letters down both long sides
                labels.append((letter, box(frame.left - half - 2, centre[1])))
                labels.append((letter, box(frame.right + half + 2, centre[1])))
            else:
                labels.append((letter, box(centre[0], frame.bottom + half + 6)))
        for row in range(ROWS):
            digit = str(row + 1)
            centre = self.square_centre((0, row))
            if self.turned:
                labels.append((digit, box(centre[0], frame.bottom + half + 2)))
            else:
                labels.append((digit, box(frame.left - half - 6, centre[1])))
        return labels

    # --- HUD and buttons ------------------------------------------------------------------
    logo_rect = _Rect()
    turn_rect = _Rect()
    quiet_rect = _Rect()
    message_rect = _Rect()
    moves_rect = _Rect()
    speaker_rect = _Rect()
    select_chain_rect = _Rect()
    end_move_rect = _Rect()
    undo_rect = _Rect()
    hint_rect = _Rect()  # HINT: the HARD engine's suggestion for the person to move
    leave_rect = _Rect()  # EXIT: leave the game for good
    exit_rect = _Rect()  # a 96 px icon top right: EXIT, or the pause menu that offers it

    def pieces_left_rect(self, color: Color) -> pygame.Rect:
        return pygame.Rect(self.blue_left if color is Color.BLUE else self.red_left)

    @property
    def move_columns(self) -> int:
        """The move list's columns: one beside the board; in portrait's wide band two, BLUE's
        turns on the left and RED's on the right (BLUE always moves first, Q-1.4)."""
        return 2 if self.turned else 1

    def button_rects(self) -> dict[str, pygame.Rect]:
        """Every touch target by name (``BUTTONS``)."""
        return {name: pygame.Rect(getattr(self, name)) for name in BUTTONS}

    def regions(self) -> dict[str, pygame.Rect]:
        """Everything drawn, by name, for the no-overlap check: frame, labels, HUD, buttons."""
        regions = {
            "frame": self.frame_rect,
            "logo": self.logo_rect,
            "turn": self.turn_rect,
            "blue_left": self.pieces_left_rect(Color.BLUE),
            "red_left": self.pieces_left_rect(Color.RED),
            "quiet": self.quiet_rect,
            "message": self.message_rect,
            "moves": self.moves_rect,
        }
        regions.update(self.button_rects())
        for i, (label, rect) in enumerate(self.coordinate_labels()):
            regions[f"label {label} #{i}"] = rect
        return regions


LANDSCAPE = QuerniLayout(
    size=(1920, 1080),
    square=104,
    board_origin=(80, 150),  # board 80..1120 × 150..878, frame 18 px round it
    turned=False,
    frame_pad=18,
    logo=(1432, 24, 240, 96),
    speaker=(1688, 24, 96, 96),
    exit=(1800, 24, 96, 96),
    turn=(1432, 144, 464, 156),
    blue_left=(1432, 316, 224, 112),
    red_left=(1672, 316, 224, 112),
    quiet=(1432, 444, 464, 92),
    message=(1432, 552, 464, 104),
    select_chain=(1432, 672, 464, 108),
    end_move=(1432, 796, 464, 108),
    undo=(1432, 920, 146, 108),  # UNDO | HINT | EXIT: short words, 122 px for the label
    hint=(1591, 920, 146, 108),
    leave=(1750, 920, 146, 108),
    moves=(1160, 24, 252, 1004),
)

PORTRAIT = QuerniLayout(
    size=(1080, 1920),
    square=104,
    board_origin=(176, 382),  # board 176..904 × 382..1422 (turned: 7 across, 10 down)
    turned=True,
    frame_pad=18,
    logo=(24, 16, 400, 96),
    speaker=(848, 16, 96, 96),
    exit=(960, 16, 96, 96),
    turn=(24, 128, 520, 120),
    blue_left=(560, 128, 240, 120),
    red_left=(816, 128, 240, 120),
    message=(24, 264, 680, 88),
    quiet=(720, 264, 336, 88),
    select_chain=(24, 1668, 508, 108),
    end_move=(548, 1668, 508, 108),
    undo=(24, 1792, 333, 108),
    hint=(373, 1792, 334, 108),
    leave=(723, 1792, 333, 108),
    moves=(24, 1500, 1032, 152),
)


def for_size(size: tuple[int, int]) -> QuerniLayout:
    """The layout for a logical surface of ``size``: portrait when it is taller than wide."""
    return PORTRAIT if size[1] > size[0] else LANDSCAPE
