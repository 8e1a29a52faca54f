"""Every scene builds and draws in every language, and no button label is wider than its
button at 1920×1080 (measured with the very font pygame-gui renders that label with)."""

from __future__ import annotations

import pytest

from game.engine import i18n
from tests.support import make_arcade
from tests.support.scenes import NAMES, build

BORDER = 2 * 4 + 2 * 3  # border_width and shadow_width of the theme, on both sides


@pytest.mark.parametrize("size", [(1920, 1080)])
@pytest.mark.parametrize("locale", i18n.LOCALES)
@pytest.mark.parametrize("name", NAMES)
@pytest.mark.slow
def test_scene_draws_and_every_label_fits(name, locale, size):
    app = make_arcade(size=size)
    try:
        app.set_language(locale)
        scene = build(app, name)
        app.stack.draw(app.surface)  # draws without error in this language
        too_wide = []
        for element in scene.ui.get_sprite_group().sprites():
            if type(element).__name__ != "UIButton" or not element.visible or not element.text:
                continue
            width = element.font.size(element.text)[0]
            if width > element.rect.width - BORDER:
                too_wide.append((element.text, width, element.rect.width - BORDER))
        assert not too_wide, too_wide
    finally:
        i18n.set_locale("en")
        app.shutdown()


PORTRAIT_NAMES = [name for name in NAMES if name.startswith("querni.")] + [
    "magdagdon.game_over", "magdagdon.daily"]


@pytest.mark.parametrize("locale", i18n.LOCALES)
@pytest.mark.parametrize("name", PORTRAIT_NAMES)
@pytest.mark.slow
def test_scenes_in_portrait(name, locale):
    """QUERNI's screens in portrait too (its board is turned and its buttons are wider), and
    the screens whose buttons change rows on a narrow screen."""
    test_scene_draws_and_every_label_fits(name, locale, (1080, 1920))


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_every_combo_flag_keeps_to_two_lines(locale):
    """A full line's flag ("FOUR OF A KIND +100") beside the board: two lines at most in every
    language, shrinking as far as ``FLAG_MIN_SIZE`` (three lines ran over the line's sum)."""
    from game.games.magdagdon.texts import t
    from game.games.magdagdon.widgets.board import COMBO_KEYS, BoardView

    app = make_arcade()
    try:
        app.set_language(locale)
        for key in COMBO_KEYS.values():
            for bonus in (40, 60, 100):
                label = f"{t(key)} +{bonus}"
                size, lines = BoardView.flag_lines(label)
                assert len(lines) <= 2 and size >= 16, (label, size, lines)
    finally:
        i18n.set_locale("en")
        app.shutdown()
