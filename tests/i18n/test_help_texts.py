"""The translated rules and About pages (``assets/i18n/help.<locale>.json``).

English (``help.en.json``) is the reference: every language has exactly its keys and the same
``%{placeholders}``, marks the same number of game terms ``**bold**`` (with the game's own word
of rules M-10 inside), keeps the Latin-letter names, can be drawn by the locale's faces, and
Thai marks its word boundaries with U+200B the way the line wrapper expects.
"""

from __future__ import annotations

import functools
import re

import pytest

from game.engine import i18n
from tests.support.catalogues import (
    MAX_UNBROKEN_THAI,
    PLACEHOLDER,
    TRANSLATED,
    ZWSP,
    cmap,
    flatten,
    key_differences,
    misplaced_zero_width_spaces,
)
from tests.support.catalogues import tree as catalog_tree

STRONG = re.compile(r"\*\*(.+?)\*\*")

FACES = {  # body text and its strong (bold) runs
    "th": ("ui-thai.ttf", "ui-thai-bold.ttf"),
    "bg": ("ui-latin-cyrillic.ttf", "ui-latin-cyrillic-bold.ttf"),
    "ko": ("ui-korean.ttf", "ui-korean-bold.ttf"),
}
DRAWN_WHOLE = ("rules.title", "about.title", "about.name", "rules.fig.")
"""Keys drawn in one piece by ``widgets.text`` (titles, figure labels), not by the wrapper."""
DISPLAY_KEYS = ("rules.title", "about.title", "about.name", "rules.fig.best_total")
"""Besides the headings, the texts drawn with the locale's ``display`` face."""

# --- the game's own words (M-10) ----------------------------------------------------------
GLOSSARY = {
    "ROLL": {"th": "ทอย", "bg": "ХВЪРЛИ", "ko": "굴리기"},
    "CONFIRM": {"th": "ยืนยัน", "bg": "ПОТВЪРДИ", "ko": "확정"},
    "SETTINGS": {"th": "การตั้งค่า", "bg": "НАСТРОЙКИ", "ko": "설정"},
    "−1": {"th": "ลด −1", "bg": "НАМАЛИ −1", "ko": "감소 −1"},
    "+1": {"th": "เพิ่ม +1", "bg": "УВЕЛИЧИ +1", "ko": "증가 +1"},
    "REROLL": {"th": "ทอยใหม่", "bg": "ХВЪРЛИ ПАК", "ko": "다시 굴리기"},
    "RUIN": {"th": "ซาก", "bg": "РУИНА", "ko": "폐허"},
    "STRAIGHT": {"th": "สเตรท", "bg": "ПОРЕДИЦА", "ko": "스트레이트"},
    "FOUR OF A KIND": {"th": "สี่ตัวเหมือน", "bg": "ЧЕТИРИ ЕДНАКВИ", "ko": "포 오브 어 카인드"},
    "TWO PAIRS": {"th": "สองคู่", "bg": "ДВА ЧИФТА", "ko": "투 페어"},
    # QUERNI's (tests/i18n/test_translations.py QUERNI_GLOSSARY)
    "BLUE": {"th": "น้ำเงิน", "bg": "СИНИТЕ", "ko": "파랑"},
    "RED": {"th": "แดง", "bg": "ЧЕРВЕНИТЕ", "ko": "빨강"},
    "SELECT CHAIN": {"th": "เลือกโซ่", "bg": "ИЗБЕРИ ВЕРИГА", "ko": "사슬 선택"},
    "END MOVE": {"th": "จบเทิร์น", "bg": "КРАЙ НА ХОДА", "ko": "턴 종료"},
    "UNDO": {"th": "ย้อนกลับ", "bg": "ВЪРНИ", "ko": "되돌리기"},
    "EXIT": {"th": "ออก", "bg": "ИЗХОД", "ko": "나가기"},
    "RESIGN": {"th": "ยอมแพ้", "bg": "ПРЕДАЙ СЕ", "ko": "기권"},
    "QUIT TO TITLE": {"th": "กลับหน้าหลัก", "bg": "КЪМ НАЧАЛОТО", "ko": "타이틀로 나가기"},
    "NEW GAME": {"th": "เกมใหม่", "bg": "НОВА ИГРА", "ko": "새 게임"},
}
IN_SENTENCES = {term: re.compile(rf"(?<![\w−+]){re.escape(term)}(?![\w])")
                for term in GLOSSARY if term not in ("−1", "+1")}
