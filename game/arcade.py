"""The arcade application: the engine's App plus the game's context, theme and demo player."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame_gui

from .context import GameContext
from .engine import i18n
from .engine.app import App, AppConfig
from .theme import theme
from .widgets import dice, text


class ArcadeApp(App):
    """Scenes reach the shared services through ``app.ctx``."""

    def __init__(self, config: AppConfig, ctx: GameContext,
                 clock: Callable[[], float] | None = None) -> None:
        if clock is None:
            super().__init__(config)
        else:
            super().__init__(config, clock)
        self.ctx = ctx
        i18n.clear_fonts()  # fonts of an earlier App died with its pygame.quit
        text.clear()
        dice.clear()
        i18n.setup(ctx.settings.language)
        self._theme = theme()
        self.demo = None
        if config.frames is not None:
            self.fixed_steps_per_frame = True  # reproducible runs: one update per frame

    def new_ui_manager(self, theme: str | Path | dict[str, Any] | None = None
                       ) -> pygame_gui.UIManager:
        manager = pygame_gui.UIManager(
            self.display.size,
            theme_path=theme or self._theme,
            starting_language=i18n.current(),
            translation_directory_paths=[str(i18n.TRANSLATIONS_DIR)],
        )
        return manager

    def run_frame(self) -> None:
        if self.demo is not None:
            self.demo.step()
        super().run_frame()

    def shutdown(self) -> None:
        """Leave cleanly: stop the music and close pygame."""
        import pygame

        self.ctx.audio.stop_music()
        pygame.quit()
