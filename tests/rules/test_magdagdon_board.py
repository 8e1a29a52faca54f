"""Board shape (M-1), difficulty table (M-2) and legal placement (M-4) on bare boards."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from game.rules.magdagdon import (
    EMPTY_BOARD,
    NEIGHBOURS,
    RUIN,
    Difficulty,
    IllegalMove,
    MagdagdonGame,
    can_place_minimum,
    check_board,
    is_connected,
    legal_cells,
    required_placements,
    score,
)
from tests.rules.magdagdon_support import board_of, naive_legal_cells

# --- M-1 board -------------------------------------------------------------------------------


def test_m1_1_cells_are_numbered_row_major() -> None:
    """M-1.1: cell i is row i // 4, column i % 4; row 0 on top, column 0 on the left."""
    board = board_of("1... / .... / .... / ...6")
    assert board[0] == 1 and board[15] == 6
    assert set(NEIGHBOURS[0]) == {1, 4}
    assert set(NEIGHBOURS[5]) == {1, 4, 6, 9}
    assert set(NEIGHBOURS[15]) == {11, 14}


def test_m1_1_no_wrap_around_between_rows() -> None:
    """M-1.1: cell 3 (row 0, col 3) and cell 4 (row 1, col 0) are not neighbours."""
    board = board_of("...3 / .... / .... / ....")
    assert legal_cells(board, 3) == {2, 7}
    board = board_of(".... / 3... / .... / ....")
    assert legal_cells(board, 3) == {0, 5, 8}


def test_m1_2_cells_are_empty_number_or_ruin() -> None:
    """M-1.2: a cell is None, an int 1..6 or RUIN; RUIN is one sentinel."""
    board = board_of("123R / 456. / .... / ....")
    assert check_board(list(board)) == board
    assert board[3] is RUIN and board[3] == RUIN
    assert copy.deepcopy(RUIN) is RUIN
    assert pickle.loads(pickle.dumps(RUIN)) is RUIN


def test_m1_3_is_connected() -> None:
    """M-1.3: the numbers must form one orthogonally connected field."""
    assert is_connected(EMPTY_BOARD)
    assert is_connected(board_of("34.. / .4.. / .R.. / ...."))
    assert not is_connected(board_of("3... / .4.. / .... / ...."))  # diagonal only
    assert not is_connected(board_of("3R3. / .... / .... / ...."))  # a ruin does not connect


MALFORMED = [
    pytest.param((None,) * 15, id="length-15"),
    pytest.param((None,) * 17, id="length-17"),
    pytest.param([None] * 15, id="list-of-15"),
    pytest.param((7,) + (None,) * 15, id="value-7"),
    pytest.param((0,) + (None,) * 15, id="value-0"),
    pytest.param(("3",) + (None,) * 15, id="string-3"),
    pytest.param((True,) + (None,) * 15, id="bool-True"),
    pytest.param((3.0,) + (None,) * 15, id="float-3.0"),
    pytest.param(("RUIN",) + (None,) * 15, id="string-RUIN"),
    pytest.param("." * 16, id="a-string"),
    pytest.param(None, id="None"),
    pytest.param(16, id="an-int"),
]


@pytest.mark.parametrize("board", MALFORMED)
def test_m1_2_malformed_boards_raise_value_error_everywhere(board: object) -> None:
    """M-1.2 / API: every board-taking function refuses a malformed board with ValueError."""
    with pytest.raises(ValueError):
        legal_cells(board, 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        can_place_minimum(board, [1, 2, 3, 4], 2)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        required_placements(board, Difficulty.PEACEFUL)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        score(board, Difficulty.PEACEFUL, 0)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [0, 7, True, 3.0, "3", None])
def test_m4_bad_die_values_raise_value_error(value: object) -> None:
    with pytest.raises(ValueError):
        legal_cells(EMPTY_BOARD, value)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        can_place_minimum(EMPTY_BOARD, [1, value, 3], 1)  # type: ignore[list-item]


