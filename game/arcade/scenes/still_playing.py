"""Kiosk: "Still playing?" with a countdown; a touch keeps the game, silence abandons it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.arcade.scene import ArcadeScene
from game.arcade.texts import t
from game.arcade.widgets import overlay, palette, text
from game.engine import input as inp

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp


class StillPlayingScene(ArcadeScene):
    kiosk_role = "still_playing"  # what a kiosk's idle clock looks for
    transparent = True

    def __init__(self, app: ArcadeApp, seconds: float, on_timeout: Callable[[], None]) -> None:
        super().__init__(app)
        self.left = seconds
        self.on_timeout = on_timeout
        self.done = False

    def handle(self, action: inp.Action) -> None:
        if action.kind in (inp.PRESS, inp.KEY) and not self.done:
            self.done = True
            self.app.stack.pop()  # still here: back to the game as it was

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.left -= dt
        if self.left <= 0:
            self.done = True
            self.on_timeout()

    def draw(self, surface: pygame.Surface) -> None:
        overlay.veil(surface, (6, 4, 20), 210)
        cx, cy = surface.get_width() // 2, surface.get_height() // 2
        text.blit(surface, t("kiosk.still_playing"), "display", 80, palette.GOLD, "center",
                  (cx, cy - 160), shadow=True)
        text.blit(surface, str(max(0, int(self.left) + 1)), "numbers", 200, palette.TEXT,
                  "center", (cx, cy + 20))
        text.blit(surface, t("kiosk.touch_to_continue"), "bold", 40, palette.TEXT_DIM, "center",
                  (cx, cy + 190))
