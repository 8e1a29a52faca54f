"""Tabs choosing one of a game's variants, at the top of a scores or statistics view: the
chosen one lit, a tap or the left/right keys moving to another."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame
import pygame_gui

from game.arcade.widgets import buttons
from game.engine.i18n import Catalogue


class VariantTabs:
    """For a view with an ``area``, a chosen ``variant`` and its ``tabs``: builds the tabs
    from :meth:`tab_choices` (``(variant, label key)`` pairs), in :attr:`tab_rows` rows
    centred at the top of the area, and steps through them."""

    area: pygame.Rect
    variant: str
    tabs: list[pygame_gui.elements.UIButton]
    TAB_TEXTS: Catalogue
    TAB_MAX_WIDTH = 420

    def tab_choices(self) -> list[tuple[str, str]]:
        raise NotImplementedError

    @property
    def tab_rows(self) -> int:
        return 1

    def build(self, ui: pygame_gui.UIManager, rebuild: Callable[[], None]) -> None:
        """The tabs (``rebuild`` redoes the scene's buttons after a change)."""
        choices = self.tab_choices()
        per_row = math.ceil(len(choices) / self.tab_rows)
        tab_w = min(self.TAB_MAX_WIDTH, (self.area.width - 160) // max(1, per_row))
        self.tabs = []
        for i, (name, label_key) in enumerate(choices):
            row, col = divmod(i, per_row)
            rect = pygame.Rect(0, 0, tab_w, 84)
            rect.center = (self.area.centerx + round((col - (per_row - 1) / 2) * (tab_w + 20)),
                           self.area.top + 42 + row * 100)

            def show(name: str = name) -> None:
                self.variant = name
                rebuild()

            self.tabs.append(buttons.button(ui, rect, label_key, show,
                                            "#choice_on" if name == self.variant else "#choice",
                                            texts=self.TAB_TEXTS))

    def step(self, direction: int) -> None:
        """Left/right keys: the neighbouring variant, wrapping round."""
        names = [name for name, _ in self.tab_choices()]
        self.variant = names[(names.index(self.variant) + direction) % len(names)]
