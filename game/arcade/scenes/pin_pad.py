"""The operator's PIN pad: the right PIN opens the operator's menu; wrong ones lock the pad for
longer each time and say how many tries are left. In ``set`` mode (no PIN yet) it asks for a
new one twice and cannot be dismissed; in ``lost`` mode (the stored PIN damaged) it says how
to reset it.
"""

from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.arcade.scene import ArcadeScene
from game.arcade.storage import valid_pin
from game.arcade.texts import t
from game.arcade.widgets import buttons, overlay, palette, text
from game.engine import input as inp

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp
    from game.arcade.kiosk import Kiosk

GIVE_UP_SECONDS = 20.0  # an abandoned pad closes itself
KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "clear", "0", "ok")


class PinPadScene(ArcadeScene):
    kiosk_role = "pin_pad"  # what a kiosk's idle clock looks for
    transparent = True

    def __init__(self, app: ArcadeApp, kiosk: Kiosk, mode: str = "exit") -> None:
        super().__init__(app)
        self.kiosk = kiosk
        self.mode = mode  # "exit": the right PIN opens the menu; "set": choose it; "lost"
        self.first = ""  # set mode: the PIN entered once, waiting for the repeat
        self.mismatch = False
        self.wrong = False  # the last PIN was wrong: say how many tries are left
        self.entered = ""
        self.quiet = 0.0
        self.panel = pygame.Rect(0, 0, 640, 960)
        self.panel.center = (app.surface.get_width() // 2, app.surface.get_height() // 2)

    @property
    def locked_for(self) -> float:
        """Seconds until the pad takes PINs again (0: now)."""
        return 0.0 if self.mode == "set" else self.kiosk.pin_locked_for()

    def enter(self) -> None:
        self.keys = {}
        if self.mode != "set":  # the kiosk cannot run without a PIN: no way round choosing one
            cancel = pygame.Rect(0, 0, 3 * 168 + 2 * 20, 92)
            cancel.midbottom = (self.panel.centerx, self.panel.bottom - 30)
            self.b_cancel = buttons.button(self.gui, cancel, "common.cancel", self.app.nav.pop,
                                           "#choice")
        if self.mode == "lost":
            return  # no PIN can open it: the message says what the operator does
        size, gap = 168, 20
        left = self.panel.centerx - (3 * size + 2 * gap) // 2
        top = self.panel.top + 270  # under the dots and a two-line warning
        for i, key in enumerate(KEYS):
            row, col = divmod(i, 3)
            rect = pygame.Rect(left + col * (size + gap), top + row * (120 + gap), size, 120)
            label = f"pin.{key}" if not key.isdigit() else "pin.digit"
            object_id = "#confirm" if key == "ok" else "#choice"
            self.keys[key] = buttons.button(self.gui, rect, label, partial(self.press, key),
                                            object_id, digit=key)

    def press(self, key: str) -> None:
        self.quiet = 0.0
        if self.locked_for > 0:
            return
        self.wrong = False
        if key == "clear":
            self.entered = ""
        elif key == "ok":
            self.check()
        elif len(self.entered) < 8:
            self.entered += key

    def check(self) -> None:
        if self.mode == "set":
            self._choose()
            return
        entered, self.entered = self.entered, ""
        if entered and self.kiosk.check_pin(entered):
            self.kiosk.operator_menu()
            return
        self.wrong = bool(entered) and self.locked_for == 0  # a lock says it instead
        self.app.ctx.audio.play("illegal")

    def _choose(self) -> None:
        """Set mode: 4–8 digits, then the same again; stored by the kiosk (hashed)."""
        entered, self.entered = self.entered, ""
        if not valid_pin(entered):
            self.mismatch = True
            self.ctx.audio.play("illegal")
            return
        if not self.first:
            self.first, self.mismatch = entered, False
            return
        if entered != self.first:
            self.first, self.mismatch = "", True
            self.ctx.audio.play("illegal")
            return
        self.kiosk.set_pin(entered)
        self.app.nav.pop()

    def handle(self, action: inp.Action) -> None:
        if action.kind == inp.KEY and action.key in ("pause", "back"):
            if self.mode != "set":  # the kiosk cannot run without a PIN
                self.app.nav.pop()
        elif self.mode == "lost":
            return
        elif action.kind == inp.KEY and action.key and action.key.isdigit():
            self.press(action.key)  # the digit keys of a keyboard
        elif action.kind == inp.KEY and action.key == "accept":
            self.press("ok")

    def update(self, dt: float) -> None:
        self.quiet += dt
        if self.quiet >= GIVE_UP_SECONDS and self.mode != "set":
            self.app.nav.pop()
        self.gui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        p = self.panel
        overlay.dialog(surface, p, palette.PANEL_EDGE, alpha=220)
        title = t("pin.title")
        if self.mode == "lost":
            self._draw_lost(surface, title)
            self.gui.draw_ui(surface)
            return
        if self.mode == "set":
            title = t("pin.set_again") if self.first else t("pin.set_title")
        size, lines = text.fit_lines(title, "bold", 40, p.width - 60, 2)
        text.blit_lines(surface, lines, "bold", size, palette.TEXT, "center",
                        (p.centerx, p.top + 70))
        warning = (t("pin.set_mismatch") if self.mode == "set" and self.mismatch
                   else self.wrong_text())
        if warning:
            size, lines = text.fit_lines(warning, "ui", 28, p.width - 60, 2)
            text.blit_lines(surface, lines, "ui", size, palette.BAD, "center",
                            (p.centerx, p.top + 220))
        locked = self.locked_for
        if locked > 0:
            left = math.ceil(locked)
            line = t("pin.locked", time=f"{left // 60}:{left % 60:02d}")
            size, lines = text.fit_lines(line, "bold", 34, p.width - 60, 2)
            text.blit_lines(surface, lines, "bold", size, palette.BAD, "center",
                            (p.centerx, p.top + 150))
        else:
            dots = "●" * len(self.entered) + "○" * max(0, 4 - len(self.entered))
            text.blit(surface, dots, "ui", 56, palette.GOLD, "center", (p.centerx, p.top + 150))
        self.gui.draw_ui(surface)

    def wrong_text(self) -> str:
        """After a wrong PIN: how many tries are left before the pad locks ("" otherwise, and
        while locked: the lock says it)."""
        if not self.wrong or self.locked_for > 0:
            return ""
        return t("pin.wrong", count=self.kiosk.pins.tries_left())

    def _draw_lost(self, surface: pygame.Surface, title: str) -> None:
        """The stored PIN is lost: what the operator does, the command to type included."""
        p = self.panel
        size, lines = text.fit_lines(title, "bold", 40, p.width - 60, 2)
        text.blit_lines(surface, lines, "bold", size, palette.TEXT, "center",
                        (p.centerx, p.top + 70))
        line = t("pin.lost")
        size, lines = text.fit_lines(line, "ui", 32, p.width - 60, 7)
        text.blit_lines(surface, lines, "ui", size, palette.BAD, "center",
                        (p.centerx, p.top + 320))
        command = self.kiosk.reset_command()
        size, lines = text.fit_lines(command, "bold", 28, p.width - 60, 4)
        text.blit_lines(surface, lines, "bold", size, palette.GOLD, "center",
                        (p.centerx, p.top + 520))
