"""Something went wrong: an apology instead of a traceback, the game saved, a way back.

In kiosk mode nobody may be there to tap, so it returns to the title by itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.arcade.scene import ArcadeScene
from game.arcade.texts import t
from game.arcade.widgets import buttons, palette, text
from game.arcade.widgets.background import background
from game.engine import input as inp

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

KIOSK_RESTART_SECONDS = 5.0


class CrashScene(ArcadeScene):
    is_crash_screen = True  # a failure while it shows is not caught again

    def __init__(self, app: ArcadeApp, saved: bool) -> None:
        super().__init__(app)
        self.saved = saved
        self.time = 0.0

    @property
    def kiosk(self) -> bool:
        return getattr(self.app, "kiosk", None) is not None

    def enter(self) -> None:
        width, height = self.app.surface.get_size()
        rect = pygame.Rect(0, 0, 520, 104)
        rect.center = (width // 2, height // 2 + 200)
        if not self.kiosk:
            rect.centerx -= 280
            quit_rect = rect.move(560, 0)
            self.b_quit = buttons.button(self.gui, quit_rect, "crash.quit", self.app.quit,
                                         "#choice")
        self.b_restart = buttons.button(self.gui, rect, "crash.restart", self.restart, "#roll")

    def restart(self) -> None:
        self.app.nav.clear_to("title")

    def handle(self, action: inp.Action) -> None:
        if action.kind == inp.KEY and action.key == "accept":
            self.restart()

    def update(self, dt: float) -> None:
        self.time += dt
        if self.kiosk and self.time >= KIOSK_RESTART_SECONDS:
            self.restart()
        self.gui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(background(surface.get_size()), (0, 0))
        cx, cy = surface.get_width() // 2, surface.get_height() // 2
        text.blit_in(surface, t("crash.title"), "display", 80, palette.BAD,
                     pygame.Rect(60, cy - 270, surface.get_width() - 120, 140), shadow=True)
        line = t("crash.line")
        text.blit(surface, line, "ui", text.fit_size(line, "ui", 34, surface.get_width() - 120),
                  palette.TEXT, "center", (cx, cy - 80))
        if self.saved:
            text.blit(surface, t("crash.saved"), "bold", 34, palette.GOOD, "center", (cx, cy))
        if self.kiosk:
            left = max(0, int(KIOSK_RESTART_SECONDS - self.time) + 1)
            text.blit(surface, t("crash.restarting", seconds=left), "ui", 30, palette.TEXT_DIM,
                      "center", (cx, cy + 80))
        self.gui.draw_ui(surface)
