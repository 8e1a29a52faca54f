"""Synthetic input: real pygame events posted to the queue, as SDL would deliver them, for the
demo player and the headless tests. Positions are logical pixels and every pointer event says
so (``logical=True``), so the display leaves them alone at any window size.
"""

from __future__ import annotations

from typing import Any

import pygame

Pos = tuple[int, int]

TOUCH_ID = 1
FINGER_ID = 0


def _post(event_type: int, **attrs: Any) -> None:
    pygame.event.post(pygame.event.Event(event_type, logical=True, **attrs))


def _logical_size() -> tuple[int, int]:
    surface = pygame.display.get_surface()
    return surface.get_size() if surface is not None else (1920, 1080)


def post_tap(pos: Pos, button: int = 1, **extra: Any) -> None:
    """A mouse click: the pointer moves to ``pos`` (hover), then button down and up.

    ``extra`` attributes go on every event (the demo marks its own with ``source="demo"``).
    """
    _post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False, **extra)
    _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False, **extra)
    _post(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False, **extra)


def post_touch_tap(pos: Pos) -> None:
    """A one-finger tap as SDL2 delivers it with touch→mouse synthesis on: the emulated mouse
    event before each finger event; finger coordinates 0..1 as SDL's are."""
    w, h = _logical_size()
    fx, fy = pos[0] / w, pos[1] / h
    finger = {"touch_id": TOUCH_ID, "finger_id": FINGER_ID, "x": fx, "y": fy, "dx": 0.0, "dy": 0.0}
    _post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=True)
    _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True)
    _post(pygame.FINGERDOWN, pressure=1.0, **finger)
    _post(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True)
    _post(pygame.FINGERUP, pressure=0.0, **finger)


def post_drag(start: Pos, end: Pos, steps: int = 5, **extra: Any) -> None:
    """Press at ``start``, ``steps`` motions ending at ``end``, release at ``end``."""
    _post(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False, **extra)
    prev = start
    for i in range(1, steps + 1):
        t = i / steps
        pos = (round(start[0] + (end[0] - start[0]) * t), round(start[1] + (end[1] - start[1]) * t))
        rel = (pos[0] - prev[0], pos[1] - prev[1])
        _post(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1, 0, 0), touch=False, **extra)
        prev = pos
    _post(pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False, **extra)


def post_key(key: int | str) -> None:
    """Key down and up; ``key`` is a pygame key constant or a name like "space" or "f11"."""
    code = pygame.key.key_code(key) if isinstance(key, str) else key
    _post(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
    _post(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)
