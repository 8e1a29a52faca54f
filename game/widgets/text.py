"""Rendered-text cache: labels are drawn every frame but rendered only when they change."""

from __future__ import annotations

import pygame

from ..engine import i18n

_cache: dict[tuple[str, str, int, tuple[int, ...], str], pygame.Surface] = {}
_MAX = 512


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
) -> pygame.Rect:
    """Draw ``text`` with its rect's ``anchor`` (e.g. "midleft") at ``pos``; returns the rect."""
    surface = render(text, role, size, colour)
    rect = surface.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        target.blit(render(text, role, size, (0, 0, 0)), rect.move(3, 4))
    target.blit(surface, rect)
    return rect


def fit_size(text: str, role: str, size: int, max_width: int, minimum: int = 24) -> int:
    """The largest size ≤ ``size`` (≥ ``minimum``) at which ``text`` fits ``max_width``."""
    while size > minimum and i18n.font(role, size).size(text)[0] > max_width:
        size -= 2
    return size


def clear() -> None:
    """Forget every rendered label (after a language switch)."""
    _cache.clear()
