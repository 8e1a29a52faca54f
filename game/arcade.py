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


class _SharedThemeManager(pygame_gui.UIManager):
    """A UIManager that reuses one parsed theme: every scene owns a manager, and parsing
    the theme (fonts for four languages) per scene cost ~10 ms and a dropped frame."""

    _themes: dict[int, Any] = {}

    def create_new_theme(self, theme_path: Any = None) -> Any:
        key = id(theme_path)
        theme = self._themes.get(key)
        if theme is None:
            theme = super().create_new_theme(theme_path)
            self._themes[key] = theme
        return theme


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
        _SharedThemeManager._themes.clear()  # a theme's fonts die with pygame.quit too
        self._theme = theme()
        self.demo = None
        if config.frames is not None:
            self.fixed_steps_per_frame = True  # reproducible runs: one update per frame

    def new_ui_manager(self, theme: str | Path | dict[str, Any] | None = None
                       ) -> pygame_gui.UIManager:
        manager = _SharedThemeManager(
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
