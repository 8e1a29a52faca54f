"""Our own paragraph layout with ``pygame.font``: wrapped, styled text and drawn figures, laid
out once per language and width into one tall surface of which a scene blits the visible
slice (a pygame-gui text box of a page takes far too long to build).

Lines break as :mod:`.wrapping` says; ``**words**`` are drawn strong (the game's own terms).
Blocks: ``heading``, ``paragraph``, ``bullet`` and ``figure`` (a drawing of a given height).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from game.arcade.widgets import palette
from game.arcade.widgets.wrapping import Line, Measure, parse_strong, wrap_pieces
from game.engine import i18n, textlog

HEADING = "heading"
PARAGRAPH = "paragraph"
BULLET = "bullet"
FIGURE = "figure"
KINDS = (HEADING, PARAGRAPH, BULLET, FIGURE)

Colour = tuple[int, ...]


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


def wrap(text: str, width: int, style: TextStyle | None = None) -> list[Line]:
    """``text`` (with ``**strong**`` markup) broken into lines no wider than ``width``."""
    style = style or TextStyle()
    return wrap_pieces(parse_strong(text), width, Measure(style.font(False), style.font(True)))


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
