"""The message line both play screens share: a new message rises in, a repeated one does not."""

from __future__ import annotations

import pygame

from game.arcade.widgets.message_line import RISE_PIXELS, RISE_SECONDS, MessageLine, draw


def test_a_new_message_rises_and_the_same_one_shown_again_does_not() -> None:
    line = MessageLine()
    line.show("ROLL")
    assert line.rising and line.age == 0.0
    line.update(RISE_SECONDS)
    assert not line.rising
    line.show("ROLL")
    assert not line.rising  # the same message: still in place
    line.show("PLACE 2 MORE")
    assert line.rising


def test_a_rising_message_is_drawn_lower_then_in_place(app) -> None:
    def lowest_ink(age: float) -> int:
        surface = pygame.Surface((600, 200))
        draw(surface, "HELLO", (255, 255, 255), age, (300, 100), 500)
        rows = [y for y in range(200) if any(surface.get_at((x, y))[0] > 128
                                             for x in range(0, 600, 3))]
        return max(rows)

    assert lowest_ink(0.0) - lowest_ink(RISE_SECONDS) in range(RISE_PIXELS - 1, RISE_PIXELS + 2)
