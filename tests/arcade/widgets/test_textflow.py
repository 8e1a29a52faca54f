"""Paragraph layout: breaks at spaces and U+200B only, never wider than the line, U+200B never
drawn, over-long words split between characters, documents cached."""

from __future__ import annotations

import unicodedata

import pygame
import pytest

from game.arcade.widgets import textflow, wrapping
from game.arcade.widgets.textflow import Block, PageStyle, TextStyle
from game.arcade.widgets.wrapping import ZWSP
from game.engine import i18n

LOREM = (
    "Every row and every column scores the sum of its numbers. Each number sits in one row "
    "and one column, so it counts twice. A full line earns one combo, the best it has: a "
    "**STRAIGHT**, **FOUR OF A KIND** or **TWO PAIRS**. A line with a RUIN gets no combo."
)
# Thai has no spaces between words; the texts mark the word boundaries with U+200B.
THAI_WORDS = ["ทอย", "ลูกเต๋า", "สี่", "ลูก", "แล้ว", "วาง", "ตัวเลข", "บน", "กระดาน",
              "ให้", "ติดกัน", "เป็น", "ผืน", "เดียว"]
THAI = ZWSP.join(THAI_WORDS)


@pytest.fixture(autouse=True)
def fonts():
    pygame.init()
    i18n.clear_fonts()  # fonts of an earlier test's App died with its pygame.quit
    i18n.setup("en")
    textflow.clear()
    yield
    textflow.clear()
    i18n.set_locale("en")


def body() -> pygame.font.Font:
    return i18n.font("ui", 30)


def test_breaks_at_spaces():
    font = body()
    width = font.size("aaa bbb")[0] + 4
    assert wrapping.wrap_line("aaa bbb ccc", font, width) == ["aaa bbb", "ccc"]


def test_breaks_at_zero_width_spaces_and_never_keeps_them():
    font = body()
    width = font.size("aaabbb")[0] + 4
    lines = wrapping.wrap_line(f"aaa{ZWSP}bbb{ZWSP}ccc", font, width)
    assert lines == ["aaabbb", "ccc"]
    assert all(ZWSP not in line for line in lines)


def test_spaces_and_zwsp_mixed_keep_the_spaces_only():
    font = body()
    assert wrapping.wrap_line(f"ab{ZWSP}cd ef", font, 2000) == ["abcd ef"]


def test_no_break_inside_a_word_that_fits():
    font = body()
    lines = wrapping.wrap_line("MAGDAGDON MAGDAGDON", font, font.size("MAGDAGDON")[0] + 10)
    assert lines == ["MAGDAGDON", "MAGDAGDON"]


@pytest.mark.parametrize("width", [200, 333, 517, 800, 1100])
def test_no_line_wider_than_the_width_and_no_word_lost(width):
    style = TextStyle()
    lines = textflow.wrap(LOREM, width, style)
    assert len(lines) > 1
    for line in lines:
        assert line.width <= width
        assert textflow.render_line(line, style).get_width() <= width
    words = [line.text for line in lines]
    assert " ".join(words) == LOREM.replace("**", "")


def test_thai_breaks_only_between_marked_words():
    i18n.set_locale("th")
    font = i18n.font("ui", 30)
    width = 260
    lines = wrapping.wrap_line(THAI, font, width)
    assert len(lines) > 2
    assert "".join(lines) == THAI.replace(ZWSP, "")
    boundaries = {len("".join(THAI_WORDS[:i])) for i in range(len(THAI_WORDS) + 1)}
    position = 0
    for line in lines:
        assert font.size(line)[0] <= width
        assert position in boundaries  # every line starts at a word boundary
        position += len(line)


def test_zwsp_is_never_drawn():
    style = TextStyle(size=40)
    with_zwsp = textflow.render_line(textflow.wrap(f"MAG{ZWSP}DAG{ZWSP}DON", 2000, style)[0],
                                     style)
    without = textflow.render_line(textflow.wrap("MAGDAGDON", 2000, style)[0], style)
    assert with_zwsp.get_width() == without.get_width()
    assert pygame.image.tobytes(with_zwsp, "RGBA") == pygame.image.tobytes(without, "RGBA")