"""An English word in capitals names a button or a thing of the game."""
BG_ARTICLE = ("", "ТА", "ТЕ", "ТО")
"""Bulgarian may add the definite article to a term (РУИНАТА), as the original rules do."""

LATIN_TERMS = ("MAGDAGDON", "Majda", "PEACEFUL", "SURVIVAL", "NIGHTMARE", "CUBIRI",
               "CUBIRI ORIGINAL", "Majduška")
ALLOWED_LATIN_WORDS = {"MAGDAGDON", "Majda", "Power", "Powers", "PEACEFUL", "SURVIVAL",
                       "NIGHTMARE", "CUBIRI", "ORIGINAL", "Majduška"}
NAMES_KEYS = ("about.fonts.text", "about.credits.sound")
"""Texts that name fonts, a licence and files: their Latin words stay as in English."""
LATIN_LETTER = "A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F"  # without × and ÷
LATIN_WORD = re.compile(rf"[{LATIN_LETTER}][{LATIN_LETTER}0-9_]*")

# --- loading ------------------------------------------------------------------------------
HELP_TEXTS = ("help", "magdagdon_help")
"""The long-text catalogues: the shell's About page and MAGDAGDON's rules and About part."""
HELP_GROUPS = {"arcade": HELP_TEXTS, "querni": ("querni_help",)}
"""Help catalogues whose keys never clash; the generic checks run on each group (QUERNI's rules
page reuses the key names of MAGDAGDON's)."""
GROUP_LATIN = {"arcade": set(), "querni": {"QUERNI", "Enter", "Backspace", "Esc", "C", "E", "U",
                                           "a", "j"}}
"""Latin words a group keeps: the game's name, key names and the board's column letters."""


def tree(locale: str, group: str = "arcade") -> dict:
    merged: dict = {}
    for namespace in HELP_GROUPS[group]:
        for key, value in catalog_tree(locale, namespace).items():
            if isinstance(value, dict) and isinstance(merged.get(key), dict):
                overlap = set(value) & set(merged[key])
                assert not overlap, (namespace, key, overlap)
                merged[key] = {**merged[key], **value}
            else:
                assert key not in merged, (namespace, key)
                merged[key] = value
    return merged


@functools.cache
def strings(locale: str, group: str = "arcade") -> dict[str, str]:
    return flatten(tree(locale, group))


def is_heading(key: str) -> bool:
    return key.endswith("heading")


def thai_prose_keys(group: str = "arcade") -> list[str]:
    """Thai paragraphs and bullets: every wrapped text with Thai words in it but headings."""
    return [k for k, s in strings("th", group).items()
            if not k.startswith(DRAWN_WHOLE) and not is_heading(k)
            and re.search(r"[\u0E00-\u0E7F]", s)]


# --- structure ----------------------------------------------------------------------------
@pytest.mark.parametrize("group", HELP_GROUPS)
@pytest.mark.parametrize("locale", TRANSLATED)
def test_same_keys_as_english(locale, group):
    differences = key_differences(strings("en", group), strings(locale, group))
    assert not differences, differences


@pytest.mark.parametrize("group", HELP_GROUPS)
@pytest.mark.parametrize("locale", TRANSLATED)
def test_same_key_order_as_english(locale, group):
    assert list(strings(locale, group)) == list(strings("en", group))


@pytest.mark.parametrize("group", HELP_GROUPS)
@pytest.mark.parametrize("locale", TRANSLATED)
def test_same_placeholders_as_english(locale, group):
    english = strings("en", group)
    wrong = {key: (PLACEHOLDER.findall(english[key]), PLACEHOLDER.findall(text))
             for key, text in strings(locale, group).items()
             if sorted(PLACEHOLDER.findall(text)) != sorted(PLACEHOLDER.findall(english[key]))}
    assert not wrong, wrong


@pytest.mark.parametrize("group", HELP_GROUPS)
@pytest.mark.parametrize("locale", TRANSLATED)
def test_only_well_formed_placeholders(locale, group):
    """python-i18n formats with ``%``: a stray ``%`` would break a text."""
    bad = {k: s for k, s in strings(locale, group).items() if "%" in PLACEHOLDER.sub("", s)}
    assert not bad, bad


