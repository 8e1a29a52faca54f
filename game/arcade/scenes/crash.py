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
MARGIN, GAP = 60, 40
"""Room kept at the screen's sides and between the two buttons."""


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
        button_w = min(520, (width - 2 * MARGIN - GAP) // 2)  # two side by side in portrait too
        rect = pygame.Rect(0, 0, button_w, 104)
        rect.center = (width // 2, height // 2 + 200)
        if not self.kiosk:
            rect.right = width // 2 - GAP // 2
            quit_rect = rect.move(button_w + GAP, 0)
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
                     pygame.Rect(MARGIN, cy - 270, surface.get_width() - 2 * MARGIN, 140),
                     shadow=True)
        text.blit_in(surface, t("crash.line"), "ui", 34, palette.TEXT,
                     pygame.Rect(MARGIN, cy - 130, surface.get_width() - 2 * MARGIN, 100))
        if self.saved:
            text.blit(surface, t("crash.saved"), "bold", 34, palette.GOOD, "center", (cx, cy + 20))
        if self.kiosk:
            left = max(0, int(KIOSK_RESTART_SECONDS - self.time) + 1)
            text.blit(surface, t("crash.restarting", seconds=left), "ui", 30, palette.TEXT_DIM,
                      "center", (cx, cy + 90))
        self.gui.draw_ui(surface)
