"""The daily challenge screen: today's challenge, PLAY for the day's one recorded attempt or
PRACTICE once it is recorded, the streak and the last 30 days from the stored records, and with
a venue link today's standings at the venue beside them.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

import pygame

from game.arcade.scene import ArcadeScene
from game.arcade.venue import VenueBoard
from game.arcade.widgets import buttons, palette, standings, text
from game.engine import input as inp
from game.engine.localformat import format_date, format_number
from game.games.magdagdon import GAME_ID
from game.games.magdagdon.daily import DAILY, last_days, recorded_days, streak, today
from game.games.magdagdon.texts import TEXTS, t
from game.games.magdagdon.widgets.scores import bulb

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

DAYS_SHOWN = 30
ROW_H = 44
VENUE_ROW_H = 36
"""The days' rows beside the venue's standings (landscape: two columns of them)."""
VENUE_PANEL_W = 600
VENUE_PANEL_H = 560


class DailyScene(ArcadeScene):
    """Today's challenge and the daily table."""

    game_id = GAME_ID
    still = True  # nothing moves by itself: untouched, it is redrawn only rarely

    def __init__(self, app: ArcadeApp, day: date | None = None) -> None:
        super().__init__(app)
        self.day = day or today()
        storage = self.ctx.storage
        self.records = storage.records(GAME_ID, DAILY) if storage is not None else []
        played = recorded_days(self.records).get(self.day.isoformat())
        self.played = played is not None
        self.mine = played.id if played is not None else None
        self.score = int(played.get("score", 0)) if played is not None else 0
        fleet = self.ctx.fleet
        self.board = None if fleet is None else VenueBoard(
            fleet, storage, {spec.id: spec.data for spec in app.games})
        self.streak = streak(self.records, self.day)
        self.rows = last_days(self.records, self.day, DAYS_SHOWN)

    def enter(self) -> None:
        width, height = self.app.surface.get_size()
        self.b_back = buttons.button(self.gui, pygame.Rect(40, 34, 240, 96), "common.back",
                                     self.close, "#choice")
        rect = pygame.Rect(0, 0, min(780, width - 120), 110)
        rect.center = (width // 2, 400 if self.tall else 330)
        key = "daily.practice" if self.played else "daily.play"
        self.b_play = buttons.button(self.gui, rect, key, self.play,
                                     "#choice" if self.played else "#roll", texts=TEXTS)

    def play(self) -> None:
        """The day's challenge; a game in progress is abandoned first (asked), like NEW GAME."""
        if not self.played and self.ctx.has_saved_game(GAME_ID):
            self.app.nav.push("confirm", question_key="daily.abandon", on_yes=self._start,
                              texts=TEXTS)
            return
        self._start()

    def _start(self) -> None:
        if not self.played:
            storage = self.ctx.storage
            if storage is not None:
                storage.clear_game(GAME_ID)  # M-2.2: the abandoned game is not recorded
        self.app.nav.clear_to(f"{GAME_ID}.play", daily=self.day.isoformat(),
                              practice=self.played)

    def close(self) -> None:
        self.app.nav.pop()

    def handle(self, action: inp.Action) -> None:
        if action.kind == inp.KEY and action.key in ("pause", "back"):
            self.close()
        elif action.kind == inp.KEY and action.key == "accept":
            self.play()

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        width = surface.get_width()
        self.draw_page(surface, t("daily.title"), 72, 82, fit=width - 640)
        when = t("daily.when", date=format_date(f"{self.day.isoformat()}T00:00:00Z"))
        text.blit(surface, when, "bold", 36, palette.TEXT, "center", (width // 2, 190),
                  fit=width - 120)
        rules = t("daily.rules")
        text.blit(surface, rules, "ui", 28, palette.TEXT_DIM, "center", (width // 2, 240),
                  fit=width - 120)
        line = t("daily.streak", count=self.streak)
        if self.played:
            line = f"{t('daily.recorded', score=format_number(self.score))}   ·   {line}"
        text.blit(surface, line, "bold", 32, palette.GOOD if self.streak else palette.TEXT_DIM,
                  "center", (width // 2, self.b_play.rect.bottom + 40), fit=width - 120)
        self.gui.draw_ui(surface)
        top = self.b_play.rect.bottom + 100
        if self.board is None:
            self._draw_table(surface, pygame.Rect(60, top, width - 120, surface.get_height() - top))
            return
        panel, days = self._venue_layout(surface.get_size(), top)
        self._draw_venue(surface, panel)
        self._draw_table(surface, days, VENUE_ROW_H)

    def _venue_layout(self, size: tuple[int, int], top: int) -> tuple[pygame.Rect, pygame.Rect]:
        """Landscape: the standings right, the days left; portrait: standings above the days."""
        width, height = size
        if self.tall:
            panel = pygame.Rect(60, top - 20, width - 120, VENUE_PANEL_H)
            below = panel.bottom + 30
            return panel, pygame.Rect(60, below, width - 120, height - below)
        panel = pygame.Rect(width - 60 - VENUE_PANEL_W, top - 20, VENUE_PANEL_W,
                            min(VENUE_PANEL_H, height - top - 10))
        return panel, pygame.Rect(60, top, panel.left - 100, height - top)

    def _draw_venue(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        assert self.board is not None
        entries, total = self.board.standings(GAME_ID, DAILY, (("daily", self.day.isoformat()),))
        standings.draw(surface, panel, entries, total, self.mine, self.board.state(),
                       lambda fields: int(fields["score"]))

    def _draw_table(self, surface: pygame.Surface, area: pygame.Rect, row_h: int = ROW_H) -> None:
        """The last days, newest first, in as many columns as ``area`` takes."""
        per_column = max(1, (area.height - 30) // row_h)
        columns = -(-len(self.rows) // per_column)
        column_w = min(620, area.width // columns)
        left = area.left + (area.width - columns * column_w) // 2
        for i, (day, record) in enumerate(self.rows):
            col, row = divmod(i, per_column)
            x, y = left + col * column_w, area.top + row * row_h
            band = pygame.Rect(x + 6, y, column_w - 12, row_h - 6)
            if i % 2 == 0:
                pygame.draw.rect(surface, palette.PANEL, band, border_radius=12)
            colour = palette.TEXT if record is not None else palette.TEXT_DIM
            text.blit(surface, format_date(f"{day}T00:00:00Z"), "ui", 26, colour, "midleft",
                      (band.left + 14, band.centery))
            if record is None:
                text.blit(surface, "—", "ui", 26, colour, "midright",
                          (band.right - 14, band.centery))
                continue
            turns = t("daily.turns", count=int(record.get("turns", 0)))
            text.blit(surface, turns, "ui", 24, palette.TEXT_DIM, "midright",
                      (band.right - 150, band.centery))
            text.blit(surface, format_number(int(record.get("score", 0))), "numbers", 30,
                      palette.GOLD, "midright", (band.right - 14, band.centery))
            if record.get("hints", 0):
                bulb(surface, (band.right - 120, band.centery), 26)