def test_bad_difficulty_or_powers_raise_value_error() -> None:
    with pytest.raises(ValueError):
        required_placements(EMPTY_BOARD, "PEACEFUL")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        score(EMPTY_BOARD, "PEACEFUL", 0)  # type: ignore[arg-type]
    for bad in (-1, 4, True, 1.0):
        with pytest.raises(ValueError):
            score(EMPTY_BOARD, Difficulty.PEACEFUL, bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        score(EMPTY_BOARD, Difficulty.SURVIVAL, 2)
    with pytest.raises(ValueError):
        score(EMPTY_BOARD, Difficulty.NIGHTMARE, 1)


def test_illegal_move_is_a_value_error() -> None:
    assert issubclass(IllegalMove, ValueError)


# --- M-2 difficulty ----------------------------------------------------------------------------


def test_m2_difficulty_table() -> None:
    """M-2: powers 3/1/0, normal minimum 2/2/3."""
    assert [d.name for d in Difficulty] == ["PEACEFUL", "SURVIVAL", "NIGHTMARE"]
    assert (Difficulty.PEACEFUL.powers, Difficulty.PEACEFUL.minimum) == (3, 2)
    assert (Difficulty.SURVIVAL.powers, Difficulty.SURVIVAL.minimum) == (1, 2)
    assert (Difficulty.NIGHTMARE.powers, Difficulty.NIGHTMARE.minimum) == (0, 3)


def _board_with_empties(n: int) -> tuple:
    cells = [3] * 16
    for i in range(n):
        cells[15 - i] = None
    return tuple(cells)


@pytest.mark.parametrize(
    ("empties", "peaceful", "survival", "nightmare"),
    [(16, 2, 2, 3), (4, 2, 2, 3), (3, 2, 2, 3), (2, 2, 2, 2), (1, 1, 1, 1), (0, 0, 0, 0)],
)
def test_m2_1_required_placements(
    empties: int, peaceful: int, survival: int, nightmare: int
) -> None:
    """M-2.1: min(normal minimum, empty cells); NIGHTMARE's last two cells need 2, the last 1."""
    board = _board_with_empties(empties) if empties < 16 else EMPTY_BOARD
    assert required_placements(board, Difficulty.PEACEFUL) == peaceful
    assert required_placements(board, Difficulty.SURVIVAL) == survival
    assert required_placements(board, Difficulty.NIGHTMARE) == nightmare


def test_m2_1_ruins_are_not_empty_cells() -> None:
    """M-2.1: only empty cells count; two empties beside ruins need 2 in NIGHTMARE."""
    board = board_of("RR.. / 3333 / 3333 / RRRR")
    assert required_placements(board, Difficulty.NIGHTMARE) == 2


# --- M-4 legal placement -----------------------------------------------------------------------


def test_m4_1_occupied_and_ruined_cells_are_never_legal() -> None:
    """M-4.1: c must be empty."""
    board = board_of("33R. / .... / .... / ....")
    for v in (2, 3, 4):
        cells = legal_cells(board, v)
        assert 0 not in cells and 1 not in cells and 2 not in cells


def test_m4_2_first_die_anywhere() -> None:
    """M-4.2: with no number on the board any empty cell qualifies."""
    for v in range(1, 7):
        assert legal_cells(EMPTY_BOARD, v) == frozenset(range(16))


def test_m4_2_first_die_anywhere_also_with_only_ruins() -> None:
    """M-4.2: only ruins on the board still counts as 'no number': any empty cell."""
    board = board_of("R... / .R.. / .... / ...R")
    assert legal_cells(board, 6) == frozenset(range(16)) - {0, 5, 15}


def test_m4_2_must_touch_a_number_orthogonally() -> None:
    """M-4.2: adjacent up/down/left/right; diagonals do not count."""
    board = board_of(".... / .3.. / .... / ....")
    assert legal_cells(board, 3) == {1, 4, 6, 9}


def test_m4_3_neighbour_values_differ_by_at_most_one() -> None:
    """M-4.3: |v − n| ≤ 1 for every numbered neighbour; equal values allowed."""
    board = board_of(".... / .3.. / .... / ....")
    for v in (2, 3, 4):
        assert legal_cells(board, v) == {1, 4, 6, 9}
    for v in (1, 5, 6):
        assert legal_cells(board, v) == frozenset()


def test_m4_3_worked_example_cell_between_3_and_4_accepts_only_3_or_4() -> None:
    """M-4.3 worked example: an empty cell next to a 3 and a 4 accepts only 3 or 4."""
    board = board_of("3.4. / .... / .... / ....")
    accepting = {v for v in range(1, 7) if 1 in legal_cells(board, v)}
    assert accepting == {3, 4}


def test_m4_3_every_neighbour_counts() -> None:
    """M-4.3: a cell between a 2 and a 4 accepts only 3."""
    board = board_of("2.4. / .... / .... / ....")
    assert {v for v in range(1, 7) if 1 in legal_cells(board, v)} == {3}
    board = board_of("1.6. / .... / .... / ....")
    assert not any(1 in legal_cells(board, v) for v in range(1, 7))


def test_m4_4_ruin_gives_no_connection() -> None:
    """M-4.4: a cell touching only a ruin is not connected."""
    board = board_of("3R.. / .... / .... / ....")
    assert 2 not in legal_cells(board, 3)
    assert legal_cells(board, 3) == {4}


def test_m4_4_ruin_does_not_restrict_values() -> None:
    """M-4.4: a ruin next to a cell does not limit the value placed there."""
    board = board_of("R... / 1... / .... / ....")
    for v in (1, 2):
        assert legal_cells(board, v) == {5, 8}
    board = board_of("RR.. / 6R.. / .... / ....")
    assert legal_cells(board, 6) == {8}
    assert legal_cells(board, 5) == {8}


def test_m4_legal_cells_matches_rule_text_on_examples() -> None:
    boards = [
        board_of("3456 / 3456 / 3456 / 34.."),
        board_of("R.2. / .12. / ..R. / 6..."),
        board_of(".... / .R.. / ..5. / ...."),
    ]
    for board in boards:
        for v in range(1, 7):
            assert legal_cells(board, v) == naive_legal_cells(board, v), (board, v)


def test_m4_legal_cells_accepts_lists_and_returns_frozenset() -> None:
    board = list(board_of("3... / .... / .... / ...."))
    cells = legal_cells(board, 4)
    assert isinstance(cells, frozenset) and cells == {1, 4}


# --- M-6.1 can_place_minimum on bare boards ------------------------------------------------------


def test_m4_5_order_matters_for_can_place_minimum() -> None:
    """M-4.5 / M-6.1: a 3 cannot go next to the 1, but 2 then 3 is a legal sequence."""
    board = board_of("1... / .... / .... / ....")
    assert can_place_minimum(board, [3, 2], 2)
    assert not can_place_minimum(board, [3, 3], 1)
    assert can_place_minimum(board, [3, 2, 4, 5], 4)  # 2, 3, 4, 5 along a path
    assert not can_place_minimum(board, [3, 4, 5, 6], 1)


def test_m6_1_can_place_minimum_edge_cases() -> None:
    board = board_of("3333 / 3333 / 3333 / 333.")
    assert can_place_minimum(board, [3, 6, 6, 6], 1)
    assert not can_place_minimum(board, [3, 3, 6, 6], 2)  # only one empty cell
    assert can_place_minimum(board, [6, 6, 6, 6], 0)
    assert not can_place_minimum(EMPTY_BOARD, [1, 2], 3)  # more than the dice
    assert can_place_minimum(EMPTY_BOARD, (1, 6, 1, 6), 2)
    assert not can_place_minimum(EMPTY_BOARD, (1, 6, 1, 6), 3)  # 1-1 or 6-6, never three


def test_m2_2_a_new_difficulty_is_a_new_game() -> None:
    """M-2.2: changing the difficulty means a new game: each game is fixed to its difficulty
    and starts empty. (The confirmation dialog is the Settings scene's business.)"""
    for difficulty in Difficulty:
        game = MagdagdonGame(difficulty, rng=random.Random(0))
        assert game.difficulty is difficulty
        assert game.board == EMPTY_BOARD and game.turns == 0 and game.powers_used == 0
        assert not game.in_turn and not game.is_over
        assert game.powers_left == difficulty.powers
        assert game.to_dict()["difficulty"] == difficulty.name


def test_m2_3_scores_differ_by_difficulty_only_through_power_penalties() -> None:
    """M-2.3: high scores are kept per difficulty (storage); the rules give the same card for
    the same board and no powers in every difficulty, and the save names the difficulty."""
    board = board_of("3456 / 3456 / 3456 / 345R")
    cards = {d: score(board, d, 0) for d in Difficulty}
    assert len(set(cards.values())) == 1
    assert score(board, Difficulty.SURVIVAL, 1).total == cards[Difficulty.SURVIVAL].total - 70
