"""What the QUERNI turn controller answers (Q-6): exactly one ``Result`` per command, a small
frozen ``Event`` the scene animates and sounds, or a ``Refusal`` with a translation ``key`` and
``params`` (squares as board names like ``"c4"``, piece numbers as ints, colours as
``"BLUE"``/``"RED"``; the refused ``(col, row)`` itself as ``Refusal.square``, for the shake).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from game.rules.querni import Chain, Color, Outcome, QuerniState, Square


class Why(StrEnum):
    """The controller's own refusal keys (the rules' keys in ``RULES_KEYS`` pass through)."""

    GAME_OVER = "game_over"
    """The game is over (no params)."""
    NOT_YOUR_PIECE = "not_your_piece"
    """That piece is the opponent's (square, number, color)."""
    EMPTY_SQUARE = "empty_square"
    """No piece there to select or to pick as a chain end (square)."""
    PIECE_BLOCKED = "piece_blocked"
    """Own piece with no step and no jump this turn (square, number)."""
    ONE_JUMP_AT_A_TIME = "one_jump_at_a_time"
    """The piece can get there, but only by tapping each landing in turn (square)."""
    ALREADY_MOVED = "already_moved"
    """The movement of this turn is made; UNDO to move otherwise (square)."""
    NOT_CHAIN_END = "not_chain_end"
    """Own piece that neither starts nor ends a removable chain (square, number)."""
    CHAIN_MISMATCH = "chain_mismatch"
    """No removable chain runs from the first end to this piece (square, number, first)."""
    CHAIN_INCOMPLETE = "chain_incomplete"
    """END MOVE after one chain end only (first, first_square)."""
    NO_CHAIN = "no_chain"
    """SELECT CHAIN with no removable chain of the mover's (color)."""
    NOTHING_TO_UNDO = "nothing_to_undo"
    """UNDO at the start of a turn; after END MOVE nothing can be taken back (no params)."""
    NOT_STUCK = "not_stuck"
    """An automatic pass asked for while the mover can still move or remove (color)."""
    NOT_REACHABLE = "not_reachable"
    """Fallback when the rules give no reason (square); should not be seen in practice."""


RULES_KEYS = frozenset(
    {
        "not_a_square",  # off the board (square: the raw value, repr'd)
        "too_far",  # neither a step nor a jump away (start, square)
        "occupied",  # the target square holds a piece (square)
        "nothing_to_jump",  # two away in a line, but no piece between (start, square)
        "step_and_jump",  # a step after a jump (no params)
        "back_to_start",  # a jump landing on the square the piece started from (square)
        "landed_twice",  # a jump landing on a square already landed on this turn (square)
    }
)
"""Keys of ``IllegalMove`` refusals from the rules that a tap can run into; passed through
unchanged, with the square params turned into board names like the controller's own."""

REFUSAL_KEYS = frozenset(Why) | RULES_KEYS
"""Every key a ``Refusal`` from the controller can carry (the catalogues need them all)."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """Nothing happened, and why: a translation ``key`` with ``params``. ``square`` is the
    ``(col, row)`` that was refused, if any, for the scene's shake."""

    key: str
    params: dict[str, Any] = field(default_factory=dict, hash=False, compare=True)
    square: Square | None = None


class Event:
    """Base of everything that happened; a ``Result`` is an ``Event`` or a ``Refusal``."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Selected(Event):
    """A piece was picked up to move (Q-6.1); ``previous`` is the piece put down, if any."""

    square: Square
    number: int
    previous: Square | None = None


@dataclass(frozen=True, slots=True)
class Deselected(Event):
    """The selected piece was tapped again and put down (no movement made)."""

    square: Square


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """The piece moved one step or made one jump (Q-6.1). ``jumped`` is the square jumped
    over (``None`` for a step): the animation arcs over it. ``can_jump_on``: more landings are
    lit, the player may tap on or stop."""

    start: Square
    frm: Square
    to: Square
    jumped: Square | None
    can_jump_on: bool

    @property
    def is_jump(self) -> bool:
        return self.jumped is not None


@dataclass(frozen=True, slots=True)
class JumpStopped(Event):
    """The player stopped a jump sequence that could have gone on (tap on the piece, or
    SELECT CHAIN); the landings are no longer lit."""

    square: Square


@dataclass(frozen=True, slots=True)
class ChainModeChanged(Event):
    """SELECT CHAIN toggled (Q-6.2). Turning it on puts down a piece that has not moved and
    stops a jump sequence (``stopped_jump``); turning it off drops the chain picked."""

    on: bool
    stopped_jump: bool = False


@dataclass(frozen=True, slots=True)
class ChainEndPicked(Event):
    """The first end of a chain was tapped; the pieces completing a chain with it are lit."""

    square: Square
    number: int


@dataclass(frozen=True, slots=True)
class ChainEndReleased(Event):
    """The first end was tapped again and let go; every chain end is lit again."""

    square: Square
    number: int


@dataclass(frozen=True, slots=True)
class ChainChosen(Event):
    """Both ends are tapped: the chain to remove at END MOVE, with its squares in number order
    (the scene highlights them piece by piece, Q-6.2)."""

    chain: Chain
    squares: tuple[Square, ...]


@dataclass(frozen=True, slots=True)
class Undone(Event):
    """UNDO (Q-6.3), one step: ``path`` is the movement before a landing was taken back (the
    piece goes from ``path[-1]`` back to ``kept[-1]``, or home to ``path[0]`` when ``kept`` is
    empty; ``None`` when no landing went), ``chain`` the chain choice dropped, ``kept`` the
    movement left."""

    path: tuple[Square, ...] | None
    chain: Chain | None
    kept: tuple[Square, ...] = ()

    @property
    def back_to(self) -> Square | None:
        """Where the piece taken back lands: its square before the landing taken back."""
        if not self.path:
            return None
        return self.kept[-1] if self.kept else self.path[0]


@dataclass(frozen=True, slots=True)
class PassConfirmationNeeded(Event):
    """END MOVE with nothing done: ask "Pass this turn?", then call
    ``end_move(confirm_pass=True)`` on yes (nothing has changed meanwhile)."""


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """A turn was committed through the rules (``before.play(*turn) == state``): ``removed``
    the chain's squares in number order, ``jumped`` the squares jumped over, ``passed`` no
    movement and no removal, ``automatic`` the pass of Q-4.6, ``outcome`` set when this turn
    ended the game (Q-5)."""

    mover: Color
    before: QuerniState
    state: QuerniState
    path: tuple[Square, ...] | None
    chain: Chain | None
    removed: tuple[Square, ...]
    jumped: tuple[Square, ...]
    passed: bool
    automatic: bool
    outcome: Outcome | None

    @property
    def game_over(self) -> bool:
        return self.outcome is not None

    @property
    def turn(self) -> tuple[list[Square] | None, Chain | None]:
        """The turn as ``QuerniState.play`` and ``legal_turns`` write it."""
        return (list(self.path) if self.path is not None else None, self.chain)


@dataclass(frozen=True, slots=True)
class CursorMoved(Event):
    """The keyboard cursor is on ``square``; ``moved`` is False when it hit the board edge."""

    square: Square
    moved: bool


Result = Event | Refusal
