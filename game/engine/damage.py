"""Partial redraws: a scene that knows what its next frame changes says so, and the app redraws
and uploads only that part of the canvas.

A scene's ``damage()`` is asked before each of its draws: ``None`` redraws everything, a list
of rects only those (gathered into a few boxes by :func:`boxes`, the scene drawn whole once per
box with the canvas clipped to it), ``[]`` nothing at all.

:class:`Tracker` compares a *signature* (everything the picture depends on but its moving
parts) with the last draw's, any difference meaning a whole redraw, and returns the moving
parts' regions now and at the last draw, so a thing that moved is erased where it was. A missed
change shows stale pixels, never broken ones; the app redraws everything after a scene change,
a window event and every ``FULL_EVERY`` draws, and the tests compare partial frames with whole
ones pixel by pixel.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

import pygame

_NEVER = object()


class Tracker:
    """What one scene drew last time: its signature and the regions of its moving parts."""

    def __init__(self) -> None:
        self._signature: Hashable = _NEVER
        self._regions: list[pygame.Rect] = []

    def areas(self, signature: Hashable, regions: Iterable[pygame.Rect]
              ) -> list[pygame.Rect] | None:
        """The parts of the canvas this draw changes: ``None`` (all of it) when ``signature``
        differs from the last draw's, else ``regions`` and the last draw's regions."""
        now = [pygame.Rect(region) for region in regions if region.width and region.height]
        before, self._regions = self._regions, now
        if signature != self._signature:
            self._signature = signature
            return None
        return now + [rect for rect in before if rect not in now]

    def whole(self) -> list[pygame.Rect] | None:
        """This draw is a whole one (returns None, for ``return tracker.whole()``), and so is
        the next that asks :meth:`areas`."""
        self._signature = _NEVER
        self._regions = []
        return None


BOXES = 8
"""At most this many boxes are drawn (each pass clipped to its box) and sent to the window."""

PASS_PIXELS = 160_000
"""What one more drawing pass costs, in pixels drawn: a scene's Python for a pass clipped to
a small box costs about as much as drawing and uploading this many pixels. Two boxes merge
when their common box adds fewer pixels than this."""

def _size(rect: pygame.Rect) -> int:
    return rect.width * rect.height


def _extra(a: pygame.Rect, b: pygame.Rect) -> int:
    """The pixels drawn twice or more by drawing both apart, less those their common box
    adds: how much drawing them as one box costs more (negative: less)."""
    return _size(a.union(b)) - _size(a) - _size(b)


def boxes(rects: Iterable[pygame.Rect], bounds: pygame.Rect,
          limit: int = BOXES) -> list[pygame.Rect]:
    """``rects`` clipped to ``bounds`` and gathered into at most ``limit`` boxes: first those
    that overlap and cost no more drawn as one (:func:`_join_overlapping`), then two merge
    when their common box costs less to draw than a pass of its own (:data:`PASS_PIXELS`),
    and while there are too many, the two whose common box adds least merge."""
    seen: set[tuple[int, int, int, int]] = set()
    out: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.clip(bounds)
        key = (rect.x, rect.y, rect.width, rect.height)
        if rect.width and rect.height and key not in seen:  # the same rect twice (was, is): once
            seen.add(key)
            out.append(rect)
    _join_overlapping(out)
    merged = True
    while merged and len(out) > 1:
        merged = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                if _extra(out[i], out[j]) <= PASS_PIXELS:
                    out[i] = out[i].union(out[j])
                    del out[j]
                    merged = True
                    break
            if merged:
                break
    while len(out) > max(1, limit):
        i, j = min(((i, j) for i in range(len(out)) for j in range(i + 1, len(out))),
                   key=lambda ij: _extra(out[ij[0]], out[ij[1]]))
        out[i] = out[i].union(out[j])
        del out[j]
    return out


def _join_overlapping(rects: list[pygame.Rect]) -> None:
    """Join, in place, rects that overlap (or touch) and whose common box is no bigger than
    the two apart. Done before the merging by cost, which takes pairs in list order and could
    otherwise join two far-apart rects into a strip that swallows everything between."""
    i = 0
    while i < len(rects):
        rect = rects[i]
        for j in rect.inflate(2, 2).collidelistall(rects):
            if j != i and _extra(rect, rects[j]) <= 0:
                keep, drop = min(i, j), max(i, j)
                rects[keep] = rect.union(rects[j])
                del rects[drop]
                i = keep  # the joined rect may now overlap others
                break
        else:
            i += 1


