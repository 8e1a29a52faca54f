"""Arcade high-score entry: three initials on a big letter picker (skippable).

In kiosk mode nobody may be there to finish it, so it saves without initials after a while.
"""

from __future__ import annotations

import string
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.arcade.scene import ArcadeScene
from game.arcade.texts import t
from game.arcade.widgets import buttons, overlay, palette, text
from game.engine import input as inp

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

LETTERS = string.ascii_uppercase
KIOSK_TIMEOUT = 25.0
SLOT_W, SLOT_H, SLOT_GAP = 200, 220, 40


class InitialsScene(ArcadeScene):
    transparent = True

    def __init__(self, app: ArcadeApp, game_id: str, record_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.record_id = record_id
        self.letters = [0, 0, 0]
        self.slot = 0
        self.quiet = 0.0
        self.panel = pygame.Rect(0, 0, 1000, 860)
        self.panel.center = (app.surface.get_width() // 2, app.surface.get_height() // 2)

    @property
    def initials(self) -> str:
        return "".join(LETTERS[i] for i in self.letters)

    def slot_rect(self, i: int) -> pygame.Rect:
        width = 3 * SLOT_W + 2 * SLOT_GAP
        left = self.panel.centerx - width // 2
        return pygame.Rect(left + i * (SLOT_W + SLOT_GAP), self.panel.top + 300, SLOT_W, SLOT_H)

    def enter(self) -> None:
        for i in range(3):
            slot = self.slot_rect(i)
            buttons.button(self.gui, pygame.Rect(slot.left, slot.top - 112, SLOT_W, 100),
                           "initials.up", partial(self.change, i, 1), "#choice")
            buttons.button(self.gui, pygame.Rect(slot.left, slot.bottom + 12, SLOT_W, 100),
                           "initials.down", partial(self.change, i, -1), "#choice")
        p = self.panel
        self.b_skip = buttons.button(self.gui, pygame.Rect(p.left + 60, p.bottom - 130, 400, 100),
                                     "initials.skip", self.skip, "#choice")
        self.b_ok = buttons.button(self.gui, pygame.Rect(p.right - 460, p.bottom - 130, 400, 100),
                                   "initials.save", self.save, "#confirm")

    def change(self, slot: int, step: int) -> None:
        self.quiet = 0.0
        self.slot = slot
        self.letters[slot] = (self.letters[slot] + step) % len(LETTERS)
        self.app.ctx.audio.play("click")

    def save(self) -> None:
        self.ctx.set_initials(self.game_id, self.record_id, self.initials)
        self.app.stack.pop()

    def skip(self) -> None:
        self.app.stack.pop()

    def handle(self, action: inp.Action) -> None:
        self.quiet = 0.0
        if action.kind == inp.TEXT and action.text and action.text[0].upper() in LETTERS:
            self.letters[self.slot] = LETTERS.index(action.text[0].upper())
            self.slot = min(2, self.slot + 1)
        elif action.kind == inp.PRESS and action.pos is not None:
            for i in range(3):
                if self.slot_rect(i).collidepoint(action.pos):
                    self.slot = i
        elif action.kind == inp.KEY:
            key = action.key
            if key in ("up", "down"):
                self.change(self.slot, 1 if key == "up" else -1)
            elif key in ("left", "right"):
                self.slot = max(0, min(2, self.slot + (1 if key == "right" else -1)))
            elif key == "accept":
                self.save()
            elif key in ("pause", "back"):
                self.skip()

    def update(self, dt: float) -> None:
        self.quiet += dt
        if getattr(self.app, "kiosk", None) is not None and self.quiet >= KIOSK_TIMEOUT:
            self.skip()  # saved already, just without initials
        self.gui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        p = self.panel
        overlay.dialog(surface, p, palette.GOLD)
        text.blit(surface, t("initials.title"), "display", 64, palette.GOLD, "center",
                  (p.centerx, p.top + 70), shadow=True)
        text.blit(surface, t("initials.prompt"), "ui", 32, palette.TEXT, "center",
                  (p.centerx, p.top + 140))
        for i in range(3):
            rect = self.slot_rect(i)
            on = i == self.slot
            pygame.draw.rect(surface, palette.SLOT, rect, border_radius=24)
            pygame.draw.rect(surface, palette.GOLD if on else palette.PANEL_EDGE, rect,
                             6 if on else 3, border_radius=24)
            text.blit(surface, LETTERS[self.letters[i]], "numbers", 150, palette.TEXT, "center",
                      rect.center)
        self.gui.draw_ui(surface)
