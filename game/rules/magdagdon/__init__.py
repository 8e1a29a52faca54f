"""MAGDAGDON rules (``magdagdon-rules.md`` M-1..M-8); the public API of ``rules-api.md``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import exports

if TYPE_CHECKING:
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
        HIGHEST_SCORE,
        LINES,
        RUIN_PENALTY,
        Combo,
        LineScore,
        ScoreCard,
        line_combo,
        score,
        score_range,
    )

_HOMES = {
    "game.rules.errors": ("IllegalMove",),
    "game.rules.magdagdon.board": (
        "CELLS", "EMPTY_BOARD", "NEIGHBOURS", "RUIN", "SIZE", "Board", "Cell",
        "can_place_minimum", "check_board", "empty_cells", "find_sequence", "is_connected",
        "is_legal_sequence", "is_number", "legal_cells", "placement_problem",
        "required_placements",
    ),
    "game.rules.magdagdon.difficulty": ("Difficulty",),
    "game.rules.magdagdon.game": ("DICE", "MagdagdonGame"),
    "game.rules.magdagdon.records": ("TABLE_SIZE", "rank"),
    "game.rules.magdagdon.scoring": (
        "HIGHEST_SCORE", "LINES", "RUIN_PENALTY", "Combo", "LineScore", "ScoreCard", "line_combo",
        "score", "score_range",
    ),
}
__getattr__ = exports(__name__, _HOMES)

__all__ = [
    "CELLS", "DICE", "EMPTY_BOARD", "HIGHEST_SCORE", "LINES", "NEIGHBOURS", "RUIN",
    "RUIN_PENALTY", "SIZE", "TABLE_SIZE", "Board", "Cell", "Combo", "Difficulty",
    "IllegalMove", "LineScore", "MagdagdonGame", "ScoreCard", "can_place_minimum",
    "check_board", "empty_cells", "find_sequence", "is_connected", "is_legal_sequence",
    "is_number", "legal_cells", "line_combo", "placement_problem", "rank",
    "required_placements", "score", "score_range",
]
