"""MAGDAGDON's part of the scores screen: one top-10 table per difficulty (M-8), the newest
entry highlighted, games played with hints marked with a light bulb (and a legend line)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.arcade.storage import Record
from game.arcade.texts import t as shell_t
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

    def __init__(self, app: ArcadeApp, area: pygame.Rect, variant: str | None = None) -> None:
        self.app = app
        self.area = area
        settings = app.ctx.game_settings(GAME_ID)
        self.variant = variant or settings["difficulty"]
        self.tabs: list[pygame_gui.elements.UIButton] = []
        self._tables: dict[str, list[Record]] = {}

    def entries(self) -> list[Record]:
        """The chosen difficulty's table, asked of storage once per screen (not per frame)."""
        if self.variant not in self._tables:
            storage = self.app.ctx.storage
            self._tables[self.variant] = ([] if storage is None
                                          else storage.table(GAME_ID, self.variant))
        return self._tables[self.variant]

    def draw(self, surface: pygame.Surface, time: float) -> None:
        entries = self.entries()
        if entries:
            self._draw_table(surface, entries, time)
        else:
            self._draw_empty(surface, time)

    def _draw_table(self, surface: pygame.Surface, entries: list[Record], time: float) -> None:
        width = surface.get_width()
        top = self.area.top + 150
        for key, catalogue, x, anchor in COLUMNS:
            label = shell_t(key) if catalogue == "arcade" else t(key)
            text.blit(surface, label, "bold", 28, palette.TEXT_DIM, anchor, (x * width, top - 40))
        newest = getattr(self.app.ctx.storage, "last_recorded", None)
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
            cells = (f"{rank + 1}.", format_number(fields["score"]), name, format_date(entry.date),
                     format_number(fields["turns"]), format_number(fields["powers"]))
            for (key, _, x, anchor), value in zip(COLUMNS, cells):
                role = "numbers" if key in ("scores.rank", "scores.score") else "ui"
                text.blit(surface, value, role, 34, colour, anchor, (x * width, y))
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
        text.blit(surface, line, "ui", text.fit_size(line, "ui", 32, self.area.width - 120),
                  palette.TEXT_DIM, "center", (cx, y + 230))


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
