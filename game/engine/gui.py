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
from pygame_gui.core.surface_cache import SurfaceCache

from game.engine.display import pointer_position

_shapes: SurfaceCache | None = None


def shared_shapes() -> SurfaceCache:
    """One cache of drawn button shapes for every manager of the process."""
    global _shapes
    if _shapes is None:
        _shapes = SurfaceCache()  # type: ignore[no-untyped-call]
    return _shapes


def clear_shared_shapes() -> None:
    """Forget the shared shapes (when pygame closes)."""
    global _shapes
    _shapes = None


class UIManager(pygame_gui.UIManager):
    """A ``pygame_gui.UIManager`` whose hover position is in logical pixels, and whose drawn
    shapes are shared with every other manager: each screen has its own manager, and with its
    own cache a new game or a game over drew every button's rounded, anti-aliased shape anew
    (about a millisecond each) in its first frame."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.get_theme().shape_cache = shared_shapes()

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
