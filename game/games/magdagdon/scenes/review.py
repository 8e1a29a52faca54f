"""REVIEW: a finished game turn by turn, the player's play against the advisor's.

The review runs in a worker while a progress bar fills; then a chart of the expected points
lost per turn (the three costliest in red) over a scrolling list of each turn's roll, the
player's board, the advisor's board of the same roll and the points lost. A tap on a bar
jumps to its turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.arcade.scene import ArcadeScene
from game.arcade.widgets import buttons, palette, text
from game.arcade.widgets.scroller import Scroller
from game.engine import input as inp
from game.engine.localformat import format_number
from game.engine.worker import Worker
from game.games.magdagdon import GAME_ID
from game.games.magdagdon.review import Review, TurnReview, review
from game.games.magdagdon.scenes.hinting import reason_text
from game.games.magdagdon.session import Session
from game.games.magdagdon.texts import game_label, t
from game.games.magdagdon.widgets import dice
from game.rules.magdagdon import Board

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

ROW_H = 256
CELL = 40
CELL_GAP = 4
BOARD = 4 * CELL + 3 * CELL_GAP
WHEEL_STEP = 160
HIGHLIGHT = palette.DANGER


def lost_text(loss: float) -> str:
    """Expected points lost, as the player reads them (a true minus sign)."""
    return format_number(-round(loss)) if round(loss) else "0"


class ReviewScene(ArcadeScene):
    """The review page of one finished game (see the module docstring)."""

    game_id = GAME_ID

    def __init__(self, app: ArcadeApp, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.time = 0.0
        self.worker: Worker[Review] = Worker("magdagdon-review")
        self.review: Review | None = None
        self.failed = False
        width, height = app.surface.get_size()
        portrait = height > width
        margin = 40 if portrait else 120
        self.chart = pygame.Rect(margin, 190, width - 2 * margin, 230)
        self.view = pygame.Rect(margin, self.chart.bottom + 30, width - 2 * margin,
                                height - self.chart.bottom - 30 - 30)
        self.scroller = Scroller(0, self.view.height)
        self._bar_rects: list[pygame.Rect] = []

    # --- lifecycle ---------------------------------------------------------------------------
    def enter(self) -> None:
        self.back = buttons.button(self.gui, pygame.Rect(48, 30, 260, 92), "common.back",
                                   self.close, "#menu_item")
        history = list(self.session.history)
        self.worker.submit(
            lambda task: review(history, task.report, task.cancelled.is_set), key="review")

    def exit(self) -> None:
        self.worker.cancel()
        super().exit()

    def close(self) -> None:
        self.app.stack.pop()

    @property
    def ready(self) -> bool:
        return self.review is not None

    @property
    def progress(self) -> float:
        return 1.0 if self.review is not None else self.worker.progress

    # --- input -------------------------------------------------------------------------------
    def handle(self, action: inp.Action) -> None:
        kind = action.kind
        if kind == inp.KEY:
            if action.key in ("pause", "back"):
                self.close()
            else:
                self.scroller.key(action.key, WHEEL_STEP, self.view.height - ROW_H // 2)
        elif kind == inp.SCROLL:
            self.scroller.key(action.key, WHEEL_STEP, 0)
        elif kind == inp.PRESS and action.pos is not None:
            bar = self.bar_at(action.pos)
            if bar is not None:
                self.show_turn(bar)
            elif self.view.collidepoint(action.pos):
                self.scroller.press(action.pos[1], self.time)
        elif kind == inp.MOVE and action.pos is not None:
            self.scroller.move(action.pos[1], self.time)
        elif kind in (inp.RELEASE, inp.FOCUS_LOST):
            self.scroller.release(self.time)

    def bar_at(self, pos: tuple[int, int]) -> int | None:
        """The turn (index) whose chart bar is under ``pos``."""
        for index, rect in enumerate(self._bar_rects):
            if rect.collidepoint(pos):
                return index
        return None

    def show_turn(self, index: int) -> None:
        """Scroll the list so that turn ``index`` is at the top."""
        self.scroller.scroll_to(index * ROW_H)

    # --- frame -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        outcome = self.worker.poll()
        if outcome is not None:
            if outcome.ok and outcome.value is not None:
                self.review = outcome.value
                self.scroller = Scroller(len(self.review.turns) * ROW_H, self.view.height,
                                         smooth=not self.ctx.settings.reduced_motion)
                self._bar_rects = self._bars()
            else:
                self.failed = True
        self.scroller.update(dt)
        self.gui.update(dt)

    def row_rect(self, index: int) -> pygame.Rect:
        """Where turn ``index``'s row is drawn now (it may be outside the view)."""
        top = self.view.top + index * ROW_H - round(self.scroller.offset)
        return pygame.Rect(self.view.left, top, self.view.width, ROW_H - 12)

    @property
    def highlighted(self) -> tuple[int, ...]:
        """The costliest turns (indices), at most three."""
        return () if self.review is None else self.review.costliest

    def draw(self, surface: pygame.Surface) -> None:
        room = 2 * (surface.get_width() // 2 - 308 - 24)  # centred, clear of BACK
        self.draw_page(surface, t("review.title"), 72, 78, fit=room)
        if self.review is None:
            self._draw_waiting(surface)
        else:
            self._draw_summary(surface, self.review)
            self._draw_chart(surface, self.review)
            self._draw_rows(surface, self.review)
        self.gui.draw_ui(surface)

    # --- drawing: waiting ----------------------------------------------------------------------
    def _draw_waiting(self, surface: pygame.Surface) -> None:
        centre = self.view.centerx, self.chart.bottom + 120
        if self.failed:
            text.blit(surface, t("review.failed"), "bold", 36, palette.BAD, "center", centre)
            return
        label = t("review.working")
        text.blit(surface, label, "bold", 36, palette.TEXT, "center", centre)
        bar = pygame.Rect(0, 0, min(800, self.view.width - 80), 28)
        bar.center = (centre[0], centre[1] + 70)
        pygame.draw.rect(surface, palette.PANEL, bar, border_radius=14)
        filled = bar.copy()
        filled.width = max(28, round(bar.width * self.progress))
        pygame.draw.rect(surface, palette.GOLD, filled, border_radius=14)
        pygame.draw.rect(surface, palette.PANEL_EDGE, bar, 3, border_radius=14)

    # --- drawing: summary and chart ------------------------------------------------------------
    def _draw_summary(self, surface: pygame.Surface, rv: Review) -> None:
        parts = [game_label(self.session)]
        if rv.final is not None:
            parts.append(t("review.final", score=format_number(rv.final)))
        parts.append(t("review.total", count=round(rv.total_loss)))
        line = "  ·  ".join(parts)
        text.blit(surface, line, "bold", 32, palette.TEXT, "center",
                  (self.chart.centerx, self.chart.top - 28), fit=self.chart.width)

    def _bars(self) -> list[pygame.Rect]:
        """Each turn's bar area in the chart (the whole column: easy to tap)."""
        assert self.review is not None
        count = len(self.review.turns)
        if not count:
            return []
        inner = self.chart.inflate(-60, 0)
        step = inner.width / count
        return [pygame.Rect(round(inner.left + i * step), self.chart.top + 50,
                            max(8, round(step)), self.chart.height - 50) for i in range(count)]

    def _draw_chart(self, surface: pygame.Surface, rv: Review) -> None:
        chart = self.chart
        pygame.draw.rect(surface, palette.PANEL, chart, border_radius=24)
        pygame.draw.rect(surface, palette.PANEL_EDGE, chart, 3, border_radius=24)
        label = t("review.chart")
        text.blit(surface, label, "bold", 28, palette.TEXT_DIM, "topleft",
                  (chart.left + 30, chart.top + 12), fit=chart.width - 60)
        if not rv.turns:
            return
        top_loss = max(max(turn.loss for turn in rv.turns), 10.0)
        base = chart.bottom - 42
        height = base - (chart.top + 90)
        for index, (turn, column) in enumerate(zip(rv.turns, self._bar_rects)):
            costly = index in rv.costliest
            bar_w = max(6, min(60, column.width - 14))
            x = column.centerx - bar_w // 2
            h = round(height * turn.loss / top_loss)
            colour = HIGHLIGHT if costly else palette.PANEL_EDGE
            if h >= 2:
                pygame.draw.rect(surface, colour, (x, base - h, bar_w, h), border_radius=6)
            else:
                pygame.draw.circle(surface, palette.GOOD, (column.centerx, base - 6), 6)
            if costly:
                text.blit(surface, lost_text(turn.loss), "numbers", 26, HIGHLIGHT, "midbottom",
                          (column.centerx, base - h - 4))
            text.blit(surface, str(turn.turn), "numbers", 22,
                      palette.TEXT if costly else palette.TEXT_DIM, "midtop",
                      (column.centerx, base + 8))
        pygame.draw.line(surface, palette.SLOT_EDGE, (chart.left + 24, base),
                         (chart.right - 24, base), 2)

    # --- drawing: the turns ------------------------------------------------------------------
    def _draw_rows(self, surface: pygame.Surface, rv: Review) -> None:
        view = self.view
        if not rv.turns:
            text.blit(surface, t("review.empty"), "bold", 32, palette.TEXT_DIM, "center",
                      (view.centerx, view.top + 80))
            return
        surface.set_clip(view)
        first = max(0, int(self.scroller.offset // ROW_H))
        last = min(len(rv.turns), first + view.height // ROW_H + 2)
        for index in range(first, last):
            self._draw_row(surface, index, rv.turns[index], index in rv.costliest)
        surface.set_clip(None)
        if self.scroller.max_offset:
            self._draw_scroll_thumb(surface)
        if rv.missing:
            note = t("review.missing", count=rv.missing)
            text.blit(surface, note, "ui", 24, palette.TEXT_DIM, "midbottom",
                      (view.centerx, surface.get_height() - 4), fit=view.width)

    def _draw_scroll_thumb(self, surface: pygame.Surface) -> None:
        view, scroller = self.view, self.scroller
        track = pygame.Rect(view.right + 10, view.top, 10, view.height)
        height = max(60, round(track.height * scroller.view / max(1, scroller.content)))
        top = track.top + round((track.height - height) * scroller.fraction)
        pygame.draw.rect(surface, palette.TEXT_DIM, (track.left, top, track.width, height),
                         border_radius=5)

    def _draw_row(self, surface: pygame.Surface, index: int, turn: TurnReview,
                  costly: bool) -> None:
        row = self.row_rect(index)
        pygame.draw.rect(surface, palette.PANEL, row, border_radius=22)
        pygame.draw.rect(surface, HIGHLIGHT if costly else palette.PANEL_EDGE, row,
                         5 if costly else 2, border_radius=22)
        narrow = row.width < 1200
        x = row.left + 24
        text.blit(surface, t("review.turn", turn=turn.turn), "bold", 34,
                  palette.GOLD, "topleft", (x, row.top + 16))
        text.blit(surface, t("review.roll"), "ui", 24, palette.TEXT_DIM, "topleft",
                  (x, row.top + 64))
        die = 52 if narrow else 60
        for i, value in enumerate(turn.roll):
            col, line = (i % 2, i // 2) if narrow else (i, 0)
            surface.blit(dice.face(value, die, "die"),
                         (x + col * (die + 8), row.top + 100 + line * (die + 8)))
        info_w = (2 * (die + 8) if narrow else 4 * (die + 8)) + 24
        left = x + max(info_w, 200)
        boards_gap = 36 if narrow else 60
        self._board(surface, (left, row.top + 52), turn.after, turn.before,
                    t("review.yours"), turn.powers)
        self._board(surface, (left + BOARD + boards_gap, row.top + 52), turn.advised,
                    turn.before, t("review.advised"), turn.advised_powers)
        loss_left = left + 2 * BOARD + boards_gap + 30
        self._loss(surface, pygame.Rect(loss_left, row.top + 16, row.right - 24 - loss_left,
                                        row.height - 32), turn, costly, index)

    def _board(self, surface: pygame.Surface, at: tuple[int, int], board: Board | None,
               before: Board, label: str, powers: tuple[tuple[Any, ...], ...]) -> None:
        x, y = at
        shown = text.blit(surface, label, "bold", 24, palette.TEXT_DIM, "bottomleft",
                          (x, y - 6))
        if board is None:  # the advisor would REROLL first: the dice to come are unknown
            box = pygame.Rect(x, y, BOARD, BOARD)
            pygame.draw.rect(surface, palette.SLOT, box, border_radius=12)
            self._powers(surface, box, powers)
            return
        if powers:  # beside the label, the board stays readable
            self._powers(surface, pygame.Rect(shown.right + 8, y - 40, x + BOARD + 60
                                              - shown.right, 36), powers, row=True)
        for cell in range(16):
            row, col = divmod(cell, 4)
            rect = pygame.Rect(x + col * (CELL + CELL_GAP), y + row * (CELL + CELL_GAP),
                               CELL, CELL)
            value = board[cell]
            if value is None:
                pygame.draw.rect(surface, palette.SLOT, rect, border_radius=6)
            elif isinstance(value, int):
                surface.blit(dice.face(value, CELL, "tile", digits=True), rect)
            else:  # a RUIN
                surface.blit(dice.ruin(CELL, cell), rect)
            if value is not None and before[cell] != value:  # new this turn
                pygame.draw.rect(surface, palette.TENTATIVE_RING, rect.inflate(4, 4), 3,
                                 border_radius=8)

    def _powers(self, surface: pygame.Surface, box: pygame.Rect,
                powers: tuple[tuple[Any, ...], ...], row: bool = False) -> None:
        """The Majda Powers of a play, as short labels: stacked in ``box``, or in a row."""
        labels = []
        for power in powers:
            if power[0] == "adjust":
                labels.append(t("review.adjust", value=power[1], to=power[2]))
            else:
                labels.append(t("review.reroll", count=power[1]))
        x, y = box.left, box.centery - (0 if row else 18 * (len(labels) - 1))
        for label in labels:
            size = text.fit_size(label, "bold", 22, box.width - 16, minimum=16)
            rendered = text.render(label, "bold", size, palette.TEXT)
            if row:
                pill = rendered.get_rect(midleft=(x + 7, y)).inflate(14, 6)
                x = pill.right + 6
            else:
                pill = rendered.get_rect(center=(box.centerx, y)).inflate(14, 6)
                y += 36
            pygame.draw.rect(surface, palette.PANEL_EDGE, pill, border_radius=10)
            surface.blit(rendered, rendered.get_rect(center=pill.center))

    def _loss(self, surface: pygame.Surface, box: pygame.Rect, turn: TurnReview,
              costly: bool, index: int) -> None:
        wide = box.width >= 600  # landscape: room for the advisor's reason on the right
        if wide:
            reason_box = pygame.Rect(box.left + 340, box.top, box.width - 340, box.height)
            box = pygame.Rect(box.left, box.top, 320, box.height)
            self._reason(surface, reason_box, turn)
        if not turn.notable:
            lines = text.wrap(t("review.as_advised"), "bold", 30, box.width)
            text.blit_lines(surface, lines[:3], "bold", 30, palette.GOOD, "midleft",
                            (box.left, box.centery))
            return
        colour = HIGHLIGHT if costly else palette.TEXT
        number = text.blit(surface, lost_text(turn.loss), "numbers", 64, colour, "topleft",
                           (box.left, box.top + 20))
        label = t("review.lost")
        size, lines = text.fit_lines(label, "ui", 26, box.width, 2, minimum=18)
        text.blit_lines(surface, lines, "ui", size, palette.TEXT_DIM, "midleft",
                        (box.left, number.bottom + 16 + (len(lines) - 1) * (size + 6) / 2))
        rank = self.review.cost_rank(index) if self.review is not None else None
        if costly and rank is not None:
            badge = t("review.costly", rank=rank)
            text.blit(surface, badge, "bold", 26, HIGHLIGHT, "bottomleft",
                      (box.left, box.bottom))

    def _reason(self, surface: pygame.Surface, box: pygame.Rect, turn: TurnReview) -> None:
        """The advisor's reason for its play of this roll (landscape only: room enough)."""
        if not turn.reason:
            return
        text.blit(surface, t("review.why"), "bold", 24, palette.TEXT_DIM, "topleft",
                  (box.left, box.top + 20))
        line = reason_text(turn.reason, dict(turn.reason_params))
        size, lines = text.fit_lines(line, "ui", 28, box.width, 3, minimum=20)
        text.blit_lines(surface, lines, "ui", size, palette.TEXT, "midleft",
                        (box.left, box.top + 70 + (len(lines) - 1) * (size + 6) / 2))
