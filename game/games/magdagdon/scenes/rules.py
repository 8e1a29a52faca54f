"""MAGDAGDON's rules for players (M-1..M-8 in plain words): a scrolling page of blocks in its
help catalogue, with named drawn figures scored by the rules themselves."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.arcade.play.rules_page import RulesPage
from game.arcade.scenes.document import Figure
from game.arcade.widgets import palette, text
from game.arcade.widgets.textflow import BULLET, FIGURE, HEADING, PARAGRAPH
from game.games.magdagdon import GAME_ID
from game.games.magdagdon.texts import HELP, help_text
from game.games.magdagdon.widgets import dice
from game.rules.magdagdon import RUIN, Cell, Combo, Difficulty, line_combo, score


# --- drawing helpers (shared with the About page) ------------------------------------------
def tile(surface: pygame.Surface, value: Cell, rect: pygame.Rect, digits: bool,
         seed: int = 0) -> None:
    """A committed number tile, or a ruin when ``value`` is ``RUIN``."""
    if isinstance(value, int):
        surface.blit(dice.face(value, rect.width, "tile", digits), rect)
    else:
        surface.blit(dice.ruin(rect.width, seed), rect)


def strip(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The dark frame of a piece of board behind example tiles."""
    frame = rect.inflate(24, 24)
    pygame.draw.rect(surface, palette.SLOT, frame, border_radius=18)
    pygame.draw.rect(surface, palette.SLOT_EDGE, frame, 3, border_radius=18)


def cells(left: int, top: int, count: int, size: int, gap: int) -> list[pygame.Rect]:
    return [pygame.Rect(left + i * (size + gap), top, size, size) for i in range(count)]


def row_of(surface: pygame.Surface, values: Sequence[Cell], left: int, top: int, size: int,
           gap: int, digits: bool) -> list[pygame.Rect]:
    """Tiles (or ruins) side by side on a board strip; returns their rects."""
    rects = cells(left, top, len(values), size, gap)
    strip(surface, rects[0].unionall(rects))
    for i, (value, rect) in enumerate(zip(values, rects)):
        if value is not None:
            tile(surface, value, rect, digits, seed=3 + i)
    return rects


def pill(surface: pygame.Surface, label: str, colour: tuple[int, ...], midleft: tuple[int, int],
         size: int = 28) -> pygame.Rect:
    """A combo flag, as on the board's line sums: dark bold text on the combo colour."""
    image = text.render(label, "bold", size, (10, 10, 30))
    box = image.get_rect(midleft=(midleft[0] + 18, midleft[1])).inflate(36, 14)
    pygame.draw.rect(surface, colour, box, border_radius=16)
    surface.blit(image, image.get_rect(center=box.center))
    return box


# --- the figures ---------------------------------------------------------------------------
def _neighbours(surface: pygame.Surface, rect: pygame.Rect, digits: bool) -> None:
    """3, an empty cell that takes only 3 or 4, 4 (M-4.3)."""
    size, gap = 112, 16
    left = rect.centerx - (3 * size + 2 * gap) // 2
    rects = row_of(surface, (3, None, 4), left, rect.top + 16, size, gap, digits)
    hole = rects[1]
    glow = pygame.Surface(hole.inflate(20, 20).size, pygame.SRCALPHA)
    pygame.draw.rect(glow, (*palette.LEGAL, 200), glow.get_rect(), 8, border_radius=22)
    pygame.draw.rect(glow, (*palette.LEGAL, 60), glow.get_rect().inflate(-20, -20),
                     border_radius=16)
    surface.blit(glow, hole.inflate(20, 20))
    label = help_text("rules.fig.three_or_four")
    size_px = text.fit_size(label, "bold", 32, 3 * size)
    text.blit(surface, label, "bold", size_px, palette.LEGAL, "midtop",
              (hole.centerx, hole.bottom + 26))


COMBO_ROWS: tuple[tuple[tuple[int, ...], str], ...] = (
    ((2, 3, 4, 5), "rules.fig.straight"),
    ((6, 5, 4, 3), "rules.fig.straight"),
    ((5, 5, 5, 5), "rules.fig.four"),
    ((3, 4, 3, 4), "rules.fig.pairs"),
)
_COMBO_ROW_H = 122


def inset(rect: pygame.Rect) -> int:
    """Where a figure's tiles start: indented on a wide column, near the edge on a narrow one."""
    return rect.left + (130 if rect.width >= 1000 else 40)


def _combos(surface: pygame.Surface, rect: pygame.Rect, digits: bool) -> None:
    """One line per combo, its flag and its bonus, all from the rules (M-7.2)."""
    size, gap = 80, 10
    left = inset(rect)
    for i, (values, key) in enumerate(COMBO_ROWS):
        top = rect.top + 14 + i * _COMBO_ROW_H
        rects = row_of(surface, values, left, top, size, gap, digits)
        combo = line_combo(values)
        assert combo is not None, values
        flag = pill(surface, help_text(key), palette.COMBO_COLOURS[combo.value],
                    (rects[-1].right + 44, rects[-1].centery))
        text.blit(surface, help_text("rules.fig.bonus", points=combo.bonus), "numbers", 44,
                  palette.GOLD, "midleft", (flag.right + 24, flag.centery))


RUIN_ROW = (3, 4, RUIN, 6)


