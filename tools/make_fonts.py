"""Build the game's bundled subset fonts from the Noto fonts that Debian packages install.

pygame renders a string with one face and has no fallback, so every locale gets one face
that holds Latin, digits, punctuation, the UI symbols and its own script:

    fonts/ui-latin-cyrillic.ttf       Noto Sans Regular (+ symbols)        English, Bulgarian
    fonts/ui-latin-cyrillic-bold.ttf  Noto Sans Bold (+ symbols)
    fonts/ui-thai.ttf                 Noto Sans Thai + Noto Sans, Regular  Thai
    fonts/ui-thai-bold.ttf            the same, Bold
    fonts/ui-korean.ttf               Noto Sans CJK KR Regular (+ symbols) Korean
    fonts/ui-korean-bold.ttf          the same, Bold (only while the folder stays < 2 MB)
    fonts/display.ttf                 Noto Sans Display Black               titles, big numbers

plus fonts/OFL.txt (copyright notices + the SIL Open Font License 1.1) and fonts/README.md.

Run it again after changing a coverage set; it is deterministic (same packages in, same bytes
out).  Needs the Debian packages listed in APT_PACKAGES and fontTools:

    apt-get install -y fonts-noto-core fonts-noto-extra fonts-noto-cjk
    python -m tools.make_fonts
"""

from __future__ import annotations

import argparse
import functools
import re
import subprocess
import sys
import tempfile
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from fontTools import subset
from fontTools.merge import Merger
from fontTools.merge import Options as MergeOptions
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.scaleUpem import scale_upem

ROOT = Path(__file__).resolve().parent.parent
FONTS_DIR = ROOT / "fonts"
NOTO_TTF = Path("/usr/share/fonts/truetype/noto")
NOTO_CJK = Path("/usr/share/fonts/opentype/noto")
APT_PACKAGES = ("fonts-noto-core", "fonts-noto-extra", "fonts-noto-cjk")
# The Debian copyright file that carries the canonical OFL 1.1 text.
OFL_SOURCE = Path("/usr/share/doc/fonts-noto-cjk/copyright")
# "Under 2 MB" read strictly: 2,000,000 bytes (du -b), not 2 MiB.
MAX_FOLDER_BYTES = 2_000_000


# --------------------------------------------------------------------------- coverage sets


def span(first: int, last: int) -> frozenset[int]:
    """Code points first..last inclusive."""
    return frozenset(range(first, last + 1))


def ks_x_1001_hangul() -> frozenset[int]:
    """The 2,350 precomposed Hangul syllables of KS X 1001 (the EUC-KR repertoire).

    Python's euc-kr codec also encodes every other syllable as an 8-byte KS X 1001 Annex 3
    jamo sequence, so "encodes without error" is not the test: a 2-byte code is.
    """
    return frozenset(cp for cp in range(0xAC00, 0xD7A4) if len(chr(cp).encode("euc-kr")) == 2)


ASCII_PRINTABLE = span(0x20, 0x7E)
LATIN = ASCII_PRINTABLE | span(0xA0, 0xFF) | span(0x100, 0x17F)  # Basic, Latin-1, Ext-A
CYRILLIC = span(0x400, 0x4FF)
PUNCTUATION = span(0x2000, 0x206F)  # General Punctuation: – — … ‘ ’ “ ” • and the spaces
CURRENCY_AND_SIGNS = frozenset({0x20AC, 0x2116})  # € and № (Bulgarian uses №)
MATH_AND_ARROWS = frozenset({0x00D7, 0x2212}) | span(0x2190, 0x2193)  # × − ← ↑ → ↓
UI_MARKS = frozenset({0x2630, 0x2713, 0x2717, 0x25B2, 0x25BC, 0x25CF, 0x25CB})  # ☰ ✓ ✗ ▲ ▼ ● ○
THAI = span(0x0E00, 0x0E7F) | frozenset({0x25CC})  # the block + dotted circle for shaping
HANGUL_SYLLABLES = ks_x_1001_hangul()
HANGUL_COMPAT_JAMO = span(0x3131, 0x318E)

