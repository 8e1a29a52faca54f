"""pygame-gui buttons with the arcade theme, created from translation keys."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pygame
import pygame_gui

from game.arcade.texts import ARCADE
from game.engine.i18n import Catalogue


def button(
    manager: pygame_gui.UIManager,
    rect: pygame.Rect,
    key: str,
    command: Callable[[], None],
    object_id: str = "#button",
    texts: Catalogue = ARCADE,
    **params: object,
) -> pygame_gui.elements.UIButton:
    """A themed button labelled ``texts.t(key)``; ``command`` runs on release over it."""
    element = pygame_gui.elements.UIButton(
        relative_rect=rect,
        text=texts.t(key, **params),
        manager=manager,
        object_id=pygame_gui.core.ObjectID(object_id=object_id, class_id="@arcade"),
        # pygame-gui passes its event data to a one-parameter callable, and a lambda with a
        # default argument (lambda d=x: ...) counts as one: always call ours with none.
        command=lambda _data: command(),
    )
    element.translation_key = key  # type: ignore[attr-defined]
    element.translation_params = params  # type: ignore[attr-defined]
    element.texts = texts  # type: ignore[attr-defined]
    fit_label(element)
    # a new screen's buttons would otherwise draw all their unseen states in its first
    # frames, one each a frame, and stutter just as the screen appears
    draw_other_states_when_shown(element)
    return element


def set_label(element: pygame_gui.elements.UIButton, key: str, **params: object) -> None:
    """Change a button's label only when it differs (rebuilding text costs a few ms)."""
    texts: Catalogue = getattr(element, "texts", ARCADE)
    label = texts.t(key, **params)
    element.translation_key = key  # type: ignore[attr-defined]
    element.translation_params = params  # type: ignore[attr-defined]
    changed = element.text != label
    if changed:
        element.set_text(label)
    if fit_label(element) or changed:
        draw_other_states_when_shown(element)


LABEL_INSET = 4 + 3 + 6
"""Room kept on each side of a label: the theme's border and shadow, and a little air."""
LABEL_MIN_SIZE = 18
"""The smallest size a label is shrunk to (smaller would not be read from arm's length)."""


def fit_label(element: pygame_gui.elements.UIButton) -> bool:
    """Draw the label in the theme's size for its language, or smaller until it fits the
    face (ПРОДЪЛЖИ); whether the font changed."""
    theme = element.ui_theme
    font = theme.get_font(element.combined_element_ids)
    room = element.rect.width - 2 * LABEL_INSET
    label = element.text
    if label and font.size(label)[0] > room:
        info = theme.get_font_info(element.combined_element_ids)
        size = int(info["size"])
        while size > LABEL_MIN_SIZE and font.size(label)[0] > room:
            size -= 2
            with warnings.catch_warnings():  # "loaded a font not preloaded": on purpose
                warnings.simplefilter("ignore")
                font = theme.get_font_dictionary().find_font(
                    size, info["name"], bool(info["bold"]), bool(info["italic"]),
                    script=info["script"])
    if font is element.font:
        return False
    element.font = font
    element.rebuild()
    return True


def draw_other_states_when_shown(element: pygame_gui.core.UIElement) -> None:
    """Draw only the state the button shows now: pygame-gui draws all five states over the next
    frames, most never seen; a state marked not drawn is drawn when first shown."""
    shape = getattr(element, "drawable_shape", None)
    queue = getattr(shape, "states_to_redraw_queue", None)
    if shape is None or not queue:
        return
    for state_id in queue:
        shape.states[state_id].generated = False
    queue.clear()
    active = shape.active_state
    if not active.generated:
        shape.redraw_state(active.state_id)


def states_ahead(elements: Iterable[object]) -> Iterator[None]:
    """Draw the buttons' hovered and pressed pictures ``draw_other_states_when_shown`` left
    for later, a step each: the buttons of a screen built ahead show them at once (and
    pygame-gui's shape cache keeps them for the same buttons built again)."""
    for element in list(elements):
        shape: Any = getattr(element, "drawable_shape", None)
        if not isinstance(element, pygame_gui.elements.UIButton) or shape is None:
            continue
        for state_id in ("hovered", "active"):
            state = shape.states.get(state_id)
            if state is not None and not state.generated and element.alive():
                shape.redraw_state(state_id)
                yield


def relabel(elements: Iterable[object]) -> None:
    """Re-read every label from its translation key (after a language switch)."""
    for element in elements:
        key = getattr(element, "translation_key", None)
        if key is not None and isinstance(element, pygame_gui.elements.UIButton):
            set_label(element, key, **getattr(element, "translation_params", {}))
            show_fresh_picture(element)


def show_fresh_picture(element: pygame_gui.core.UIElement) -> None:
    """Take the picture just drawn for the button's state now, rather than at its manager's
    next update: only the top screen is updated, so a greyed button of a screen under an
    overlay (END MOVE under VIEW BOARD) would show its old label until that screen is on top."""
    shape = getattr(element, "drawable_shape", None)
    if shape is not None and shape.has_fresh_surface():
        element.on_fresh_drawable_shape_ready()


def set_shown(element: pygame_gui.core.UIElement, shown: bool) -> None:
    if shown and not element.visible:
        element.show()
    elif not shown and element.visible:
        element.hide()


def set_enabled(element: pygame_gui.core.UIElement, enabled: bool) -> None:
    if enabled and not element.is_enabled:
        element.enable()
    elif not enabled and element.is_enabled:
        element.disable()
