"""The end of a MAGDAGDON game (its buttons and VIEW BOARD: ``arcade.play.game_over``): the
score breakdown counts up line by line; REVIEW shows the turns against the advisor's play."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.arcade.play.game_over import GameOverScreen, Places, button_row
from game.arcade.widgets import overlay, palette, text
from game.engine import input as inp
from game.engine.localformat import format_number
from game.games.magdagdon import GAME_ID
from game.games.magdagdon.session import Session, session_of
from game.games.magdagdon.texts import TEXTS, game_label, t
from game.games.magdagdon.widgets.layout import for_size
from game.rules.magdagdon import MagdagdonGame

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

BUTTON_ROW = 124
"""The height of a second row of buttons (narrow screens)."""
VIEW_ROW = 108
"""VIEW BOARD's row, above the others."""
ROW_SECONDS = 0.22


class GameOverScene(GameOverScreen):
    """MAGDAGDON's score breakdown; REVIEW opens the review of ``session`` (the game's
    history) over this overlay."""

    game_id = GAME_ID
    texts = TEXTS
    review_key = "r"

    def __init__(self, app: ArcadeApp, game: MagdagdonGame, rank: int | None = None,
                 on_play_again: Callable[[], None] | None = None,
                 on_menu: Callable[[], None] | None = None,
                 session: Session | None = None) -> None:
        width = min(1140, app.surface.get_width() - 60)
        self.button_rows = 1 if width >= 1100 else 2  # four buttons need a wide screen
        self.extra = BUTTON_ROW * (self.button_rows - 1) + VIEW_ROW
        super().__init__(app, (width, 860 + self.extra), on_play_again, on_menu)
        self.game = game
        self.session = session if session is not None else session_of(game)
        self._recorded: object = session if session is not None else game  # as recorded
        self.rank = rank  # place in the top 10, None when it did not make it
        self.asked_initials = False
        self.card = game.score()
        self.rows = self._rows()
        self.time = 0.0

    def _rows(self) -> list[tuple[str, int, tuple[int, int, int]]]:
        card = self.card
        rows = [(t("over.base"), card.base, palette.TEXT)]
        for index, line in enumerate(card.lines):
            if line.combo:
                where = t("over.row", n=index + 1) if index < 4 else t("over.col", n=index - 3)
                name = t(f"combo_name.{line.combo}")
                rows.append((f"{where}: {name}", line.bonus, palette.COMBO_COLOURS[line.combo]))
        if card.ruin_penalty:
            rows.append((t("over.ruins", count=card.ruins), -card.ruin_penalty, palette.BAD))
        if card.power_penalty:
            rows.append((t("over.powers", count=self.game.powers_used), -card.power_penalty,
                         palette.BAD))
        return rows

    def relabel(self) -> None:
        """The breakdown in the language just chosen (``ArcadeApp.set_language``)."""
        self.rows = self._rows()

    @property
    def counted(self) -> bool:
        """The count-up has finished (all rows and the total are shown)."""
        return self.time >= ROW_SECONDS * (len(self.rows) + 2)

    def places(self) -> Places:
        p = self.panel
        top = p.bottom - 140
        if self.button_rows == 1:
            again, review, stats, menu = button_row(p, top, 4, 104, first=300)
        else:  # PLAY AGAIN and MENU above, REVIEW and STATISTICS below
            again, menu = button_row(p, top - BUTTON_ROW, 2, 104)
            review, stats = button_row(p, top, 2, 104)
        view = pygame.Rect(0, 0, min(420, p.width - 80), 92)
        view.midbottom = (p.centerx, again.top - 16)
        result = for_size(self.app.surface.get_size()).accept_rect
        return Places(again, review, stats, menu, view, result, review_style="#button")

    def review(self) -> None:
        """REVIEW: every turn against the advisor's play (computed off the frame loop)."""
        self.app.nav.push(f"{GAME_ID}.review", session=self.session)

    def intercept(self, action: inp.Action) -> bool:
        """A tap during the count-up shows the whole breakdown, and only that."""
        if not self.counted:
            self.time = ROW_SECONDS * (len(self.rows) + 2)
            return True
        return False

    def update(self, dt: float) -> None:
        before = int(self.time / ROW_SECONDS)
        self.time += dt
        if self.counted and self.rank is not None and not self.asked_initials:
            self.asked_initials = True
            if not self.ctx.demo:
                self.app.nav.push("initials", game_id=GAME_ID,
                                  record_id=self.ctx.record_id(self._recorded))
        if int(self.time / ROW_SECONDS) != before and not self.counted:
            self.ctx.audio.play("tick", 0.6)
        super().update(dt)

    def draw_panel(self, surface: pygame.Surface) -> None:
        p = self.panel
        overlay.dialog(surface, p, palette.GOLD)
        text.blit(surface, t("over.title"), "display", 72, palette.GOLD, "center",
                  (p.centerx, p.top + 70), shadow=True)
        subtitle = game_label(self.session)
        if self.rank is not None:
            subtitle = t("over.new_record", rank=self.rank + 1, difficulty=subtitle)
        text.blit(surface, subtitle, "bold", 30,
                  palette.GOLD if self.rank is not None else palette.TEXT_DIM, "center",
                  (p.centerx, p.top + 130))
        shown = int(self.time / ROW_SECONDS)
        row_h = min(52, (p.height - 420 - self.extra) // max(1, len(self.rows)))
        y = p.top + 180
        for i, (label, value, colour) in enumerate(self.rows):
            if i >= shown:
                break
            size = text.fit_size(label, "ui", 32, p.width - 300)
            text.blit(surface, label, "ui", size, colour, "midleft", (p.left + 60, y))
            sign = "+" if value > 0 and i > 0 else ""
            text.blit(surface, sign + format_number(value), "numbers", 36, colour, "midright",
                      (p.right - 60, y))
            y += row_h
        line_y = p.bottom - 220 - self.extra
        pygame.draw.line(surface, palette.PANEL_EDGE, (p.left + 50, line_y),
                         (p.right - 50, line_y), 3)
        if shown > len(self.rows):
            total = self.card.total
            text.blit(surface, t("over.total"), "bold", 44, palette.TEXT, "midleft",
                      (p.left + 60, line_y + 40))
            colour = palette.GOLD if total >= 0 else palette.BAD
            text.blit(surface, format_number(total), "numbers", 72, colour, "midright",
                      (p.right - 60, line_y + 40))
