"""One input channel: every event reaches exactly one of a scene's buttons or the scene itself.

A pointer gesture (press → moves → release) has one owner, decided at the press: the scene's
``intercept`` (a tap that only skips an animation), else the ``ui`` control under the press,
else the scene's ``handle``. Everything else goes to the ``ui`` and, translated, to ``handle``;
a slider's moves call its ``on_change``. So a button and a board tap never both fire.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.engine.input import FOCUS_LOST, MOVE, PRESS, RELEASE, Action
from game.engine.scenes import Scene

_POINTER_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
_CONTROLS = (
    pygame_gui.elements.UIButton,
    pygame_gui.elements.UIHorizontalSlider,
    pygame_gui.elements.UITextEntryLine,
)


def ui_hit(ui: pygame_gui.UIManager, pos: tuple[int, int]) -> bool:
    """Whether ``pos`` is on a visible control of ``ui`` (a disabled button still covers
    what is under it: a tap on it must not fall through to the board)."""
    return any(
        isinstance(element, _CONTROLS) and element.visible and element.rect.collidepoint(pos)
        for element in ui.get_sprite_group().sprites()
    )


class InputRouter:
    """Remembers who owns the gesture in progress; ``dispatch`` is called once per event."""

    SCENE, UI, TAKEN = "scene", "ui", "taken"

    def __init__(self) -> None:
        self.owner: str | None = None  # of the pointer gesture in progress
        self._owner_scene: Scene[Any] | None = None

    def dispatch(self, scene: Scene[Any] | None, event: pygame.event.Event,
                 actions: list[Action]) -> None:
        """Route one raw ``event`` (and the ``actions`` the input mapper made of it)."""
        if scene is None:
            return
        if scene is not self._owner_scene:  # a new top scene: an old gesture is over
            self.owner, self._owner_scene = None, scene
        ui = scene.ui
        pointer = [a for a in actions if a.kind in (PRESS, MOVE, RELEASE)]
        others = [a for a in actions if a.kind not in (PRESS, MOVE, RELEASE)]
        if event.type in _POINTER_EVENTS:
            self._pointer(scene, ui, event, pointer)
        elif ui is not None:
            ui.process_events(event)
            self._slider_moved(event)
        for action in others:
            if action.kind == FOCUS_LOST:
                self.owner = None  # the release may go to another window
            scene.handle(action)

    def _pointer(self, scene: Scene[Any], ui: pygame_gui.UIManager | None,
                 event: pygame.event.Event, actions: list[Action]) -> None:
        for action in [*actions] if actions else [None]:
            if action is not None and action.kind == PRESS:
                if scene.intercept(action):
                    self.owner = self.TAKEN
                    continue
                on_control = ui is not None and (
                    ui.process_events(event) or ui_hit(ui, action.pos or (0, 0)))
                if on_control:
                    self.owner = self.UI
                    continue
                self.owner = self.SCENE
                scene.handle(action)
                continue
            owner = self.owner
            if ui is not None and owner != self.TAKEN and (owner == self.UI or action is None
                                                            or action.kind == MOVE):
                ui.process_events(event)  # hover, slider drags and the button's release
            if action is not None and owner == self.SCENE:
                scene.handle(action)
            if action is not None and action.kind == RELEASE:
                self.owner = None

    @staticmethod
    def _slider_moved(event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            handler = getattr(event.ui_element, "on_change", None)
            if handler is not None:
                handler(event.value)
