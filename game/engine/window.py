"""Window geometry, pure arithmetic (no pygame, so every rule is unit-tested): where the window
goes, where the picture goes in it, and which logical pixel a window pixel shows. Rectangles
are ``(x, y, w, h)`` in desktop or window pixels.

A new window is the largest of the game's aspect that fits the monitor's usable area with room
for decorations, centred (:func:`default_window`); a remembered one is used while it fits a
monitor still there (:func:`restore_window`). The picture is letterboxed, a whole-number scale
kept exact so it stays sharp (:func:`letterbox`). A window pixel maps to the logical pixel
under its centre, clamped to the frame (:func:`to_logical`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

Rect = tuple[int, int, int, int]
Size = tuple[int, int]

DECORATIONS: tuple[int, int, int, int] = (8, 40, 8, 8)
"""Room (left, top, right, bottom) left around a window's client area for the window manager's
borders and title bar. Generous on purpose: a title bar that is off screen cannot be dragged."""

MIN_WINDOW: Size = (320, 180)
"""The smallest remembered window accepted (a window shrunk to nothing is not worth restoring)."""


@dataclass(frozen=True)
class Monitor:
    """One display as the desktop sees it."""

    index: int
    name: str
    bounds: Rect  # the whole display, in desktop coordinates
    usable: Rect  # minus taskbars, docks and panels (equal to ``bounds`` without a WM)


def fit(size: Size, room: Size) -> Size:
    """The largest size with the aspect of ``size`` that fits in ``room`` (at least 1×1)."""
    scale = min(room[0] / size[0], room[1] / size[1])
    return max(1, math.floor(size[0] * scale + 1e-9)), max(1, math.floor(size[1] * scale + 1e-9))


def default_window(logical: Size, monitor: Monitor,
                   decorations: tuple[int, int, int, int] = DECORATIONS) -> Rect:
    """The client rectangle of a new window: largest fit in the usable area, centred."""
    ux, uy, uw, uh = monitor.usable
    left, top, right, bottom = decorations
    room = (max(1, uw - left - right), max(1, uh - top - bottom))
    w, h = fit(logical, room)
    return ux + left + (room[0] - w) // 2, uy + top + (room[1] - h) // 2, w, h


def contains(outer: Rect, inner: Rect) -> bool:
    """Whether ``inner`` lies wholly inside ``outer``."""
    ox, oy, ow, oh = outer
    x, y, w, h = inner
    return ox <= x and oy <= y and x + w <= ox + ow and y + h <= oy + oh


def parse_remembered(value: Any) -> tuple[Rect, str] | None:
    """``{"x", "y", "w", "h", "display"}`` as ``((x, y, w, h), display)``, or None if malformed."""
    if not isinstance(value, dict):
        return None
    try:
        rect = tuple(value[key] for key in ("x", "y", "w", "h"))
        name = value["display"]
    except KeyError:
        return None
    if not all(type(n) is int for n in rect) or not isinstance(name, str):
        return None
    x, y, w, h = rect
    return (x, y, w, h), name


def restore_window(remembered: Any, monitors: list[Monitor], logical: Size) -> tuple[Rect, Monitor]:
    """The remembered window while its monitor (by name) is still there and it fits; else the
    default on that monitor, or on the first one (``monitors`` not empty)."""
    parsed = parse_remembered(remembered)
    if parsed is not None:
        rect, name = parsed
        for monitor in monitors:
            if monitor.name != name:
                continue
            big_enough = rect[2] >= MIN_WINDOW[0] and rect[3] >= MIN_WINDOW[1]
            if big_enough and contains(monitor.bounds, rect):
                return rect, monitor
            return default_window(logical, monitor), monitor
    return default_window(logical, monitors[0]), monitors[0]


def remembered(rect: Rect, monitor: Monitor) -> dict[str, Any]:
    """The settings' form of a window geometry (see ``Settings.window``)."""
    x, y, w, h = rect
    return {"x": x, "y": y, "w": w, "h": h, "display": monitor.name}


def monitor_at(monitors: list[Monitor], rect: Rect) -> Monitor:
    """The monitor holding the centre of ``rect`` (else the one it overlaps most, else the
    first). ``monitors`` must not be empty."""
    cx, cy = rect[0] + rect[2] / 2, rect[1] + rect[3] / 2
    for monitor in monitors:
        bx, by, bw, bh = monitor.bounds
        if bx <= cx < bx + bw and by <= cy < by + bh:
            return monitor

    def overlap(monitor: Monitor) -> int:
        bx, by, bw, bh = monitor.bounds
        w = min(bx + bw, rect[0] + rect[2]) - max(bx, rect[0])
        h = min(by + bh, rect[1] + rect[3]) - max(by, rect[1])
        return max(0, w) * max(0, h)

    return max(monitors, key=overlap)


def letterbox(logical: Size, output: Size) -> Rect:
    """Where the logical frame is drawn in an output of ``output`` pixels: one scale factor,
    centred, the rest bars. A whole-number factor stays exact."""
    ow, oh = max(1, output[0]), max(1, output[1])
    scale = min(ow / logical[0], oh / logical[1])
    whole = math.floor(scale + 1e-9)
    if whole >= 1 and logical[0] * whole <= ow and logical[1] * whole <= oh and \
            abs(scale - whole) < 1e-9:
        w, h = logical[0] * whole, logical[1] * whole
    else:
        w, h = fit(logical, (ow, oh))
    return (ow - w) // 2, (oh - h) // 2, w, h


def integer_scale(logical: Size, box: Rect) -> bool:
    """Whether ``box`` shows the logical frame at a whole-number scale (sharp pixels)."""
    return box[2] % logical[0] == 0 and box[3] % logical[1] == 0 and \
        box[2] // logical[0] == box[3] // logical[1] >= 1


def to_logical(pos: tuple[float, float], box: Rect, logical: Size) -> tuple[int, int]:
    """The logical pixel drawn under window pixel ``pos`` (its centre), clamped to the frame."""
    x, y, w, h = box
    lx = math.floor((pos[0] + 0.5 - x) * logical[0] / max(1, w))
    ly = math.floor((pos[1] + 0.5 - y) * logical[1] / max(1, h))
    return min(max(lx, 0), logical[0] - 1), min(max(ly, 0), logical[1] - 1)


def to_window(pos: tuple[float, float], box: Rect, logical: Size) -> tuple[int, int]:
    """The window pixel showing the centre of logical pixel ``pos`` (inverse of
    :func:`to_logical` for every pixel of the frame when the scale is at least 1)."""
    x, y, w, h = box
    return (math.floor(x + (pos[0] + 0.5) * w / logical[0]),
            math.floor(y + (pos[1] + 0.5) * h / logical[1]))


def scale_motion(rel: tuple[float, float], box: Rect, logical: Size) -> tuple[int, int]:
    """A pointer movement in window pixels as logical pixels (rounded)."""
    return (round(rel[0] * logical[0] / max(1, box[2])),
            round(rel[1] * logical[1] / max(1, box[3])))
