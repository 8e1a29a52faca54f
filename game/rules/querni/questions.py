"""Questions about a movement or a position that the app asks while a turn is being made:
is this hop a step (Q-4.3) or a jump (Q-4.4), which squares did a path jump over, must the
player to move pass (Q-4.6), and what did a played turn touch (``trace_turn``: its start,
landings, destination and removed chain). Pure, like the rest of the rules."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.rules.querni.board import Color, Square
from game.rules.querni.chains import Chain
from game.rules.querni.state import QuerniState


def is_step(a: Square, b: Square) -> bool:
    """Q-4.3: whether ``b`` is one of the 8 neighbours of ``a`` (a step, not a jump)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def jumped_over(a: Square, b: Square) -> Square | None:
    """Q-4.4: the square between the two ends of a jump (``None`` for a step)."""
    if is_step(a, b):
        return None
    return ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)


def hops_jumped(path: Sequence[Square]) -> tuple[Square, ...]:
    """Every square a movement path jumped over, in order (empty for a step)."""
    over = (jumped_over(a, b) for a, b in zip(path, path[1:]))
    return tuple(sq for sq in over if sq is not None)


def can_move_or_remove(state: QuerniState) -> bool:
    """Whether the side to move has any movement or any chain (else Q-4.6 passes for it)."""
    if state.result is not None:
        return False
    mover = state.to_move
    if state.chains(mover):
        return True
    return any(state.destinations(sq) for sq, (c, _) in state.pieces.items() if c is mover)


def must_pass(state: QuerniState) -> bool:
    """Q-4.6: the game runs and the mover has no legal movement and no chain to remove."""
    return state.result is None and not can_move_or_remove(state)


@dataclass(frozen=True, slots=True)
class TurnTrace:
    """What one turn touched on the board, for showing it after it was played (Q-6.4 and the
    last move): who played, the movement's squares and the squares of the removed chain."""

    mover: Color
    path: tuple[Square, ...]
    """The movement: the start, every landing, the destination last; ``()`` without one."""
    chain: Chain | None
    removed: tuple[Square, ...]
    """Where the removed chain's pieces stood after the movement, in number order."""

    @property
    def start(self) -> Square | None:
        return self.path[0] if self.path else None

    @property
    def landings(self) -> tuple[Square, ...]:
        """The squares a jump sequence landed on before its destination (Q-4.5)."""
        return self.path[1:-1]

    @property
    def end(self) -> Square | None:
        """The destination: where the moved piece stands now."""
        return self.path[-1] if self.path else None

    @property
    def jumped(self) -> tuple[Square, ...]:
        return hops_jumped(self.path)

    @property
    def vacated(self) -> frozenset[Square]:
        """The squares the turn left empty (Q-6.4): the start and the landings of the movement,
        and the removed chain's squares."""
        return frozenset(self.path[:-1]) | frozenset(self.removed)

    @property
    def passed(self) -> bool:
        """Neither a movement nor a removal (Q-4.1)."""
        return not self.path and self.chain is None


def trace_turn(before: QuerniState, path: Sequence[Square] | None,
               chain: Chain | None) -> TurnTrace:
    """What the turn ``(path, chain)`` played from ``before`` touched; ``IllegalMove`` when it is
    not a legal turn there (it is checked as ``play`` checks it)."""
    route = [(c, r) for c, r in path] if path else None
    before.play(route, chain)
    mover = before.to_move
    removed: tuple[Square, ...] = ()
    if chain is not None:
        moved = before.moved(route) if route else before
        squares = [moved.where(mover, n) for n in range(chain[0], chain[1] + 1)]
        removed = tuple(sq for sq in squares if sq is not None)
    low_high = (chain[0], chain[1]) if chain is not None else None
    return TurnTrace(mover, tuple(route or ()), low_high, removed)
