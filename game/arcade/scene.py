"""The base of every arcade screen: an engine ``Scene`` that runs in the ``ArcadeApp``."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

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

    def exit(self) -> None:
        """Drop this scene's buttons (their callbacks hold the scene)."""
        if self.ui is not None:
            self.ui.clear_and_reset()

    def rehearse_when_idle(self, screens: Iterable[tuple[str, dict[str, Any]]]) -> None:
        """Have each of ``screens`` (a name and the arguments it opens with) rehearsed
        (:func:`rehearse`) in a pass of its own once the screen is left untouched."""
        for name, kwargs in screens:
            self.app.when_idle(name, partial(rehearse, self.app, name, **kwargs))


def rehearse(app: ArcadeApp, name: str, **kwargs: Any) -> None:
    """Make the screen ``name`` (with ``kwargs``), enter it, draw it once where nobody sees
    it and drop it, ahead of the moment it opens (``App.when_idle``).

    Its buttons' shapes stay in pygame-gui's shape cache, which every screen of the run
    shares (normal and pressed: ``buttons.button`` draws both), and its fonts stay loaded:
    the first game over of a run took 54 ms to build and 13 ms to draw its first frame,
    later ones 7 and 4.4 ms."""
    scene = app.nav.make(name, **kwargs)
    scene.enter()
    try:
        scene.draw(pygame.Surface(app.surface.get_size()))
    finally:
        scene.exit()