def _ruin_line(surface: pygame.Surface, rect: pygame.Rect, digits: bool) -> None:
    """A row with a ruin: its numbers count, no combo, and the ruin costs 15 (M-7.3)."""
    size, gap = 80, 10
    left = inset(rect)
    rects = row_of(surface, RUIN_ROW, left, rect.top + 14, size, gap, digits)
    line = score(RUIN_ROW + (None,) * 12, Difficulty.PEACEFUL, 0).lines[0]
    x = rects[-1].right + 44
    text.blit(surface, help_text("rules.fig.ruin_line", sum=line.sum), "ui", 30, palette.TEXT,
              "bottomleft", (x, rects[0].centery + 2))
    text.blit(surface, help_text("rules.fig.ruin_cost"), "bold", 28, palette.BAD, "topleft",
              (x, rects[0].centery + 6))


BEST_ROW = (3, 4, 5, 6)


def _best(surface: pygame.Surface, rect: pygame.Rect, digits: bool) -> None:
    """The 544 board (M-7.6) and its sum, straights and fours, scored by the rules."""
    size, gap = 62, 8
    left, top = inset(rect), rect.top + 14
    grid = [pygame.Rect(left + c * (size + gap), top + r * (size + gap), size, size)
            for r in range(4) for c in range(4)]
    strip(surface, grid[0].unionall(grid))
    for i, cell in enumerate(grid):
        tile(surface, BEST_ROW[i % 4], cell, digits)
    card = score(BEST_ROW * 4, Difficulty.PEACEFUL, 0)
    straights = sum(line.bonus for line in card.lines if line.combo is Combo.STRAIGHT)
    fours = sum(line.bonus for line in card.lines if line.combo is Combo.FOUR_OF_A_KIND)
    x = grid[-1].right + 60
    y = top + 6
    for key, points in (("rules.fig.best_sums", card.base),
                        ("rules.fig.best_straights", straights),
                        ("rules.fig.best_fours", fours)):
        text.blit(surface, help_text(key, points=points), "ui", 30, palette.TEXT, "topleft",
                  (x, y))
        y += 50
    pygame.draw.line(surface, palette.PANEL_EDGE, (x, y + 8), (min(x + 480, rect.right), y + 8), 3)
    text.blit(surface, help_text("rules.fig.best_total", points=card.total), "display", 44,
              palette.GOLD, "topleft", (x, y + 18))


FIGURES: dict[str, Figure] = {
    "neighbours": Figure(210, _neighbours, ("rules.fig.three_or_four",)),
    "combos": Figure(len(COMBO_ROWS) * _COMBO_ROW_H + 14, _combos, (
        "rules.fig.straight", "rules.fig.four", "rules.fig.pairs", "rules.fig.bonus")),
    "ruin_line": Figure(112, _ruin_line, ("rules.fig.ruin_line", "rules.fig.ruin_cost")),
    "best": Figure(4 * 62 + 3 * 8 + 30, _best, (
        "rules.fig.best_sums", "rules.fig.best_straights", "rules.fig.best_fours",
        "rules.fig.best_total")),
}

RULES: tuple[tuple[str, str], ...] = (
    (HEADING, "rules.goal.heading"),
    (PARAGRAPH, "rules.goal.text"),
    (HEADING, "rules.board.heading"),
    (PARAGRAPH, "rules.board.text"),
    (HEADING, "rules.turn.heading"),
    (BULLET, "rules.turn.roll"),
    (BULLET, "rules.turn.place"),
    (BULLET, "rules.turn.minimum"),
    (BULLET, "rules.turn.confirm"),
    (HEADING, "rules.turn.undo_heading"),
    (PARAGRAPH, "rules.turn.undo"),
    (HEADING, "rules.place.heading"),
    (BULLET, "rules.place.empty"),
    (BULLET, "rules.place.touch"),
    (BULLET, "rules.place.near"),
    (BULLET, "rules.place.ruin"),
    (BULLET, "rules.place.order"),
    (PARAGRAPH, "rules.place.example"),
    (FIGURE, "neighbours"),
    (HEADING, "rules.levels.heading"),
    (PARAGRAPH, "rules.levels.intro"),
    (BULLET, "rules.levels.peaceful"),
    (BULLET, "rules.levels.survival"),
    (BULLET, "rules.levels.nightmare"),
    (HEADING, "rules.powers.heading"),
    (PARAGRAPH, "rules.powers.intro"),
    (BULLET, "rules.powers.adjust"),
    (BULLET, "rules.powers.reroll"),
    (PARAGRAPH, "rules.powers.placed"),
    (HEADING, "rules.magdagdon.heading"),
    (PARAGRAPH, "rules.magdagdon.what"),
    (PARAGRAPH, "rules.magdagdon.choice"),
    (HEADING, "rules.scoring.heading"),
    (PARAGRAPH, "rules.scoring.end"),
    (BULLET, "rules.scoring.sums"),
    (BULLET, "rules.scoring.combos"),
    (FIGURE, "combos"),
    (PARAGRAPH, "rules.scoring.straight"),
    (PARAGRAPH, "rules.scoring.ruin"),
    (FIGURE, "ruin_line"),
    (PARAGRAPH, "rules.scoring.final"),
    (PARAGRAPH, "rules.scoring.best"),
    (FIGURE, "best"),
    (HEADING, "rules.records.heading"),
    (PARAGRAPH, "rules.records.text"),
)


class RulesScene(RulesPage):
    """HOW TO PLAY MAGDAGDON."""

    texts = HELP
    entries = RULES
    figures = FIGURES
    digits_of = GAME_ID
