"""What every game's play picture shares: the layer that stays put during a game, composed once
and made again only when what it shows changes, and what the picture asks of every play screen
(its buttons drawn over the picture, and their look compared for partial redraws)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame

from game.arcade.widgets.background import background
from game.engine import i18n, textlog


class Screen(Protocol):
    """What a play picture asks of every play screen (``PlayScreen`` answers it)."""

    def canvas_size(self) -> tuple[int, int]: ...
    def draw_gui(self, surface: pygame.Surface) -> None: ...
    def gui_picture(self) -> tuple[Any, ...]: ...


class StaticLayer:
    """What stays put during a game (the backdrop, the board's frame, the logo…) composed once
    into one opaque layer, so a frame starts with one plain blit instead of a dozen, several
    with alpha. ``compose(layer, extra)`` draws a game's part over the backdrop; the layer is
    made again when the size, the language or the game's ``extra`` part of the key changes."""

    def __init__(self, compose: Callable[[pygame.Surface, Any], None]) -> None:
        self._compose = compose
        self._made: tuple[tuple[object, ...], pygame.Surface] | None = None

    @staticmethod
    def key(size: tuple[int, int], extra: object) -> tuple[object, ...]:
        return (size, i18n.current(), extra)

    def layer(self, size: tuple[int, int], extra: object) -> pygame.Surface:
        key = self.key(size, extra)
        if self._made is None or self._made[0] != key:
            layer = background(size).copy()
            self._compose(layer, extra)
            self._made = (key, layer)
        return self._made[1]

    def blit(self, surface: pygame.Surface, extra: object) -> None:
        """Start a frame on ``surface`` with the layer (its texts logged where they show)."""
        layer = self.layer(surface.get_size(), extra)
        surface.blit(layer, (0, 0))
        textlog.placed(surface, layer, (0, 0))
