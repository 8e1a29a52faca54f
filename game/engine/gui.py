"""pygame-gui in logical coordinates: it polls ``pygame.mouse.get_pos()`` (window pixels) for
hovering, so this manager reads the pointer through the display instead."""

from __future__ import annotations

import warnings
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import resource_loaders
from pygame_gui.core.utility import FontResource, ImageResource, SurfaceResource

from game.engine import textlog
from game.engine.display import pointer_position

try:  # where pygame-gui 0.6 keeps its rounded buttons' shape (it may move in a later version)
    from pygame_gui.core.drawable_shapes import rounded_rect_drawable_shape as _rounded

    RoundedRectangleShape: Any = _rounded.RoundedRectangleShape
except (ImportError, AttributeError):  # pragma: no cover - another pygame-gui: its own cache
    RoundedRectangleShape = None

CACHED_BY_PYGAME_GUI_BELOW = 40_000
"""pygame-gui 0.6 keeps a rounded shape's background in its shape cache only when the shape
is smaller than this many pixels; larger ones are drawn anew (4× supersampled) every time."""
CACHE_SIDE = 1024
"""The longest side a shape in pygame-gui's cache may have (its cache pages' size)."""


def keep_large_backgrounds() -> None:
    """Let pygame-gui's shape cache keep the backgrounds of large buttons too.

    Large buttons would otherwise be drawn 4× supersampled and scaled down each time a screen
    that has them opens or is relabelled: the stutter after every game. After a large shape's
    state is drawn, its background (``pre_text_surface``) goes into the shared shape cache under
    pygame-gui's own id, so the next draw of that shape with any label is a copy. Installed
    once; a pygame-gui without that shape class is left alone."""
    if RoundedRectangleShape is None or getattr(RoundedRectangleShape, "_keeps_large", False):
        return
    draw = RoundedRectangleShape.redraw_state

    def redraw_state(self: Any, state_str: str, add_text: bool = True) -> None:
        draw(self, state_str, add_text)
        _keep_background(self, state_str)

    setattr(RoundedRectangleShape, "redraw_state", redraw_state)  # noqa: B010 - a method
    setattr(RoundedRectangleShape, "_keeps_large", True)  # noqa: B010


def _keep_background(shape: Any, state_str: str) -> None:
    rect = shape.containing_rect
    state = shape.states[state_str]
    background = state.pre_text_surface
    if (rect.width * rect.height < CACHED_BY_PYGAME_GUI_BELOW or background is None
            or rect.width > CACHE_SIDE or rect.height > CACHE_SIDE
            or background.get_size() != rect.size or shape.has_been_resized or _has_bar(shape)
            or shape.theming.get(f"{state_str}_images")):  # images would go in with it
        return
    if not _background_cached(shape, state_str):
        shape.shape_cache.add_surface_to_cache(background, _shape_id(shape, state_str))  # a copy


def _has_bar(shape: Any) -> bool:
    """Whether ``shape`` fills a bar into its background (a progress bar): its background
    changes with the bar, so it is not kept in the cache."""
    return "filled_bar" in shape.theming or "filled_bar_width_percentage" in shape.theming


def _shape_id(shape: Any, state_id: str) -> str:
    """pygame-gui's id for ``shape``'s background in ``state_id`` in its shape cache."""
    return str(shape.shape_cache.build_cache_id(
        "rounded_rectangle", shape.containing_rect.size, shape.shadow_width,
        shape.border_widths, shape.theming[f"{state_id}_border"],
        shape.theming[f"{state_id}_bg"], shape.shape_corner_radius))


def _background_cached(shape: Any, state_id: str) -> bool:
    """Whether the shape cache holds ``shape``'s background in ``state_id``."""
    cache, shape_id = shape.shape_cache, _shape_id(shape, state_id)
    return shape_id in cache.cache_short_term_lookup or shape_id in cache.cache_long_term_lookup


keep_large_backgrounds()

QUIET_UPDATE_EVERY = 0.1
"""Seconds between the updates of a manager nobody touches (its timers get the time owed)."""
BUSY_UPDATES = 2
"""Full-rate updates after an event: the one that handles it and the one that clears a
button's one-cycle ``pressed`` flag."""


