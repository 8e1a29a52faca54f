"""The view state of the QUERNI turn in progress (:class:`TurnInProgress`) and everything the play
screen draws from it (:class:`TurnView`): the position shown, the squares lit, the chains that
can be removed. Every answer is asked of ``game.rules.querni``; nothing here decides a rule."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from game.rules.querni import Chain, IllegalMove, QuerniState, Square, is_step

_JUMPS = ((2, 0), (2, 2), (0, 2), (-2, 2), (-2, 0), (-2, -2), (0, -2), (2, -2))
"""Where a jump can land relative to the jumping piece: only candidates, the rules decide."""



@dataclass(frozen=True, slots=True)
class TurnInProgress:
    """The view state of the turn in progress (immutable, so UNDO and a refused drag just
    put an older value back)."""

    selected: Square | None = None  # piece in hand that has not moved yet
    path: tuple[Square, ...] = ()  # start and landings once the piece has moved
    open: bool = False  # a jump sequence that may go on (more landings lit)
    chain_mode: bool = False
    first: int | None = None  # number of the first chain end tapped
    chain: Chain | None = None


def step_back(turn: TurnInProgress) -> TurnInProgress:
    """UNDO's one step (Q-6.3, taken back a piece at a time so a slip costs one tap): chain
    mode and its choice go first, then the last landing (a jump sequence stays open on the
    square before it; the first landing leaves the piece in hand), then the piece in hand."""
    if turn.chain_mode:
        return replace(turn, chain_mode=False, first=None, chain=None)
    if len(turn.path) > 2:
        return TurnInProgress(path=turn.path[:-1], open=True)
    if turn.path:
        return TurnInProgress(selected=turn.path[0])
    return TurnInProgress()


class TurnView:
    """Everything the scene draws, derived from (state, turn) once and cached: the controller
    builds a new one at every change, so the queries are free to call every frame."""

    def __init__(self, state: QuerniState, turn: TurnInProgress) -> None:
        self.state = state
        self.turn = turn
        self.mover = state.to_move

    @cached_property
    def shown(self) -> QuerniState:
        """The position after the tentative movement (same side to move)."""
        if not self.turn.path:
            return self.state
        return self.state.moved(list(self.turn.path))

    @cached_property
    def lit(self) -> tuple[frozenset[Square], frozenset[Square]]:
        """(steps, jump landings) the piece in hand may be tapped onto now."""
        turn = self.turn
        if turn.chain_mode or self.state.result is not None:
            return frozenset(), frozenset()
        if not turn.path:
            if turn.selected is None:
                return frozenset(), frozenset()
            start = turn.selected
            ends = self.state.destinations(start)
            steps = frozenset(sq for sq in ends if is_step(start, sq))
            return steps, self._landings((start,), ends - steps)
        if not turn.open:
            return frozenset(), frozenset()
        return frozenset(), self._landings(turn.path, self.state.destinations(turn.path[0]))

    def _landings(self, path: tuple[Square, ...], ends: frozenset[Square]) -> frozenset[Square]:
        """The next jump landings after ``path``: the squares a jump away that the rules accept
        as the path's continuation (only squares among the piece's destinations can be)."""
        here = path[-1]
        out = set()
        for dc, dr in _JUMPS:
            land = (here[0] + dc, here[1] + dr)
            if land in ends and self._accepts(path + (land,)):
                out.add(land)
        return frozenset(out)

    def _accepts(self, path: tuple[Square, ...]) -> bool:
        try:
            self.state.moved(list(path))
        except IllegalMove:
            return False
        return True

    @cached_property
    def chains(self) -> tuple[Chain, ...]:
        """The mover's removable chains in the shown position (Q-3)."""
        if self.state.result is not None:
            return ()
        return tuple(self.shown.chains(self.mover))

    @cached_property
    def ends(self) -> frozenset[int]:
        """Numbers that start or end some removable chain."""
        return frozenset(n for chain in self.chains for n in chain)

    def completing(self, first: int) -> frozenset[int]:
        """Numbers that make a removable chain together with ``first``."""
        return frozenset(
            high if low == first else low for low, high in self.chains if first in (low, high)
        )

    @cached_property
    def candidates(self) -> frozenset[Square]:
        """The chain ends lit in chain mode."""
        turn = self.turn
        if not turn.chain_mode:
            return frozenset()
        numbers = self.ends if turn.first is None or turn.chain else self.completing(turn.first)
        return frozenset(self.square_of(n) for n in numbers)

    def square_of(self, number: int) -> Square:
        square = self.shown.where(self.mover, number)
        assert square is not None, "a chain number is on the board"
        return square

    def chain_squares(self, chain: Chain | None) -> tuple[Square, ...]:
        if chain is None:
            return ()
        return tuple(self.square_of(n) for n in range(chain[0], chain[1] + 1))

    @cached_property
    def marks(self) -> frozenset[Square]:
        """Squares of the mover's pieces in some removable chain."""
        return frozenset(sq for chain in self.chains for sq in self.chain_squares(chain))
