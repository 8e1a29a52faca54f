"""The developers' pseudo-locale ``qps`` (``tools/pseudo_locale.py``): the committed files are
what the tool makes of today's English, every text is longer, accented and bracketed with its
placeholders and plural forms kept, the text layer shows it like any language, and the
settings offer it only when a developer asks."""

from __future__ import annotations

import re

import pytest

from game.engine import i18n, locales
from tests.support.catalogues import PLACEHOLDER, flatten, tree
from tools import pseudo_locale

NAMESPACES = ("arcade", "formats", "help", "magdagdon", "magdagdon_help", "querni",
              "querni_help")


def test_committed_files_are_what_the_tool_writes_from_english():
    """Adding English keys without running ``python -m tools.pseudo_locale`` fails here."""
    assert pseudo_locale.stale() == []
    assert pseudo_locale.main(["--check"]) == 0


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_same_keys_placeholders_and_plural_forms_as_english(namespace):
    english, pseudo = flatten(tree("en", namespace)), flatten(tree("qps", namespace))
    assert pseudo.keys() == english.keys()
    for key, text in english.items():
        assert PLACEHOLDER.findall(pseudo[key]) == PLACEHOLDER.findall(text), key
        assert pseudo[key].count("**") == text.count("**"), key
        assert pseudo[key].count("\n") == text.count("\n"), key


@pytest.mark.parametrize("namespace", NAMESPACES)
def test_every_text_with_words_is_bracketed_accented_and_longer(namespace):
    kept = re.compile("|".join(pseudo_locale.KEPT_WORDS))
    for key, text in flatten(tree("en", namespace)).items():
        shown = flatten(tree("qps", namespace))[key]
        words = re.sub(r"%\{\w+\}", "", text)
        if not re.search("[A-Za-z]", words):
            assert shown == text, key  # a pattern or a symbol: unchanged
            continue
        assert shown.startswith("[") and shown.endswith("]"), key
        plain = kept.sub("", re.sub(r"%\{\w+\}|\S*/\S*", "", shown))
        assert not re.search("[A-Za-z]", plain), (key, shown)  # no plain English letter left
        letters = sum(ch.isalpha() for ch in kept.sub("", re.sub(r"\S*/\S*", "", words)))
        if letters >= 5:
            assert len(shown) - len(text) >= 0.4 * letters, (key, shown)


def test_the_pseudo_text_of_a_word_a_sentence_and_a_placeholder():
    assert pseudo_locale.pseudo("Settings") == "[Šéţţîñĝš~~~~]"
    assert pseudo_locale.pseudo("%{n} games left") == "[%{n} ĝåмéš~~ ļéғţ~~]"
    assert pseudo_locale.pseudo("Tap **ROLL** in MAGDAGDON") \
        == "[Ţåþ~~ **ŔÖĻĻ~~** îñ~ MAGDAGDON]"
    assert pseudo_locale.pseudo("−1") == "−1"
    assert pseudo_locale.pseudo("%{hh}:%{mm}") == "%{hh}:%{mm}"


def test_the_text_layer_shows_it_like_any_language():
    try:
        assert i18n.setup("qps") == "qps"
        from game.games.querni.texts import TEXTS

        assert TEXTS.t("stats.games", count=1).startswith("[1 ")
        assert TEXTS.t("stats.games", count=5).startswith("[5 ")
        assert TEXTS.t("stats.games", count=1) != TEXTS.t("stats.games", count=5)
        assert i18n.font_path("bold").name == i18n.FONT_FILES["en"]["bold"]
    finally:
        i18n.setup("en")


def test_settings_offer_it_only_to_developers(monkeypatch):
    monkeypatch.delenv(locales.DEV_LOCALES_ENV, raising=False)
    assert locales.offered() == ("en", "th", "bg", "ko")
    monkeypatch.setenv(locales.DEV_LOCALES_ENV, "1")
    assert locales.offered() == ("en", "th", "bg", "ko", "qps")


@pytest.mark.parametrize("dev", [False, True])
def test_settings_screen_shows_its_chip_only_with_the_flag(monkeypatch, dev):
    from tests.support import make_arcade
    from tests.support.scenes import build

    if dev:
        monkeypatch.setenv(locales.DEV_LOCALES_ENV, "1")
    else:
        monkeypatch.delenv(locales.DEV_LOCALES_ENV, raising=False)
    app = make_arcade()
    try:
        scene = build(app, "settings")
        assert ("qps" in scene.language_rects) is dev
        assert len(scene.language_rects) == 4 + dev
    finally:
        app.shutdown()


def test_the_dev_locales_flag_sets_the_variable(monkeypatch):
    from game.arcade.cli import parser
    from game.games.registry import GAMES

    args = parser(GAMES).parse_args(["--dev-locales", "--lang", "qps"])
    assert args.dev_locales and args.lang == "qps"