@pytest.mark.parametrize("group", HELP_GROUPS)
@pytest.mark.parametrize("locale", TRANSLATED)
def test_texts_are_filled_and_translated(locale, group):
    english = strings("en", group)
    empty = [k for k, s in strings(locale, group).items() if not s.strip() or s != s.strip()]
    assert not empty, empty
    same = [k for k, s in strings(locale, group).items()
            if s == english[k] and LATIN_WORD.findall(PLACEHOLDER.sub("", s)) and
            not set(LATIN_WORD.findall(PLACEHOLDER.sub("", s))) <= ALLOWED_LATIN_WORDS
            | GROUP_LATIN[group]]
    assert not same, same


@pytest.mark.parametrize("locale", TRANSLATED)
def test_placeholders_filled_through_python_i18n(locale):
    try:
        i18n.setup(locale)
        shell, game = i18n.Catalogue("help"), i18n.Catalogue("magdagdon_help")
        assert shell.t("about.version.text", version="9.8.7") == "MAGDAGDON 9.8.7"
        assert "123" in game.t("rules.fig.ruin_line", sum=123)
        for key in ("bonus", "best_sums", "best_straights", "best_fours", "best_total"):
            text = game.t(f"rules.fig.{key}", points=544)
            assert "544" in text and "%{" not in text, (key, text)
        assert game.t("rules.goal.text") == strings(locale)["rules.goal.text"]
    finally:
        i18n.setup("en")


# --- bold game terms ----------------------------------------------------------------------
@pytest.mark.parametrize("group", HELP_GROUPS)
@pytest.mark.parametrize("locale", TRANSLATED)
def test_strong_markers_balanced_and_as_many_as_english(locale, group):
    english = strings("en", group)
    wrong = {}
    for key, text in strings(locale, group).items():
        count = text.count("**")
        if count % 2 or count != english[key].count("**"):
            wrong[key] = (count, english[key].count("**"))
        elif STRONG.sub("", text).count("*"):
            wrong[key] = "a stray *"
    assert not wrong, wrong


@pytest.mark.parametrize("group", HELP_GROUPS)
@pytest.mark.parametrize("locale", TRANSLATED)
def test_strong_terms_are_the_games_words(locale, group):
    """Each ``**term**`` holds, in the same order as English, the locale's word for it."""
    english = strings("en", group)
    wrong = []
    for key, text in strings(locale, group).items():
        for mine, theirs in zip(STRONG.findall(text), STRONG.findall(english[key])):
            word = GLOSSARY[theirs][locale] if theirs in GLOSSARY else theirs
            forms = [word + end for end in BG_ARTICLE] if locale == "bg" else [word]
            if mine not in forms:
                wrong.append((key, mine, word))
            if mine != mine.strip() or ZWSP in mine:
                wrong.append((key, mine, "spaces or U+200B inside the markers"))
    assert not wrong, wrong


@pytest.mark.parametrize("group", HELP_GROUPS)
@pytest.mark.parametrize("locale", TRANSLATED)
def test_glossary_terms_in_sentences(locale, group):
    """Where English names ROLL, CONFIRM, REROLL, a RUIN or a combo, the translation uses the
    same game word (Bulgarian in its capitals, as on the button)."""
    english = strings("en", group)
    missing = [(key, term) for key, text in strings(locale, group).items()
               for term, pattern in IN_SENTENCES.items()
               if pattern.search(english[key]) and GLOSSARY[term][locale] not in text]
    assert not missing, missing


@pytest.mark.parametrize("locale", TRANSLATED)
def test_power_buttons_named_by_their_labels(locale):
    text = strings(locale)["rules.powers.adjust"]
    assert f"**{GLOSSARY['−1'][locale]}**" in text and f"**{GLOSSARY['+1'][locale]}**" in text


@pytest.mark.parametrize("locale", TRANSLATED)
def test_labels_match_the_buttons_of_the_game(locale):
    """The rules name the buttons exactly as the game's and the shell's catalogues label them."""
    ui = catalog_tree(locale)  # the short texts: the shell's and MAGDAGDON's
    help_ = strings(locale)
    assert f"**{ui['play']['roll']}**" in help_["rules.turn.roll"]
    assert f"**{ui['play']['confirm']}**" in help_["rules.turn.confirm"]
    assert f"**{ui['power']['reroll']}**" in help_["rules.powers.reroll"]
    assert ui["settings"]["title"] in help_["rules.levels.intro"]
    for key in ("straight", "four", "pairs"):
        assert help_[f"rules.fig.{key}"] == ui["combo"][key]
    assert help_["about.title"] == ui["title"]["about"]


