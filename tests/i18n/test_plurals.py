"""QUERNI's statistics count games in each language's plural forms (issue 37: "1 games"); every
plural text's forms in all four catalogues are held by ``test_translations``."""

from __future__ import annotations

import pytest

from game.engine import i18n
from game.games.querni.texts import TEXTS


@pytest.mark.parametrize("locale, one, five", [
    ("en", "1 game,", "5 games,"), ("bg", "1 игра,", "5 игри,"),
    ("th", "1 เกม", "5 เกม"), ("ko", "1게임", "5게임")])
def test_querni_statistics_count_games_in_the_languages_plural(locale, one, five) -> None:
    try:
        i18n.setup(locale)
        for count, expected in ((1, one), (5, five)):
            line = TEXTS.t("stats.summary", games=TEXTS.t("stats.games", count=count), turns=12)
            assert line.startswith(expected)
    finally:
        i18n.setup("en")