SYMBOLS = MATH_AND_ARROWS | UI_MARKS
UI_LATIN_CYRILLIC = LATIN | CYRILLIC | PUNCTUATION | CURRENCY_AND_SIGNS | SYMBOLS
UI_THAI = THAI | LATIN | PUNCTUATION | CURRENCY_AND_SIGNS | SYMBOLS
# Latin Extended-A is left out on purpose: the CJK KR face has only part of it, and filling
# the gaps from Noto Sans would mix two Latin designs in one word.
UI_KOREAN = (
    frozenset({0x160, 0x161})  # Š š: the dedication names Majduška (M-9) in every language
    | HANGUL_SYLLABLES
    | HANGUL_COMPAT_JAMO
    | ASCII_PRINTABLE
    | span(0xA0, 0xFF)
    | PUNCTUATION
    | CURRENCY_AND_SIGNS
    | SYMBOLS
)
DISPLAY = LATIN | CYRILLIC | PUNCTUATION | CURRENCY_AND_SIGNS | MATH_AND_ARROWS


# --------------------------------------------------------------------------- face recipes


@dataclass(frozen=True)
class Part:
    """One source font; it gives the wanted code points that no earlier part already has."""

    path: Path
    font_number: int = 0  # face index inside a .ttc
    # False for donors of a few symbols: their taller/deeper vertical metrics must not
    # change the line height of the merged face.
    sets_metrics: bool = True
    exclude: frozenset[int] = frozenset()  # code points this part must not give

    @property
    def label(self) -> str:
        return self.path.name + (f"#{self.font_number}" if self.path.suffix == ".ttc" else "")


@dataclass(frozen=True)
class Face:
    filename: str
    wanted: frozenset[int]
    parts: tuple[Part, ...]
    coverage: str  # for README.md
    # Code points the build must deliver; a miss aborts (the rest of `wanted` is best effort).
    required: frozenset[int] = field(default_factory=frozenset)
    optional: bool = False  # dropped (not an error) if it would push the folder over the cap


def noto(name: str) -> Path:
    return NOTO_TTF / name


CJK_KR = 1  # face index of "Noto Sans CJK KR" in NotoSansCJK-*.ttc (0 JP, 1 KR, 2 SC, ...)