class UIManager(pygame_gui.UIManager):
    """A ``pygame_gui.UIManager`` whose hover position is in logical pixels, and which is
    updated at full rate only while someone touches it: with no event, the pointer still and
    nothing held, only its timers can change, so it is updated every ``QUIET_UPDATE_EVERY``
    seconds with all the time owed."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._owed = 0.0
        self._busy = BUSY_UPDATES
        self._pointer: tuple[int, int] | None = None
        self._keys_down: set[int] = set()
        super().__init__(*args, **kwargs)

    def process_events(self, event: pygame.event.Event) -> bool:
        self._busy = BUSY_UPDATES
        if event.type == pygame.KEYDOWN:
            self._keys_down.add(event.key)
        elif event.type == pygame.KEYUP:
            self._keys_down.discard(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self._keys_down.clear()  # their KEYUPs go to another window
        return bool(super().process_events(event))

    def update(self, time_delta: float) -> None:
        self._owed += time_delta
        pointer = pointer_position()
        if pointer != self._pointer or self._keys_down or any(pygame.mouse.get_pressed()):
            self._busy = max(self._busy, 1)
        if self._busy <= 0 and self._owed < QUIET_UPDATE_EVERY - 1e-9:  # six 60 Hz steps
            return
        self._busy -= 1
        self._pointer = pointer
        owed, self._owed = self._owed, 0.0
        super().update(owed)

    def draw_ui(self, window_surface: pygame.Surface) -> None:
        super().draw_ui(window_surface)
        if textlog.recording():
            record_buttons(self, window_surface)

    def _update_mouse_position(self) -> None:  # called by update(), just after it read it
        self.mouse_position = self._pointer if self._pointer is not None else pointer_position()


BUTTON_INSET = 4 + 3
"""A themed button's border and shadow (``arcade.theme``): its text must stay inside them."""


def record_buttons(manager: pygame_gui.UIManager, surface: pygame.Surface) -> None:
    """Tell the text log where each shown button's label is drawn: centred on its face, as
    wide as its font makes it (the button itself is a box no other text may cross)."""
    for element in manager.get_sprite_group().sprites():
        if not isinstance(element, pygame_gui.elements.UIButton) or not element.visible:
            continue
        rect = pygame.Rect(element.rect)
        textlog.covered(surface, rect)  # a button hides what was drawn under it
        textlog.box(surface, rect, textlog.BUTTON)
        label = element.text
        if not label or not label.strip() or element.font is None:
            continue
        width, height = element.font.size(label)
        shown = pygame.Rect(0, 0, width, height)
        shown.center = rect.center
        face = rect.inflate(-2 * BUTTON_INSET, -2 * BUTTON_INSET)
        textlog.text(surface, label, shown, box=face, kind=textlog.BUTTON)


class InlineResourceLoader(resource_loaders.IResourceLoader):
    """pygame-gui's resource loading without its five loader threads, which would cost the
    frame that opens a screen more than the little there is to load; fonts and images before
    surfaces, as pygame-gui's own loaders order them."""

    def __init__(self) -> None:
        self._queue: list[FontResource | ImageResource | SurfaceResource] = []
        self._started = False

    def add_resource(self, resource: FontResource | ImageResource | SurfaceResource) -> None:
        if self._started:
            raise ValueError("Too late to add this resource to the loader")
        self._queue.append(resource)

    def start(self) -> None:
        self._started = True

    def update(self) -> tuple[bool, float]:
        queue, self._queue = self._queue, []
        for resource in sorted(queue, key=lambda item: isinstance(item, SurfaceResource)):
            error = resource.load()
            if error is not None:
                warnings.warn(str(error), stacklevel=2)
        return True, 1.0

    def started(self) -> bool:
        return self._started


def picture(manager: pygame_gui.UIManager | None) -> tuple[Any, ...]:
    """What ``manager``'s elements look like now, as a value to compare (``engine.damage``):
    each visible element's image and place. Hovering, pressing, disabling or relabelling a
    button gives it another image; the images are held, not their ids (a freed image's id may
    come back)."""
    if manager is None:
        return ()
    return tuple((data[0], tuple(data[1])) for data in manager.ui_group.visible)
