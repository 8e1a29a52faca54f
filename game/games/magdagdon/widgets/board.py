"""Draws the 4×4 board: slots, committed tiles, tentative dice, ruins, highlights, line sums.
It draws what it is given and decides nothing about legality."""

from __future__ import annotations

import functools
import math
from collections.abc import Collection, Mapping

import pygame

from game.arcade.widgets import overlay, palette, text
from game.engine import caches, i18n, textlog
from game.games.magdagdon.texts import t
from game.games.magdagdon.widgets import dice
from game.games.magdagdon.widgets.layout import PlayLayout
from game.rules.magdagdon import RUIN, Board, ScoreCard

GLOW_STEP = 16
"""A glow's opacity is drawn in steps of this much (of 255)."""
FLASH_STEP = 16
"""A flashing cell's brightening (of at most 200) is drawn in steps of this much: a flash that
fades over 0.8 s is repainted ~13 times, not 48 (up to ten cells at once, as lines score)."""
FLAG_SWELL = 12
"""How many pixels a full line's combo flag swells by at its height."""
CELL_REACH = 15
"""How far past its slot a cell's picture reaches (its glow, a lifted die's ring, the
cursor): what a partial redraw of that cell must cover."""
FLAG_MIN_SIZE = 16
"""A combo flag's label shrinks down to this size to stay on two lines (Bulgarian's
"ЧЕТИРИ ЕДНАКВИ +100" takes 18; at 24 it took three, and the flag covered the line's sum)."""
FLAG_WIDTH = 160  # a combo flag's widest: it must fit beside the board in portrait too
COMBO_KEYS = {
    "STRAIGHT": "combo.straight",
    "FOUR_OF_A_KIND": "combo.four",
    "TWO_PAIRS": "combo.pairs",
}


@functools.lru_cache(maxsize=64)
def _fit_room(label: str, size: int, lines: tuple[str, ...], room: int, locale: str
              ) -> tuple[int, list[str]]:
    """The largest size from ``size`` down whose lines (two at most) fit a pill ``room``
    tall; it stops at :data:`FLAG_MIN_SIZE` (``locale``: the faces measured with, for the
    cache)."""
    while size > FLAG_MIN_SIZE and (
            len(lines) > 2 or len(lines) * i18n.font("bold", size).get_height() + 8 > room):
        size -= 2
        lines = tuple(text.wrap(label, "bold", size, FLAG_WIDTH - 18))
    return size, list(lines)


caches.on_reset(_fit_room.cache_clear)  # the faces' sizes change with the text floor


