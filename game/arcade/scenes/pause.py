"""The pause overlay (Esc or ☰ in play): resume, or leave for the title (the game is saved)."""

from __future__ import annotations

import pygame

from game.arcade.widgets import buttons, overlay, palette, text
from game.engine import input as inp
from game.engine.i18n import t
from game.engine.scenes import Scene


class PauseScene(Scene):
    transparent = True

    def __init__(self, app, play_scene) -> None:
        super().__init__(app)
        self.play = play_scene
        self.ui = None
        self.panel = pygame.Rect(0, 0, 720, 720)
        self.panel.center = (app.surface.get_width() // 2, app.surface.get_height() // 2)

    def items(self) -> list[tuple[str, object]]:
        return [
            ("pause.resume", self.resume_game),
            ("pause.rules", lambda: self.open("rules")),
            ("pause.settings", lambda: self.open("settings")),
            ("pause.quit_to_title", self.to_title),
        ]

    def open(self, name: str) -> None:
        from game.arcade.scenes import registry

        self.app.stack.push(registry.make(name, self.app))

    def enter(self) -> None:
        self.ui = self.app.new_ui_manager()
        top = self.panel.top + 170
        self.buttons = []
        for i, (key, command) in enumerate(self.items()):
            rect = pygame.Rect(self.panel.left + 80, top + i * 124, self.panel.width - 160, 100)
            self.buttons.append(buttons.button(self.ui, rect, key, command, "#menu_item"))

    def exit(self) -> None:
        self.ui.clear_and_reset()

    def resume(self) -> None:
        buttons.relabel(self.buttons)  # the language may have changed in Settings

    def resume_game(self) -> None:
        self.app.stack.pop()

    def to_title(self) -> None:
        from game.arcade.scenes.title import TitleScene

        self.app.ctx.on_game_changed(self.play.game)
        self.app.stack.clear_to(TitleScene(self.app))

    def process_event(self, event: pygame.event.Event) -> None:
        self.ui.process_events(event)

    def handle(self, action: inp.Action) -> None:
        if action.kind == inp.KEY and action.key in ("pause", "back"):
            self.resume_game()

    def update(self, dt: float) -> None:
        self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        overlay.dialog(surface, self.panel, palette.PANEL_EDGE, alpha=190)
        text.blit(surface, t("pause.title"), "display", 64, palette.GOLD, "center",
                  (self.panel.centerx, self.panel.top + 80), shadow=True)
        self.ui.draw_ui(surface)