def faces() -> list[Face]:
    sym2 = Part(noto("NotoSansSymbols2-Regular.ttf"), sets_metrics=False)  # one weight only

    def latin_parts(weight: str) -> tuple[Part, ...]:
        return (
            Part(noto(f"NotoSans-{weight}.ttf")),
            Part(noto(f"NotoSansSymbols-{weight}.ttf"), sets_metrics=False),  # ← ↑ → ↓
            sym2,  # ☰ ✓ ✗
        )

    def thai_parts(weight: str) -> tuple[Part, ...]:
        return (Part(noto(f"NotoSansThai-{weight}.ttf")), *latin_parts(weight))

    def korean_parts(weight: str) -> tuple[Part, ...]:
        return (
            # Its own ✓ is a hairline: take ✓ from Symbols2 as every other face does.
            Part(NOTO_CJK / f"NotoSansCJK-{weight}.ttc", CJK_KR, exclude=UI_MARKS),
            # The General Punctuation the CJK face lacks: spaces, format controls, ‽ ⁄ …
            Part(noto(f"NotoSans-{weight}.ttf"), sets_metrics=False),
            sym2,  # ☰ ✗
        )

    lc = "Basic Latin, Latin-1, Latin Extended-A, Cyrillic U+0400–04FF, General Punctuation"
    syms = "€ № × − ← ↑ → ↓ ☰ ✓ ✗"
    return [
        Face(
            "ui-latin-cyrillic.ttf",
            UI_LATIN_CYRILLIC,
            latin_parts("Regular"),
            f"{lc}, {syms}",
            required=ASCII_PRINTABLE | CYRILLIC | MATH_AND_ARROWS | UI_MARKS,
        ),
        Face(
            "ui-latin-cyrillic-bold.ttf",
            UI_LATIN_CYRILLIC,
            latin_parts("Bold"),
            f"{lc}, {syms}",
            required=ASCII_PRINTABLE | CYRILLIC | MATH_AND_ARROWS | UI_MARKS,
        ),
        Face(
            "ui-thai.ttf",
            UI_THAI,
            thai_parts("Regular"),
            f"Thai U+0E00–0E7F (+ U+25CC) with its GSUB/GPOS; Basic Latin, Latin-1, "
            f"Latin Extended-A, General Punctuation, {syms}",
            required=ASCII_PRINTABLE | span(0x0E01, 0x0E3A) | span(0x0E3F, 0x0E5B) | SYMBOLS,
        ),
        Face(
            "ui-thai-bold.ttf",
            UI_THAI,
            thai_parts("Bold"),
            f"Thai U+0E00–0E7F (+ U+25CC) with its GSUB/GPOS; Basic Latin, Latin-1, "
            f"Latin Extended-A, General Punctuation, {syms}",
            required=ASCII_PRINTABLE | span(0x0E01, 0x0E3A) | span(0x0E3F, 0x0E5B) | SYMBOLS,
        ),
        Face(
            "display.ttf",
            DISPLAY,
            (
                Part(noto("NotoSansDisplay-Black.ttf")),
                Part(noto("NotoSansSymbols-Black.ttf"), sets_metrics=False),  # ← ↑ → ↓
            ),
            f"{lc}, € № × − ← ↑ → ↓",
            required=ASCII_PRINTABLE | CYRILLIC | MATH_AND_ARROWS,
        ),
        Face(
            "ui-korean.ttf",
            UI_KOREAN,
            korean_parts("Regular"),
            "the 2,350 KS X 1001 Hangul syllables, Hangul Compatibility Jamo U+3131–318E, "
            f"Basic Latin, Latin-1, General Punctuation, {syms}",
            required=ASCII_PRINTABLE | HANGUL_SYLLABLES | HANGUL_COMPAT_JAMO | SYMBOLS,
        ),
        Face(
            "ui-korean-bold.ttf",
            UI_KOREAN,
            korean_parts("Bold"),
            "the 2,350 KS X 1001 Hangul syllables, Hangul Compatibility Jamo U+3131–318E, "
            f"Basic Latin, Latin-1, General Punctuation, {syms}",
            required=ASCII_PRINTABLE | HANGUL_SYLLABLES | HANGUL_COMPAT_JAMO | SYMBOLS,
            optional=True,
        ),
    ]


# --------------------------------------------------------------------------- font helpers


def subset_options(font_number: int = 0) -> subset.Options:
    """pyftsubset --layout-features='*' --name-IDs='*' --name-languages='*' --no-hinting."""
    opts = subset.Options()
    opts.layout_features = ["*"]
    opts.name_IDs = ["*"]
    opts.name_languages = ["*"]
    opts.name_legacy = True
    opts.hinting = False
    opts.notdef_outline = True
    opts.recalc_timestamp = False
    opts.font_number = font_number
    # Vertical-writing tables are of no use to pygame and cannot be merged with fonts
    # that lack them.
    opts.drop_tables += ["vhea", "vmtx", "VORG", "BASE", "DSIG"]
    return opts


def load_source(part: Part) -> TTFont:
    return TTFont(part.path, fontNumber=part.font_number, recalcTimestamp=False)


def subset_font(part: Part, unicodes: Iterable[int]) -> TTFont:
    opts = subset_options(part.font_number)
    font = subset.load_font(str(part.path), opts, dontLoadGlyphNames=False)
    subsetter = subset.Subsetter(opts)
    subsetter.populate(unicodes=sorted(unicodes))
    subsetter.subset(font)
    return font