class BoardView:
    """Static parts are pre-rendered once; cells and labels are drawn per frame."""

    def __init__(self, layout: PlayLayout) -> None:
        self.layout = layout
        self._frame = self._render_frame()
        self._glows: dict[tuple[int, int, palette.Rgb, int], pygame.Surface] = {}
        # What the last ``draw`` showed, per cell: (kind, value) with kind "empty", "tile",
        # "tentative", "ruin" or "hidden" (value = the hidden cell's content). Read by the
        # monkey test (tools/monkey.py) to check that the board on screen is the rules' board.
        self.drawn: tuple[tuple[str, object], ...] | None = None

    def _render_frame(self) -> pygame.Surface:
        rect = self.layout.board_rect.inflate(44, 44)
        surface = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(surface, (0, 0, 0, 90), surface.get_rect().move(0, 10), border_radius=28)
        pygame.draw.rect(surface, palette.PANEL, surface.get_rect(), border_radius=28)
        pygame.draw.rect(surface, palette.PANEL_EDGE, surface.get_rect(), 4, border_radius=28)
        for cell in range(16):
            slot = self.layout.cell_rect(cell).move(-rect.left, -rect.top)
            pygame.draw.rect(surface, palette.SLOT, slot, border_radius=16)
            pygame.draw.rect(surface, palette.SLOT_EDGE, slot, 3, border_radius=16)
        return surface

    def draw(
        self,
        surface: pygame.Surface,
        view: Board,
        tentative: Collection[int],
        *,
        hidden: Collection[int] = (),
        legal: Collection[int] = (),
        danger: Collection[int] = (),
        cursor: int | None = None,
        time: float = 0.0,
        digits: bool = False,
        offsets: Mapping[int, tuple[float, float]] | None = None,
        flash: Mapping[int, float] | None = None,
    ) -> None:
        """Draw every cell over the frame and slots (already there: :meth:`draw_frame`);
        ``hidden`` cells are drawn empty (a die is animating there)."""
        offsets = offsets or {}
        flash = flash or {}
        legal_alpha, danger_alpha = self.glow_alphas(time)
        drawn: list[tuple[str, object]] = []
        clip = surface.get_clip()
        for cell in range(16):
            rect = self.layout.cell_rect(cell)
            dx, dy = offsets.get(cell, (0.0, 0.0))
            rect = rect.move(round(dx), round(dy))
            value = view[cell]
            kind = ("empty" if value is None else "hidden" if cell in hidden else
                    "ruin" if value is RUIN else "tentative" if cell in tentative else "tile")
            drawn.append((kind, None if kind in ("empty", "ruin") else value))
            if not clip.colliderect(rect.inflate(2 * CELL_REACH, 2 * CELL_REACH)):  # elsewhere
                continue
            if cell in legal:
                self._glow(surface, rect, palette.LEGAL, legal_alpha)
            if cell in danger:
                self._glow(surface, rect, palette.DANGER, danger_alpha)
            if kind == "ruin":
                surface.blit(dice.ruin(rect.width, cell), rect)
            elif kind == "tentative" and isinstance(value, int):
                lifted = rect.move(0, -8)
                surface.blit(dice.shadow(rect.width - 16), rect.inflate(-16, -16).move(6, 10))
                image = dice.face(value, rect.width - 16, "die", digits)
                surface.blit(image, lifted.inflate(-16, -16))
                self._dashed_ring(surface, lifted.inflate(4, 4), palette.TENTATIVE_RING, time)
            elif kind == "tile" and isinstance(value, int):
                surface.blit(dice.face(value, rect.width, "tile", digits), rect)
            shade = self.flash_shade(flash[cell]) if cell in flash else 0
            if shade:  # brightens what is there (additive), fading: 192, 176, … (FLASH_STEP)
                overlay.blend_fill(surface, (shade, shade, shade), rect, pygame.BLEND_RGB_ADD)
            if cursor == cell:
                pygame.draw.rect(surface, palette.CURSOR, rect.inflate(14, 14), 5, border_radius=20)
        self.drawn = tuple(drawn)

    def cell_area(self, cell: int) -> pygame.Rect:
        """All that :meth:`draw` paints for ``cell`` in its place (:data:`CELL_REACH`)."""
        return self.layout.cell_rect(cell).inflate(2 * CELL_REACH, 2 * CELL_REACH)

    def draw_frame(self, surface: pygame.Surface) -> None:
        """The board's frame and its empty slots (they never change)."""
        surface.blit(self._frame, self.layout.board_rect.inflate(44, 44).topleft)

    def sum_area(self, index: int) -> pygame.Rect:
        """Where line ``index``'s sum and combo flag are drawn (rows 0–3, columns 4–7), a
        swollen flag included."""
        L = self.layout
        x, y = L.row_sum_pos(index) if index < 4 else L.col_sum_pos(index - 4)
        return pygame.Rect(x - 110, y - 70, 220, 190)

    def draw_sums(
        self, surface: pygame.Surface, card: ScoreCard, flash: Mapping[int, float]
    ) -> None:
        """Row sums right of the board, column sums below, with a combo flag on full lines
        (those wholly outside the surface's clip are skipped)."""
        clip = surface.get_clip()
        for index, line in enumerate(card.lines):
            area = self.sum_area(index)
            if not clip.colliderect(area):
                continue
            x, y = area.x + 110, area.y + 70
            colour = palette.TEXT if line.sum else palette.TEXT_DIM
            is_row = index < 4
            label_y = y - 34 if line.combo and is_row else y
            shown = text.blit(surface, str(line.sum), "numbers", 44, colour, "center",
                              (x, label_y))
            if line.combo:
                name = t(COMBO_KEYS[line.combo])
                bright = flash.get(index, 0.0)
                ink = text.render(str(line.sum), "numbers", 44, colour).get_bounding_rect()
                below = shown.top + ink.bottom
                floor = None if is_row else self.layout.col_flag_floor
                self._flag(surface, f"{name} +{line.bonus}", (x, y + (24 if is_row else 58)),
                           palette.COMBO_COLOURS[line.combo], bright, below, floor)

    @staticmethod
    def _flag(surface: pygame.Surface, label: str, centre: tuple[int, int], colour: palette.Rgb,
              bright: float, below: int, floor: int | None = None) -> None:
        """A pill with the combo and its bonus; long names take two lines, never > 160 px. At
        its largest it stays clear of the sum's ink (``below``) and above ``floor``: a longer
        label gets smaller, never the pill longer."""
        top = below + FLAG_SWELL // 2 + 2
        room = None if floor is None else floor - FLAG_SWELL // 2 - top
        size, lines = BoardView.flag_lines(label, room)
        rendered = [text.render(line, "bold", size, (10, 10, 30)) for line in lines]
        height = sum(r.get_height() for r in rendered)
        width = max(r.get_width() for r in rendered)
        pill = pygame.Rect(0, 0, width + 18, height + 8)
        pill.center = centre
        pill.top = max(pill.top, top)
        if floor is not None:  # the floor wins even over the sum: what lies below is a control
            pill.bottom = min(pill.bottom, floor - FLAG_SWELL // 2)
        grow = BoardView.flag_swell(bright)
        pygame.draw.rect(surface, colour, pill.inflate(grow, grow), border_radius=14)
        textlog.box(surface, pill.inflate(FLAG_SWELL, FLAG_SWELL))  # as far as it swells
        y = pill.top + 4
        for line, image in zip(lines, rendered, strict=True):
            at = surface.blit(image, image.get_rect(midtop=(pill.centerx, y)))
            textlog.text(surface, line, at, box=pill, image=image)
            y += image.get_height()

    @staticmethod
    def flag_lines(label: str, room: int | None = None) -> tuple[int, list[str]]:
        """A combo flag's label as drawn: its size and its lines (two at most, shrinking as
        far as :data:`FLAG_MIN_SIZE`). With ``room`` (the most a pill may be tall, its padding
        included) it shrinks on until its pill fits, on one line if two do not."""
        size, lines = text.fit_lines(label, "bold", 24, FLAG_WIDTH - 18, 2, minimum=FLAG_MIN_SIZE)
        if room is None:
            return size, lines
        return _fit_room(label, size, tuple(lines), room, i18n.current())

    @staticmethod
    def flash_shade(amount: float) -> int:
        """How much a cell flashing at ``amount`` (1 → 0) is brightened, in the steps it is
        drawn in (:data:`FLASH_STEP`): a partial redraw repaints it only when this changes."""
        return int(200 * max(0.0, min(1.0, amount))) // FLASH_STEP * FLASH_STEP

    @staticmethod
    def flag_swell(bright: float) -> int:
        """How many pixels a combo flag at ``bright`` (0 → 1 → 0) swells by, as drawn: whole
        pixels, so a partial redraw repaints the flag only when this changes."""
        return int(FLAG_SWELL * max(0.0, min(1.0, bright)))

    @staticmethod
    def glow_alphas(time: float) -> tuple[int, int]:
        """The legal and the danger glows' opacity at ``time``, in the steps they are drawn
        in (:data:`GLOW_STEP`): a pulsing glow changes only about 13 times a second, so a
        partial redraw repaints the glowing cells only when this changes."""
        pulse = 0.5 + 0.5 * math.sin(time * 6.0)
        return (max(0, min(255, 70 + int(110 * pulse))) // GLOW_STEP * GLOW_STEP,
                max(0, min(255, 90 + int(120 * pulse))) // GLOW_STEP * GLOW_STEP)

    def _glow(self, surface: pygame.Surface, rect: pygame.Rect, colour: palette.Rgb,
              alpha: int) -> None:
        """A pulsing highlight at ``alpha`` (one of :meth:`glow_alphas`); drawn once per
        colour, size and alpha step, then reused (a fresh surface per cell per frame made the
        allocator hoard memory)."""
        key = (rect.width, rect.height, colour, alpha)
        glow = self._glows.get(key)
        if glow is None:
            glow = pygame.Surface(rect.inflate(16, 16).size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (*colour, alpha), glow.get_rect(), 8, border_radius=22)
            inner = glow.get_rect().inflate(-16, -16)
            pygame.draw.rect(glow, (*colour, alpha // 3), inner, border_radius=16)
            self._glows[key] = glow
        surface.blit(glow, rect.inflate(16, 16))

    @staticmethod
    def _dashed_ring(surface: pygame.Surface, rect: pygame.Rect, colour: palette.Rgb,
                     time: float) -> None:
        """A marching dashed outline: the sign of a die that can still be picked up."""
        perimeter = [
            (rect.topleft, rect.topright),
            (rect.topright, rect.bottomright),
            (rect.bottomright, rect.bottomleft),
            (rect.bottomleft, rect.topleft),
        ]
        dash, phase = 18, (time * 40) % 36
        for (x0, y0), (x1, y1) in perimeter:
            length = math.hypot(x1 - x0, y1 - y0)
            pos = -phase
            while pos < length:
                a, b = max(pos, 0), min(pos + dash, length)
                if b > a:
                    pygame.draw.line(surface, colour,
                                     (x0 + (x1 - x0) * a / length, y0 + (y1 - y0) * a / length),
                                     (x0 + (x1 - x0) * b / length, y0 + (y1 - y0) * b / length), 5)
                pos += 36
