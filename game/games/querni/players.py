"""Who plays a colour: the seam between the play scene and a person or a bot.

The play scene asks the player whose turn it is, never which kind it is:

* ``takes_input``: taps, drags and keys on the board go to the turn controller only for a
  player that takes input (a person); for any other they are ignored;
* ``choose(state)``: called once per frame while it is that player's turn; a bot returns its
  whole turn ``(path, chain)`` once decided (``None`` while it thinks: the HUD shows the
  thinking dots), a person always ``None``. The scene feeds the chosen turn through
  ``gestures.gestures_for_turn`` → ``perform``, one gesture at a time at a human pace, with the
  same animations and sounds as a person's taps.

The computer opponent is ``computer.ComputerPlayer`` (``"computer:<level>"``); a bot that
thinks in the background also has ``cancel()``, which the scene calls when it leaves or pauses.
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
