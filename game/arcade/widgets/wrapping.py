"""Text broken into lines no wider than a width, measured with ``pygame.font``: the labels'
(``text.wrap``) and the pages' (``textflow``, which loads when a page first opens).

Lines break at spaces, at U+200B (which Thai texts put between words, never drawn) and at
newlines; a word wider than the line is split between characters, never before a combining
mark. ``**words**`` are strong (measured and drawn in a second face).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import NamedTuple

import pygame

ZWSP = "\u200b"
"""ZERO WIDTH SPACE: an invisible break opportunity (Thai word boundaries)."""
_BREAKS = (" ", ZWSP)
_STRONG = "**"

Piece = tuple[str, bool]
"""A stretch of text and whether it is strong (``**…**``)."""


class Line(NamedTuple):
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


class Measure:
    """Widths of styled pieces (plain and strong faces), shaped as whole runs."""

    def __init__(self, plain: pygame.font.Font, strong: pygame.font.Font | None = None) -> None:
        self.fonts = {False: plain, True: strong or plain}

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


def _split_long(word: list[Piece], width: int, measure: Measure) -> list[list[Piece]]:
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


def wrap_pieces(pieces: Sequence[Piece], width: int, measure: Measure) -> list[Line]:
    """Styled text broken into lines no wider than ``width`` (see the module notes)."""
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


def wrap_line(text: str, font: pygame.font.Font, max_width: int) -> list[str]:
    """Plain ``text`` in one ``font`` broken into lines no wider than ``max_width``.

    For short texts (dialogs, notices): no markup; the strings come without U+200B.
    """
    return [line.text for line in wrap_pieces([(text, False)], max_width, Measure(font))]
