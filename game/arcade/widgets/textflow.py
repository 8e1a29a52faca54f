"""Our own paragraph layout with ``pygame.font``: wrapped, styled text and drawn figures, laid
out once per language and width into one tall surface of which a scene blits the visible
slice (a pygame-gui text box of a page takes far too long to build).

Lines break at spaces, at U+200B (which Thai texts put between words, never drawn) and at
newlines; a word wider than the line is split between characters, never before a combining
mark. ``**words**`` are drawn strong (the game's own terms). Blocks: ``heading``,
``paragraph``, ``bullet`` and ``figure`` (a drawing of a given height).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game.arcade.widgets import palette
from game.engine import i18n, textlog

ZWSP = "\u200b"
"""ZERO WIDTH SPACE: an invisible break opportunity (Thai word boundaries)."""
_BREAKS = (" ", ZWSP)
_STRONG = "**"

HEADING = "heading"
PARAGRAPH = "paragraph"
BULLET = "bullet"
FIGURE = "figure"
KINDS = (HEADING, PARAGRAPH, BULLET, FIGURE)

Colour = tuple[int, ...]
Piece = tuple[str, bool]
"""A stretch of text and whether it is strong (``**…**``)."""


# --- styles and blocks --------------------------------------------------------------------
@dataclass(frozen=True)
class TextStyle:
    """A face role and size (see ``i18n.font``), its colour, and the strong variant."""

    role: str = "ui"
    size: int = 30
    colour: Colour = palette.TEXT
    strong_role: str = "bold"
    strong_colour: Colour = palette.GOLD
    leading: int = 6  # extra pixels between lines

    def font(self, strong: bool = False) -> pygame.font.Font:
        return i18n.font(self.strong_role if strong else self.role, self.size)

    def line_height(self) -> int:
        return max(self.font(False).get_linesize(), self.font(True).get_linesize()) + self.leading


@dataclass(frozen=True)
class PageStyle:
    """How a document looks: column width, margins, spacing, the styles of each kind."""

    width: int = 1100  # the text column
    margin: int = 40  # left and right of the column, inside the surface
    pad_top: int = 36
    pad_bottom: int = 60
    body: TextStyle = TextStyle()
    heading: TextStyle = TextStyle(role="display", size=44, colour=palette.GOLD,
                                   strong_role="display", strong_colour=palette.GOLD, leading=2)
    paragraph_gap: int = 18
    bullet_gap: int = 10
    heading_above: int = 34
    heading_below: int = 14
    figure_gap: int = 22
    bullet_indent: int = 46
    bullet_colour: Colour = palette.GOLD
    background: Colour | None = palette.PANEL  # None: a transparent surface

    @property
    def surface_width(self) -> int:
        return self.width + 2 * self.margin


@dataclass(frozen=True)
class Block:
    """One block of a document; ``text`` for text kinds, ``height`` and ``draw`` for figures
    (two figures of the same ``name`` and height must draw the same thing: it is cached)."""

    kind: str
    text: str = ""
    height: int = 0
    draw: Callable[[pygame.Surface, pygame.Rect], None] | None = field(default=None,
                                                                      compare=False)
    name: str = ""
    align: str = "left"  # "left" or "center"

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown block kind {self.kind!r}; one of {', '.join(KINDS)}")

    def cache_key(self) -> tuple[object, ...]:
        return (self.kind, self.text, self.height, self.name, self.align)


# --- wrapping -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Line:
    pieces: tuple[Piece, ...]
    width: int

    @property
    def text(self) -> str:
        """The drawn characters (no U+200B)."""
        return "".join(text for text, _ in self.pieces)


def parse_strong(text: str) -> list[Piece]:
    """Split ``**strong**`` markup into pieces; an unpaired ``**`` stays literal text."""
    parts = text.split(_STRONG)
    if len(parts) % 2 == 0:  # unbalanced: keep the last marker as text
        parts[-2:] = [parts[-2] + _STRONG + parts[-1]]
    return [(part, i % 2 == 1) for i, part in enumerate(parts) if part]


def visible(text: str) -> str:
    """``text`` as drawn: every U+200B removed."""
    return text.replace(ZWSP, "")


def _merge(pieces: Sequence[Piece]) -> list[Piece]:
    merged: list[Piece] = []
    for text, strong in pieces:
        text = visible(text)
        if not text:
            continue
        if merged and merged[-1][1] == strong:
            merged[-1] = (merged[-1][0] + text, strong)
        else:
            merged.append((text, strong))
    return merged


class _Measure:
    """Widths of styled pieces (plain and strong faces), shaped as whole runs."""

    def __init__(self, plain: pygame.font.Font, strong: pygame.font.Font | None = None) -> None:
        self.fonts = {False: plain, True: strong or plain}

    @classmethod
    def of(cls, style: TextStyle) -> _Measure:
        return cls(style.font(False), style.font(True))

    def __call__(self, pieces: Sequence[Piece]) -> int:
        return sum(self.fonts[strong].size(text)[0] for text, strong in _merge(pieces))


def _tokens(pieces: Sequence[Piece]) -> list[tuple[str, list[Piece]]]:
    """Words, separators and hard breaks: ("word", pieces) / ("sep", [(" " or ZWSP, s)]) /
    ("newline", [])."""
    tokens: list[tuple[str, list[Piece]]] = []
    word: list[Piece] = []
    chunk = ""

    def close_chunk(strong: bool) -> None:
        nonlocal chunk
        if chunk:
            word.append((chunk, strong))
            chunk = ""

    def close_word() -> None:
        nonlocal word
        if word:
            tokens.append(("word", word))
            word = []

    for text, strong in pieces:
        for ch in text:
            if ch in _BREAKS or ch == "\n":
                close_chunk(strong)
                close_word()
                if ch == "\n":
                    tokens.append(("newline", []))
                elif tokens and tokens[-1][0] == "sep":
                    if ch == " ":  # a space among breaks keeps its width
                        tokens[-1] = ("sep", [(" ", strong)])
                else:
                    tokens.append(("sep", [(ch, strong)]))
            else:
                chunk += ch
        close_chunk(strong)
    close_word()
    return tokens


def _clusters(pieces: Sequence[Piece]) -> list[list[Piece]]:
    """Characters grouped with their combining marks: the places a long word may split."""
    clusters: list[list[Piece]] = []
    for text, strong in pieces:
        for ch in text:
            attached = unicodedata.category(ch) in ("Mn", "Mc", "Me") or ch in "\u200c\u200d"
            if clusters and attached:
                clusters[-1].append((ch, strong))
            else:
                clusters.append([(ch, strong)])
    return clusters


def _split_long(word: list[Piece], width: int, measure: _Measure) -> list[list[Piece]]:
    """A word wider than ``width`` cut between characters, each part fitting (≥ 1 char)."""
    parts: list[list[Piece]] = []
    current: list[Piece] = []
    for cluster in _clusters(word):
        candidate = current + cluster
        if current and measure(candidate) > width:
            parts.append(current)
            current = list(cluster)
        else:
            current = candidate
    if current:
        parts.append(current)
    return parts


def wrap_pieces(pieces: Sequence[Piece], width: int, style: TextStyle | _Measure) -> list[Line]:
    """Styled text broken into lines no wider than ``width`` (see the module notes)."""
    measure = style if isinstance(style, _Measure) else _Measure.of(style)
    lines: list[Line] = []
    current: list[Piece] = []
    separator: list[Piece] = []

    def flush() -> None:
        merged = tuple(_merge(current))
        lines.append(Line(merged, measure(merged)))

    for kind, content in _tokens(pieces):
        if kind == "newline":
            flush()
            current, separator = [], []
        elif kind == "sep":
            separator = content if current else []
        else:
            candidate = current + separator + content if current else list(content)
            separator = []
            if measure(candidate) <= width:
                current = candidate
                continue
            if current:
                flush()
            if measure(content) <= width:
                current = list(content)
                continue
            parts = _split_long(content, width, measure)
            for part in parts[:-1]:
                current = part
                flush()
            current = parts[-1]
    if current or not lines:
        flush()
    return lines


def wrap(text: str, width: int, style: TextStyle | None = None) -> list[Line]:
    """``text`` (with ``**strong**`` markup) broken into lines no wider than ``width``."""
    return wrap_pieces(parse_strong(text), width, style or TextStyle())


def wrap_line(text: str, font: pygame.font.Font, max_width: int) -> list[str]:
    """Plain ``text`` in one ``font`` broken into lines no wider than ``max_width``.

    For short texts (dialogs, notices): no markup; the strings come without U+200B.
    """
    return [line.text for line in wrap_pieces([(text, False)], max_width, _Measure(font))]


def render_line(line: Line, style: TextStyle) -> pygame.Surface:
    """One wrapped line as a transparent surface (strong runs in their face and colour)."""
    height = style.line_height() - style.leading
    surface = pygame.Surface((max(1, line.width), height), pygame.SRCALPHA)
    _draw_line(surface, line, style, 0, 0)
    return surface


def _draw_line(target: pygame.Surface, line: Line, style: TextStyle, x: int, y: int) -> None:
    """Draw ``line`` with its top at ``y``; runs of both faces share one baseline."""
    fonts = {False: style.font(False), True: style.font(True)}
    baseline = y + max(fonts[False].get_ascent(), fonts[True].get_ascent())
    for text, strong in line.pieces:
        font = fonts[strong]
        colour = style.strong_colour if strong else style.colour
        image = font.render(text, True, colour)
        at = target.blit(image, (x, baseline - font.get_ascent()))
        textlog.text(target, text, at, image=image)
        x += font.size(text)[0]


# --- documents ----------------------------------------------------------------------------
@dataclass
class Document:
    """A laid-out document: the tall surface and where each heading starts (``anchors``)."""

    surface: pygame.Surface
    anchors: list[int]

    @property
    def height(self) -> int:
        return self.surface.get_height()


@dataclass
class _Placed:
    block: Block
    top: int
    lines: list[Line]
    style: TextStyle
    x: int  # left of the text (or figure)
    width: int


def layout(blocks: Sequence[Block], page: PageStyle) -> tuple[list[_Placed], int]:
    """Where every block goes (top, wrapped lines) and the total height."""
    placed: list[_Placed] = []
    y = page.pad_top
    previous: str | None = None
    for block in blocks:
        if block.kind == HEADING:
            if previous is not None:
                y += page.heading_above
            lines = wrap(block.text, page.width, page.heading)
            placed.append(_Placed(block, y, lines, page.heading, page.margin, page.width))
            y += len(lines) * page.heading.line_height() + page.heading_below
        elif block.kind == FIGURE:
            if previous not in (None, HEADING):
                y += page.figure_gap - page.paragraph_gap
            placed.append(_Placed(block, y, [], page.body, page.margin, page.width))
            y += block.height + page.figure_gap
        else:
            if previous == BULLET and block.kind != BULLET:  # a list ends: a paragraph's gap
                y += page.paragraph_gap - page.bullet_gap
            indent = page.bullet_indent if block.kind == BULLET else 0
            width = page.width - indent
            lines = wrap(block.text, width, page.body)
            placed.append(_Placed(block, y, lines, page.body, page.margin + indent, width))
            y += len(lines) * page.body.line_height()
            y += page.bullet_gap if block.kind == BULLET else page.paragraph_gap
        previous = block.kind
    return placed, y + page.pad_bottom


def render_document(blocks: Sequence[Block], page: PageStyle | None = None) -> Document:
    """Lay out and draw every block onto one tall surface (not cached: see ``document``)."""
    page = page or PageStyle()
    placed, height = layout(blocks, page)
    if page.background is None:
        surface = pygame.Surface((page.surface_width, height), pygame.SRCALPHA)
    else:
        surface = pygame.Surface((page.surface_width, height))
        surface.fill(page.background)
    anchors: list[int] = []
    for item in placed:
        block = item.block
        if block.kind == FIGURE:
            if block.draw is not None:
                rect = pygame.Rect(item.x, item.top, item.width, block.height)
                clip = surface.get_clip()
                surface.set_clip(rect)
                block.draw(surface, rect)
                surface.set_clip(clip)
            continue
        if block.kind == HEADING:
            anchors.append(item.top)
        step = item.style.line_height()
        for i, line in enumerate(item.lines):
            x = item.x + ((item.width - line.width) // 2 if block.align == "center" else 0)
            _draw_line(surface, line, item.style, x, item.top + i * step)
        if block.kind == BULLET and item.lines:
            _draw_bullet(surface, item, page)
    return Document(surface, anchors)


def _draw_bullet(surface: pygame.Surface, item: _Placed, page: PageStyle) -> None:
    """A small tilted square (a die seen from above) centred on the first line's x-height."""
    ascent = max(item.style.font(False).get_ascent(), item.style.font(True).get_ascent())
    cy = item.top + ascent - item.style.size * 0.34  # the middle of a lower-case letter
    cx = page.margin + page.bullet_indent * 0.4
    r = max(5, item.style.size // 5)
    points = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    pygame.draw.polygon(surface, page.bullet_colour, points)


_documents: dict[tuple[object, ...], Document] = {}
_MAX_DOCUMENTS = 4


def document(blocks: Sequence[Block], page: PageStyle | None = None) -> Document:
    """``render_document`` remembered by content, language, text floor and page: built once."""
    page = page or PageStyle()
    key = (i18n.current(), i18n.text_floor(), page, tuple(block.cache_key() for block in blocks))
    cached = _documents.get(key)
    if cached is None:
        if len(_documents) >= _MAX_DOCUMENTS:
            _documents.pop(next(iter(_documents)))
        cached = render_document(blocks, page)
        _documents[key] = cached
    return cached


def clear() -> None:
    """Forget every cached document (e.g. after a language switch, to free memory)."""
    _documents.clear()
