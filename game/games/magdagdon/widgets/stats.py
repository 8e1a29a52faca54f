"""MAGDAGDON's part of the statistics screen: per difficulty the figures, a histogram of the
scores and the last 50 scores with their running mean, in the game's own look."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.arcade.texts import t as shell_t
from game.arcade.widgets import palette, text
from game.engine.localformat import format_decimal, format_number
from game.games.magdagdon import GAME_ID
from game.games.magdagdon.stats import VariantStats, stored_stats
from game.games.magdagdon.texts import t
from game.games.magdagdon.widgets.scores import DifficultyTabs

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

FIGURES = (("stats.games", "games"), ("stats.best", "best"), ("stats.mean", "mean"),
           ("stats.median", "median"), ("stats.ruins", "ruins_per_game"),
           ("stats.powers", "powers_per_game"))
"""The figure cards, left to right: (catalogue key, ``VariantStats`` field)."""


def _figure(value: float | int | None, field: str) -> str:
    """A figure as the player reads it: whole numbers, or one decimal for per-game rates."""
    if value is None:
        return "—"
    if field in ("ruins_per_game", "powers_per_game"):
        return format_decimal(value)
    return format_number(round(value))


class StatsView(DifficultyTabs):
    """Difficulty tabs, the chosen difficulty's figures, histogram and recent scores."""

    def __init__(self, app: ArcadeApp, area: pygame.Rect, variant: str | None = None) -> None:
        self.app = app
        self.area = area
        self.variant = variant or app.ctx.game_settings(GAME_ID)["difficulty"]
        self.stats = stored_stats(app.ctx.storage, self.variants)
        self.tabs: list[pygame_gui.elements.UIButton] = []

    @property
    def current(self) -> VariantStats:
        return self.stats[self.variant]

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, time: float) -> None:
        stats = self.current
        if not stats.games:
            line = t("scores.empty_line", difficulty=self.variant)
            text.blit(surface, shell_t("scores.empty_title"), "bold", 44, palette.TEXT,
                      "center", (self.area.centerx, self.area.top + 300))
            text.blit(surface, line, "ui", 32, palette.TEXT_DIM, "center",
                      (self.area.centerx, self.area.top + 370), fit=self.area.width - 120)
            return
        tall = self.area.width < self.area.height
        self._draw_figures(surface, stats, tall)
        charts_top = self.area.top + (420 if tall else 290)
        margin = 60
        if tall:
            height = (self.area.bottom - 50 - charts_top - 3 * 40) // 2
            first = pygame.Rect(margin, charts_top + 40, self.area.width - 2 * margin, height)
            second = first.move(0, height + 80)
        else:
            half = (self.area.width - 3 * margin) // 2
            height = self.area.bottom - charts_top - 90
            first = pygame.Rect(margin, charts_top + 40, half, height)
            second = first.move(half + margin, 0)
        self._draw_histogram(surface, stats, first)
        self._draw_recent(surface, stats, second)

    def _draw_figures(self, surface: pygame.Surface, stats: VariantStats, tall: bool) -> None:
        cols = 3 if tall else len(FIGURES)
        gap = 20
        width = (self.area.width - 120 - (cols - 1) * gap) // cols
        for i, (key, field) in enumerate(FIGURES):
            row, col = divmod(i, cols)
            card = pygame.Rect(60 + col * (width + gap), self.area.top + 110 + row * 150,
                               width, 130)
            pygame.draw.rect(surface, palette.PANEL, card, border_radius=20)
            pygame.draw.rect(surface, palette.PANEL_EDGE, card, 3, border_radius=20)
            text.blit_in(surface, t(key), "ui", 26, palette.TEXT_DIM,
                         pygame.Rect(card.left + 10, card.top + 8, card.width - 20, 54), gap=2)
            value = _figure(getattr(stats, field), field)
            text.blit(surface, value, "numbers", 52, palette.GOLD, "midbottom",
                      (card.centerx, card.bottom - 10))

    def _frame(self, surface: pygame.Surface, rect: pygame.Rect, title: str) -> pygame.Rect:
        """A chart's panel and title; the plotting area inside it."""
        pygame.draw.rect(surface, palette.SLOT, rect, border_radius=22)
        pygame.draw.rect(surface, palette.SLOT_EDGE, rect, 3, border_radius=22)
        text.blit(surface, title, "bold", 28, palette.TEXT, "bottomleft",
                  (rect.left + 10, rect.top - 8), fit=rect.width - 40)
        return rect.inflate(-60, -70).move(10, -5)

    def _draw_histogram(self, surface: pygame.Surface, stats: VariantStats,
                        rect: pygame.Rect) -> None:
        """Gold bars, one per 50 points; the best bar's count on top, the scale below."""
        plot = self._frame(surface, rect, t("stats.histogram"))
        bars = stats.histogram
        tallest = max(count for _, count in bars)
        slot = plot.width / len(bars)
        for i, (_start, count) in enumerate(bars):
            height = round(plot.height * count / tallest)
            bar = pygame.Rect(round(plot.left + i * slot + slot * 0.12), plot.bottom - height,
                              max(2, round(slot * 0.76)), height)
            if count:
                pygame.draw.rect(surface, palette.TILE_EDGE, bar.move(0, 4),
                                 border_top_left_radius=8, border_top_right_radius=8)
                pygame.draw.rect(surface, palette.GOLD, bar, border_top_left_radius=8,
                                 border_top_right_radius=8)
            if count == tallest:
                text.blit(surface, format_number(count), "numbers", 26, palette.TEXT,
                          "midbottom", (bar.centerx, bar.top - 4))
        pygame.draw.line(surface, palette.PANEL_EDGE, plot.bottomleft, plot.bottomright, 3)
        ticks = (bars[0][0], bars[-1][0] + 50)
        text.blit(surface, format_number(ticks[0]), "numbers", 24, palette.TEXT_DIM,
                  "topleft", (plot.left, plot.bottom + 8))
        text.blit(surface, format_number(ticks[1]), "numbers", 24, palette.TEXT_DIM,
                  "topright", (plot.right, plot.bottom + 8))

    def _draw_recent(self, surface: pygame.Surface, stats: VariantStats,
                     rect: pygame.Rect) -> None:
        """The last scores as dots joined by a thin line, the running mean as a bold line."""
        plot = self._frame(surface, rect, t("stats.recent"))
        values = list(stats.recent) + list(stats.running_mean)
        low, high = min(values), max(values)
        if high - low < 1:
            low, high = low - 1, high + 1

        def point(i: int, value: float) -> tuple[float, float]:
            x = plot.left + (plot.width * i / max(1, len(stats.recent) - 1))
            y = plot.bottom - plot.height * (value - low) / (high - low)
            return x, y

        if low < 0 < high:  # the zero line, where the score turns negative
            zero = point(0, 0)[1]
            pygame.draw.line(surface, palette.BAD, (plot.left, zero), (plot.right, zero), 1)
        scores = [point(i, v) for i, v in enumerate(stats.recent)]
        means = [point(i, v) for i, v in enumerate(stats.running_mean)]
        if len(scores) > 1:
            pygame.draw.lines(surface, palette.TEXT_DIM, False, scores, 2)
            pygame.draw.lines(surface, palette.GOOD, False, means, 5)
        for x, y in scores:
            pygame.draw.circle(surface, palette.GOLD, (round(x), round(y)), 6)
        text.blit(surface, format_number(round(high)), "numbers", 24, palette.TEXT_DIM,
                  "bottomleft", (plot.left, plot.top - 2))
        text.blit(surface, format_number(round(low)), "numbers", 24, palette.TEXT_DIM,
                  "topleft", (plot.left, plot.bottom + 8))
        legend = t("stats.running_mean")
        text.blit(surface, legend, "ui", 24, palette.GOOD, "topright",
                  (plot.right, plot.bottom + 8), fit=plot.width // 2)
