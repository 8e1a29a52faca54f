"""One line of text typed by the operator on an on-screen keyboard or a real one. ``on_done``
returns ``None`` to accept the text, or the key of a message saying what is wrong (the screen
stays). The keys are what a connection string or a kiosk name is made of.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.arcade.scene import BuiltScene
from game.arcade.texts import t
from game.arcade.widgets import buttons, overlay, palette, text
from game.engine import input as inp

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

ROWS = ("1234567890-_", "qwertyuiop/@", "asdfghjkl:.=", "zxcvbnm?&%~")
"""The character keys, row by row (lower case; the case key shows them in upper case)."""
MAX_LENGTH = 1024


class TextEntryScene(BuiltScene):
    kiosk_role = "pin_pad"  # the operator types: the kiosk's idle clock leaves them alone
    transparent = True
    still = True  # only typing changes it

    def __init__(self, app: ArcadeApp, prompt_key: str, text: str,
                 on_done: Callable[[str], str | None], max_length: int = MAX_LENGTH,
                 prompt_params: dict[str, object] | None = None,
                 error_params: dict[str, object] | None = None) -> None:
        super().__init__(app)
        self.prompt_key = prompt_key
        self.prompt_params = prompt_params or {}
        self.error_params = error_params or {}
        self.text = text[:max_length]
        self.on_done = on_done
        self.max_length = max_length
        self.upper = False
        self.error_key: str | None = None
        width, height = app.surface.get_size()
        self.panel = pygame.Rect(0, 0, width - 80, min(height - 80, 940))
        self.panel.center = (width // 2, height // 2)

    # --- building -------------------------------------------------------------------------
    def _build(self) -> None:
        ui = self.gui
        ui.clear_and_reset()
        p = self.panel
        columns = max(len(row) for row in ROWS)
        gap = 10
        key_w = (p.width - 80 - (columns - 1) * gap) // columns
        key_h = min(96, (p.height - 420) // (len(ROWS) + 1) - gap)
        top = p.top + 300
        for r, row in enumerate(ROWS):
            for c, char in enumerate(row):
                shown = char.upper() if self.upper else char
                rect = pygame.Rect(p.left + 40 + c * (key_w + gap), top + r * (key_h + gap),
                                   key_w, key_h)
                buttons.button(ui, rect, "keyboard.key", partial(self.type, shown), "#choice",
                               char=shown)
        last = top + len(ROWS) * (key_h + gap)
        span = 2 * key_w + gap
        case = "abc" if self.upper else "ABC"  # the key shows the other case
        buttons.button(ui, pygame.Rect(p.left + 40, last, span, key_h),
                       "keyboard.lower" if self.upper else "keyboard.upper", self.toggle_case,
                       "#choice", letters=case)
        extras = (("keyboard.space", partial(self.type, " "), 4),
                  ("keyboard.delete", self.delete, 3), ("common.cancel", self.cancel, 3))
        x = p.left + 40 + span + gap
        for key, command, keys in extras:
            rect = pygame.Rect(x, last, keys * key_w + (keys - 1) * gap, key_h)
            buttons.button(ui, rect, key, command, "#choice")
            x = rect.right + gap
        self.b_ok = buttons.button(ui, pygame.Rect(p.left + 40, p.bottom - 130, p.width - 80, 100),
                                   "common.ok", self.accept, "#confirm")

    # --- typing ---------------------------------------------------------------------------
    def type(self, chars: str) -> None:
        room = self.max_length - len(self.text)
        typed = "".join(ch for ch in chars if ch.isprintable())[:max(0, room)]
        if typed:
            self.text += typed
            self.error_key = None

    def delete(self) -> None:
        self.text = self.text[:-1]
        self.error_key = None

    def toggle_case(self) -> None:
        self.upper = not self.upper
        self._build()

    def accept(self) -> None:
        self.error_key = self.on_done(self.text)
        if self.error_key is None:
            self.app.nav.pop()

    def cancel(self) -> None:
        self.app.nav.pop()

    def handle(self, action: inp.Action) -> None:
        if action.kind == inp.TEXT:
            self.type(action.text)
        elif action.kind == inp.KEY and action.key == "back":
            self.delete()
        elif action.kind == inp.KEY and action.key == "accept":
            self.accept()
        elif action.kind == inp.KEY and action.key == "pause":
            self.cancel()

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        p = self.panel
        overlay.dialog(surface, p, palette.GOLD)
        prompt = t(self.prompt_key, **self.prompt_params)
        text.blit(surface, prompt, "bold", 36, palette.GOLD, "center", (p.centerx, p.top + 60),
                  fit=p.width - 80)
        field = pygame.Rect(p.left + 40, p.top + 110, p.width - 80, 90)
        pygame.draw.rect(surface, palette.SLOT, field, border_radius=16)
        pygame.draw.rect(surface, palette.PANEL_EDGE, field, 3, border_radius=16)
        shown = (self.text + "|")[-100:]  # no field shows more: a long text shows its end
        while len(shown) > 1 and text.render(shown, "ui", 34, palette.TEXT).get_width() \
                > field.width - 40:
            shown = shown[1:]
        text.blit(surface, shown, "ui", 34, palette.TEXT, "midleft",
                  (field.left + 20, field.centery))
        if self.error_key is not None:
            message = t(self.error_key, **self.error_params)
            for i, line in enumerate(text.wrap(message, "ui", 26, p.width - 80)[:2]):
                text.blit(surface, line, "ui", 26, palette.BAD, "center",
                          (p.centerx, field.bottom + 30 + i * 32))
        self.gui.draw_ui(surface)
