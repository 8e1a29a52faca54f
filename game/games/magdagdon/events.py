"""What the MAGDAGDON controller tells the play screen: the line for the player
(:class:`Message`) and the events to animate and sound, oldest first (``drain_events``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.rules.magdagdon import IllegalMove

GOOD, BAD, PLAIN = "good", "bad", "plain"


@dataclass(frozen=True)
class Message:
    """A line for the player: a translation key of MAGDAGDON's catalogue, its parameters and a
    tone (good / bad / plain). ``key == ""`` is no message. A tuple parameter is a list of
    translation keys, shown translated and joined with commas (e.g. the combos' names)."""

    key: str = ""
    params: dict[str, Any] = field(default_factory=dict)
    tone: str = PLAIN


# --- events for the scene (what to animate and play) --------------------------------------------
@dataclass(frozen=True)
class Rolled:
    dice: tuple[int, ...]  # which dice tumble: all four, or those rerolled
    reroll: bool = False


@dataclass(frozen=True)
class Placed:
    die: int
    cell: int


@dataclass(frozen=True)
class Refused:
    """A refusal to show on the cell and/or die; ``sound``: the illegal-move sound too (a mere
    nudge, such as tapping a cell before picking a die, is silent)."""

    cell: int | None = None
    die: int | None = None
    sound: bool = True


@dataclass(frozen=True)
class Confirmed:
    """CONFIRM made the tentative dice permanent."""


@dataclass(frozen=True)
class PickedUp:
    returned: tuple[int, ...]  # the die picked up first, then the cascade (M-3.5)
    cells: tuple[int, ...]  # where each of them stood


@dataclass(frozen=True)
class Adjusted:
    die: int


@dataclass(frozen=True)
class Slam:
    """MAGDAGDON: the banner slams in."""


@dataclass(frozen=True)
class Ruined:
    cell: int


@dataclass(frozen=True)
class Combos:
    lines: tuple[int, ...]  # indices into LINES (rows 0..3, then columns 0..3)
    combos: tuple[str, ...]


@dataclass(frozen=True)
class TurnEnded:
    over: bool


@dataclass(frozen=True)
class Autosave:
    """A point where the game is saved: after every confirm, ruin and power."""


Event = (Rolled | Placed | Refused | Confirmed | PickedUp | Adjusted | Slam | Ruined | Combos
         | TurnEnded | Autosave)


def illegal_message(error: IllegalMove) -> Message:
    """The rule's refusal in the player's words (players count dice and cells from 1)."""
    params = {k: v + 1 if k in ("die", "cell") and isinstance(v, int) else v
              for k, v in error.params.items()}
    return Message(f"illegal.{error.key}", params, BAD)
