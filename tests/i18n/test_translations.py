"""The translations of the short texts (``assets/i18n``): complete, consistent, drawable.

English (``magdagdon.en.json``) is the reference: every language has exactly its keys, the same
``%{placeholders}`` in each string and the same plural groups. The game's own words (rules
M-10) are used exactly where the English uses them, MAGDAGDON / Majda / the difficulty names
stay in Latin letters, every character is in the face that draws it, Thai marks its word
boundaries with U+200B the way the line wrapper expects, and the labels fit their buttons.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.ai.advisor import REASONS
from game.engine import i18n
from game.games.magdagdon.hints import PLURAL_PARAM
from tests.support.catalogues import (
    FONTS,
    GROUPS,
    MAX_UNBROKEN_THAI,
    PLACEHOLDER,
    TRANSLATED,
    ZWSP,
    cmap,
    flatten,
    key_differences,
    misplaced_zero_width_spaces,
    tree,
)

PYGAME_GUI_EN = Path(pygame_gui.__file__).parent / "data" / "translations" / "pygame-gui.en.json"
LOCALES = ("en", "th", "bg", "ko")
PLURAL_FORMS = {"one", "few", "many"}

# --- the game's own words (M-10) ----------------------------------------------------------
GLOSSARY = {
    "roll": {"en": "ROLL", "th": "ทอย", "bg": "ХВЪРЛИ", "ko": "굴리기"},
    "confirm": {"en": "CONFIRM", "th": "ยืนยัน", "bg": "ПОТВЪРДИ", "ko": "확정"},
    "settings": {"en": "SETTINGS", "th": "การตั้งค่า", "bg": "НАСТРОЙКИ", "ko": "설정"},
    "minus": {"en": "−1", "th": "ลด −1", "bg": "НАМАЛИ −1", "ko": "감소 −1"},
    "plus": {"en": "+1", "th": "เพิ่ม +1", "bg": "УВЕЛИЧИ +1", "ko": "증가 +1"},
    "reroll": {"en": "REROLL", "th": "ทอยใหม่", "bg": "ХВЪРЛИ ПАК", "ko": "다시 굴리기"},
    "ruin": {"en": "RUIN", "th": "ซาก", "bg": "РУИНА", "ko": "폐허"},
    "straight": {"en": "STRAIGHT", "th": "สเตรท", "bg": "ПОРЕДИЦА", "ko": "스트레이트"},
    "four": {"en": "FOUR OF A KIND", "th": "สี่ตัวเหมือน", "bg": "ЧЕТИРИ ЕДНАКВИ",
             "ko": "포 오브 어 카인드"},
    "pairs": {"en": "TWO PAIRS", "th": "สองคู่", "bg": "ДВА ЧИФТА", "ko": "투 페어"},
}
LABELS = {  # keys whose whole text is a glossary term
    "play.roll": "roll",
    "play.confirm": "confirm",
    "title.settings": "settings",
    "pause.settings": "settings",
    "settings.title": "settings",
    "power.minus": "minus",
    "power.plus": "plus",
    "power.reroll": "reroll",
    "combo.straight": "straight",
    "combo.four": "four",
    "combo.pairs": "pairs",
    "combo_name.STRAIGHT": "straight",
    "combo_name.FOUR_OF_A_KIND": "four",
    "combo_name.TWO_PAIRS": "pairs",
}
IN_SENTENCES = {  # an English word in capitals names a button or a thing of the game
    "roll": re.compile(r"\bROLL\b"),
    "confirm": re.compile(r"\bCONFIRM\b"),
    "reroll": re.compile(r"\bREROLL\b"),
    "ruin": re.compile(r"\bRUIN\b"),
}
LATIN_TERMS = ("MAGDAGDON", "Majda", "PEACEFUL", "SURVIVAL", "NIGHTMARE")
ALLOWED_LATIN_WORDS = {"MAGDAGDON", "Majda", "Power", "Powers", "PEACEFUL", "SURVIVAL",
                       "NIGHTMARE", "PIN",
                       "UTC"}  # the daily's clock: written so in Thai, Bulgarian and Korean too
DATE_PLACEHOLDERS = {"day", "dd", "month", "mm", "m", "year"}  # m: month number, unpadded
"""``format.date`` may use any of these (``localformat.format_date`` passes them all)."""

DISPLAY_KEYS = ("over.title", "pause.title", "settings.title", "scores.title",
                "initials.title", "kiosk.still_playing", "kiosk.touch_to_play")
"""Titles drawn with the locale's ``display`` face."""
QUERNI_DISPLAY_KEYS = ("over.wins", "over.draw")
"""QUERNI's texts drawn with the ``display`` face (the game-over title)."""