# --- Latin letters ------------------------------------------------------------------------
@pytest.mark.parametrize("group", HELP_GROUPS)
@pytest.mark.parametrize("locale", TRANSLATED)
def test_latin_terms_stay_latin(locale, group):
    english = strings("en", group)
    lost = [(key, term) for key, text in strings(locale, group).items() for term in LATIN_TERMS
            if english[key].count(term) > text.count(term)]
    assert not lost, lost


@pytest.mark.parametrize("group", HELP_GROUPS)
@pytest.mark.parametrize("locale", TRANSLATED)
def test_no_english_words_left(locale, group):
    """Latin letters only in the game's names, and in the font, licence and file names."""
    english = strings("en", group)
    leftovers = {}
    for key, text in strings(locale, group).items():
        allowed = set(ALLOWED_LATIN_WORDS) | GROUP_LATIN[group]
        if key in NAMES_KEYS:
            allowed |= set(LATIN_WORD.findall(english[key])) - {"The", "and", "by", "is", "of"}
        words = set(LATIN_WORD.findall(PLACEHOLDER.sub("", text))) - allowed
        if words:
            leftovers[key] = sorted(words)
    assert not leftovers, leftovers


@pytest.mark.parametrize("locale", TRANSLATED)
def test_the_about_page_keeps_its_facts(locale):
    about = strings(locale)
    assert about["about.name"] == "MAGDAGDON"
    assert "20" in about["about.dedication"] or "스무" in about["about.dedication"]
    assert "**CUBIRI ORIGINAL**" in about["about.dedication"]
    assert "**Majduška**" in about["about.dedication"]
    assert "SIL Open Font License 1.1" in about["about.fonts.text"]
    assert "fonts/OFL.txt" in about["about.fonts.text"]
    assert "tools/make_sounds.py" in about["about.credits.sound"]
    assert "544" in about["rules.scoring.best"]


@pytest.mark.parametrize("group", HELP_GROUPS)
@pytest.mark.parametrize("locale", TRANSLATED)
def test_true_minus_sign_where_english_has_it(locale, group):
    english = strings("en", group)
    for key, text in strings(locale, group).items():
        assert english[key].count("−") <= text.count("−"), key
        assert not re.search(r"(^|\s)-\d", text), f"{key}: ASCII hyphen as a minus"


# --- register -----------------------------------------------------------------------------
@pytest.mark.parametrize("group", HELP_GROUPS)
def test_korean_is_friendly_haeyo(group):
    """해요체 like the game's labels: no formal -습니다/-ㅂ니다 endings."""
    formal = [k for k, s in strings("ko", group).items() if re.search(r"니다[.!?]?(\s|$)", s)]
    assert not formal, formal


def test_bulgarian_speaks_to_the_player_informally():
    """Informal imperatives (Натисни, Избери) as in the game's labels, never Вие-forms."""
    formal = re.compile(r"\b(Вие|Ваш\w*|Натиснете|Изберете|Докоснете|Поставете|Можете)\b")
    found = {k: formal.findall(s) for k, s in strings("bg").items() if formal.search(s)}
    assert not found, found
    assert "Натисни **ХВЪРЛИ**" in strings("bg")["rules.turn.roll"]


# --- fonts --------------------------------------------------------------------------------
@pytest.mark.parametrize("group", HELP_GROUPS)
@pytest.mark.parametrize("locale", TRANSLATED)
def test_every_character_is_in_the_locales_faces(locale, group):
    missing = {}
    faces = list(FACES[locale])
    for face in faces:
        assert ord(ZWSP) in cmap(face), face
        for key, text in strings(locale, group).items():
            absent = sorted({ch for ch in text if ord(ch) not in cmap(face)})
            if absent:
                missing[(face, key)] = absent
    display = i18n.FONT_FILES[locale]["display"]
    for key, text in strings(locale, group).items():
        if is_heading(key) or key in DISPLAY_KEYS:
            absent = sorted({ch for ch in text if ord(ch) not in cmap(display)})
            if absent:
                missing[(display, key)] = absent
    assert not missing, missing


@pytest.mark.parametrize("locale", TRANSLATED)
def test_bonus_label_is_drawn_with_the_numbers_face(locale):
    face = cmap(i18n.NUMBERS_FONT)
    text = PLACEHOLDER.sub("0", strings(locale)["rules.fig.bonus"])
    assert all(ord(ch) in face for ch in text), text


# --- Thai line breaking -------------------------------------------------------------------
def test_zero_width_spaces_only_in_thai():
    for locale in ("bg", "ko"):
        assert not [k for k, s in strings(locale).items() if ZWSP in s], locale