def test_zwsp_is_never_drawn_in_thai():
    i18n.set_locale("th")
    style = TextStyle()
    lines = textflow.wrap(THAI, 10_000, style)
    assert len(lines) == 1 and ZWSP not in lines[0].text
    assert lines[0].width == style.font().size(THAI.replace(ZWSP, ""))[0]


def test_a_word_wider_than_the_line_is_split_by_characters():
    font = body()
    word = "MAGDAGDON" * 12
    width = 300
    lines = wrapping.wrap_line(f"go {word} end", font, width)
    assert lines[0] == "go"  # the short word is not glued to the long one's first part
    assert len(lines) >= 4
    assert "".join(lines[1:]).replace(" ", "") == word + "end"  # no character lost or added
    assert all(0 < font.size(line)[0] <= width for line in lines)
    assert all(font.size(line + "M")[0] > width for line in lines[1:-1])  # filled greedily


def test_a_split_never_separates_a_thai_mark_from_its_letter():
    i18n.set_locale("th")
    font = i18n.font("ui", 30)
    word = "".join(THAI_WORDS)  # no break opportunity at all
    lines = wrapping.wrap_line(word, font, 120)
    assert len(lines) > 3 and "".join(lines) == word
    for line in lines:
        assert unicodedata.category(line[0]) not in ("Mn", "Mc")
        assert font.size(line)[0] <= 120


def test_a_newline_forces_a_break():
    assert wrapping.wrap_line("one\ntwo", body(), 2000) == ["one", "two"]


def test_strong_markup():
    assert wrapping.parse_strong("a **B** c") == [("a ", False), ("B", True), (" c", False)]
    assert wrapping.parse_strong("2 ** 3") == [("2 ** 3", False)]  # unpaired: literal
    line = textflow.wrap("press **ROLL** now", 2000)[0]
    assert line.pieces == (("press ", False), ("ROLL", True), (" now", False))


def test_document_lays_out_every_kind_and_draws_figures_in_their_rect():
    seen = []

    def figure(surface, rect):
        seen.append(rect.copy())
        surface.fill((255, 0, 0), rect)

    blocks = [Block("heading", "Title"), Block("paragraph", LOREM),
              Block("bullet", "a point " * 30), Block("figure", height=120, draw=figure, name="f"),
              Block("paragraph", "end", align="center")]
    page = PageStyle(width=600)
    doc = textflow.render_document(blocks, page)
    assert doc.surface.get_width() == page.surface_width
    assert len(seen) == 1 and seen[0].height == 120 and seen[0].width == 600
    assert seen[0].bottom < doc.height
    assert doc.surface.get_at(seen[0].center)[:3] == (255, 0, 0)
    assert doc.anchors == [page.pad_top]


def test_bullet_text_hangs_indented():
    page = PageStyle(width=500)
    placed, _ = textflow.layout([Block("bullet", "word " * 60), Block("paragraph", "x")], page)
    assert placed[0].x == page.margin + page.bullet_indent
    assert placed[0].width == page.width - page.bullet_indent
    assert all(line.width <= placed[0].width for line in placed[0].lines)
    assert placed[1].x == page.margin


def test_unknown_block_kind_is_refused():
    with pytest.raises(ValueError):
        Block("table", "x")


def test_documents_are_cached_per_content_language_and_width():
    blocks = [Block("paragraph", LOREM)]
    first = textflow.document(blocks, PageStyle(width=700))
    assert textflow.document(list(blocks), PageStyle(width=700)) is first
    assert textflow.document(blocks, PageStyle(width=800)) is not first
    i18n.set_locale("th")
    assert textflow.document(blocks, PageStyle(width=700)) is not first
