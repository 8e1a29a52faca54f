"""The end of a game: the score breakdown counts up line by line, then PLAY AGAIN or MENU."""

from __future__ import annotations

import pygame

from game.arcade.widgets import buttons, overlay, palette, text
from game.engine import input as inp
from game.engine.i18n import t
from game.engine.localformat import format_number
from game.engine.scenes import Scene
from game.rules.magdagdon import MagdagdonGame

ROW_SECONDS = 0.22


class GameOverScene(Scene):
    """An overlay over the finished board (the play scene below stays visible)."""

    transparent = True

    def __init__(self, app, game: MagdagdonGame, rank: int | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.rank = rank  # place in the top 10, None when it did not make it
        self.asked_initials = False
        self.card = game.score()
        self.rows = self._rows()
        self.time = 0.0
        self.ui = None
        self.panel = pygame.Rect(0, 0, 980, 860)
        self.panel.center = (app.surface.get_width() // 2, app.surface.get_height() // 2)

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

    @property
    def counted(self) -> bool:
        """The count-up has finished (all rows and the total are shown)."""
        return self.time >= ROW_SECONDS * (len(self.rows) + 2)

    def enter(self) -> None:
        self.ui = self.app.new_ui_manager()
        p = self.panel
        width = (p.width - 100) // 2
        self.b_again = buttons.button(self.ui, pygame.Rect(p.left + 40, p.bottom - 140, width, 104),
                                      "over.play_again", self.play_again, "#roll")
        self.b_menu = buttons.button(self.ui, pygame.Rect(p.right - 40 - width, p.bottom - 140,
                                                          width, 104),
                                     "over.menu", self.menu, "#button")

    def exit(self) -> None:
        self.ui.clear_and_reset()

    def play_again(self) -> None:
        from game.games.magdagdon.scenes.play import PlayScene

        below = self.app.stack.scenes[-2] if len(self.app.stack) > 1 else None
        if isinstance(below, PlayScene):
            below.restart(self.game.difficulty)
            self.app.stack.pop()
        else:
            self.app.ctx.start_new_game(self.game.difficulty)
            self.app.stack.clear_to(PlayScene(self.app, difficulty=self.game.difficulty))

    def menu(self) -> None:
        from game.arcade.scenes.title import TitleScene

        self.app.stack.clear_to(TitleScene(self.app))

    def process_event(self, event: pygame.event.Event) -> None:
        self.ui.process_events(event)

    def handle(self, action: inp.Action) -> None:
        if action.kind == inp.PRESS and not self.counted:
            self.time = ROW_SECONDS * (len(self.rows) + 2)  # a tap shows the whole breakdown
        elif action.kind == inp.KEY and action.key == "accept":
            self.play_again()
        elif action.kind == inp.KEY and action.key == "pause":
            self.menu()

    def update(self, dt: float) -> None:
        before = int(self.time / ROW_SECONDS)
        self.time += dt
        if self.counted and self.rank is not None and not self.asked_initials:
            self.asked_initials = True
            if not self.app.ctx.demo:
                from game.arcade.scenes.initials import InitialsScene

                self.app.stack.push(InitialsScene(self.app, self.game))
        if int(self.time / ROW_SECONDS) != before and not self.counted:
            self.app.ctx.audio.play("tick", 0.6)
        self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        p = self.panel
        overlay.dialog(surface, p, palette.GOLD)
        text.blit(surface, t("over.title"), "display", 72, palette.GOLD, "center",
                  (p.centerx, p.top + 70), shadow=True)
        subtitle = self.game.difficulty.name
        if self.rank is not None:
            subtitle = t("over.new_record", rank=self.rank + 1, difficulty=subtitle)
        text.blit(surface, subtitle, "bold", 30,
                  palette.GOLD if self.rank is not None else palette.TEXT_DIM, "center",
                  (p.centerx, p.top + 130))
        shown = int(self.time / ROW_SECONDS)
        row_h = min(52, (p.height - 420) // max(1, len(self.rows)))
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
        pygame.draw.line(surface, palette.PANEL_EDGE, (p.left + 50, p.bottom - 220),
                         (p.right - 50, p.bottom - 220), 3)
        if shown > len(self.rows):
            total = self.card.total
            text.blit(surface, t("over.total"), "bold", 44, palette.TEXT, "midleft",
                      (p.left + 60, p.bottom - 180))
            colour = palette.GOLD if total >= 0 else palette.BAD
            text.blit(surface, format_number(total), "numbers", 72, colour, "midright",
                      (p.right - 60, p.bottom - 180))
        self.ui.draw_ui(surface)
