"""The message line every play screen has: what the game says now, rising in when it changes."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from game.arcade.widgets import text

RISE_SECONDS = 0.125
"""How long a new message takes to rise into place (partial redraws repaint it meanwhile)."""
RISE_PIXELS = 10


class MessageLine:
    """How long ago the message shown changed (its ``age``, in seconds)."""

    def __init__(self) -> None:
        self.shown: Hashable = None
        self.age = RISE_SECONDS

    def show(self, message: Hashable) -> None:
        """The message now (any value that says what is shown): a new one starts rising."""
        if message != self.shown:
            self.shown = message
            self.age = 0.0

    def update(self, dt: float) -> None:
        self.age += dt

    @property
    def rising(self) -> bool:
        """Whether the text still moves into place."""
        return self.age < RISE_SECONDS


def draw(surface: pygame.Surface, message: str, colour: tuple[int, int, int], age: float,
         centre: tuple[float, float], width: int, size: int = 32, least: int = 20,
         gap: int = 4, height: int | None = None) -> None:
    """``message`` in up to two bold lines fitted into ``width`` (and ``height``, when it
    sits in a box: its lines' ink, accents and descenders included) around ``centre``, lifted
    by up to :data:`RISE_PIXELS` while it rises in (``age`` seconds after it appeared)."""
    if not message:
        return
    size, lines = text.fit_lines(message, "bold", size, width, 2, minimum=least)
    while height is not None and size > least and (
            (len(lines) - 1) * (size + gap) + text.line_step("bold", size, 0) > height):
        size, lines = text.fit_lines(message, "bold", size - 2, width, 2, minimum=least)
    rise = (1 - min(1.0, age / RISE_SECONDS)) * RISE_PIXELS
    text.blit_lines(surface, lines, "bold", size, colour, "center",
                    (centre[0], centre[1] + rise), gap=gap)