# --- loading ------------------------------------------------------------------------------
GROUP_LATIN = {"arcade": set(), "querni": {"QUERNI"}}
"""Latin words a group's translations keep (the game's name)."""


@functools.cache
def strings(locale: str, group: str = "arcade") -> dict[str, str]:
    return flatten(tree(locale, group=group))


def plural_groups(node: dict, prefix: str = "") -> dict[str, dict]:
    groups: dict[str, dict] = {}
    for key, value in node.items():
        if isinstance(value, dict):
            if set(value) & PLURAL_FORMS:
                groups[f"{prefix}{key}"] = value
            else:
                groups.update(plural_groups(value, f"{prefix}{key}."))
    return groups


def faces(locale: str, roles: tuple[str, ...] = ("ui", "bold")) -> list[str]:
    return [i18n.FONT_FILES[locale][role] for role in roles]


def english_only_symbols(text: str) -> bool:
    """The English text has no word to translate (symbols, digits, Latin game terms)."""
    rest = PLACEHOLDER.sub("", text)
    for term in LATIN_TERMS:
        rest = rest.replace(term, "")
    rest = re.sub(r"\bPowers?\b", "", rest)
    return not any(ch.isalpha() for ch in rest)


# --- structure ----------------------------------------------------------------------------
@pytest.mark.parametrize("group", GROUPS)
@pytest.mark.parametrize("locale", TRANSLATED)
def test_same_keys_as_english(locale, group):
    differences = key_differences(strings("en", group), strings(locale, group))
    assert not differences, differences


@pytest.mark.parametrize("group", GROUPS)
@pytest.mark.parametrize("locale", TRANSLATED)
def test_same_placeholders_as_english(locale, group):
    english = strings("en", group)
    wrong = {
        key: (sorted(set(PLACEHOLDER.findall(english[key]))), sorted(set(PLACEHOLDER.findall(s))))
        for key, s in strings(locale, group).items()
        if key != "format.date"
        and set(PLACEHOLDER.findall(s)) != set(PLACEHOLDER.findall(english[key]))
    }
    assert not wrong, wrong


@pytest.mark.parametrize("locale", LOCALES)
def test_date_pattern_has_a_day_a_month_and_the_year(locale):
    used = set(PLACEHOLDER.findall(strings(locale)["format.date"]))
    assert used <= DATE_PLACEHOLDERS
    assert "year" in used and used & {"day", "dd"} and used & {"month", "mm", "m"}


@pytest.mark.parametrize("group", GROUPS)
@pytest.mark.parametrize("locale", LOCALES)
def test_only_well_formed_placeholders(locale, group):
    """python-i18n formats with ``%`` as the delimiter: a stray ``%`` would break a text."""
    bad = {k: s for k, s in strings(locale, group).items() if "%" in PLACEHOLDER.sub("", s)}
    assert not bad, bad


def test_english_has_plural_groups():
    groups = plural_groups(tree("en"))
    assert {"play.place_more", "play.place_n", "over.ruins", "illegal.place_more"} <= set(groups)


@pytest.mark.parametrize("group", GROUPS)
@pytest.mark.parametrize("locale", LOCALES)
def test_plural_groups_have_one_few_many(locale, group):
    english = plural_groups(tree("en", group=group))
    mine = plural_groups(tree(locale, group=group))
    assert set(mine) == set(english)
    for key, group in mine.items():
        assert set(group) == PLURAL_FORMS, f"{locale} {key}: {sorted(group)}"
        if "1" in english[key]["one"]:
            assert "1" in group["one"], f"{locale} {key}.one should say 1"


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("count", [1, 2, 3, 4, 7])
def test_plural_texts_through_python_i18n(locale, count):
    """What the game really shows: the right form is chosen and the number is in it."""
    try:
        i18n.setup(locale)
        for namespace in (name for names in GROUPS.values() for name in names):
            for key in plural_groups(tree("en", namespace)):
                text = i18n.Catalogue(namespace).t(key, count=count)
                assert str(count) in text, f"{locale} {key} ({count}): {text!r}"
                assert "%{" not in text
    finally:
        i18n.setup("en")


