"""Why a QUERNI turn is good, in a few words a newcomer can act on (HINT's line, issue 48).

``reason(state, path, chain)`` names the first that holds, as a key and its numbers: ``wins``
(removes the mover's last pieces), ``keeps`` (removes part of a longer chain and leaves
``number`` for later), ``prepares`` (a new chain ``low``–``high`` with the moved piece),
``blocks`` (the piece now stands between the opponent's ``low`` and ``high``), ``links`` (the
moved ``number`` beside ``other``), ``closer`` (fewer turns needed by the race evaluation);
``None`` when none holds. No pygame, no text.
"""

from __future__ import annotations

from game.rules.querni import Chain, Color, Path, QuerniState, Square

from .context import Context
from .evaluate import link_costs, turns_needed
from .position import mask_of, positions

Reason = tuple[str, dict[str, int]]

BLOCK_MARGIN = 0.5
"""How much longer (in turns) the opponent's link must get for the movement to count as a
block: a step aside that only lengthens a link a little is no block."""


def reason(state: QuerniState, path: Path | None, chain: Chain | None) -> Reason | None:
    """Why the turn ``(path, chain)`` is good for the side to move (see the module)."""
    mover = state.to_move
    after = state.play(list(path) if path else None, chain)
    if after.result == mover.name:
        return "wins", {}
    if chain is not None:
        kept = _kept(state, mover, chain)
        if kept is not None:
            return "keeps", {"number": kept}
    if not path:
        return None
    moved = state.moved(list(path))
    number = _number(state, mover, path[0])
    new = [c for c in moved.chains(mover) if c not in state.chains(mover)
           and c[0] <= number <= c[1] and c != chain]
    if new:
        low, high = max(new, key=lambda c: c[1] - c[0])
        return "prepares", {"low": low, "high": high}
    block = _block(state, moved, mover.opponent)
    if block is not None:
        return "blocks", {"low": block, "high": block + 1}
    for other in (number - 1, number + 1):
        square = moved.where(mover, other)
        if square is not None and _beside(square, path[-1]):
            before = state.where(mover, other)
            if before is None or not _beside(before, path[0]):
                return "links", {"number": number, "other": other}
    if _turns(moved, mover) < _turns(state, mover) - 1e-9:
        return "closer", {}
    return None


def _number(state: QuerniState, color: Color, square: Square) -> int:
    piece = state.pieces.get(square)
    return piece[1] if piece is not None and piece[0] is color else 0


def _beside(a: Square, b: Square) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def _kept(state: QuerniState, mover: Color, chain: Chain) -> int | None:
    """The number beside the removed ``chain`` that a longer chain through it would also have
    taken: the one the removal keeps on the board (``None``: the chain was removed whole)."""
    for low, high in state.chains(mover):
        if low <= chain[0] and chain[1] <= high and (low, high) != chain:
            return chain[1] + 1 if high > chain[1] else chain[0] - 1
    return None


def _block(before: QuerniState, after: QuerniState, color: Color) -> int | None:
    """The lower of the two consecutive numbers of ``color`` whose way to each other the
    movement lengthened most (by at least ``BLOCK_MARGIN`` turns), or ``None``."""
    sign = 1 if color is Color.BLUE else -1
    old = link_costs(before.cells, positions(before.cells, sign))
    new = link_costs(after.cells, positions(after.cells, sign))
    best, gain = None, BLOCK_MARGIN - 1e-9
    for n, (a, b) in enumerate(zip(old, new)):
        if b - a > gain:
            best, gain = n, b - a
    return best


def _turns(state: QuerniState, color: Color) -> float:
    sign = 1 if color is Color.BLUE else -1
    pos = positions(state.cells, sign)
    return turns_needed(state.cells, pos, mask_of(pos), Context())