@pytest.mark.parametrize("group", HELP_GROUPS)
def test_no_zero_width_space_where_the_line_wrapper_does_not_draw(group):
    """Titles and figure labels are drawn whole by ``widgets.text``, which draws U+200B."""
    bad = [k for k, s in strings("th", group).items()
           if k.startswith(DRAWN_WHOLE) and ZWSP in s]
    assert not bad, bad


@pytest.mark.parametrize("group", HELP_GROUPS)
def test_thai_has_no_spaces_inside_words_and_no_doubled_breaks(group):
    bad = [k for k, s in strings("th", group).items()
           if "  " in s or ZWSP * 2 in s or "\u00a0" in s or "\t" in s]
    assert not bad, bad


@pytest.mark.parametrize("group", HELP_GROUPS)
def test_thai_zero_width_spaces_sit_between_words(group):
    bad = misplaced_zero_width_spaces(strings("th", group))
    assert not bad, bad


@pytest.mark.parametrize("group", HELP_GROUPS)
def test_thai_paragraphs_and_bullets_mark_their_word_boundaries(group):
    """Every Thai paragraph and bullet has U+200B between its Thai words, so no run between
    breaks is longer than a short word or term."""
    keys = thai_prose_keys(group)
    assert len(keys) > 20
    missing = [k for k in keys if ZWSP not in strings("th", group)[k]]
    assert not missing, missing
    long_runs = {
        key: run for key in keys
        for run in re.split(f"[ {ZWSP}]",
                            STRONG.sub("T", PLACEHOLDER.sub("", strings("th", group)[key])))
        if len(re.sub(r"[^\u0E00-\u0E7F]", "", run)) > MAX_UNBROKEN_THAI
    }
    assert not long_runs, long_runs


@pytest.mark.parametrize("group", HELP_GROUPS)
def test_thai_uses_no_western_sentence_stops(group):
    """Thai separates sentences with a space, not a full stop (file names keep theirs)."""
    bad = [k for k, s in strings("th", group).items()
           if re.search(r"[\u0E00-\u0E7F]\.|\.(\s|$)", s.replace("fonts/OFL.txt", ""))]
    assert not bad, bad


@pytest.mark.parametrize("group", HELP_GROUPS)
def test_thai_wraps_without_cutting_words(group):
    """Laid out in a narrow column, every Thai line holds whole words: the wrapper only ever
    breaks at a space or a U+200B, never inside a word."""
    import pygame

    from game.arcade.widgets import textflow

    pygame.font.init()
    try:
        i18n.setup("th")
        for key in thai_prose_keys(group):
            text = STRONG.sub(lambda m: m.group(1), strings("th", group)[key])
            words = [w for w in re.split(f"[ {ZWSP}]", text) if w]
            for line in textflow.wrap(strings("th", group)[key], 420, textflow.TextStyle()):
                drawn, taken = line.text.replace(" ", ""), ""
                while words and len(taken) < len(drawn):
                    taken += words.pop(0)
                assert taken == drawn, (key, line.text)
            assert not words, (key, words)
    finally:
        i18n.setup("en")


# --- QUERNI's rules page --------------------------------------------------------------------
@pytest.mark.parametrize("locale", ("en", *TRANSLATED))
def test_querni_rules_name_the_buttons_as_the_game_labels_them(locale):
    ui = catalog_tree(locale, "querni")
    help_ = strings(locale, "querni")
    play = ui["play"]
    assert f"**{play['end_move']}**" in help_["rules.turn.either"]
    assert f"**{play['select_chain']}**" in help_["rules.chain.remove"]
    assert f"**{play['undo']}**" in help_["rules.undo.text"]
    assert f"**{play['exit']}**" in help_["rules.exit.text"]
    assert f"**{ui['color']['BLUE']}**" in help_["rules.goal.text"]
    assert help_["rules.title"].count("QUERNI") == 1


@pytest.mark.parametrize("locale", TRANSLATED)
def test_querni_rules_use_the_informal_bulgarian_and_the_numbers(locale):
    help_ = strings(locale, "querni")
    assert "30" in help_["rules.end.draw"] and "16" in help_["rules.goal.text"]
    if locale == "bg":
        formal = re.compile(r"\b(Вие|Ваш\w*|Натиснете|Изберете|Докоснете|Можете)\b")
        assert not [k for k, s in help_.items() if formal.search(s)]
