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

try:  # where pygame-gui 0.6 keeps its rounded buttons' shape (it may move in a later version)
    from pygame_gui.core.drawable_shapes import rounded_rect_drawable_shape as _rounded

    RoundedRectangleShape: Any = _rounded.RoundedRectangleShape
except (ImportError, AttributeError):  # pragma: no cover - another pygame-gui: its own cache
    RoundedRectangleShape = None

CACHED_BY_PYGAME_GUI_BELOW = 40_000
"""pygame-gui 0.6 keeps a rounded shape's background in its shape cache only when the shape
is smaller than this many pixels; larger ones are drawn anew (4× supersampled) every time."""


def keep_large_backgrounds() -> None:
    """Let pygame-gui's shape cache keep the backgrounds of large buttons too.

    Without it, ACCEPT (700×112) took ~24 ms to draw each of its states and CONFIRM or ROLL
    ~12 ms, on every relabel and on the tap that first shows the pressed state: a dropped
    frame exactly when the player touches the screen. After a large shape's state is drawn,
    its background (the picture before the label goes on, which pygame-gui keeps as the
    state's ``pre_text_surface``) goes into the shape cache under pygame-gui's own id for that
    size, border and colours, so the next draw of that shape and state, with any label, is a
    copy (~0.3 ms). Installed once; a pygame-gui without that shape class is left alone."""
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
            or background.get_size() != rect.size or shape.has_been_resized or _has_bar(shape)
            or shape.theming.get(f"{state_str}_images")):  # images would go in with it
        return
    if not _background_cached(shape, state_str):
        shape.shape_cache.add_surface_to_cache(background, _shape_id(shape, state_str))  # a copy


keep_large_backgrounds()


def _has_bar(shape: Any) -> bool:
    """Whether ``shape`` fills a bar into its background (a progress bar): its background
    changes with the bar, so it is neither kept in the cache nor drawn ahead."""
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


def draw_pressed_ahead(element: Any) -> None:
    """Draw a button's pressed state now if its shape was never drawn pressed in this run.

    The first tap on ROLL, CONFIRM or ACCEPT drew it (12 to 33 ms, 4× supersampled) on the
    very frame that answers the tap. The shape cache keeps its background for every later
    button of that shape, colours and size, on every screen (the arcade's managers share one
    theme); once it is there, the pressed state costs ~1.5 ms and is left to be drawn when
    first shown, as pygame-gui would."""
    shape = getattr(element, "drawable_shape", None)
    if RoundedRectangleShape is None or not isinstance(shape, RoundedRectangleShape) \
            or "active" not in shape.states or shape.states["active"].generated \
            or _has_bar(shape) or _background_cached(shape, "active"):
        return
    shape.redraw_state("active")  # kept drawn: the first tap shows it at once


LABELS_KEPT = 4
"""A relabelled button keeps its states' pictures for this many labels it showed before."""


def set_button_text(element: Any, text: str) -> None:
    """``element.set_text(text)``, except that a label the button showed before gets back the
    pictures of its states drawn then.

    pygame-gui draws a state anew after every relabel (~0.8 ms; ~1.7 ms the pressed one), and
    CONFIRM goes CONFIRM → PLACE 2 MORE → PLACE 1 MORE → CONFIRM every turn: two or three
    state drawings on the very frames a tap is handled. Only a state's finished picture is
    kept (its text and background layers are for text effects, which buttons do not use),
    for the shape that drew it, at its size and in its font: a rebuilt or resized button
    draws its labels afresh."""
    shape = getattr(element, "drawable_shape", None)
    states = getattr(shape, "states", None)
    if shape is None or not isinstance(states, dict) or getattr(element, "dynamic_width", True) \
            or getattr(element, "dynamic_height", True) or getattr(element, "text_kwargs", None):
        element.set_text(text)
        return
    kept: dict[Any, Any] = shape.__dict__.setdefault("_kept_labels", {})
    look = (id(shape.theming.get("font")), tuple(shape.containing_rect.size))
    drawn = {state_id: state.surface for state_id, state in states.items()
             if state.generated and state.transition is None}
    if drawn and shape.text_box_layout is not None:
        kept.pop((element.text, look), None)
        kept[(element.text, look)] = (shape.text_box_layout, drawn)  # the newest last
        while len(kept) > LABELS_KEPT:
            del kept[next(iter(kept))]
    again = kept.pop((text, look), None)
    if again is None:
        element.set_text(text)
        return
    layout, drawn = again
    element.text = text
    shape.theming["text"] = text
    shape.text_box_layout = layout
    shape.states_to_redraw_queue.clear()
    for state_id, state in states.items():
        state.generated = state_id in drawn
        if state.generated:
            state.surface = drawn[state_id]
            state.pre_text_surface = state.text_surface = None
    active = shape.active_state
    if not active.generated:
        shape.redraw_state(active.state_id)
    active.has_fresh_surface = True


QUIET_UPDATE_EVERY = 0.1
"""Seconds between the updates of a manager nobody touches (its timers get the time owed)."""
BUSY_UPDATES = 2
"""Full-rate updates after an event: the one that handles it and the one that clears a
button's one-cycle ``pressed`` flag."""


class UIManager(pygame_gui.UIManager):
    """A ``pygame_gui.UIManager`` whose hover position is in logical pixels, and which is
    updated at full rate only while someone touches it.

    pygame-gui's update (hover checks of every element, shape-cache upkeep) cost ~0.45 ms a
    step on the title: ~2.5 % of a core at 60 steps a second on a screen nobody touches. With
    no event, the pointer where it was and no button or key held, nothing it tracks can change
    but its timers (a caret's blink, a tooltip's delay, the double-click window), so it is
    updated every ``QUIET_UPDATE_EVERY`` seconds with all the time owed instead."""

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

    def _update_mouse_position(self) -> None:  # called by update(), just after it read it
        self.mouse_position = self._pointer if self._pointer is not None else pointer_position()


def picture(manager: pygame_gui.UIManager | None) -> tuple[Any, ...]:
    """What ``manager``'s elements look like now, as a value to compare (``engine.damage``):
    each visible element's image and place. Hovering, pressing, disabling or relabelling a
    button gives it another image; the images are held, not their ids (a freed image's id may
    come back)."""
    if manager is None:
        return ()
    return tuple((data[0], tuple(data[1])) for data in manager.ui_group.visible)


def changes(old: tuple[Any, ...], new: tuple[Any, ...]) -> list[pygame.Rect]:
    """Where two :func:`picture` values differ: each changed element where it was and where
    it is; when elements came or went (MAGDAGDON's ACCEPT in place of ROLL and CONFIRM),
    where each one that is in only one of them is — not a whole redraw."""

    def area(image: pygame.Surface, rect: tuple[int, ...]) -> pygame.Rect:
        return pygame.Rect(rect[:2], image.get_size()).inflate(2, 2)

    if len(old) != len(new):
        before = {(id(image), rect) for image, rect in old}  # both held alive: ids unique
        now = {(id(image), rect) for image, rect in new}
        return [area(image, rect) for image, rect in old if (id(image), rect) not in now] + \
            [area(image, rect) for image, rect in new if (id(image), rect) not in before]
    out: list[pygame.Rect] = []
    for (image_a, rect_a), (image_b, rect_b) in zip(old, new):
        if image_a is not image_b or rect_a != rect_b:
            out.append(area(image_a, rect_a))
            out.append(area(image_b, rect_b))
    return out