def cff_to_glyf(font: TTFont, max_err: float = 1.0) -> None:
    """Convert a CFF-flavoured font to TrueType outlines in place (cubic -> quadratic).

    fontTools.merge cannot merge CID-keyed CFF, so the Korean face is converted before the
    symbols are merged in.  max_err is in font units (1/1000 em): invisible.
    """
    glyph_order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = glyph_order
    glyf.glyphs = {}
    for name in glyph_order:
        pen = TTGlyphPen(glyph_set)
        glyph_set[name].draw(Cu2QuPen(pen, max_err, reverse_direction=True))
        glyph = pen.glyph()
        glyph.recalcBounds(glyf)
        glyf[name] = glyph
    del font["CFF "]
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.numGlyphs = len(glyph_order)
    for attr in (
        "maxPoints",
        "maxContours",
        "maxCompositePoints",
        "maxCompositeContours",
        "maxTwilightPoints",
        "maxStorage",
        "maxFunctionDefs",
        "maxInstructionDefs",
        "maxStackElements",
        "maxSizeOfInstructions",
        "maxComponentElements",
        "maxComponentDepth",
    ):
        setattr(maxp, attr, 0)
    maxp.maxZones = 1
    font["maxp"] = maxp
    font["head"].glyphDataFormat = 0
    font.sfntVersion = "\x00\x01\x00\x00"


def merge_fonts(fonts: list[TTFont]) -> TTFont:
    """fontTools.merge the fonts (first one wins for names and for duplicate code points)."""
    for font in fonts[1:]:
        upem = font["head"].unitsPerEm
        if upem != fonts[0]["head"].unitsPerEm:
            scale_upem(font, fonts[0]["head"].unitsPerEm)
    if len(fonts) == 1:
        return fonts[0]
    with tempfile.TemporaryDirectory(prefix="make_fonts-") as tmp:
        paths = []
        for i, font in enumerate(fonts):
            path = Path(tmp) / f"part{i}.ttf"
            font.save(path)
            paths.append(str(path))
        merged = Merger(options=MergeOptions(drop_tables=["DSIG"])).merge(paths)
        # Round-trip so the result no longer refers to the temporary files.
        out = Path(tmp) / "merged.ttf"
        merged.save(out)
        return TTFont(out, recalcTimestamp=False, lazy=False)


def copy_vertical_metrics(font: TTFont, sources: list[TTFont]) -> None:
    """The merged face's line metrics: the envelope of the text fonts only."""
    hhea, os2 = font["hhea"], font["OS/2"]
    hhea.ascent = max(s["hhea"].ascent for s in sources)
    hhea.descent = min(s["hhea"].descent for s in sources)
    hhea.lineGap = max(s["hhea"].lineGap for s in sources)
    os2.sTypoAscender = max(s["OS/2"].sTypoAscender for s in sources)
    os2.sTypoDescender = min(s["OS/2"].sTypoDescender for s in sources)
    os2.sTypoLineGap = max(s["OS/2"].sTypoLineGap for s in sources)
    os2.usWinAscent = max(s["OS/2"].usWinAscent for s in sources)
    os2.usWinDescent = max(s["OS/2"].usWinDescent for s in sources)


