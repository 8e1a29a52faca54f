"""QUERNI rules (``querni-rules.md`` Q-1..Q-5); the public API of ``rules-api.md``.

``IllegalMove`` is the same class as MAGDAGDON's, so the UI handles both games' refusals alike.
"""

from ..magdagdon.errors import IllegalMove
from .board import (
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
from .chains import MIN_CHAIN, Chain, can_still_chain
from .state import DRAW_TURNS, SAVE_VERSION, Path, QuerniState, Turn

__all__ = [
    "COLS",
    "DIRECTIONS",
    "DRAW_TURNS",
    "MIN_CHAIN",
    "PIECES",
    "ROWS",
    "SAVE_VERSION",
    "START_SQUARES",
    "Chain",
    "Color",
    "IllegalMove",
    "Path",
    "QuerniState",
    "Square",
    "Turn",
    "can_still_chain",
    "is_square",
    "name",
]
