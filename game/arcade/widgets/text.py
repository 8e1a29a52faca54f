"""Rendered-text cache: labels are drawn every frame but rendered only when they change."""

from __future__ import annotations

import pygame

from game.arcade.widgets.wrapping import wrap_line
from game.engine import caches, i18n, textlog

_cache: dict[tuple[str, str, int, tuple[int, ...], str], pygame.Surface] = {}
_fits: dict[tuple[str, str, int, int, int, str], int] = {}
_wrapped: dict[tuple[str, str, int, int, int, int, str], tuple[int, tuple[str, ...]]] = {}
_MAX = 512
SHADOW = (0, 0, 0)
"""The colour of a label's drop shadow (``blit(…, shadow=True)``)."""


def render(text: str, role: str, size: int, colour: tuple[int, ...]) -> pygame.Surface:
    """``text`` in the current language's face for ``role``, anti-aliased, cached."""
    key = (text, role, size, colour, i18n.current())
    surface = _cache.get(key)
    if surface is None:
        if len(_cache) >= _MAX:
            _cache.clear()
        surface = i18n.font(role, size).render(text, True, colour)
        _cache[key] = surface
    return surface


def blit(
    target: pygame.Surface,
    text: str,
    role: str,
    size: int,
    colour: tuple[int, ...],
    anchor: str = "center",
    pos: tuple[float, float] = (0, 0),
    shadow: bool = False,
    fit: int | None = None,
    minimum: int = 16,
) -> pygame.Rect:
    """Draw ``text`` with its rect's ``anchor`` (e.g. "midleft") at ``pos``; returns the rect.
    With ``fit``, ``size`` shrinks until the text is no wider (:func:`fit_size`)."""
    if fit is not None:
        size = fit_size(text, role, size, fit, minimum)
    surface = render(text, role, size, colour)
    rect = surface.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        target.blit(render(text, role, size, SHADOW), rect.move(3, 4))
    target.blit(surface, rect)
    textlog.text(target, text, rect, image=surface)
    return rect


def fit_size(text: str, role: str, size: int, max_width: int, minimum: int = 16) -> int:
    """The largest even size ≤ ``size`` (≥ ``minimum``) at which ``text`` fits ``max_width``.

    Results are remembered: each trial size loads a font, which costs a frame's budget.
    """
    key = (text, role, size, max_width, minimum, i18n.current())
    fitted = _fits.get(key)
    if fitted is None:
        fitted = size
        width = i18n.font(role, size).size(text)[0]
        if width > max_width:  # text width scales almost linearly with the size
            fitted = max(minimum, int(size * max_width / width) // 2 * 2)
            while fitted > minimum and i18n.font(role, fitted).size(text)[0] > max_width:
                fitted -= 2
        if len(_fits) >= _MAX:
            _fits.clear()
        _fits[key] = fitted
    return fitted


@caches.on_reset
def clear() -> None:
    """Forget every rendered label (after a language switch)."""
    _cache.clear()
    _fits.clear()
    _wrapped.clear()


def fit_lines(text: str, role: str, size: int, max_width: int, max_lines: int,
              minimum: int = 24) -> tuple[int, list[str]]:
    """The largest size (≥ ``minimum``) at which ``text`` wraps into ``max_lines`` lines,
    remembered like :func:`fit_size`."""
    key = (text, role, size, max_width, max_lines, minimum, i18n.current())
    found = _wrapped.get(key)
    if found is None:
        lines = wrap(text, role, size, max_width)
        while len(lines) > max_lines and size > minimum:
            size -= 2
            lines = wrap(text, role, size, max_width)
        if len(_wrapped) >= _MAX:
            _wrapped.clear()
        found = _wrapped[key] = (size, tuple(lines))
    return found[0], list(found[1])


def wrap(text: str, role: str, size: int, max_width: int) -> list[str]:
    """Short texts (dialogs, notices) broken into lines at spaces and U+200B (Thai words)."""
    return wrap_line(text, i18n.font(role, size), max_width)


def blit_lines(
    target: pygame.Surface,
    lines: list[str],
    role: str,
    size: int,
    colour: tuple[int, ...],
    anchor: str,
    pos: tuple[float, float],
    gap: int = 6,
) -> None:
    """Draw ``lines`` one under another, the block vertically centred on ``pos``."""
    step = i18n.effective_size(size) + gap
    x, y = pos[0], pos[1] - step * (len(lines) - 1) / 2
    for line in lines:
        blit(target, line, role, size, colour, anchor, (x, y))
        y += step


def fit_box(text: str, role: str, size: int, box: pygame.Rect, gap: int = 6,
            minimum: int = 16) -> tuple[int, list[str]]:
    """The largest size (≥ ``minimum``) at which ``text`` wraps into lines that fill no
    more than ``box``: as wide as it, and together (``gap`` between lines) as tall."""
    lines = wrap(text, role, size, box.width)
    while size > minimum and (len(lines) * (line_step(role, size, gap)) - gap > box.height
                              or any(i18n.font(role, size).size(line)[0] > box.width
                                     for line in lines)):
        size -= 2
        lines = wrap(text, role, size, box.width)
    return size, lines


def line_step(role: str, size: int, gap: int) -> int:
    """From one line's top to the next: the face's height with its accents and descenders."""
    return i18n.font(role, size).get_height() + gap


def blit_in(target: pygame.Surface, text: str, role: str, size: int,
            colour: tuple[int, ...], box: pygame.Rect, align: str = "center",
            gap: int = 6, shadow: bool = False) -> pygame.Rect:
    """Draw ``text`` inside ``box``: shrunk, then wrapped, until it fits (``fit_box``);
    ``align`` is "center" or "midleft" (the lines' side). Each line is reported to the text
    log with ``box`` as the box it must stay in. Returns the rect the lines cover."""
    size, lines = fit_box(text, role, size, box, gap)
    step = line_step(role, size, gap)
    y = box.centery - step * (len(lines) - 1) / 2
    x = box.centerx if align == "center" else box.left
    covered = pygame.Rect(box.center, (0, 0))
    for line in lines:
        surface = render(line, role, size, colour)
        rect = surface.get_rect(**{align: (round(x), round(y))})
        if shadow:
            target.blit(render(line, role, size, SHADOW), rect.move(3, 4))
        target.blit(surface, rect)
        textlog.text(target, line, rect, box=box, image=surface)
        covered.union_ip(rect)
        y += step
    return covered