def add_minus_from_plus(font: TTFont) -> None:
    """Add U+2212 MINUS SIGN drawn from the face's own '+' if the face lacks one.

    Noto Sans has no U+2212. Its '+' is one 12-point cross; the minus is that cross's
    horizontal bar: same thickness, height, side bearings and advance, so "+3 / −3" line up
    and the stroke matches the weight of every face.
    """
    cmap = font.getBestCmap()
    if 0x2212 in cmap or ord("+") not in cmap or "glyf" not in font:
        return
    glyf, hmtx = font["glyf"], font["hmtx"]
    plus = cmap[ord("+")]
    points = list(glyf[plus].getCoordinates(glyf)[0])
    x_min = min(x for x, _ in points)
    x_max = max(x for x, _ in points)
    bar = sorted({y for x, y in points if x == x_min})
    if len(points) != 12 or len(bar) != 2:
        raise SystemExit(f"cannot derive U+2212 from {plus!r}: not a simple cross")
    pen = TTGlyphPen(None)
    pen.moveTo((x_min, bar[0]))  # clockwise, as TrueType outer contours are
    pen.lineTo((x_min, bar[1]))
    pen.lineTo((x_max, bar[1]))
    pen.lineTo((x_max, bar[0]))
    pen.closePath()
    glyph = pen.glyph()
    glyph.recalcBounds(glyf)
    name = "uni2212"
    order = font.getGlyphOrder()
    while name in order:
        name += "_"
    font.setGlyphOrder([*order, name])
    glyf.glyphOrder = font.getGlyphOrder()
    glyf[name] = glyph
    hmtx[name] = (hmtx[plus][0], x_min)
    for table in font["cmap"].tables:
        if table.isUnicode():
            table.cmap[0x2212] = name


def name_string(font: TTFont, name_id: int) -> str:
    return font["name"].getDebugName(name_id) or ""


def short_version(font: TTFont) -> str:
    return name_string(font, 5).split(";")[0].strip()


@functools.cache
def debian_package(path: Path) -> str:
    """'fonts-noto-core 20201225-1' for an installed file, or '?' off Debian."""
    try:
        pkg = subprocess.run(
            ["dpkg-query", "-S", str(path)], capture_output=True, text=True, check=True
        ).stdout.split(":")[0]
        ver = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", pkg], capture_output=True, text=True, check=True
        ).stdout
        return f"{pkg} {ver}"
    except (OSError, subprocess.CalledProcessError):
        return "?"


RFN_DECLARATION = re.compile(r"with\s+Reserved\s+Font\s+Names?", re.IGNORECASE)


def reserved_font_names(font: TTFont, path: Path) -> list[str]:
    """Reserved Font Name declarations ("..., with Reserved Font Name 'X'.") for a source:
    in its copyright / licence strings (name IDs 0, 13) and its Debian copyright file."""
    texts = [name_string(font, 0), name_string(font, 13)]
    package = debian_package(path).split(" ")[0]
    copyright_file = Path("/usr/share/doc") / package / "copyright"
    if package != "?" and copyright_file.exists():
        texts += copyright_file.read_text(encoding="utf-8").splitlines()
    return [t.strip() for t in texts if RFN_DECLARATION.search(t)]


def ofl_text() -> str:
    """The OFL 1.1 text from a Debian copyright file (DEP-5 'License: SIL-1.1' paragraph)."""
    lines = OFL_SOURCE.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if line.strip() in ("License: SIL-1.1", "License: OFL-1.1") and i + 1 < len(lines):
            body = []
            for cont in lines[i + 1 :]:
                if not cont.startswith(" "):
                    break
                body.append("" if cont.strip() == "." else cont[1:])
            text = "\n".join(body).strip("\n")
            if "SIL OPEN FONT LICENSE Version 1.1" in text and "DISCLAIMER" in text:
                return text + "\n"
    raise SystemExit(f"no full OFL 1.1 text found in {OFL_SOURCE}")


# --------------------------------------------------------------------------- the build


@dataclass
class Built:
    face: Face
    font: TTFont
    sources: list[tuple[Part, TTFont, int]]  # part, its source font, code points it gave
    missing: list[int]
    size: int = 0


