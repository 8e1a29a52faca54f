"""pygame-gui in logical coordinates.

pygame-gui takes click positions from the events (which the display has already mapped to
logical pixels) but polls ``pygame.mouse.get_pos()`` — window pixels — for hovering. This
manager reads the pointer through the display instead, so hover highlights sit under the
pointer at any window size.
"""

from __future__ import annotations

from typing import Any

import pygame_gui

from game.engine.display import pointer_position


class UIManager(pygame_gui.UIManager):
    """A ``pygame_gui.UIManager`` whose hover position is in logical pixels."""

    def _update_mouse_position(self) -> None:
        self.mouse_position = pointer_position()


def picture(manager: pygame_gui.UIManager | None) -> tuple[Any, ...]:
    """What ``manager``'s elements look like now, as a value to compare (``engine.damage``):
    each visible element's image and place. Hovering, pressing, disabling or relabelling a
    button gives it another image; the images are held, not their ids (a freed image's id may
    come back)."""
    if manager is None:
        return ()
    return tuple((data[0], tuple(data[1])) for data in manager.ui_group.visible)
