"""The base of every arcade screen: an engine ``Scene`` that runs in the ``ArcadeApp``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.arcade.widgets import palette, text
from game.arcade.widgets.background import background
from game.engine import input as inp
from game.engine.scenes import Scene

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp  # noqa: F401 - named in Scene["ArcadeApp"]
    from game.arcade.context import GameContext


class ArcadeScene(Scene["ArcadeApp"]):
    """Scenes reach the shared services through ``self.ctx`` and open others by name."""

    @property
    def ctx(self) -> GameContext:
        return self.app.ctx

    @property
    def gui(self) -> pygame_gui.UIManager:
        """This scene's buttons (the manager is made on first use)."""
        if self.ui is None:
            self.ui = self.app.new_ui_manager()
        return self.ui

    @property
    def tall(self) -> bool:
        """Portrait layout: the logical surface is taller than wide."""
        width, height = self.app.surface.get_size()
        return height > width

    def draw_page(self, surface: pygame.Surface, title: str, size: int = 64, y: int = 80,
                  fit: int | None = None) -> None:
        """The backdrop and ``title`` at the top, as every page of the shell has them."""
        surface.blit(background(surface.get_size()), (0, 0))
        text.blit(surface, title, "display", size, palette.GOLD, "center",
                  (surface.get_width() // 2, y), shadow=True, fit=fit)

    def update(self, dt: float) -> None:
        """Keep this scene's buttons going (hover, presses, their timers)."""
        if self.ui is not None:
            self.ui.update(dt)

    def exit(self) -> None:
        """Drop this scene's buttons (their callbacks hold the scene)."""
        if self.ui is not None:
            self.ui.clear_and_reset()


class BuiltScene(ArcadeScene):
    """A screen whose buttons ``_build`` makes: when it opens, and again in a new language."""

    def enter(self) -> None:
        self._build()

    def relabel(self) -> None:
        self._build()

    def _build(self) -> None:
        raise NotImplementedError


class PageScene(BuiltScene):
    """A full-screen page of the shell (the operator's venue screens): its title over the
    backdrop, its buttons; BACK, Esc or the pause key close it."""

    def close(self) -> None:
        self.app.nav.pop()

    def handle(self, action: inp.Action) -> None:
        if action.kind == inp.KEY and action.key in ("pause", "back"):
            self.close()
