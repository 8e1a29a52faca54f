"""MAGDAGDON rules (``magdagdon-rules.md`` M-1..M-8); the public API of ``rules-api.md``."""

from game.rules.errors import IllegalMove
from game.rules.magdagdon.board import (
    CELLS,
    EMPTY_BOARD,
    NEIGHBOURS,
    RUIN,
    SIZE,
    Board,
    Cell,
    can_place_minimum,
    check_board,
    empty_cells,
    find_sequence,
    is_connected,
    is_legal_sequence,
    is_number,
    legal_cells,
    placement_problem,
    required_placements,
)
from game.rules.magdagdon.difficulty import Difficulty
from game.rules.magdagdon.game import DICE, MagdagdonGame
from game.rules.magdagdon.records import TABLE_SIZE, rank
from game.rules.magdagdon.scoring import (
    LINES,
    RUIN_PENALTY,
    Combo,
    LineScore,
    ScoreCard,
    line_combo,
    score,
)

__all__ = [
    "CELLS",
    "DICE",
    "EMPTY_BOARD",
    "LINES",
    "NEIGHBOURS",
    "RUIN",
    "RUIN_PENALTY",
    "SIZE",
    "TABLE_SIZE",
    "Board",
    "Cell",
    "Combo",
    "Difficulty",
    "IllegalMove",
    "LineScore",
    "MagdagdonGame",
    "ScoreCard",
    "can_place_minimum",
    "check_board",
    "empty_cells",
    "find_sequence",
    "is_connected",
    "is_legal_sequence",
    "is_number",
    "legal_cells",
    "line_combo",
    "placement_problem",
    "rank",
    "required_placements",
    "score",
]
