"""Raw pygame events → a small vocabulary of ``Action`` values the scenes understand.

The pointer path is the mouse path: real mouse events and SDL's touch-synthesised ones both
become pointer actions, already in logical pixels (``Display.map_event``). Finger events
become none: SDL synthesises the mouse for the first finger only, so a multi-finger poke is
still one tap (``ensure_touch_mouse_hints``). Only the left button presses and releases; the
wheel scrolls, and SDL2's old wheel buttons 4/5 are ignored so one notch is one scroll.

Action kinds: ``press``, ``move`` (only while the left button is held: a drag), ``release``,
``key`` (a game-neutral name, see ``KEY_NAMES``), ``scroll`` (``key`` "up"/"down"), ``text``,
``quit`` and ``focus_lost``.
"""

from __future__ import annotations

import os
from typing import NamedTuple

import pygame

from game.engine.display import pointer_position

PRESS = "press"
MOVE = "move"
RELEASE = "release"
KEY = "key"
SCROLL = "scroll"
TEXT = "text"
QUIT = "quit"
FOCUS_LOST = "focus_lost"

LEFT_BUTTON = 1

_NAMED_KEYS: dict[int, str] = {
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_RETURN: "accept",
    pygame.K_KP_ENTER: "accept",
    pygame.K_SPACE: "space",
    pygame.K_BACKSPACE: "back",
    pygame.K_DELETE: "back",
    pygame.K_ESCAPE: "pause",
    pygame.K_F11: "fullscreen",
    pygame.K_TAB: "next",
    pygame.K_MINUS: "minus",
    pygame.K_KP_MINUS: "minus",
    pygame.K_PLUS: "plus",
    pygame.K_EQUALS: "plus",  # the + key without Shift on most layouts
    pygame.K_KP_PLUS: "plus",
    pygame.K_PAGEUP: "page_up",
    pygame.K_PAGEDOWN: "page_down",
    pygame.K_HOME: "home",
    pygame.K_END: "end",
}
_DIGIT_KEYS = {getattr(pygame, f"K_{d}"): str(d) for d in range(10)}
_KEYPAD_DIGITS = {getattr(pygame, f"K_KP{d}"): str(d) for d in range(10)}
_LETTER_KEYS = {getattr(pygame, f"K_{c}"): c for c in "abcdefghijklmnopqrstuvwxyz"}

KEY_NAMES: dict[int, str] = {**_LETTER_KEYS, **_DIGIT_KEYS, **_KEYPAD_DIGITS, **_NAMED_KEYS}
"""Game-neutral key names: digits "0".."9" (top row and keypad), letters "a".."z", and the named
keys above. Each game maps these names to its own commands; the engine gives them no meaning."""


class Action(NamedTuple):
    """One player intent, independent of the device that produced it."""

    kind: str
    pos: tuple[int, int] | None = None
    key: str | None = None
    button: int = 1
    text: str = ""


def ensure_touch_mouse_hints() -> None:
    """Ask SDL to synthesise mouse from touch (and not touch from mouse); call before init.

    SDL reads hints from the environment at init, so these must be set before pygame.init.
    """
    os.environ["SDL_TOUCH_MOUSE_EVENTS"] = "1"
    os.environ["SDL_MOUSE_TOUCH_EVENTS"] = "0"


def _pos(event: pygame.event.Event) -> tuple[int, int]:
    x, y = event.pos
    return int(x), int(y)


class InputMapper:
    """Stateful translator: it remembers whether a drag is in progress and recent closes."""

    def __init__(self) -> None:
        self.held = False  # left button / first finger currently down
        self._closing = False  # a WINDOWCLOSE was turned into "quit"; swallow the QUIT after it

    def translate(self, event: pygame.event.Event) -> list[Action]:
        """Return the actions for one event (usually zero or one)."""
        kind = event.type
        if kind == pygame.MOUSEBUTTONDOWN:
            if event.button != LEFT_BUTTON:
                return []
            self.held = True
            self._closing = False
            return [Action(PRESS, pos=_pos(event))]
        if kind == pygame.MOUSEBUTTONUP:
            if event.button != LEFT_BUTTON:
                return []
            self.held = False
            return [Action(RELEASE, pos=_pos(event))]
        if kind == pygame.MOUSEMOTION:
            return [Action(MOVE, pos=_pos(event))] if self.held else []
        if kind == pygame.MOUSEWHEEL:
            if event.y == 0:
                return []
            return [Action(SCROLL, pos=pointer_position(), key="up" if event.y > 0 else "down")]
        if kind == pygame.KEYDOWN:
            name = KEY_NAMES.get(event.key)
            if name is None:
                return []
            self._closing = False
            return [Action(KEY, key=name)]
        if kind == pygame.TEXTINPUT:
            return [Action(TEXT, text=event.text)] if event.text else []
        if kind == pygame.WINDOWCLOSE:
            # SDL follows the close of the last window with QUIT: report the pair once.
            self._closing = True
            return [Action(QUIT)]
        if kind == pygame.QUIT:
            if self._closing:
                self._closing = False
                return []
            return [Action(QUIT)]
        if kind in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED):
            # The release may go to another window: do not turn later motion into a drag.
            self.held = False
            return [Action(FOCUS_LOST)]
        # FINGERDOWN/MOTION/UP deliberately fall through: the synthesised mouse carries them.
        return []
