"""pygame-gui buttons with the arcade theme, created from translation keys."""

from __future__ import annotations

from collections.abc import Callable

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
    return element


def set_label(element: pygame_gui.elements.UIButton, key: str, **params: object) -> None:
    """Change a button's label only when it differs (rebuilding text costs a few ms)."""
    texts: Catalogue = getattr(element, "texts", ARCADE)
    label = texts.t(key, **params)
    element.translation_key = key  # type: ignore[attr-defined]
    element.translation_params = params  # type: ignore[attr-defined]
    if element.text != label:
        element.set_text(label)


def relabel(elements) -> None:
    """Re-read every label from its translation key (after a language switch)."""
    for element in elements:
        key = getattr(element, "translation_key", None)
        if key is not None:
            set_label(element, key, **getattr(element, "translation_params", {}))


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
