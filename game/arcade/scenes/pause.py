"""The pause overlay (Esc or ☰ in play): resume, the game's rules, settings, or leave for the
title (the game is saved first, through the ``on_leave`` callback the play screen gives)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.arcade.scene import ArcadeScene
from game.arcade.texts import t
from game.arcade.widgets import buttons, overlay, palette, text
from game.engine import input as inp

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp


class PauseScene(ArcadeScene):
    transparent = True
    game_id: str  # the game paused below (the demo driver resumes it)

    def __init__(self, app: ArcadeApp, game_id: str, on_leave: Callable[[], object] | None = None
                 ) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.on_leave = on_leave
        self.panel = pygame.Rect(0, 0, 720, 720)
        self.panel.center = (app.surface.get_width() // 2, app.surface.get_height() // 2)

    def items(self) -> list[tuple[str, Callable[[], None]]]:
        return [
            ("pause.resume", self.resume_game),
            ("pause.rules", lambda: self.open(f"{self.game_id}.rules")),
            ("pause.settings", lambda: self.open("settings", game_id=self.game_id)),
            ("pause.quit_to_title", self.to_title),
        ]

    def open(self, name: str, **kwargs: object) -> None:
        self.app.nav.push(name, **kwargs)

    def enter(self) -> None:
        top = self.panel.top + 170
        self.buttons = []
        for i, (key, command) in enumerate(self.items()):
            rect = pygame.Rect(self.panel.left + 80, top + i * 124, self.panel.width - 160, 100)
            self.buttons.append(buttons.button(self.gui, rect, key, command, "#menu_item"))

    def resume(self) -> None:
        buttons.relabel(self.buttons)  # the language may have changed in Settings

    def resume_game(self) -> None:
        self.app.stack.pop()

    def to_title(self) -> None:
        if self.on_leave is not None:
            self.on_leave()
        self.app.nav.clear_to("title", game_id=self.game_id)

    def handle(self, action: inp.Action) -> None:
        if action.kind == inp.KEY and action.key in ("pause", "back"):
            self.resume_game()

    def update(self, dt: float) -> None:
        self.gui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        overlay.dialog(surface, self.panel, palette.PANEL_EDGE, alpha=190)
        text.blit(surface, t("pause.title"), "display", 64, palette.GOLD, "center",
                  (self.panel.centerx, self.panel.top + 80), shadow=True)
        self.gui.draw_ui(surface)