def build_face(face: Face) -> Built:
    # Unassigned code points in a wanted block are no loss: leave them out of the report.
    remaining = {cp for cp in face.wanted if unicodedata.category(chr(cp)) != "Cn"}
    subsets: list[TTFont] = []
    metric_sources: list[TTFont] = []
    used: list[tuple[Part, TTFont, int]] = []
    for part in face.parts:
        source = load_source(part)
        rfn = reserved_font_names(source, part.path)
        if rfn:
            raise SystemExit(f"{part.label} declares a Reserved Font Name: {rfn}")
        give = (remaining - part.exclude) & set(source.getBestCmap())
        if not give:
            continue
        sub = subset_font(part, give)
        if "CFF " in sub and face.filename.endswith(".ttf"):
            cff_to_glyf(sub)
        subsets.append(sub)
        if part.sets_metrics:
            metric_sources.append(source)
        used.append((part, source, len(give)))
        remaining -= give
        if not remaining:
            break
    font = merge_fonts(subsets)
    copy_vertical_metrics(font, metric_sources)
    add_minus_from_plus(font)
    head0 = used[0][1]["head"]
    font["head"].created = head0.created
    font["head"].modified = head0.modified
    font.recalcTimestamp = False
    missing = sorted(remaining - set(font.getBestCmap()))
    lost = sorted(face.required - set(font.getBestCmap()))
    if lost:
        raise SystemExit(f"{face.filename}: required code points missing: {fmt_cps(lost)}")
    return Built(face, font, used, missing)


def fmt_cps(cps: Iterable[int], limit: int = 12) -> str:
    cps = list(cps)
    text = " ".join(f"U+{cp:04X}" for cp in cps[:limit])
    return text + (f" … ({len(cps)} in all)" if len(cps) > limit else "")


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def write_licence(built: list[Built], out: Path) -> None:
    notices: dict[str, list[str]] = {}
    for b in built:
        for _part, source, _n in b.sources:
            family = name_string(source, 16) or name_string(source, 1)
            families = notices.setdefault(name_string(source, 0), [])
            if family not in families:
                families.append(family)
    head = [f"{notice} ({', '.join(fams)})" for notice, fams in notices.items()]
    text = (
        "\n".join(head)
        + "\n\nThis Font Software is licensed under the SIL Open Font License, Version 1.1.\n"
        "This license is copied below, and is also available with a FAQ at:\n"
        "https://openfontlicense.org\n\n" + ofl_text()
    )
    (out / "OFL.txt").write_text(text, encoding="utf-8")


def write_readme(built: list[Built], skipped: list[str], out: Path) -> None:
    """README.md; written until the total it states includes its own final size."""
    total = 0
    for _ in range(4):
        (out / "README.md").write_text(readme_text(built, skipped, total), encoding="utf-8")
        if folder_bytes(out) == total:
            return
        total = folder_bytes(out)