@pytest.mark.parametrize("group", GROUPS)
@pytest.mark.parametrize("locale", LOCALES)
def test_strings_are_non_empty(locale, group):
    empty = [k for k, s in strings(locale, group).items()
             if not isinstance(s, str) or not s or (not s.strip() and k != "format.thousands")]
    assert not empty, empty


@pytest.mark.parametrize("group", GROUPS)
@pytest.mark.parametrize("locale", ("th", "ko"))
def test_translated_where_english_has_words(locale, group):
    english = strings("en", group)
    same = [k for k, s in strings(locale, group).items()
            if s == english[k] and not english_only_symbols(english[k])]
    assert not same, same


@pytest.mark.parametrize("group", GROUPS)
@pytest.mark.parametrize("locale", TRANSLATED)
def test_no_english_words_left(locale, group):
    """Latin letters only in the game's Latin terms (and ``Power(s)`` of Majda Powers)."""
    leftovers = {}
    allowed = ALLOWED_LATIN_WORDS | GROUP_LATIN[group]
    for key, text in strings(locale, group).items():
        words = set(re.findall(r"[A-Za-z]+", PLACEHOLDER.sub("", text)))
        if words - allowed:
            leftovers[key] = sorted(words - allowed)
    assert not leftovers, leftovers


# --- the game's own words -----------------------------------------------------------------
@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("key", sorted(LABELS))
def test_glossary_labels(locale, key):
    assert strings(locale)[key] == GLOSSARY[LABELS[key]][locale]


@pytest.mark.parametrize("locale", LOCALES)
def test_reroll_go_starts_with_the_reroll_term(locale):
    assert strings(locale)["power.reroll_go"] == GLOSSARY["reroll"][locale] + " %{count}"


@pytest.mark.parametrize("locale", TRANSLATED)
def test_glossary_terms_in_sentences(locale):
    """Where an English text names ROLL, CONFIRM, REROLL or a RUIN, the translation uses the
    same game word (in Bulgarian in its capitals, as on the button)."""
    english = strings("en")
    missing = [
        (key, term) for key, text in strings(locale).items()
        for term, pattern in IN_SENTENCES.items()
        if pattern.search(english[key]) and GLOSSARY[term][locale] not in text
    ]
    assert not missing, missing


@pytest.mark.parametrize("locale", TRANSLATED)
def test_latin_terms_stay_latin(locale):
    english = strings("en")
    lost = [
        (key, term) for key, text in strings(locale).items()
        for term in LATIN_TERMS
        if english[key].count(term) > text.count(term)
    ]
    assert not lost, lost


@pytest.mark.parametrize("locale", TRANSLATED)
def test_difficulty_names_are_not_translated(locale):
    for name in ("peaceful", "survival", "nightmare"):
        assert strings(locale)[f"difficulty.{name}"] == name.upper()


@pytest.mark.parametrize("locale", TRANSLATED)
def test_true_minus_sign_where_english_has_it(locale):
    english = strings("en")
    for key, text in strings(locale).items():
        if "−" in english[key]:
            assert "−" in text, key
        assert not re.search(r"(^|\s)-\d", text), f"{key}: ASCII hyphen as a minus"


# --- dates and numbers --------------------------------------------------------------------
@pytest.mark.parametrize("locale", LOCALES)
def test_months_and_formats_are_filled(locale):
    months = tree(locale)["months"]
    assert list(months) == [f"m{i}" for i in range(1, 13)]
    assert all(m.strip() for m in months.values())
    assert len(set(months.values())) == 12
    int(tree(locale)["format"]["year_offset"])


