"""Questions about a movement or a position that the app asks while a turn is being made:
is this hop a step (Q-4.3) or a jump (Q-4.4), which squares did a path jump over, and must the
player to move pass (Q-4.6). Pure, like the rest of the rules."""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.querni.board import Square
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
