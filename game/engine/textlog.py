"""Where each text of a frame was drawn, and in which box: geometry a test reads instead of
pixels (the screen catalogue, ``tools/catalogue.py``).

While a :class:`TextLog` records, the text layer reports every string it draws with its ink's
rectangle and the box it must stay in; boxes other texts must not cross are reported too, and
a veil or panel forgets what it covers. Texts drawn into a layer surface are counted when the
surface is put on the screen (:func:`placed`). When nothing records, each call costs one test.
"""

from __future__ import annotations

import weakref
from types import TracebackType
from typing import Any, NamedTuple

import pygame

LABEL = "label"
BUTTON = "button"
BADGE = "badge"
CHIP = "chip"
PANEL = "panel"
"""Kinds of text and box: a label drawn by a scene, a button, a badge, a language chip (a
language's own name, in its own script on every screen), a dialog's panel."""


class Drawn(NamedTuple):
    """One string on the canvas: its ink's rectangle, the box it must stay in (``None``:
    only the canvas), its kind, and the clip it was drawn under (a scrolled view: a line
    may be cut by the view's edge as it scrolls, and one wholly outside is not seen)."""

    text: str
    rect: pygame.Rect
    box: pygame.Rect | None
    kind: str = LABEL
    clip: pygame.Rect | None = None

    @property
    def seen(self) -> bool:
        return self.clip is None or self.clip.colliderect(self.rect)


class Box(NamedTuple):
    """A shape no text may cross: a text is inside it, or off it."""

    rect: pygame.Rect
    kind: str


class _Layer:
    def __init__(self) -> None:
        self.texts: list[Drawn] = []
        self.boxes: list[Box] = []


class TextLog:
    """The texts and boxes drawn on ``canvas`` since :meth:`clear` (see the module)."""

    def __init__(self) -> None:
        self.canvas: pygame.Surface | None = None
        self.texts: list[Drawn] = []
        self.boxes: list[Box] = []
        self._layers: dict[int, tuple[weakref.ref[pygame.Surface], _Layer]] = {}

    def __enter__(self) -> TextLog:
        _active.append(self)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        _active.remove(self)

    def clear(self, canvas: pygame.Surface) -> None:
        """Start a new frame on ``canvas`` (layers keep what was drawn into them)."""
        self.canvas = canvas
        self.texts = []
        self.boxes = []

    def _target(self, surface: pygame.Surface) -> tuple[list[Drawn], list[Box]]:
        if surface is self.canvas:
            return self.texts, self.boxes
        entry = self._layers.get(id(surface))
        if entry is None or entry[0]() is not surface:
            entry = self._layers[id(surface)] = (weakref.ref(surface), _Layer())
        return entry[1].texts, entry[1].boxes


_active: list[TextLog] = []


def recording() -> bool:
    return bool(_active)


def text(surface: pygame.Surface, string: str, rect: pygame.Rect,
         box: pygame.Rect | None = None, kind: str = LABEL,
         image: pygame.Surface | None = None) -> None:
    """``string`` was drawn on ``surface`` into ``rect`` (only where ``image``, the rendered
    text, has ink, when given); it must stay inside ``box``, and always inside the
    surface's clip."""
    if not _active or not string.strip():
        return
    shown = rect if image is None else image.get_bounding_rect().move(rect.topleft)
    clip: pygame.Rect | None = surface.get_clip()
    if clip == surface.get_rect():
        clip = None
    for log in _active:
        log._target(surface)[0].append(Drawn(string, pygame.Rect(shown),
                                              None if box is None else pygame.Rect(box), kind,
                                              clip))


def box(surface: pygame.Surface, rect: pygame.Rect, kind: str = BADGE) -> None:
    """A button or a badge was drawn at ``rect``: no other text may cross its edge."""
    for log in _active:
        log._target(surface)[1].append(Box(pygame.Rect(rect), kind))


def covered(surface: pygame.Surface, area: pygame.Rect | None = None,
            partly: bool = False) -> None:
    """Something opaque or a veil was drawn over ``area`` (all of ``surface``): the texts
    and boxes under it are no longer seen; with ``partly``, those it covers in part too (a
    banner floating over a screen, hiding what it crosses)."""
    for log in _active:
        texts, boxes = log._target(surface)
        where = surface.get_clip() if area is None else area
        hides = where.colliderect if partly else where.contains
        texts[:] = [d for d in texts if not hides(d.rect)]
        boxes[:] = [b for b in boxes if not hides(b.rect)]


def forget(surface: pygame.Surface) -> None:
    """``surface`` is being drawn anew: what was drawn into it before is gone."""
    for log in _active:
        log._layers.pop(id(surface), None)


def placed(surface: pygame.Surface, layer: pygame.Surface, pos: tuple[int, int],
           area: pygame.Rect | None = None) -> None:
    """``layer`` (or its ``area``) was blitted onto ``surface`` at ``pos``: the texts drawn
    into it count there, moved (and clipped to what was copied)."""
    for log in _active:
        entry = log._layers.get(id(layer))
        if entry is None or entry[0]() is not layer:
            continue
        source = area or layer.get_rect()
        shift = (pos[0] - source.x, pos[1] - source.y)
        shown = source.move(shift)
        texts, boxes = log._target(surface)
        for drawn in entry[1].texts:
            rect = drawn.rect.move(shift)
            inner = drawn.box.move(shift) if drawn.box is not None else None
            clip = drawn.clip.move(shift).clip(shown) if drawn.clip is not None else shown
            texts.append(Drawn(drawn.text, rect, inner, drawn.kind,
                               None if clip == shown and area is None else clip))
        boxes.extend(Box(b.rect.move(shift), b.kind) for b in entry[1].boxes)


def describe(drawn: Any) -> str:
    """A short description of a drawn text for a failure message."""
    return f"{drawn.text!r} at {tuple(drawn.rect)}"