@pytest.mark.parametrize(("locale", "date", "number", "decimal"), [
    ("en", "30 Nov 2026", "1,234,567", "2.3"),
    ("th", "30 พ.ย. 2569", "1,234,567", "2.3"),
    ("bg", "30.11.2026 г.", "1\u00a0234\u00a0567", "2,3"),
    ("ko", "2026. 11. 30.", "1,234,567", "2.3"),
])
def test_dates_and_numbers_as_a_native_reader_expects(locale, date, number, decimal):
    from game.engine.localformat import format_date, format_decimal, format_number

    try:
        i18n.setup(locale)
        assert format_date("2026-11-30T02:15:00Z") == date
        assert format_number(1234567) == number
        assert format_number(-15) == "−15"
        assert format_decimal(2.3) == decimal and format_decimal(-0.04) == "0" + decimal[1] + "0"
        assert format_decimal(-1234.56) == "−" + number[:5] + decimal[1] + "6"
    finally:
        i18n.setup("en")


def test_thai_months_are_the_usual_abbreviations():
    assert list(tree("th")["months"].values()) == [
        "ม.ค.", "ก.พ.", "มี.ค.", "เม.ย.", "พ.ค.", "มิ.ย.",
        "ก.ค.", "ส.ค.", "ก.ย.", "ต.ค.", "พ.ย.", "ธ.ค.",
    ]


# --- Thai line breaking -------------------------------------------------------------------
def thai_strings() -> dict[str, str]:
    found = dict(strings("th"))
    found.update({f"querni.{k}": s for k, s in strings("th", "querni").items()})
    found.update({f"pygame-gui.{k}": s for k, s in flatten(tree("th", "pygame-gui")).items()})
    return found


def test_thai_zero_width_spaces_sit_between_words():
    bad = misplaced_zero_width_spaces(thai_strings())
    assert not bad, bad


def test_long_thai_texts_can_break_between_words():
    """No unbroken run (between spaces and U+200B) longer than a short label."""
    long_runs = {
        key: run for key, text in thai_strings().items()
        for run in re.split(f"[ {ZWSP}]", PLACEHOLDER.sub("", text))
        if len(run) > MAX_UNBROKEN_THAI
    }
    assert not long_runs, long_runs


@pytest.mark.parametrize("group", GROUPS)
@pytest.mark.parametrize("locale", ("en", "bg", "ko"))
def test_zero_width_spaces_only_in_thai(locale, group):
    assert not [k for k, s in strings(locale, group).items() if ZWSP in s]


# --- fonts --------------------------------------------------------------------------------
@pytest.mark.parametrize("group", GROUPS)
@pytest.mark.parametrize("locale", (*LOCALES, "qps"))  # qps: the pseudo-locale's accents too
def test_every_character_is_in_the_locales_faces(locale, group):
    missing = {}
    for face in faces(locale):
        for key, text in strings(locale, group).items():
            absent = {ch for ch in text if ord(ch) not in cmap(face)}
            if absent:
                missing[(face, key)] = sorted(absent)
    for key in DISPLAY_KEYS if group == "arcade" else QUERNI_DISPLAY_KEYS:
        face = i18n.FONT_FILES[locale]["display"]
        absent = {ch for ch in strings(locale, group)[key] if ord(ch) not in cmap(face)}
        if absent:
            missing[(face, key)] = sorted(absent)
    assert not missing, missing


# --- pygame-gui's own texts ---------------------------------------------------------------
@functools.cache
def pygame_gui_english() -> dict[str, str]:
    return json.loads(PYGAME_GUI_EN.read_text(encoding="utf-8"))["en"]


@pytest.mark.parametrize("locale", ("th", "bg"))
def test_pygame_gui_texts_for_the_languages_it_lacks(locale):
    english = pygame_gui_english()
    mine = tree(locale, "pygame-gui")
    assert set(mine) == set(english)
    for key, text in mine.items():
        assert isinstance(text, str) and text.strip(), key
        assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(english[key])), key
    for key in ("Confirm", "OK", "Cancel", "Dismiss"):
        assert mine[key] != english[key], f"{locale} {key} is not translated"
    for face in faces(locale):
        absent = {ch for text in mine.values() for ch in text if ord(ch) not in cmap(face)}
        assert not absent, (face, sorted(absent))


