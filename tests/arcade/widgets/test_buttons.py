"""Buttons relabelled at play (CONFIRM counts the dice left): only the shown state is drawn at
once (and, the first time a shape is made in a run, the pressed one: ``engine.gui``), and
every other state shows the new label when it is first shown."""

from __future__ import annotations

import pygame
import pytest

from game.arcade.texts import ARCADE
from game.arcade.theme import theme
from game.arcade.widgets import buttons
from tests.support.surfaces import pixels


@pytest.fixture
def manager(app):
    return app.new_ui_manager(theme())


def _fresh_button(manager, key: str, **params):
    element = buttons.button(manager, pygame.Rect(100, 100, 360, 90), key, lambda: None,
                             **params)
    for _ in range(8):  # (pygame-gui would draw the other states, one a frame)
        manager.update(1 / 60)
    return element


def test_a_new_button_draws_only_the_shown_state(manager):
    element = buttons.button(manager, pygame.Rect(100, 100, 360, 90), "title.new_game",
                             lambda: None)
    shape = element.drawable_shape
    assert shape.active_state.generated and not shape.states_to_redraw_queue
    assert [s for s, state in shape.states.items() if state.generated] == ["normal"]


def test_a_new_label_draws_only_the_shown_state_now(manager):
    element = _fresh_button(manager, "title.new_game")
    buttons.set_label(element, "title.quit")
    shape = element.drawable_shape
    assert shape.active_state.generated
    assert not shape.states_to_redraw_queue  # nothing more is drawn frame after frame
    assert element.text == ARCADE.t("title.quit")


@pytest.mark.parametrize("show", ["disable", "hover"])
def test_every_state_shows_the_new_label_when_first_shown(manager, show):
    """The state drawn late is the one a button with that label from the start shows."""
    relabelled = _fresh_button(manager, "title.new_game")
    buttons.set_label(relabelled, "title.quit")
    direct = _fresh_button(manager, "title.quit")
    for element in (relabelled, direct):
        if show == "disable":
            element.disable()
        else:
            element.drawable_shape.set_active_state("hovered")
        manager.update(1 / 60)
    state = "disabled" if show == "disable" else "hovered"
    assert relabelled.drawable_shape.active_state.state_id == state
    assert pixels(relabelled.drawable_shape.states[state].surface) == \
        pixels(direct.drawable_shape.states[state].surface)


def test_the_same_label_again_draws_nothing(manager):
    element = _fresh_button(manager, "title.new_game")
    surface = element.drawable_shape.states["normal"].surface
    buttons.set_label(element, "title.new_game")
    assert element.drawable_shape.states["normal"].surface is surface


def test_a_label_is_drawn_in_the_themes_font_not_pygame_guis_fallback(manager):
    """Each screen's manager loads inline what the theme asks for (``engine.gui``); a manager
    given its own loader loads nothing by itself, and every label fell back to pygame-gui's
    small default font (BACK a third of its height)."""
    fonts = manager.get_theme().get_font_dictionary().loaded_fonts
    assert fonts and all(font.loaded_font is not None for font in fonts.values())
    element = _fresh_button(manager, "title.new_game")
    ink = pygame.mask.from_threshold(element.image, (255, 255, 255), (60, 60, 60, 255))
    label = ink.get_bounding_rects()
    assert label and max(rect.height for rect in label) >= 24  # a 30 px label's capitals
