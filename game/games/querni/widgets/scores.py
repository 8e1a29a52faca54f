"""QUERNI's part of the scores screen: per variant (TWO PLAYERS now; one per computer opponent
later), the wins of BLUE and RED, the draws, the mean number of turns, and the last games
(date, result, reason, turns). QUERNI is unranked: every finished game is a record."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.arcade.spec import by_id
from game.arcade.texts import t as shell_t
from game.arcade.widgets import buttons, palette, text
from game.engine.localformat import format_date, format_number
from game.games.querni import GAME_ID
from game.games.querni.texts import TEXTS, color_name, t
from game.games.querni.widgets import palette as qpalette
from game.games.querni.widgets import pieces
from game.rules.querni import Color

LAST_GAMES = 8
ROW_H = 58


def summary(records: list[Any]) -> dict[str, Any]:
    """Wins per colour, draws and mean turns of ``records`` (of one variant)."""
    wins = {"BLUE": 0, "RED": 0, "DRAW": 0}
    turns = 0
    for record in records:
        wins[record.fields["result"]] = wins.get(record.fields["result"], 0) + 1
        turns += int(record.fields["turns"])
    mean = turns / len(records) if records else 0.0
    return {"blue": wins["BLUE"], "red": wins["RED"], "draws": wins["DRAW"], "mean": mean,
            "games": len(records)}


class ScoresView:
    """Variant tabs, the totals of the chosen one and its last games, inside ``area``."""

    def __init__(self, app: Any, area: pygame.Rect, variant: str | None = None) -> None:
        self.app = app
        self.area = area
        self.spec = by_id(app.games, GAME_ID)
        self.variant = variant or self.spec.variants[0].id
        if variant not in [v.id for v in self.spec.variants]:
            self.variant = self.spec.variants[0].id
        self.tabs: list[Any] = []

    def build(self, ui: Any, rebuild: Any) -> None:
        variants = self.spec.variants
        tab_w = min(420, (self.area.width - 160) // max(1, len(variants)))
        self.tabs = []
        for i, variant in enumerate(variants):
            rect = pygame.Rect(0, 0, tab_w, 84)
            rect.center = (self.area.centerx + round((i - (len(variants) - 1) / 2)
                                                     * (tab_w + 20)), self.area.top + 42)

            def show(name: str = variant.id) -> None:
                self.variant = name
                rebuild()

            self.tabs.append(buttons.button(ui, rect, variant.label_key, show,
                                            "#choice_on" if variant.id == self.variant
                                            else "#choice", texts=TEXTS))

    def step(self, direction: int) -> None:
        names = [v.id for v in self.spec.variants]
        self.variant = names[(names.index(self.variant) + direction) % len(names)]

    def records(self) -> list[Any]:
        storage = self.app.ctx.storage
        if storage is None:
            return []
        return [r for r in storage.records(GAME_ID) if r.variant == self.variant]

    def draw(self, surface: pygame.Surface, time: float) -> None:
        records = self.records()
        if records:
            self._draw_totals(surface, summary(records))
            self._draw_last(surface, records[-LAST_GAMES:][::-1], time)
        else:
            self._draw_empty(surface, time)

    # --- parts ------------------------------------------------------------------------------
    def _draw_totals(self, surface: pygame.Surface, totals: dict[str, Any]) -> None:
        width = self.area.width
        top = self.area.top + 110
        cards = (("scores.blue_wins", format_number(totals["blue"]), Color.BLUE),
                 ("scores.red_wins", format_number(totals["red"]), Color.RED),
                 ("scores.draws", format_number(totals["draws"]), None),
                 ("scores.mean_turns", f"{totals['mean']:.1f}", None))
        gap = 20
        card_w = min(400, (width - 120 - 3 * gap) // 4)
        left = self.area.centerx - (4 * card_w + 3 * gap) // 2
        for i, (key, value, color) in enumerate(cards):
            rect = pygame.Rect(left + i * (card_w + gap), top, card_w, 150)
            pygame.draw.rect(surface, palette.PANEL, rect, border_radius=24)
            edge = qpalette.BODY[color] if color is not None else palette.PANEL_EDGE
            pygame.draw.rect(surface, edge, rect, 4, border_radius=24)
            label = t(key)
            size = text.fit_size(label, "ui", 28, card_w - 30, minimum=18)
            text.blit(surface, label, "ui", size, palette.TEXT_DIM, "center",
                      (rect.centerx, rect.top + 34))
            x = rect.centerx
            if color is not None:
                token = pieces.token(color, 56)
                surface.blit(token, token.get_rect(center=(rect.centerx - 60, rect.top + 98)))
                x += 30
            text.blit(surface, value, "numbers", 60, palette.TEXT, "center", (x, rect.top + 98))

    def _columns(self) -> list[tuple[str, float, str]]:
        """(header, x as a fraction of the width, anchor): date, result, why, turns."""
        portrait = self.area.height > self.area.width  # narrower columns
        xs = (0.06, 0.30, 0.53, 0.95) if portrait else (0.12, 0.30, 0.50, 0.88)
        labels = (shell_t("scores.date"), t("scores.result"), t("scores.reason"),
                  t("scores.turns"))
        anchors = ("midleft", "midleft", "midleft", "midright")
        return list(zip(labels, xs, anchors))

    def _draw_last(self, surface: pygame.Surface, records: list[Any], time: float) -> None:
        width = self.area.width
        top = self.area.top + 320
        heading = t("scores.last_games")
        text.blit(surface, heading, "bold", 34, palette.GOLD, "center", (self.area.centerx, top))
        columns = self._columns()
        header_y = top + 56
        for label, x, anchor in columns:
            text.blit(surface, label, "bold", 26, palette.TEXT_DIM, anchor, (x * width, header_y))
        newest = getattr(self.app.ctx.storage, "last_recorded", None)
        left, right = columns[0][1] * width - 20, columns[-1][1] * width + 20
        for i, record in enumerate(records):
            y = header_y + 56 + i * ROW_H
            if y > self.area.bottom - 30:
                break
            band = pygame.Rect(left, y - ROW_H // 2 + 4, right - left, ROW_H - 8)
            if record.id == newest:
                glow = int(60 + 40 * math.sin(time * 4))
                pygame.draw.rect(surface, (glow + 80, glow + 60, 20), band, border_radius=14)
                pygame.draw.rect(surface, palette.GOLD, band, 3, border_radius=14)
            elif i % 2 == 0:
                pygame.draw.rect(surface, palette.PANEL, band, border_radius=14)
            fields = record.fields
            result = fields["result"]
            won = t("scores.drawn") if result == "DRAW" else t("scores.won",
                                                               color=color_name(result))
            why = t(f"scores.why_{fields['reason']}")
            cells = (format_date(record.date), won, why, format_number(fields["turns"]))
            for (_label, x, anchor), value in zip(columns, cells):
                room = 0.2 * width if anchor == "midleft" else 0.1 * width
                size = text.fit_size(value, "ui", 30, int(room), minimum=18)
                colour = qpalette.RIM[Color(result)] if value == won and result != "DRAW" \
                    else palette.TEXT
                text.blit(surface, value, "ui", size, colour, anchor, (x * width, y))

    def _draw_empty(self, surface: pygame.Surface, time: float) -> None:
        cx = self.area.centerx
        y = self.area.top + 280
        for i, color in enumerate((Color.BLUE, Color.RED, Color.BLUE)):
            bob = math.sin(time * 1.5 + i) * 10
            image = pieces.piece(color, (3, 4, 5)[i], 120)
            surface.blit(image, image.get_rect(center=(cx + (i - 1) * 170, y + bob)))
        text.blit(surface, shell_t("scores.empty_title"), "bold", 44, palette.TEXT, "center",
                  (cx, y + 160))
        line = t("scores.empty_line")
        text.blit(surface, line, "ui", text.fit_size(line, "ui", 32, self.area.width - 120),
                  palette.TEXT_DIM, "center", (cx, y + 230))