def test_pygame_gui_ships_korean_itself():
    assert (PYGAME_GUI_EN.parent / "pygame-gui.ko.json").exists()


# --- labels fit their buttons (1920×1080 logical) ------------------------------------------
BUTTON_MARGIN = 24  # border and shadow on both sides, and a little air
BUTTONS = [  # (keys, params, width, bold size)
    (("play.roll",), {}, 340, 44),
    (("play.confirm",), {}, 340, 40),
    (("play.place_more",), {"count": 3}, 340, 40),
    (("play.accept",), {}, 700, 40),
    (("power.reroll_go", "power.cancel"), {"count": 4}, 322, 34),
    (("coach.got_it",), {}, 188, 40),
    (("common.back",), {}, 240, 32),
    (("title.continue", "title.new_game", "title.scores", "title.rules", "title.settings",
      "title.about", "title.quit", "pause.resume", "pause.rules", "pause.settings",
      "pause.quit_to_title"), {}, 560, 38),
    (("settings.mute", "settings.on", "settings.off", "settings.pips", "settings.digits"),
     {}, 330, 32),
    (("over.play_again",), {}, 360, 44),
    (("over.review", "over.menu"), {}, 250, 38),
    (("play.hint",), {}, 158, 36),  # portrait: beside ROLL / CONFIRM
    (("common.yes", "common.no"), {}, 490, 40),
    (("pin.clear",), {}, 168, 32),
    (("pin.ok",), {}, 168, 40),
    (("initials.skip",), {}, 400, 32),
    (("initials.save",), {}, 400, 40),
]
POWER_BUTTON = (("power.minus", "power.plus", "power.reroll"), 209, 34)


@pytest.fixture(scope="module")
def bold_font():
    pygame.font.init()
    made: dict[tuple[str, int], pygame.font.Font] = {}

    def font(locale: str, size: int) -> pygame.font.Font:
        if (locale, size) not in made:
            face = pygame.font.Font(str(FONTS / i18n.FONT_FILES[locale]["bold"]), size)
            face.set_script(i18n.SCRIPTS[locale])
            made[(locale, size)] = face
        return made[(locale, size)]

    return font


def label(locale: str, key: str, params: dict, group: str = "arcade") -> str:
    node = tree(locale, group=group)
    for part in key.split("."):
        node = node[part]
    if isinstance(node, dict):
        node = node["many"]
    return PLACEHOLDER.sub(lambda m: str(params.get(m.group(1), "")), node)


@pytest.mark.parametrize("locale", LOCALES)
def test_button_labels_fit(locale, bold_font):
    too_wide = {}
    for keys, params, width, size in BUTTONS:
        for key in keys:
            text = label(locale, key, params)
            used = bold_font(locale, size).size(text)[0]
            if used > width - BUTTON_MARGIN:
                too_wide[key] = (text, used, width - BUTTON_MARGIN)
    assert not too_wide, too_wide


def theme_size(object_id: str, locale: str) -> int:
    """The font size the theme gives ``object_id`` buttons in ``locale``."""
    from game.arcade.theme import theme

    blocks = theme()[object_id]["font"]
    return int(next(b["size"] for b in blocks if b["locale"] == locale))


@pytest.mark.parametrize("locale", ["en", "th", "ko", "bg"])
def test_power_labels_fit(locale, bold_font):
    """The glossary's power words (НАМАЛИ −1, УВЕЛИЧИ +1, ХВЪРЛИ ПАК) are long: the theme
    gives Bulgarian power buttons a smaller size (never under 24 px) instead."""
    keys, width, _ = POWER_BUTTON
    size = theme_size("#power", locale)
    assert size >= 24
    too_wide = {key: bold_font(locale, size).size(strings(locale)[key])[0] for key in keys
                if bold_font(locale, size).size(strings(locale)[key])[0] > width - BUTTON_MARGIN}
    assert not too_wide, too_wide


