"""A game's HOW TO PLAY page (``arcade.play.rules_page``): titled HOW TO PLAY, and its figures
of dice follow the game's own "digits" setting (MAGDAGDON); a game without one draws none."""

from __future__ import annotations

import pytest

from game.arcade.play.rules_page import RulesPage
from game.games.magdagdon.scenes.rules import RulesScene as MagdagdonRules
from game.games.magdagdon.texts import HELP as MAGDAGDON_HELP
from game.games.querni.scenes.rules import RulesScene as QuerniRules
from game.games.querni.texts import HELP as QUERNI_HELP
from tests.support import settle


@pytest.mark.parametrize("digits", [True, False])
def test_magdagdon_s_figures_follow_its_digits_setting(app, digits):
    app.ctx.settings.game("magdagdon")["digits"] = digits
    page = MagdagdonRules(app)
    app.stack.push(page)
    settle(app)
    assert page.digits is digits and page.doc is not None


def test_querni_s_page_has_no_dice_to_draw_as_digits(app):
    app.ctx.settings.game("magdagdon")["digits"] = True  # another game's setting
    assert not QuerniRules(app).digits


@pytest.mark.parametrize(("page", "texts"), [(MagdagdonRules, MAGDAGDON_HELP),
                                             (QuerniRules, QUERNI_HELP)])
def test_both_pages_are_titled_how_to_play_in_their_own_catalogue(page, texts):
    assert issubclass(page, RulesPage) and page.title_key == "rules.title"
    assert page.texts is texts and texts.t("rules.title") != "rules.title"
