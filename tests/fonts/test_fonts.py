"""The bundled fonts (fonts/, built by tools/make_fonts.py): files, coverage, size, licence.

The required ranges are written out here on their own, not imported from the build tool,
so a change of recipe that drops coverage the game relies on fails here.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pygame
import pytest
from fontTools.ttLib import TTFont

FONTS = Path(__file__).resolve().parents[2] / "fonts"
MAX_FOLDER_BYTES = 2_000_000  # "under 2 MB", read strictly (du -b)


def span(first: int, last: int) -> set[int]:
    return set(range(first, last + 1))


ASCII_PRINTABLE = span(0x20, 0x7E)
CYRILLIC_BG = span(0x0410, 0x044F) | {0x0401, 0x0451}  # А–я, Ё, ё
PUNCTUATION = {ord(c) for c in "–—…‘’“”•"}
MATH_AND_ARROWS = {0x00D7, 0x2212} | span(0x2190, 0x2193)  # × − ← ↑ → ↓
UI_MARKS = {0x2630, 0x2713, 0x2717}  # ☰ ✓ ✗
THAI = span(0x0E01, 0x0E3A) | span(0x0E3F, 0x0E5B)
HANGUL_COMPAT_JAMO = span(0x3131, 0x318E)


def ks_x_1001_hangul() -> set[int]:
    # A 2-byte EUC-KR code, not just "encodes": Python also spells the other syllables as
    # 8-byte KS X 1001 Annex 3 jamo sequences.
    return {cp for cp in range(0xAC00, 0xD7A4) if len(chr(cp).encode("euc-kr")) == 2}


PSEUDO_LETTERS = {ord(c) for c in "åçðéĝĥîĵķļñöþøŕšţûŵýžÅÇÐÉĜĤÎĴĶĻÑÖÞØŔŠŢÛŴÝŽ"}
"""The accented letters of the pseudo-locale ``qps`` (its titles use the display face)."""
UI_COMMON = ASCII_PRINTABLE | PUNCTUATION | MATH_AND_ARROWS | UI_MARKS
REQUIRED: dict[str, set[int]] = {
    "ui-latin-cyrillic.ttf": UI_COMMON | CYRILLIC_BG | span(0xA0, 0x17F),
    "ui-latin-cyrillic-bold.ttf": UI_COMMON | CYRILLIC_BG | span(0xA0, 0x17F),
    "ui-thai.ttf": UI_COMMON | THAI,
    "ui-thai-bold.ttf": UI_COMMON | THAI,
    "ui-korean.ttf": UI_COMMON | ks_x_1001_hangul() | HANGUL_COMPAT_JAMO,
    "ui-korean-bold.ttf": UI_COMMON | ks_x_1001_hangul() | HANGUL_COMPAT_JAMO,
    "display.ttf": ASCII_PRINTABLE | CYRILLIC_BG | {0x2212, 0x00D7} | PSEUDO_LETTERS,
}
SAMPLES = {
    "ui-latin-cyrillic": "НАСТРОЙКИ ХВЪРЛИ ПОТВЪРДИ Settings",
    "ui-thai": "ผู้เล่น ที่นี่ ก้าว น้ำ",
    "ui-korean": "설정 굴리기 확정 폐허 다시 굴리기",
    "display": "MAGDAGDON 12 345 −7 НАСТРОЙКИ",
}


@functools.cache
def ttfont(name: str) -> TTFont:
    return TTFont(FONTS / name, lazy=True)


@functools.cache
def cmap(name: str) -> frozenset[int]:
    return frozenset(ttfont(name).getBestCmap())


@pytest.fixture(scope="module", autouse=True)
def _pygame_font():
    pygame.font.init()
    yield


def test_ks_x_1001_set_is_the_2350_syllables():
    hangul = ks_x_1001_hangul()
    assert len(hangul) == 2350
    assert {ord("가"), ord("힝"), ord("폐"), ord("굴")} <= hangul
    assert ord("갂") not in hangul  # a valid syllable outside KS X 1001


@pytest.mark.parametrize("name", sorted(REQUIRED))
def test_face_exists_and_loads_in_pygame(name):
    path = FONTS / name
    assert path.is_file()
    font = pygame.font.Font(path, 32)
    sample = next(text for prefix, text in SAMPLES.items() if name.startswith(prefix))
    if name.startswith("ui-thai"):
        font.set_script("Thai")
    surface = font.render(sample, True, (0, 0, 0))
    assert surface.get_width() > 100
    assert pygame.mask.from_surface(surface).count() > 0


@pytest.mark.parametrize("name", sorted(REQUIRED))
def test_face_covers_required_code_points(name):
    missing = sorted(REQUIRED[name] - cmap(name))
    assert not missing, f"{name} lacks " + " ".join(f"U+{cp:04X}" for cp in missing[:20])


@pytest.mark.parametrize("name", sorted(REQUIRED))
def test_face_keeps_licence_strings(name):
    names = ttfont(name)["name"]
    assert "SIL Open Font License" in (names.getDebugName(13) or "")
    assert "OFL" in (names.getDebugName(14) or "")
    assert names.getDebugName(1)  # a family name survives subsetting


def test_folder_is_under_two_megabytes():
    # As `du -b fonts` counts: the folder's own entry plus every file in it.
    total = FONTS.stat().st_size + sum(p.stat().st_size for p in FONTS.rglob("*"))
    assert total < MAX_FOLDER_BYTES, f"fonts/ is {total:,} bytes"


def test_licence_files_present():
    ofl = (FONTS / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in ofl
    assert "DISCLAIMER" in ofl
    assert "Google" in ofl and "Adobe" in ofl  # notices of Noto Sans * and Noto Sans CJK
    readme = (FONTS / "README.md").read_text(encoding="utf-8")
    for name in REQUIRED:
        assert f"`{name}`" in readme
    assert "OFL" in readme


@pytest.mark.parametrize("name", ["ui-thai.ttf", "ui-thai-bold.ttf"])
def test_thai_face_has_mark_positioning(name):
    font = ttfont(name)
    assert "GSUB" in font
    gpos = font["GPOS"].table
    tags = {rec.FeatureTag for rec in gpos.FeatureList.FeatureRecord}
    assert tags & {"mark", "mkmk"}
    thai = [s for s in gpos.ScriptList.ScriptRecord if s.ScriptTag == "thai"]
    assert thai, "no 'thai' script in GPOS"
    thai_features = {
        gpos.FeatureList.FeatureRecord[i].FeatureTag
        for i in thai[0].Script.DefaultLangSys.FeatureIndex
    }
    assert thai_features & {"mark", "mkmk"}


def ink(font: pygame.font.Font, text: str) -> pygame.mask.Mask:
    return pygame.mask.from_surface(font.render(text, True, (0, 0, 0)), 127)


def ink_box(mask: pygame.mask.Mask) -> pygame.Rect:
    rects = mask.get_bounding_rects()
    assert rects, "no ink"
    return rects[0].unionall(rects[1:])


@pytest.mark.parametrize("name", ["ui-thai.ttf", "ui-thai-bold.ttf"])
@pytest.mark.parametrize(
    ("base", "marked"), [("ที", "ที่"), ("นำ", "น้ำ")], ids=["sara-i+mai-ek", "sara-am+mai-tho"]
)
def test_thai_tone_mark_stacks_above_the_upper_vowel(name, base, marked):
    """Shaped by HarfBuzz, the tone mark sits clear above the upper vowel / nikhahit
    (unshaped, it would collide with it) and higher than over a bare consonant."""
    font = pygame.font.Font(FONTS / name, 64)
    font.set_script("Thai")
    under = ink(font, base)
    mark = ink(font, marked)
    mark.erase(under, (0, 0))
    vowel_top = ink_box(under).top
    mark_box = ink_box(mark)
    assert vowel_top - mark_box.bottom >= 2  # a visible gap, not a collision
    bare = ink(font, "ท่")
    bare.erase(ink(font, "ท"), (0, 0))
    assert ink_box(bare).top - mark_box.top >= 64 // 10
