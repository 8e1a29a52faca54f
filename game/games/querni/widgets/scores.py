"""QUERNI's part of the scores screen: per variant the totals and the last games (a bulb for a
game played with hints, a play mark on one whose document is kept: a tap opens its replay).
QUERNI is unranked: every finished game is a record; the demo's are not shown."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypedDict

import pygame
import pygame_gui

from game.arcade.spec import by_id
from game.arcade.storage import Record
from game.arcade.texts import t as shell_t
from game.arcade.venue import OwnRecords, RecordSource
from game.arcade.widgets import palette, text
from game.arcade.widgets.tabs import VariantTabs
from game.engine.localformat import format_date, format_number
from game.games.querni import GAME_ID
from game.games.querni.session import NO_RESULT, RESIGNED
from game.games.querni.stats import Group, groups_of, human_colour, stored_groups
from game.games.querni.texts import TEXTS, color_name, t
from game.games.querni.widgets import palette as qpalette
from game.games.querni.widgets import pieces
from game.games.querni.widgets.hud import play_icon
from game.rules.querni import Color, QuerniState

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

LAST_GAMES = 8
ROW_H = 58


class Totals(TypedDict):
    """A variant's totals (:func:`summary`)."""

    blue: int
    red: int
    draws: int
    mean: float
    games: int
    won: int
    lost: int


def summary(records: list[Record]) -> Totals:
    """Wins per colour, the person's wins and losses against the computer, draws and mean
    turns of ``records`` (of one variant)."""
    return totals_of([group for groups in groups_of(records).values() for group in groups])


def totals_of(groups: list[Group]) -> Totals:
    """:func:`summary` of a variant's games counted in groups (``game.games.querni.stats``)."""
    wins = {"BLUE": 0, "RED": 0, "DRAW": 0}
    mine = {"won": 0, "lost": 0}
    turns = games = 0
    for group in groups:
        wins[group.result] = wins.get(group.result, 0) + group.games
        turns += group.turns
        games += group.games
        if group.me is not None and group.result not in ("DRAW", NO_RESULT):
            mine["won" if group.result == group.me else "lost"] += group.games
    mean = turns / games if games else 0.0
    return {"blue": wins["BLUE"], "red": wins["RED"], "draws": wins["DRAW"], "mean": mean,
            "games": games, "won": mine["won"], "lost": mine["lost"]}


def outcome_for_person(fields: Mapping[str, Any]) -> str | None:
    """``"won"``, ``"lost"`` or ``"draw"`` for the person who played the computer in a
    record (a resignation is lost); None between two people or without a result."""
    me = human_colour(dict(fields.get("players", {})))
    if me is None or fields["result"] == NO_RESULT:
        return None
    if fields["result"] == "DRAW":
        return "draw"
    return "won" if fields["result"] == me else "lost"


def why_text(fields: Mapping[str, Any]) -> str:
    """Why a recorded game ended, for its row: who resigned ("you resigned" against the
    computer), else the reason's words."""
    if fields["reason"] == RESIGNED and fields["result"] in ("BLUE", "RED"):
        loser = Color(fields["result"]).opponent
        if human_colour(dict(fields.get("players", {}))) == loser.name:
            return t("scores.why_you_resigned")
        return t("scores.why_resigned", color=color_name(loser))
    return t(f"scores.why_{fields['reason']}")


