"""QUERNI rules (``querni-rules.md`` Q-1..Q-5); the public API of ``rules-api.md``.

``IllegalMove`` is the same class as MAGDAGDON's, so the UI handles both games' refusals alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import exports

if TYPE_CHECKING:
    from game.rules.errors import IllegalMove
    from game.rules.querni.board import (
        COLS,
        DIRECTIONS,
        PIECES,
        ROWS,
        START_SQUARES,
        Color,
        Square,
        is_square,
        name,
    )
    from game.rules.querni.chains import MIN_CHAIN, Chain, can_still_chain
    from game.rules.querni.questions import (
        TurnTrace,
        can_move_or_remove,
        hops_jumped,
        is_step,
        jumped_over,
        must_pass,
        trace_turn,
    )
    from game.rules.querni.state import (
        ALL_REMOVED,
        DRAW_TURNS,
        NO_CHAIN_LEFT,
        QUIET_ROUNDS,
        SAVE_VERSION,
        Outcome,
        Path,
        QuerniState,
        Turn,
    )

_HOMES = {
    "game.rules.errors": ("IllegalMove",),
    "game.rules.querni.board": (
        "COLS", "DIRECTIONS", "PIECES", "ROWS", "START_SQUARES", "Color", "Square", "is_square",
        "name",
    ),
    "game.rules.querni.chains": ("MIN_CHAIN", "Chain", "can_still_chain"),
    "game.rules.querni.questions": (
        "TurnTrace", "can_move_or_remove", "hops_jumped", "is_step", "jumped_over", "must_pass",
        "trace_turn",
    ),
    "game.rules.querni.state": (
        "ALL_REMOVED", "DRAW_TURNS", "NO_CHAIN_LEFT", "QUIET_ROUNDS", "SAVE_VERSION", "Outcome",
        "Path", "QuerniState", "Turn",
    ),
}
__getattr__ = exports(__name__, _HOMES)

__all__ = [
    "ALL_REMOVED", "NO_CHAIN_LEFT", "QUIET_ROUNDS", "Outcome", "COLS", "DIRECTIONS",
    "DRAW_TURNS", "MIN_CHAIN", "PIECES", "ROWS", "SAVE_VERSION", "START_SQUARES", "Chain",
    "Color", "IllegalMove", "Path", "QuerniState", "Square", "Turn", "TurnTrace",
    "can_move_or_remove", "can_still_chain", "hops_jumped", "is_square", "is_step",
    "jumped_over", "must_pass", "name", "trace_turn",
]
