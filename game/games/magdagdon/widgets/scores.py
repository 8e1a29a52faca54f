"""MAGDAGDON's part of the scores screen: one top-10 table per difficulty (M-8), the newest
entry highlighted, games played with hints marked with a light bulb (and a legend line). From
the venue's board each row also names the kiosk it was played on."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.arcade.storage import Record
from game.arcade.texts import t as shell_t
from game.arcade.venue import OwnRecords, RecordSource
from game.arcade.widgets import palette, text
from game.arcade.widgets.tabs import VariantTabs
from game.engine.localformat import format_date, format_number
from game.games.magdagdon import GAME_ID
from game.games.magdagdon.texts import TEXTS, t
from game.games.magdagdon.widgets import dice
from game.rules.magdagdon import Difficulty

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

COLUMNS = (  # (header key, catalogue, x of the column's edge as a fraction of the width, anchor)
    ("scores.rank", "arcade", 0.156, "midright"),
    ("scores.score", "magdagdon", 0.292, "midright"),
    ("scores.name", "arcade", 0.333, "midleft"),
    ("scores.date", "arcade", 0.4375, "midleft"),
    ("scores.turns", "magdagdon", 0.74, "midright"),
    ("scores.powers", "magdagdon", 0.854, "midright"),
)
VENUE_COLUMNS = (  # the venue's board: the kiosk instead of the powers used
    ("scores.rank", "arcade", 0.156, "midright"),
    ("scores.score", "magdagdon", 0.292, "midright"),
    ("scores.name", "arcade", 0.333, "midleft"),
    ("scores.kiosk", "arcade", 0.41, "midleft"),
    ("scores.date", "arcade", 0.64, "midleft"),
    ("scores.turns", "magdagdon", 0.854, "midright"),
)
VENUE_PORTRAIT_COLUMNS = (  # narrow: the kiosk instead of the date too
    ("scores.rank", "arcade", 0.17, "midright"),
    ("scores.score", "magdagdon", 0.32, "midright"),
    ("scores.name", "arcade", 0.36, "midleft"),
    ("scores.kiosk", "arcade", 0.49, "midleft"),
    ("scores.turns", "magdagdon", 0.87, "midright"),
)
ROW_H = 60


class DifficultyTabs(VariantTabs):
    """A tab for each difficulty (the scores and the statistics views)."""

    TAB_TEXTS = TEXTS
    TAB_MAX_WIDTH = 380

    @property
    def variants(self) -> list[str]:
        return [d.name for d in Difficulty]

    def tab_choices(self) -> list[tuple[str, str]]:
        return [(name, f"difficulty.{name.lower()}") for name in self.variants]


class ScoresView(DifficultyTabs):
    """Difficulty tabs and the table of the chosen one, inside ``area``."""

    def __init__(self, app: ArcadeApp, area: pygame.Rect, variant: str | None = None,
                 source: RecordSource | None = None) -> None:
        self.app = app
        self.area = area
        settings = app.ctx.game_settings(GAME_ID)
        self.variant = variant or settings["difficulty"]
        self.source = source if source is not None else OwnRecords(app.ctx.storage)
        self.tabs: list[pygame_gui.elements.UIButton] = []

    def entries(self) -> list[Record]:
        """The chosen difficulty's table (this machine's is asked of storage once per screen,
        not per frame: :class:`~game.arcade.venue.OwnRecords`)."""
        return self.source.table(GAME_ID, self.variant)

    def draw(self, surface: pygame.Surface, time: float) -> None:
        entries = self.entries()
        if entries:
            self._draw_table(surface, entries, time)
        else:
            self._draw_empty(surface, time)

    def _draw_table(self, surface: pygame.Surface, entries: list[Record], time: float) -> None:
        width = surface.get_width()
        top = self.area.top + 150
        columns: tuple[tuple[str, str, float, str], ...] = COLUMNS
        if self.source.venue:
            columns = VENUE_PORTRAIT_COLUMNS if self.area.height > self.area.width \
                else VENUE_COLUMNS
        xs = [x for _, _, x, _ in columns]
        for i, (key, catalogue, x, anchor) in enumerate(columns):
            label = shell_t(key) if catalogue == "arcade" else t(key)
            text.blit(surface, label, "bold", 28, palette.TEXT_DIM, anchor, (x * width, top - 40),
                      fit=_header_room(columns, i, width))
        newest = self.source.newest
        kiosk_room = 0  # a kiosk's name shrinks to end 80 px before the next column
        if self.source.venue:
            at = [key for key, _, _, _ in columns].index("scores.kiosk")
            kiosk_room = int((xs[at + 1] - xs[at]) * width) - 80
        for rank, entry in enumerate(entries):
            y = top + 20 + rank * ROW_H
            band = pygame.Rect(width * 0.104, y - ROW_H // 2 + 4, width * 0.792, ROW_H - 8)
            if entry.id == newest:
                glow = int(60 + 40 * math.sin(time * 4))
                pygame.draw.rect(surface, (glow + 80, glow + 60, 20), band, border_radius=16)
                pygame.draw.rect(surface, palette.GOLD, band, 3, border_radius=16)
            elif rank % 2 == 0:
                pygame.draw.rect(surface, palette.PANEL, band, border_radius=16)
            colour = palette.GOLD if rank == 0 else palette.TEXT
            fields = entry.fields
            name = entry.initials or "—"
            cells = {"scores.rank": f"{rank + 1}.", "scores.score": format_number(fields["score"]),
                     "scores.name": name, "scores.date": format_date(entry.date),
                     "scores.turns": format_number(fields["turns"]),
                     "scores.powers": format_number(fields["powers"]),
                     "scores.kiosk": self.source.kiosk(entry) or "—"}
            for key, _, x, anchor in columns:
                value = cells[key]
                role = "numbers" if key in ("scores.rank", "scores.score") else "ui"
                size = 34 if key != "scores.kiosk" else text.fit_size(
                    value, "ui", 34, kiosk_room, minimum=16)
                text.blit(surface, value, role, size, colour, anchor, (x * width, y))
            if fields.get("hints"):  # between the score and the name, whatever the initials
                bulb(surface, ((COLUMNS[1][2] + COLUMNS[2][2]) / 2 * width, y), 30)
        if any(entry.fields.get("hints") for entry in entries):
            y = top + 20 + len(entries) * ROW_H + 10
            left = width * 0.104 + 20
            bulb(surface, (left + 15, y), 30)
            text.blit(surface, t("scores.hints"), "ui", 28, palette.TEXT_DIM, "midleft",
                      (left + 40, y))

    def _draw_empty(self, surface: pygame.Surface, time: float) -> None:
        cx = self.area.centerx
        y = self.area.top + 280
        for i, value in enumerate((1, 2, 3)):
            angle = math.sin(time * 1.5 + i) * 12
            image = pygame.transform.rotozoom(dice.face(value, 120, "die"), angle, 1.0)
            surface.blit(image, image.get_rect(center=(cx + (i - 1) * 170, y)))
        text.blit(surface, shell_t("scores.empty_title"), "bold", 44, palette.TEXT, "center",
                  (cx, y + 160))
        line = t("scores.empty_line", difficulty=self.variant)
        text.blit(surface, line, "ui", 32, palette.TEXT_DIM, "center", (cx, y + 230),
                  fit=self.area.width - 120)


def bulb(surface: pygame.Surface, centre: tuple[float, float], size: int) -> None:
    """A light bulb (a game played with hints), ``size`` px tall, centred on ``centre``."""
    cx, cy = round(centre[0]), round(centre[1])
    radius = size * 0.3
    glass = (cx, round(cy - size * 0.14))
    pygame.draw.circle(surface, (40, 26, 0), glass, round(radius) + 2)
    pygame.draw.circle(surface, palette.GOLD, glass, round(radius))
    neck = pygame.Rect(0, 0, round(size * 0.32), round(size * 0.3))
    neck.midtop = (cx, round(cy + size * 0.06))
    pygame.draw.rect(surface, (40, 26, 0), neck.inflate(4, 2), border_radius=3)
    pygame.draw.rect(surface, palette.GOLD, neck, border_radius=2)
    for i in range(2):
        y = neck.top + round(neck.height * (0.35 + 0.35 * i))
        pygame.draw.line(surface, palette.TEXT_DIM, (neck.left, y), (neck.right - 1, y), 2)
    pygame.draw.line(surface, palette.TEXT, (glass[0] - round(radius * 0.4), glass[1] - 1),
                     (glass[0] - round(radius * 0.1), glass[1] - round(radius * 0.5)), 2)


def _header_room(columns: tuple[tuple[str, str, float, str], ...], index: int,
                 width: int) -> int:
    """How wide column ``index``'s heading may be: a left-aligned one grows right, a
    right-aligned one left, up to the neighbour's anchor, or half way when the neighbour
    grows towards it; a gap is kept between headings."""
    anchors = [anchor for _, _, _, anchor in columns]
    xs = [x * width for _, _, x, _ in columns]
    if anchors[index] == "midleft":
        if index + 1 == len(xs):
            return int(width - xs[index]) - 24
        gap = xs[index + 1] - xs[index]
        return int(gap / 2 if anchors[index + 1] == "midright" else gap) - 24
    if index == 0:
        return int(xs[index]) - 24
    gap = xs[index] - xs[index - 1]
    return int(gap / 2 if anchors[index - 1] == "midleft" else gap) - 24