class ScoresView(VariantTabs):
    """Variant tabs, the totals of the chosen one and its last games, inside ``area``."""

    TAB_TEXTS = TEXTS

    def __init__(self, app: ArcadeApp, area: pygame.Rect, variant: str | None = None,
                 source: RecordSource | None = None) -> None:
        self.app = app
        self.area = area
        self.source = source if source is not None else OwnRecords(app.ctx.storage)
        self.spec = by_id(app.games, GAME_ID)
        self.variant = variant or self.spec.variants[0].id
        if variant not in [v.id for v in self.spec.variants]:
            self.variant = self.spec.variants[0].id
        self.tabs: list[pygame_gui.elements.UIButton] = []
        self._counted: tuple[str, list[Record], Totals] | None = None
        self._documented: tuple[tuple[str, ...], set[str]] | None = None

    @property
    def versus(self) -> bool:
        """The shown variant is a game against the computer."""
        return self.variant != self.spec.variants[0].id

    @property
    def tab_rows(self) -> int:
        """Portrait: the four tabs in two rows (their names need the width)."""
        return 2 if self.area.width < 1400 and len(self.spec.variants) > 2 else 1

    @property
    def top(self) -> int:
        """Where the totals start, below the tabs."""
        return self.area.top + 110 + (self.tab_rows - 1) * 100

    def tab_choices(self) -> list[tuple[str, str]]:
        return [(variant.id, variant.label_key) for variant in self.spec.variants]

    def records(self) -> list[Record]:
        return self.source.records(GAME_ID, self.variant)

    def _shown(self) -> tuple[list[Record], Totals]:
        """The chosen variant's last games and its totals: this machine's asked of storage when
        the variant changes (a grouped query: QUERNI keeps every game), the venue's counted
        from its board on every frame (it changes by itself)."""
        if self._counted is None or self._counted[0] != self.variant or self.source.venue:
            records = self.records()
            if self.source.venue:
                totals = summary(records)
            else:
                groups = stored_groups(self.app.ctx.storage, self.variant).get(self.variant, [])
                totals = totals_of(groups)
            self._counted = (self.variant, records, totals)
        return self._counted[1], self._counted[2]

    def documented(self) -> set[str]:
        """The shown games' record ids whose document is kept (its replay can be opened):
        asked by record id when the shown games change, never a list of every document."""
        shown = tuple(record.id for record in self._shown()[0][-LAST_GAMES:])
        if self._documented is None or self._documented[0] != shown:
            storage = self.app.ctx.storage
            self._documented = (shown, {record_id for record_id in shown if storage is not None
                                        and storage.has_document(GAME_ID, record_id)})
        return self._documented[1]

    def rows(self) -> list[tuple[Record, pygame.Rect]]:
        """The last games shown, newest first, each with its row's band on screen."""
        records = self._shown()[0][-LAST_GAMES:][::-1]
        width = self.area.width
        columns = self._columns()
        left, right = columns[0][1] * width - 20, columns[-1][1] * width + 20
        header_y = self.top + 210 + 56
        out = []
        for i, record in enumerate(records):
            y = header_y + 56 + i * ROW_H
            if y > self.area.bottom - 30:
                break
            out.append((record, pygame.Rect(left, y - ROW_H // 2 + 4, right - left, ROW_H - 8)))
        return out

    def tap(self, pos: tuple[int, int]) -> bool:
        """A tap on a row whose game has a document opens its replay; other rows do nothing."""
        storage = self.app.ctx.storage
        for record, band in self.rows():
            reach = band.union(band.move(80, 0))  # the row and its play mark beside it
            if reach.collidepoint(pos) and record.id in self.documented() and storage is not None:
                data = storage.document(GAME_ID, record.id)
                if data is None:  # damaged: set aside, so no longer marked
                    self._documented = None
                    return False
                players = record.get("players")
                self.app.nav.push("querni.replay", record=data, back=True,
                                  players=players if isinstance(players, Mapping) else None)
                return True
        return False

    def draw(self, surface: pygame.Surface, time: float) -> None:
        records, totals = self._shown()
        if records:
            self._draw_totals(surface, totals)
            self._draw_last(surface, records[-LAST_GAMES:][::-1], time)
        else:
            self._draw_empty(surface, time)

    # --- parts ------------------------------------------------------------------------------
    def _draw_totals(self, surface: pygame.Surface, totals: Totals) -> None:
        width = self.area.width
        top = self.top
        cards: tuple[tuple[str, str, Color | palette.Rgb | None], ...] = (
            ("scores.your_wins", format_number(totals["won"]), palette.GOOD),
            ("scores.your_losses", format_number(totals["lost"]), palette.BAD),
        ) if self.versus else (
            ("scores.blue_wins", format_number(totals["blue"]), Color.BLUE),
            ("scores.red_wins", format_number(totals["red"]), Color.RED),
        )
        cards += (("scores.draws", format_number(totals["draws"]), None),
                  ("scores.mean_turns", format_number(round(totals["mean"])), None))
        gap = 20
        card_w = min(400, (width - 120 - 3 * gap) // 4)
        left = self.area.centerx - (4 * card_w + 3 * gap) // 2
        for i, (key, value, color) in enumerate(cards):
            rect = pygame.Rect(left + i * (card_w + gap), top, card_w, 150)
            pygame.draw.rect(surface, palette.PANEL, rect, border_radius=24)
            if isinstance(color, Color):
                edge = qpalette.BODY[color]
            else:
                edge = color if color is not None else palette.PANEL_EDGE
            pygame.draw.rect(surface, edge, rect, 4, border_radius=24)
            label = t(key)
            text.blit(surface, label, "ui", 28, palette.TEXT_DIM, "center",
                      (rect.centerx, rect.top + 34), fit=card_w - 30, minimum=18)
            x = rect.centerx
            if isinstance(color, Color):
                token = pieces.token(color, 56)
                surface.blit(token, token.get_rect(center=(rect.centerx - 60, rect.top + 98)))
                x += 30
            text.blit(surface, value, "numbers", 60, palette.TEXT, "center", (x, rect.top + 98))

    def _columns(self) -> list[tuple[str, float, str]]:
        """(header, x as a fraction of the width, anchor): date, result, why, turns."""
        portrait = self.area.height > self.area.width  # narrower columns
        xs = (0.05, 0.28, 0.50, 0.86) if portrait else (0.12, 0.30, 0.50, 0.88)
        first = shell_t("scores.kiosk" if self.source.venue else "scores.date")
        labels = (first, t("scores.result"), t("scores.reason"), t("scores.turns"))
        anchors = ("midleft", "midleft", "midleft", "midright")
        return list(zip(labels, xs, anchors))

    def _draw_last(self, surface: pygame.Surface, records: list[Record], time: float) -> None:
        width = self.area.width
        top = self.top + 210
        heading = t("scores.last_games")
        text.blit(surface, heading, "bold", 34, palette.GOLD, "center", (self.area.centerx, top))
        columns = self._columns()
        header_y = top + 56
        for label, x, anchor in columns:
            text.blit(surface, label, "bold", 26, palette.TEXT_DIM, anchor, (x * width, header_y))
        newest = self.source.newest
        left = columns[0][1] * width - 20
        hinted = replays = False
        for i, (record, band) in enumerate(self.rows()):
            y = band.centery
            if record.id == newest:
                glow = int(60 + 40 * math.sin(time * 4))
                pygame.draw.rect(surface, (glow + 80, glow + 60, 20), band, border_radius=14)
                pygame.draw.rect(surface, palette.GOLD, band, 3, border_radius=14)
            elif i % 2 == 0:
                pygame.draw.rect(surface, palette.PANEL, band, border_radius=14)
            fields = record.fields
            result = fields["result"]
            mine = outcome_for_person(fields)
            if mine == "won":
                won, won_colour = t("scores.you_won"), palette.GOOD
            elif mine == "lost":
                won, won_colour = t("scores.you_lost"), palette.BAD
            elif result == "DRAW":
                won, won_colour = t("scores.drawn"), palette.TEXT
            elif result == NO_RESULT:
                won, won_colour = t("scores.no_result"), palette.TEXT_DIM
            else:
                won = t("scores.won", color=color_name(result))
                won_colour = qpalette.RIM[Color(result)]
            why = why_text(fields)
            first = self.source.kiosk(record) if self.source.venue else format_date(record.date)
            cells = (first, won, why, format_number(fields["turns"]))
            for index, ((_label, x, anchor), value) in enumerate(zip(columns, cells)):
                room = 0.2 * width if anchor == "midleft" else 0.1 * width
                size = text.fit_size(value, "ui", 30, int(room), minimum=18)
                colour = won_colour if index == 1 else palette.TEXT
                text.blit(surface, value, "ui", size, colour, anchor, (x * width, y))
            if fields.get("hints"):  # played with hints: a bulb before the turns
                bulb(surface, (columns[-1][1] * width - 0.1 * width - 24, y), 34)
                hinted = True
            if record.id in self.documented():  # its replay opens with a tap
                play_icon(surface, (band.right + 42, y), 24)
                replays = True
        legend_y = min(self.area.bottom - 20, header_y + 56 + len(records) * ROW_H)
        if hinted:
            bulb(surface, (left + 20, legend_y), 30)
            text.blit(surface, t("scores.hints"), "ui", 26, palette.TEXT_DIM, "midleft",
                      (left + 44, legend_y))
        if replays:
            right = columns[-1][1] * width + 20
            drawn = text.blit(surface, t("scores.replay_legend"), "ui", 26, palette.TEXT_DIM,
                              "midright", (right, legend_y))
            play_icon(surface, (drawn.left - 28, legend_y), 18)

    def _draw_empty(self, surface: pygame.Surface, time: float) -> None:
        cx = self.area.centerx
        y = self.area.top + 280
        chain = example_chain()
        centres = [(cx + round((i - (len(chain) - 1) / 2) * 170),
                    y + round(math.sin(time * 1.5 + i) * 10)) for i in range(len(chain))]
        for a, b in zip(centres, centres[1:]):  # linked in gold, as a chosen chain on the board
            pygame.draw.line(surface, (60, 40, 0), a, b, 20)
            pygame.draw.line(surface, palette.GOLD, a, b, 12)
        for (color, number), centre in zip(chain, centres):
            image = pieces.piece(color, number, 120)
            surface.blit(image, image.get_rect(center=centre))
        text.blit(surface, t("stats.empty_title"), "bold", 44, palette.TEXT, "center",
                  (cx, y + 160))
        line = t("scores.empty_line")
        text.blit(surface, line, "ui", 32, palette.TEXT_DIM, "center", (cx, y + 230),
                  fit=self.area.width - 120)


def example_chain() -> list[tuple[Color, int]]:
    """The pieces of a chain as the rules see one (Q-3.1): BLUE 3, 4 and 5 placed side by side
    are asked for their chain, and its pieces are what the empty screen shows."""
    placed = {(3 + i, 3): (Color.BLUE, 3 + i) for i in range(3)}
    low, high = QuerniState.from_pieces(placed, Color.BLUE).chains(Color.BLUE)[0]
    return [(Color.BLUE, number) for number in range(low, high + 1)]


def bulb(surface: pygame.Surface, centre: tuple[float, float], size: int) -> None:
    """A light bulb (a game played with hints), ``size`` px tall, centred on ``centre``."""
    cx, cy = centre
    radius = size * 0.3
    glass = (round(cx), round(cy - size * 0.12))
    pygame.draw.circle(surface, qpalette.HINT, glass, round(radius))
    base = pygame.Rect(0, 0, round(radius * 1.1), round(size * 0.22))
    base.midtop = (round(cx), round(glass[1] + radius * 0.75))
    pygame.draw.rect(surface, palette.TEXT_DIM, base, border_radius=3)
