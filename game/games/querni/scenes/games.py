"""GAMES: every recorded game of QUERNI, newest first (date, who played, the result, the turns),
one tap from its replay. Opened from QUERNI's tile on the title and from STATISTICS.

The games are the documents storage lists (``Storage.documents_page``), joined with the records
for who played (``games_list``), read a page at a time on a lane of the screen's own (until the
count is in, the list says it is reading). A game whose record is gone is summed up from its
document once the list is still, the shown rows only, on that lane too: a document is read and
its every turn checked, and a list flung past thousands of such games must not wait for them.
The list scrolls by drag, wheel or keys; the arrows also move a highlight that Enter opens; EXIT
of the replay comes back here.
"""

from __future__ import annotations

from concurrent.futures import Future, wait
from typing import TYPE_CHECKING, Any

import pygame

from game.arcade.scene import ArcadeScene
from game.arcade.storage.jobs import Lane, import_ahead
from game.arcade.texts import t as shell_t
from game.arcade.widgets import buttons, palette, text
from game.arcade.widgets.background import background
from game.arcade.widgets.scroller import Scroller
from game.engine import i18n, textlog
from game.engine import input as inp
from game.engine.localformat import format_date, format_number
from game.games.querni import GAME_ID
from game.games.querni.games_list import (
    PAGE,
    GameRow,
    GameRows,
    from_document,
    outcome,
    outcome_text,
    rows,
    who_text,
)
from game.games.querni.texts import t
from game.games.querni.widgets import palette as qpalette
from game.games.querni.widgets import pieces
from game.games.querni.widgets.board import PREWARMED
from game.games.querni.widgets.hud import play_icon
from game.games.querni.widgets.layout import for_size
from game.rules.querni import Color

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

TAP_SLOP = 14
FIRST_WAIT = 0.015
"""Seconds the frame that opens the list waits for its count (an indexed folder answers in a
few milliseconds: no "reading" flashes by); a longer read is shown as reading."""
COLOURS = {"won": palette.GOOD, "lost": palette.BAD, "draw": palette.TEXT,
           "unfinished": palette.TEXT_DIM,
           "BLUE": qpalette.RIM[Color.BLUE], "RED": qpalette.RIM[Color.RED]}


