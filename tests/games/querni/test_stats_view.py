"""QUERNI's STATISTICS and HIGH SCORES with no game yet (issue 44): QUERNI has results, not
scores, so they never say "No scores yet"; they say there is no game yet and how one gets
there, in every language."""

from __future__ import annotations

import pytest

from game.arcade.texts import t as shell_t
from game.engine import i18n
from game.games.querni.texts import t
from tests.support import make_arcade, settle
from tests.support.drawn import words_drawn


@pytest.mark.parametrize("locale", ["en", "th", "bg", "ko"])
@pytest.mark.parametrize("screen", ["stats", "scores"])
@pytest.mark.slow
def test_no_game_yet_is_said_as_such(tmp_path, monkeypatch, screen, locale):
    app = make_arcade(tmp_path / "data")
    try:
        app.set_language(locale)
        app.nav.push(screen, game_id="querni")
        settle(app, 3)
        drawn = words_drawn(app, monkeypatch)
        assert shell_t("scores.empty_title") not in drawn
        assert t("stats.empty_title") in drawn and t("scores.empty_line") in drawn
    finally:
        i18n.set_locale("en")
        app.shutdown()
