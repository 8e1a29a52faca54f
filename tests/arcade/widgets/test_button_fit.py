"""A button's label shrinks until it fits the button's face, and grows back when a shorter
label or another language lets it (issue 44: Bulgarian ПРОДЪЛЖИ ran out of CONTINUE)."""

from __future__ import annotations

import pygame

from game.arcade.widgets import buttons
from game.engine import i18n
from tests.support import make_arcade


def test_a_long_label_shrinks_into_its_button_and_a_short_one_grows_back():
    app = make_arcade()
    try:
        app.set_language("bg")
        manager = app.new_ui_manager()
        button = buttons.button(manager, pygame.Rect(0, 0, 256, 86), "title.continue",
                                lambda: None)
        room = button.rect.width - 2 * buttons.LABEL_INSET
        theme_font = manager.get_theme().get_font(button.combined_element_ids)
        assert theme_font.size("ПРОДЪЛЖИ")[0] > room  # too wide at the theme's size
        assert button.text == "ПРОДЪЛЖИ" and button.font.size(button.text)[0] <= room
        buttons.set_label(button, "common.ok")
        assert button.font is theme_font  # "ОК" fits at the theme's size
        buttons.set_label(button, "title.continue")
        app.set_language("en")  # as ArcadeApp.set_language does for a scene's buttons
        manager.set_locale("en")
        buttons.relabel(manager.get_sprite_group().sprites())
        assert button.text == "CONTINUE" and button.font.size(button.text)[0] <= room
    finally:
        i18n.set_locale("en")
        app.shutdown()
