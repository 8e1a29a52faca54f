"""Who plays a colour: the seam between the play scene and a person or a bot.

The scene asks the player to move, never which kind it is: ``takes_input`` (board gestures
reach the controller only for a person), ``choose(state)`` once a frame on its turn (a bot's
whole turn once decided, ``None`` while it thinks or for a person; the scene plays a bot's
turn through the same gestures at a person's pace) and, for a bot that thinks in the
background, ``cancel()`` when the scene leaves or pauses.
"""

from __future__ import annotations

from typing import Protocol

from game.games.querni.computer import ComputerPlayer
from game.games.querni.session import HUMAN, computer_level
from game.rules.querni import Chain, QuerniState, Square

TurnChoice = tuple[list[Square] | None, Chain | None]


class Player(Protocol):
    kind: str
    """What is stored in the session's ``players`` (``"human"`` or a bot's name)."""

    @property
    def takes_input(self) -> bool: ...

    def choose(self, state: QuerniState) -> TurnChoice | None: ...


class HumanPlayer:
    """A person at the screen: plays by tapping; never chooses on their own."""

    kind = HUMAN
    takes_input = True

    def choose(self, state: QuerniState) -> TurnChoice | None:
        return None


def make_player(kind: str, *, deterministic: bool = False, seed: int | None = None
                ) -> Player:
    """The player for a stored kind: the computer for ``"computer:<level>"`` (reproducible
    with ``deterministic``, see ``computer``), else a person (an unknown kind plays as one)."""
    level = computer_level(kind)
    if level is not None:
        return ComputerPlayer(level, deterministic=deterministic, seed=seed)
    return HumanPlayer()


def cancel(player: Player) -> None:
    """Stop whatever ``player`` is thinking about in the background (nothing for a person)."""
    stop = getattr(player, "cancel", None)
    if callable(stop):
        stop()
