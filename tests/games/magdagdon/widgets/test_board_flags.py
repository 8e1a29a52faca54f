"""A full column's combo flag on the portrait play screen stays between the column's sum and
the tray in every language (Korean's taller letters once pushed it onto the hint's number
on a tray die): its label shrinks, onto one line if need be, never the pill longer."""

from __future__ import annotations

import pygame
import pytest

from game.engine import caches, i18n, textlog
from game.engine.locales import ALL_LOCALES
from game.games.magdagdon.widgets.board import BoardView
from game.games.magdagdon.widgets.layout import LANDSCAPE, PORTRAIT
from game.rules.magdagdon import Difficulty, score

STRAIGHT_IN_COLUMN_1 = (None, 2, None, None, None, 3, None, None,
                        None, 4, None, None, None, 5, None, None)
"""Column 1 reads 2 3 4 5: a STRAIGHT (M-7.2), the flag under the column's sum."""


def _drawn(layout_name: str, locale: str) -> textlog.TextLog:
    """The texts and boxes of the line sums drawn with column 1's flag at its most swollen."""
    layout = PORTRAIT if layout_name == "portrait" else LANDSCAPE
    card = score(STRAIGHT_IN_COLUMN_1, Difficulty.PEACEFUL, 0)
    canvas = pygame.Surface(layout.size)
    pygame.font.init()
    caches.reset_all()  # fonts cached before another test quit pygame are dead
    i18n.clear_fonts()
    i18n.setup(locale)  # the catalogues read, not only the language named
    try:
        with textlog.TextLog() as log:
            log.clear(canvas)
            BoardView(layout).draw_sums(canvas, card, {5: 0.5})  # column 1, swollen
        words = [d.text for d in log.texts if d.box is not None]
        assert words and not any("." in w for w in words)  # the flag's words, not its key
        return log
    finally:
        i18n.set_locale("en")


@pytest.mark.parametrize("locale", ALL_LOCALES)
@pytest.mark.parametrize("layout_name", ["portrait", "landscape"])
def test_a_column_flag_ends_above_the_tray_and_its_hint_numbers(layout_name, locale):
    boxes = [box.rect for box in _drawn(layout_name, locale).boxes]
    assert len(boxes) == 1
    layout = PORTRAIT if layout_name == "portrait" else LANDSCAPE
    flag = boxes[0]  # as far as it swells
    assert flag.bottom <= layout.col_flag_floor, (locale, flag)
    if layout.portrait:
        assert not flag.colliderect(layout.tray_rect)
        # a hint's order number sits on a die's top-left corner (hint_view.badge)
        for die in range(4):
            corner = layout.die_rect(die).topleft
            number = pygame.Rect(0, 0, 48, 48)
            number.center = (corner[0] + 4, corner[1] + 4)
            assert not flag.colliderect(number), (locale, die, flag)


@pytest.mark.parametrize("locale", ALL_LOCALES)
def test_a_column_flag_keeps_clear_of_its_sum(locale):
    """Shrinking to fit above the tray, the flag still starts under the sum's ink."""
    log = _drawn("portrait", locale)
    (flag,) = [box.rect for box in log.boxes]
    (total,) = [drawn.rect for drawn in log.texts if drawn.text == "14"]
    assert flag.top > total.bottom, (locale, flag, total)
