"""Undo within a turn where no chance is involved (issue 48): each placement, pick-up and
−1 / +1 can be taken back until the turn ends, never across a roll (ROLL or REROLL).

A :class:`TurnState` is everything such a move changes; :class:`TurnUndo` keeps the states
before each move of the turn and restores them last first through
``MagdagdonGame.restore_turn``. It does not watch the game: the caller hands over the game
after anything happened (:meth:`TurnUndo.observe`) and the stack sorts out what changed.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.errors import IllegalMove
from game.rules.magdagdon.board import Board
from game.rules.magdagdon.game import MagdagdonGame

MAX_STEPS = 64
"""More steps than a turn can take back in practice; the oldest are forgotten."""


@dataclass(frozen=True)
class TurnState:
    """One moment of a turn: what an undo restores and what tells turns and rolls apart."""

    board: Board
    turns: int
    rolls: int
    dice: tuple[int, ...]
    placed: tuple[tuple[int, int], ...]  # (die, cell) in placement order
    powers_used: int

    @classmethod
    def of(cls, game: MagdagdonGame) -> TurnState:
        return cls(game.board, game.turns, game.rolls, game.dice, tuple(game.placed.items()),
                   game.powers_used)

    def same_roll(self, other: TurnState) -> bool:
        """Both in the same turn with no dice rolled in between (an undo may join them)."""
        return (bool(self.dice) and (self.board, self.turns, self.rolls)
                == (other.board, other.turns, other.rolls))


class TurnUndo:
    """The states before each move of this roll, newest last."""

    def __init__(self) -> None:
        self._states: list[TurnState] = []
        self._seen: TurnState | None = None

    def clear(self) -> None:
        self._states.clear()
        self._seen = None

    def observe(self, game: MagdagdonGame) -> None:
        """Hand over the game after anything happened: a change within the roll is recorded
        as a step, a new roll or turn forgets every step."""
        state = TurnState.of(game)
        seen, self._seen = self._seen, state
        if seen is None or seen == state:
            return
        if seen.same_roll(state):
            self._states.append(seen)
            del self._states[:-MAX_STEPS]
        else:
            self._states.clear()

    def available(self, game: MagdagdonGame) -> bool:
        """A step of this very roll can be taken back."""
        return bool(self._states) and self._states[-1].same_roll(TurnState.of(game))

    def undo(self, game: MagdagdonGame) -> TurnState:
        """Restore the state before the last move; ``IllegalMove`` when there is none in this
        roll (a roll came in between, or nothing was done)."""
        if not self.available(game):
            self._states.clear()
            raise IllegalMove("Nothing to take back since the dice were rolled.", "no_undo")
        state = self._states.pop()
        game.restore_turn(state.dice, state.placed, state.powers_used)
        self._seen = state
        return state