class GamesScene(ArcadeScene):
    """The recorded games, one row each; a tap opens the replay."""

    game_id = GAME_ID

    def __init__(self, app: ArcadeApp) -> None:
        super().__init__(app)
        self.time = 0.0
        width, height = app.surface.get_size()
        self.panel = (pygame.Rect(40, 250, width - 80, height - 290) if self.tall
                      else pygame.Rect(140, 210, width - 280, height - 240))
        self.header = 0 if self.tall else 60
        self.row_h = 128 if self.tall else 76
        self.view = pygame.Rect(self.panel.left + 16, self.panel.top + self.header + 10,
                                self.panel.width - 32, self.panel.height - self.header - 20)
        self.rows = GameRows(0, lambda offset, count: Future())
        self._reading = Lane("games-list", linger=1.0)
        self._counting: Future[tuple[int, list[GameRow]]] | None = None
        self._ahead: Future[None] | None = None
        self.scroller = Scroller(0, self.view.height, not self.ctx.settings.reduced_motion)
        self.focus: int | None = None
        self._read: set[str] = set()  # rows whose document was read (or could not be)
        self._summing: list[tuple[int, str, Future[dict[str, Any] | None]]] = []
        self._press: tuple[tuple[int, int], bool] | None = None
        self._pictures: dict[tuple[int, str, bool, bool], pygame.Surface] = {}
        self._pictures_for: tuple[str, int, tuple[int, int]] | None = None
        self.refresh()

    def refresh(self) -> None:
        """Read the list again (a game's document may have been set aside) in the background:
        how many games there are and the first page of them; the others when first shown.
        Until the count is in the list says it is reading: a folder of documents never
        indexed (after a recovery, a restored backup) is listed first, seconds for tens of
        thousands, and no frame waits for that."""
        self._counting = self._reading.submit(self._page, 0, PAGE)
        wait([self._counting], FIRST_WAIT)  # the usual answer, in the frame that asked
        self._take_count()

    def _page(self, offset: int, count: int) -> tuple[int, list[GameRow]]:
        """How many games there are, and ``count`` rows of them from ``offset`` (newest
        first), asked of storage on the reading lane."""
        storage = self.ctx.storage
        if storage is None:
            return 0, []
        total, entries = storage.documents_page(GAME_ID, offset, count)
        return total, rows(entries, storage.records_by_id(
            GAME_ID, [entry.record_id for entry in entries]))

    def _take_count(self) -> None:
        """The list's count and first page, once they are in."""
        if self._counting is None or not self._counting.done():
            return
        counted, self._counting = self._counting, None
        count, first = (0, []) if counted.exception() else counted.result()
        if count and self._ahead is None:  # what a tap opens, once the list is shown
            self._ahead = import_ahead("scene-imports", "game.games.querni.scenes.replay")
            self.app.build_ahead(pieces.prewarm_steps(
                for_size(self.app.surface.get_size()).piece_size, PREWARMED))
        self.rows = GameRows(count, lambda offset, size: self._reading.submit(
            lambda: self._page(offset, size)[1]), first)
        self.scroller.content = len(self.rows) * self.row_h
        self.scroller.scroll_to(self.scroller.target, glide=False)

    # --- lifecycle --------------------------------------------------------------------------
    def enter(self) -> None:
        self.b_back = buttons.button(self.gui, pygame.Rect(40, 40, 240, 96), "common.back",
                                     self.close, "#choice")

    def resume(self) -> None:
        self.refresh()

    def close(self) -> None:
        self.app.nav.pop()

    def open(self, index: int) -> None:
        """The replay of row ``index`` (its document read and checked now)."""
        storage = self.ctx.storage
        if storage is None or not 0 <= index < len(self.rows) \
                or not self.rows[index].record_id:  # its page is still being read
            return
        data = storage.document(GAME_ID, self.rows[index].record_id)
        if data is None:  # damaged: set aside (with its notice), so no longer listed
            self.refresh()
            return
        self.ctx.audio.play("click")
        self.app.nav.push("querni.replay", record=data, back=True,
                          players=self.rows[index].players)

    # --- input ------------------------------------------------------------------------------
    def row_at(self, pos: tuple[float, float]) -> int | None:
        if not self.view.collidepoint(pos):
            return None
        index = int((pos[1] - self.view.top + self.scroller.offset) // self.row_h)
        return index if 0 <= index < len(self.rows) else None

    def handle(self, action: inp.Action) -> None:
        kind, pos = action.kind, action.pos
        if kind == inp.KEY:
            self._key(action.key)
        elif kind == inp.SCROLL:
            self.scroller.key(action.key, self.row_h, self.view.height)
        elif kind == inp.PRESS and pos is not None and self.panel.collidepoint(pos):
            self._press = (pos, False)
            self.scroller.press(pos[1], self.time)
        elif kind == inp.MOVE and self._press is not None and pos is not None:
            start, moved = self._press
            moved = moved or abs(pos[1] - start[1]) > TAP_SLOP
            self._press = (start, moved)
            if moved:
                self.scroller.move(pos[1], self.time)
        elif kind in (inp.RELEASE, inp.FOCUS_LOST) and self._press is not None:
            (start, moved), self._press = self._press, None
            self.scroller.release(self.time)
            index = self.row_at(start)
            if kind == inp.RELEASE and not moved and index is not None:
                self.open(index)

    def _key(self, key: str | None) -> None:
        if key in ("pause", "back"):
            self.close()
        elif key in ("up", "down") and self.rows:
            step = 1 if key == "down" else -1
            focus = 0 if self.focus is None else (self.focus + step) % len(self.rows)
            self.focus = focus
            top = focus * self.row_h
            if top < self.scroller.offset:
                self.scroller.scroll_to(top)
            elif top + self.row_h > self.scroller.offset + self.view.height:
                self.scroller.scroll_to(top + self.row_h - self.view.height)
        elif key == "accept" and self.focus is not None:
            self.open(self.focus)
        else:
            self.scroller.key(key, self.row_h, self.view.height)

    # --- per frame --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self._take_count()
        self.scroller.update(dt)
        if not self.scroller.moving:
            self._sum_up_shown()
        if self.ui is not None:
            self.gui.update(dt)

    def _shown(self) -> range:
        """The indexes of the rows the list shows."""
        offset = round(self.scroller.offset)
        return range(max(0, offset // self.row_h),
                     min(len(self.rows), (offset + self.view.height) // self.row_h + 1))

    def _unread(self) -> list[int]:
        return [index for index in self._shown() if not self.rows[index].known
                and self.rows[index].record_id not in self._read]

    def _sum_up_shown(self) -> None:
        """Shown rows whose record is gone, summed up from their documents, read on the
        reading lane (a document is read and its every turn checked): each read once, a
        damaged one set aside and not read again."""
        storage = self.ctx.storage
        for index, record_id, future in [item for item in self._summing if item[2].done()]:
            self._summing.remove((index, record_id, future))
            data = None if future.exception() else future.result()
            if data is not None and index < len(self.rows) \
                    and self.rows[index].record_id == record_id:
                self.rows[index] = from_document(self.rows[index], data)
        if storage is None or self._summing:
            return
        for index in self._unread():
            record_id = self.rows[index].record_id
            self._read.add(record_id)
            self._summing.append((index, record_id,
                                  self._reading.submit(storage.document, GAME_ID, record_id)))

    @property
    def moving(self) -> bool:  # type: ignore[override]  # the engine's attribute, asked here
        return self.scroller.moving

    @property
    def reading(self) -> bool:
        """The list's count or a page of it is still being read."""
        return self._counting is not None or self.rows.reading

    @property
    def still(self) -> bool:  # type: ignore[override]  # the engine's attribute, asked here
        """Nothing moves unless the list scrolls, is read, or has shown rows still to be
        summed up (untouched, it is redrawn only rarely)."""
        return not (self.scroller.moving or self.reading or self._summing or self._unread())

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(background(surface.get_size()), (0, 0))
        width = surface.get_width()
        text.blit(surface, t("games.title"), "display", 72, palette.GOLD, "center",
                  (width // 2, 88), shadow=True)
        pygame.draw.rect(surface, palette.PANEL, self.panel, border_radius=28)
        pygame.draw.rect(surface, palette.PANEL_EDGE, self.panel, 4, border_radius=28)
        if not self.rows:
            self._draw_empty(surface)
        else:
            line = t("games.tap")
            text.blit(surface, line, "ui", text.fit_size(line, "ui", 30, width - 640),
                      palette.TEXT_DIM, "center", (width // 2, self.panel.top - 34))
            if not self.tall:
                self._draw_header(surface)
            self._draw_rows(surface)
        if self.ui is not None:
            self.gui.draw_ui(surface)

    def _columns(self, left: int | None = None) -> tuple[int, int, int, int]:
        """x of the date, the players, the result, and the right edge of the turns (in a
        band starting at ``left``: the list's, unless given)."""
        left, w = self.view.left if left is None else left, self.view.width
        return (left + 24, left + round(w * 0.2), left + round(w * 0.58),
                left + round(w * 0.9))

    def _draw_header(self, surface: pygame.Surface) -> None:
        date_x, players_x, result_x, turns_x = self._columns()
        y = self.panel.top + self.header // 2 + 8
        for label, x, anchor in ((shell_t("scores.date"), date_x, "midleft"),
                                 (t("games.players"), players_x, "midleft"),
                                 (t("scores.result"), result_x, "midleft"),
                                 (t("scores.turns"), turns_x, "midright")):
            text.blit(surface, label, "bold", 26, palette.TEXT_DIM, anchor, (x, y))

    def _draw_rows(self, surface: pygame.Surface) -> None:
        offset = round(self.scroller.offset)
        for index in self._shown():
            picture = self._row_picture(index)
            if picture is None:
                continue
            top = self.view.top + index * self.row_h - offset
            shown = picture.get_rect(topleft=(self.view.left, top)).clip(self.view)
            area = shown.move(-self.view.left, -top)
            surface.blit(picture, shown.topleft, area)
            textlog.placed(surface, picture, shown.topleft, area)  # its texts checked there

    def _row_picture(self, index: int) -> pygame.Surface | None:
        """Row ``index`` as drawn on the panel: drawn once while it is shown, so a scrolling
        frame only places the rows it shows."""
        row = self.rows[index]
        if not row.record_id:
            return None  # an entry the index left out as damaged
        drawn_for = (i18n.current(), i18n.text_floor(), self.view.size)
        if drawn_for != self._pictures_for or len(self._pictures) > PAGE:
            self._pictures, self._pictures_for = {}, drawn_for
        key = (index, row.record_id, row.known, index == self.focus)
        picture = self._pictures.get(key)
        if picture is None:
            picture = pygame.Surface((self.view.width, self.row_h - 8)).convert()
            picture.fill(palette.PANEL)
            self._draw_row(picture, index, picture.get_rect())
            self._pictures[key] = picture
        return picture

    def _draw_row(self, surface: pygame.Surface, index: int, box: pygame.Rect) -> None:
        row = self.rows[index]
        fill = palette.PANEL_EDGE if index == self.focus else (
            (40, 36, 92) if index % 2 == 0 else palette.PANEL)
        pygame.draw.rect(surface, fill, box, border_radius=16)
        play_icon(surface, (box.right - 44, box.centery), 26)
        kind = outcome(row)
        cells = (format_date(row.date), who_text(row), outcome_text(kind))
        turns = "" if row.turns is None else format_number(row.turns)
        colour = COLOURS.get(kind, palette.TEXT)
        if self.tall:  # two lines: date and turns, then who played and the result
            room = box.width - 120
            top, bottom = box.top + box.height * 0.3, box.top + box.height * 0.72
            text.blit(surface, cells[0], "ui", 30, palette.TEXT_DIM, "midleft",
                      (box.left + 24, top))
            if row.turns is not None:
                text.blit(surface, t("over.turns", count=row.turns), "ui", 30, palette.TEXT_DIM,
                          "midright", (box.right - 96, top))
            size = text.fit_size(cells[1], "ui", 32, room // 2, 20)
            text.blit(surface, cells[1], "ui", size, palette.TEXT, "midleft",
                      (box.left + 24, bottom))
            size = text.fit_size(cells[2], "bold", 32, room // 2 - 40, 20)
            text.blit(surface, cells[2], "bold", size, colour, "midright",
                      (box.right - 96, bottom))
            return
        date_x, players_x, result_x, turns_x = self._columns(box.left)
        for value, x, right, role, tone in (
                (cells[0], date_x, players_x, "ui", palette.TEXT_DIM),
                (cells[1], players_x, result_x, "ui", palette.TEXT),
                (cells[2], result_x, turns_x - 120, "bold", colour)):
            size = text.fit_size(value, role, 30, right - x - 24, 18)
            text.blit(surface, value, role, size, tone, "midleft", (x, box.centery))
        text.blit(surface, turns, "numbers", 30, palette.TEXT, "midright",
                  (turns_x, box.centery))

    def _draw_empty(self, surface: pygame.Surface) -> None:
        line = t("games.reading" if self._counting is not None else "games.empty")
        lines = text.wrap(line, "ui", 34, self.panel.width - 120)
        text.blit_lines(surface, lines, "ui", 34, palette.TEXT_DIM, "center",
                        self.panel.center, gap=14)

