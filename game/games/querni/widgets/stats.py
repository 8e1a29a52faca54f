"""QUERNI's part of the statistics screen: per variant the games, results and mean length, and
one stacked bar per variant, in QUERNI's colours."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.arcade.spec import by_id
from game.arcade.widgets import buttons, palette, text
from game.engine.localformat import format_number
from game.games.querni import GAME_ID
from game.games.querni.stats import VariantStats, stored_stats
from game.games.querni.texts import TEXTS
from game.games.querni.widgets import palette as qpalette
from game.rules.querni import Color

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

DRAW_COLOUR = (150, 144, 190)
ABANDONED_COLOUR = (88, 84, 118)
TOP, GAP = 20, 20
"""Room above the first row, and between rows."""
HEADER, LEGEND = 64, 52
"""A row's title line above its bar, and its legend line below (inside the row's box)."""


class StatsView:
    """One row per variant: its figures and its stacked bar of results."""

    def __init__(self, app: ArcadeApp, area: pygame.Rect, variant: str | None = None) -> None:
        self.app = app
        self.area = area
        self.spec = by_id(app.games, GAME_ID)
        self.stats = stored_stats(app.ctx.storage, [v.id for v in self.spec.variants])

    def build(self, ui: pygame_gui.UIManager, rebuild: Callable[[], None]) -> None:
        """No tabs (every variant fits on one page); GAMES, top right, lists the games."""
        width = self.app.surface.get_width()
        buttons.button(ui, pygame.Rect(width - 280, 40, 240, 96), "tile.games",
                       self.open_games, "#choice", texts=TEXTS)

    def open_games(self) -> None:
        """GAMES: every recorded game, one tap from its replay."""
        self.app.nav.push("querni.games")

    def step(self, direction: int) -> None:
        """Nothing to page through."""

    def _colours(self, stats: VariantStats) -> tuple[tuple[int, int, int], ...]:
        if stats.versus_computer:
            colours = (palette.GOOD, DRAW_COLOUR, palette.BAD)
        else:
            colours = (qpalette.BODY[Color.BLUE], DRAW_COLOUR, qpalette.BODY[Color.RED])
        return (*colours, ABANDONED_COLOUR) if stats.abandoned else colours

    def _labels(self, stats: VariantStats) -> tuple[str, ...]:
        t = TEXTS.t
        if stats.versus_computer:
            labels = (t("stats.wins"), t("stats.draws"), t("stats.losses"))
        else:
            labels = (t("stats.blue_wins"), t("stats.draws"), t("stats.red_wins"))
        return (*labels, t("stats.abandoned")) if stats.abandoned else labels

    def rows(self) -> list[tuple[VariantStats, pygame.Rect]]:
        """The variants played (all of them when none was) and each one's box."""
        rows = [s for s in self.stats.values() if s.games] or list(self.stats.values())
        margin = 60
        row_h = min(260, (self.area.height - 2 * TOP) // len(rows))
        return [(stats, pygame.Rect(margin, self.area.top + TOP + i * row_h,
                                    self.area.width - 2 * margin, row_h - GAP))
                for i, stats in enumerate(rows)]

    @staticmethod
    def parts(box: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        """A row's stacked bar, and the line of its legend below it."""
        bar = pygame.Rect(box.left + 24, box.top + HEADER, box.width - 48,
                          max(32, box.height - HEADER - LEGEND))
        legend = pygame.Rect(bar.left, bar.bottom, bar.width, LEGEND)
        return bar, legend

    def draw(self, surface: pygame.Surface, time: float) -> None:
        if not any(s.games for s in self.stats.values()):  # QUERNI has results, not scores
            centre = (self.area.centerx, self.area.top + 300)
            text.blit(surface, TEXTS.t("stats.empty_title"), "bold", 44, palette.TEXT, "center",
                      centre)
            line = TEXTS.t("scores.empty_line")
            text.blit(surface, line, "ui", 32, palette.TEXT_DIM, "center",
                      (centre[0], centre[1] + 70), fit=self.area.width - 120)
            return
        for stats, box in self.rows():
            self._draw_row(surface, stats, box)

    def _draw_row(self, surface: pygame.Surface, stats: VariantStats, box: pygame.Rect) -> None:
        pygame.draw.rect(surface, palette.PANEL, box, border_radius=22)
        pygame.draw.rect(surface, palette.PANEL_EDGE, box, 3, border_radius=22)
        title = TEXTS.t(self.spec.variant(stats.variant).label_key)
        text.blit(surface, title, "bold", 34, palette.GOLD, "topleft",
                  (box.left + 24, box.top + 16), fit=box.width // 2)
        mean = "—" if stats.mean_turns is None else format_number(round(stats.mean_turns))
        line = TEXTS.t("stats.summary", games=TEXTS.t("stats.games", count=stats.games),
                       turns=mean)
        text.blit(surface, line, "ui", 28, palette.TEXT_DIM, "topright",
                  (box.right - 24, box.top + 22), fit=box.width // 2 - 40)
        bar, legend = self.parts(box)
        counts: tuple[int, ...] = (stats.first, stats.draws, stats.second)
        if stats.abandoned:
            counts += (stats.abandoned,)
        total = max(1, sum(counts))
        x = bar.left
        for index, (count, colour) in enumerate(zip(counts, self._colours(stats))):
            last = index == len(counts) - 1
            width = bar.right - x if last else round(bar.width * count / total)
            if count and width > 0:
                part = pygame.Rect(x, bar.top, width, bar.height)
                pygame.draw.rect(surface, colour, part)
                if width > 60:
                    text.blit(surface, format_number(count), "numbers", 36, (16, 12, 40),
                              "center", part.center)
            x += max(0, width)
        pygame.draw.rect(surface, palette.PANEL_EDGE, bar, 3)
        legend_x = bar.left
        for label, colour in zip(self._labels(stats), self._colours(stats)):
            swatch = pygame.Rect(0, 0, 28, 28)
            swatch.midleft = (legend_x, legend.centery)
            pygame.draw.rect(surface, colour, swatch, border_radius=6)
            rendered = text.render(label, "ui", 26, palette.TEXT)
            surface.blit(rendered, rendered.get_rect(midleft=(swatch.right + 10,
                                                              swatch.centery)))
            legend_x = swatch.right + 10 + rendered.get_width() + 40