def readme_text(built: list[Built], skipped: list[str], total: int) -> str:
    rows = []
    for b in built:
        srcs = "<br>".join(
            f"{part.label} — {name_string(src, 4)} {short_version(src)} "
            f"({debian_package(part.path)}), {n} code points"
            for part, src, n in b.sources
        )
        rows.append(
            f"| `{b.face.filename}` | {b.size:,} | {len(b.font.getGlyphOrder()):,} "
            f"| {len(b.font.getBestCmap()):,} | {srcs} | {b.face.coverage} | OFL-1.1 |"
        )
    lines = [
        "# Bundled fonts",
        "",
        "Generated by `python -m tools.make_fonts` (do not edit by hand): subsets of the Noto",
        "fonts installed by Debian's " + ", ".join(f"`{p}`" for p in APT_PACKAGES) + ",",
        "made with fontTools (`--layout-features='*' --name-IDs='*' --no-hinting`) and merged",
        "with `fontTools.merge` where one face needs glyphs from several sources. pygame draws",
        "a string with one face and no fallback, so each locale has one face that holds all",
        "it shows.",
        "",
        "| file | bytes | glyphs | code points | sources (name, version, Debian package) "
        "| coverage | licence |",
        "| --- | ---: | ---: | ---: | --- | --- | --- |",
        *rows,
        "",
        f"Total folder size: {total:,} bytes (cap {MAX_FOLDER_BYTES:,}).",
        "",
        "Locale → face: English and Bulgarian use `ui-latin-cyrillic*.ttf`, Thai `ui-thai*.ttf`",
        '(call `font.set_script("Thai")` so HarfBuzz places the marks), Korean',
        "`ui-korean*.ttf`; `display.ttf` (Latin + Cyrillic only) is for titles and numbers.",
        "",
        "Notes:",
        "",
        "- ☰ ✓ ✗ come from Noto Sans Symbols2, which has one (Regular) weight: the bold faces",
        "  carry the regular-weight marks. ← ↑ → ↓ come from Noto Sans Symbols in the face's",
        "  own weight. Noto Sans has no U+2212 MINUS SIGN: it is drawn from the face's own '+'",
        "  (its horizontal bar, same advance), so it matches every weight.",
        "- `ui-korean*.ttf`: Noto Sans CJK is CID-keyed CFF, which fontTools.merge cannot",
        "  merge, so the subset is converted to TrueType outlines (cu2qu, ≤ 1/1000 em error)",
        "  before the missing General Punctuation (from Noto Sans) and ☰ ✓ ✗ are merged in",
        "  (the CJK face's own hairline ✓ is not used, so the marks look alike in every face).",
        "- `ui-thai*.ttf` have no Cyrillic; `display.ttf` has no ☰ ✓ ✗.",
        "- Line metrics are those of the text fonts (the symbol donors' deeper descent is",
        "  not taken over).",
    ]
    if skipped:
        lines.append(f"- Not built (would exceed the size cap): {', '.join(skipped)}.")
    lines += [
        "",
        "## Licence",
        "",
        "Every source font is licensed under the SIL Open Font License 1.1 and declares no",
        "Reserved Font Name (checked in name IDs 0 and 13 and in the Debian copyright files),",
        "so the subsets keep their original family names and all name-table strings",
        "(copyright, licence, licence URL). The licence text and the copyright notices are in",
        '[`OFL.txt`](OFL.txt). "Noto" is a trademark of Google; these are modified versions.',
        "",
    ]
    return "\n".join(lines)


def check_sources() -> None:
    missing = sorted({str(p.path) for f in faces() for p in f.parts if not p.path.exists()})
    if missing:
        raise SystemExit(
            "missing source fonts:\n  "
            + "\n  ".join(missing)
            + f"\ninstall them with: apt-get install -y {' '.join(APT_PACKAGES)}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=FONTS_DIR, help="output folder")
    args = parser.parse_args(argv)
    out: Path = args.out
    check_sources()
    out.mkdir(parents=True, exist_ok=True)
    # Start clean so that a skipped face (or one renamed .otf <-> .ttf) does not linger;
    # only this tool's own outputs are removed.
    ours = {"OFL.txt", "README.md"}
    for face in faces():
        stem = face.filename.rsplit(".", 1)[0]
        ours |= {f"{stem}.ttf", f"{stem}.otf"}
    for name in sorted(ours):
        (out / name).unlink(missing_ok=True)

    built: list[Built] = []
    skipped: list[str] = []
    for face in faces():
        b = build_face(face)
        path = out / face.filename
        b.font.save(path)
        b.size = path.stat().st_size
        if face.optional and folder_bytes(out) + 60_000 > MAX_FOLDER_BYTES:
            # 60 kB head-room for OFL.txt and README.md.
            path.unlink()
            skipped.append(face.filename)
            print(f"skip {face.filename}: {b.size:,} bytes would break the size cap")
            continue
        built.append(b)
        note = f"; not available: {fmt_cps(b.missing)}" if b.missing else ""
        print(
            f"{face.filename:28} {b.size:>9,} bytes {len(b.font.getGlyphOrder()):>6,} glyphs "
            f"{len(b.font.getBestCmap()):>6,} code points{note}"
        )

    write_licence(built, out)
    write_readme(built, skipped, out)
    total = folder_bytes(out)
    print(f"{out}: {total:,} bytes")
    if total >= MAX_FOLDER_BYTES:
        print(f"error: over the {MAX_FOLDER_BYTES:,}-byte cap", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