# --- QUERNI's own words -------------------------------------------------------------------
QUERNI_GLOSSARY = {
    "BLUE": {"en": "BLUE", "th": "น้ำเงิน", "bg": "СИНИТЕ", "ko": "파랑"},
    "RED": {"en": "RED", "th": "แดง", "bg": "ЧЕРВЕНИТЕ", "ko": "빨강"},
    "SELECT CHAIN": {"en": "SELECT CHAIN", "th": "เลือกโซ่", "bg": "ИЗБЕРИ ВЕРИГА",
                     "ko": "사슬 선택"},
    "END MOVE": {"en": "END MOVE", "th": "จบเทิร์น", "bg": "КРАЙ НА ХОДА", "ko": "턴 종료"},
    "UNDO": {"en": "UNDO", "th": "ย้อนกลับ", "bg": "ВЪРНИ", "ko": "되돌리기"},
    "EXIT": {"en": "EXIT", "th": "ออก", "bg": "ИЗХОД", "ko": "나가기"},
}
"""One word per language for each of QUERNI's terms, used in buttons, messages and rules."""
QUERNI_LABELS = {"color.BLUE": "BLUE", "color.RED": "RED", "play.select_chain": "SELECT CHAIN",
                 "play.end_move": "END MOVE", "play.undo": "UNDO", "play.exit": "EXIT"}
QUERNI_IN_SENTENCES = {term: re.compile(rf"\b{term}\b") for term in QUERNI_GLOSSARY}


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("key", sorted(QUERNI_LABELS))
def test_querni_glossary_labels(locale, key):
    assert strings(locale, "querni")[key] == QUERNI_GLOSSARY[QUERNI_LABELS[key]][locale]


@pytest.mark.parametrize("locale", TRANSLATED)
def test_querni_terms_in_sentences(locale):
    """Where an English QUERNI text names a button or a side, the translation uses the same
    game word."""
    english = strings("en", "querni")
    missing = [
        (key, term) for key, text in strings(locale, "querni").items()
        for term, pattern in QUERNI_IN_SENTENCES.items()
        if pattern.search(english[key]) and QUERNI_GLOSSARY[term][locale] not in text
    ]
    assert not missing, missing


QUERNI_BUTTONS = [  # (keys, params, width, bold size): the narrowest place each is shown
    (("play.select_chain", "replay.pause", "replay.play"), {}, 464, 44),
    (("play.end_move", "replay.next"), {}, 464, 40),
    (("play.undo", "play.exit", "replay.previous", "replay.exit"), {}, 224, 32),
    (("over.play_again", "setup.start"), {}, 440, 44),
    (("over.menu",), {}, 440, 32),
    (("setup.two_players", "variant.two_players"), {}, 420, 32),
    (("settings.on", "settings.off"), {}, 330, 32),
]


@pytest.mark.parametrize("locale", LOCALES)
def test_querni_button_labels_fit(locale, bold_font):
    too_wide = {}
    for keys, params, width, size in QUERNI_BUTTONS:
        for key in keys:
            text = label(locale, key, params, "querni")
            used = bold_font(locale, size).size(text)[0]
            if used > width - BUTTON_MARGIN:
                too_wide[key] = (text, used, width - BUTTON_MARGIN)
    assert not too_wide, too_wide


# --- the advisor's reasons (HINT) -----------------------------------------------------------
def test_every_advisor_reason_has_a_text():
    """``advice.<reason>`` for each reason the advisor can give, plus the penalty sentence."""
    assert set(tree("en")["advice"]) == set(REASONS) | {"worth_penalty"}


@pytest.mark.parametrize("reason", sorted(REASONS))
def test_advice_texts_take_the_advisors_parameters(reason):
    """Each text has the placeholders the advisor fills (``count`` for the number a plural
    depends on; a power's penalty goes to ``advice.worth_penalty``)."""
    wanted = set(re.findall(r"\{(\w+)\}", REASONS[reason]))
    if reason in PLURAL_PARAM:
        wanted = (wanted - {PLURAL_PARAM[reason]}) | {"count"}
    if reason.startswith("power_"):
        wanted -= {"penalty"}
    node = tree("en")["advice"][reason]
    texts = node.values() if isinstance(node, dict) else [node]
    for text in texts:
        assert set(PLACEHOLDER.findall(text)) <= wanted, (reason, text)
    assert set().union(*(PLACEHOLDER.findall(text) for text in texts)) == wanted or (
        reason in PLURAL_PARAM)  # a plural's "one" says 1 instead of %{count}
