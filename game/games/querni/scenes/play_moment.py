"""What the QUERNI play screen is at this moment, read once by its parts (the gestures, the
picture) instead of asking the scene for each thing: a small immutable value."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from game.games.querni.scenes.hinting import Hint


@dataclass(frozen=True)
class Moment:
    human_turn: bool
    """A person is to move and may tap (the present shown, the game running)."""
    waiting: bool
    """Only an automatic pass or the game-over panel is coming: input waits for it."""
    busy: bool
    """Something plays out that a tap brings to its end (a flight, a pop, ``waiting``)."""
    hint_available: bool
    hint: Hint | None
    """HARD's suggestion shown now, if any."""
    hint_thinking: bool
    dots: str
    """HINT's thinking dots, while it thinks."""
    thinking: bool
    """The computer is deciding its turn."""
    computer_moves: bool
    """The side to move takes no input (the computer, thinking or playing its turn)."""
    versus_computer: bool
    two_people: bool
    note: tuple[Callable[[], str], str] | None
    """An explanation and its tone until the next action (made in the language shown)."""
    time: float
    chain_button: pygame.Rect | None
    """SELECT CHAIN's place, once the buttons are built."""
