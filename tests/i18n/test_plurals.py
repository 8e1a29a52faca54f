"""Counts read right in every language (issue 37): every text shown with a count has its plural
forms in all four catalogues (python-i18n picks ``one`` for 1, else ``few``/``many``; Thai and
Korean give every form the same words), and QUERNI's statistics say "1 game"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine import i18n
from game.engine.locales import LOCALES
from game.games.querni.texts import TEXTS

I18N = Path(__file__).resolve().parents[2] / "assets" / "i18n"
FORMS = {"one", "few", "many"}


def plural_keys(tree: dict, prefix: str = "") -> dict[str, dict]:
    """Every text that is a set of plural forms, by its dotted key."""
    found: dict[str, dict] = {}
    for key, value in tree.items():
        if isinstance(value, dict) and FORMS & set(value) and set(value) <= FORMS | {"zero"}:
            found[prefix + key] = value
        elif isinstance(value, dict):
            found.update(plural_keys(value, f"{prefix}{key}."))
    return found


@pytest.mark.parametrize("catalogue", sorted({p.name.split(".")[0]
                                               for p in I18N.glob("*.en.json")}))
def test_plural_texts_have_every_form_in_every_language(catalogue: str) -> None:
    english = plural_keys(json.loads((I18N / f"{catalogue}.en.json").read_text("utf-8"))["en"])
    for locale in LOCALES:
        tree = json.loads((I18N / f"{catalogue}.{locale}.json").read_text("utf-8"))[locale]
        theirs = plural_keys(tree)
        for key in english:
            assert key in theirs and FORMS <= set(theirs[key]), (catalogue, locale, key)


@pytest.mark.parametrize("locale, one, five", [
    ("en", "1 game,", "5 games,"), ("bg", "1 игра,", "5 игри,"),
    ("th", "1 เกม", "5 เกม"), ("ko", "1게임", "5게임")])
def test_querni_statistics_count_games_in_the_languages_plural(locale, one, five) -> None:
    try:
        i18n.setup(locale)
        assert TEXTS.t("stats.summary", count=1, turns=12).startswith(one)
        assert TEXTS.t("stats.summary", count=5, turns=12).startswith(five)
    finally:
        i18n.setup("en")
