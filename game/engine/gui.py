"""pygame-gui in logical coordinates.

pygame-gui takes click positions from the events (which the display has already mapped to
logical pixels) but polls ``pygame.mouse.get_pos()`` — window pixels — for hovering. This
manager reads the pointer through the display instead, so hover highlights sit under the
pointer at any window size.
"""

from __future__ import annotations

from typing import Any

import pygame
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


def changes(old: tuple[Any, ...], new: tuple[Any, ...]) -> list[pygame.Rect] | None:
    """Where two :func:`picture` values differ: each changed element where it was and where
    it is; None when elements came or went."""
    if len(old) != len(new):
        return None
    out: list[pygame.Rect] = []
    for (image_a, rect_a), (image_b, rect_b) in zip(old, new):
        if image_a is not image_b or rect_a != rect_b:
            out.append(pygame.Rect(rect_a[:2], image_a.get_size()).inflate(2, 2))
            out.append(pygame.Rect(rect_b[:2], image_b.get_size()).inflate(2, 2))
    return out
