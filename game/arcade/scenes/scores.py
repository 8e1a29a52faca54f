"""High scores: one table per difficulty (M-8), best 10, the newest entry highlighted."""

from __future__ import annotations

import math

import pygame

from game.arcade.widgets import buttons, palette, text
from game.arcade.widgets.background import background
from game.engine import input as inp
from game.engine.i18n import t
from game.engine.localformat import format_date, format_number
from game.engine.scenes import Scene
from game.games.magdagdon.widgets import dice
from game.rules.magdagdon import Difficulty

COLUMNS = (  # (header key, x of the column's edge as a fraction of the width, anchor)
    ("scores.rank", 0.156, "midright"),
    ("scores.score", 0.292, "midright"),
    ("scores.name", 0.333, "midleft"),
    ("scores.date", 0.4375, "midleft"),
    ("scores.turns", 0.74, "midright"),
    ("scores.powers", 0.854, "midright"),
)
TABLE_TOP, ROW_H = 330, 66


class ScoresScene(Scene):
    def __init__(self, app, difficulty: str | None = None) -> None:
        super().__init__(app)
        self.difficulty = difficulty or app.ctx.settings.difficulty
        self.ui = None
        self.time = 0.0

    def enter(self) -> None:
        self.ui = self.app.new_ui_manager()
        self._build()

    def exit(self) -> None:
        self.ui.clear_and_reset()

    def _build(self) -> None:
        self.ui.clear_and_reset()
        self.b_back = buttons.button(self.ui, pygame.Rect(40, 40, 240, 96), "common.back",
                                     self.close, "#choice")
        self.tabs = []
        width = self.app.surface.get_width()
        tab_w = min(380, (width - 160) // 3)
        for i, difficulty in enumerate(Difficulty):
            rect = pygame.Rect(0, 0, tab_w, 90)
            rect.center = (width // 2 + (i - 1) * (tab_w + 20), 210)
            on = difficulty.name == self.difficulty
            self.tabs.append(buttons.button(
                self.ui, rect, f"difficulty.{difficulty.name.lower()}",
                lambda d=difficulty: self.show(d.name), "#choice_on" if on else "#choice"))

    def show(self, difficulty: str) -> None:
        self.difficulty = difficulty
        self._build()

    def close(self) -> None:
        self.app.stack.pop()

    def entries(self) -> list:
        storage = self.app.ctx.storage
        return [] if storage is None else storage.scores(self.difficulty)

    def process_event(self, event: pygame.event.Event) -> None:
        self.ui.process_events(event)

    def handle(self, action: inp.Action) -> None:
        if action.kind != inp.KEY:
            return
        if action.key in ("pause", "back"):
            self.close()
        elif action.key in ("left", "right"):
            names = [d.name for d in Difficulty]
            step = 1 if action.key == "right" else -1
            self.show(names[(names.index(self.difficulty) + step) % len(names)])

    def update(self, dt: float) -> None:
        self.time += dt
        self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(background(surface.get_size()), (0, 0))
        width = surface.get_width()
        text.blit(surface, t("scores.title"), "display", 72, palette.GOLD, "center",
                  (width // 2, 88), shadow=True)
        entries = self.entries()
        if not entries:
            self._draw_empty(surface)
        else:
            self._draw_table(surface, entries)
        self.ui.draw_ui(surface)

    def _draw_table(self, surface: pygame.Surface, entries) -> None:
        width = surface.get_width()
        for key, x, anchor in COLUMNS:
            label = t(key)
            text.blit(surface, label, "bold", 28, palette.TEXT_DIM, anchor,
                      (x * width, TABLE_TOP - 40))
        newest = getattr(self.app.ctx.storage, "last_recorded", None)
        for rank, entry in enumerate(entries):
            y = TABLE_TOP + 20 + rank * ROW_H
            highlight = entry.game_id == newest
            band = pygame.Rect(width * 0.104, y - ROW_H // 2 + 4, width * 0.792, ROW_H - 8)
            if highlight:
                glow = int(60 + 40 * math.sin(self.time * 4))
                pygame.draw.rect(surface, (glow + 80, glow + 60, 20), band, border_radius=16)
                pygame.draw.rect(surface, palette.GOLD, band, 3, border_radius=16)
            elif rank % 2 == 0:
                pygame.draw.rect(surface, palette.PANEL, band, border_radius=16)
            colour = palette.GOLD if rank == 0 else palette.TEXT
            cells = (
                f"{rank + 1}.",
                format_number(entry.score),
                entry.initials or "—",
                format_date(entry.date),
                format_number(entry.turns),
                format_number(entry.powers),
            )
            for (key, x, anchor), value in zip(COLUMNS, cells):
                role = "numbers" if key in ("scores.rank", "scores.score") else "ui"
                text.blit(surface, value, role, 34, colour, anchor, (x * width, y))

    def _draw_empty(self, surface: pygame.Surface) -> None:
        cx = surface.get_width() // 2
        for i, value in enumerate((1, 2, 3)):
            angle = math.sin(self.time * 1.5 + i) * 12
            image = pygame.transform.rotozoom(dice.face(value, 120, "die"), angle, 1.0)
            surface.blit(image, image.get_rect(center=(cx + (i - 1) * 170, 480)))
        text.blit(surface, t("scores.empty_title"), "bold", 44, palette.TEXT, "center",
                  (cx, 640))
        line = t("scores.empty_line", difficulty=self.difficulty)
        text.blit(surface, line, "ui", text.fit_size(line, "ui", 32, 1500), palette.TEXT_DIM,
                  "center", (cx, 710))
