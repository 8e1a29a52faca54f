"""The rules' questions of issue 48 (``game.rules.magdagdon.questions``): which empty cells can
never be filled any more, and whether a Majda Power can make a MAGDAGDON roll placeable —
on hand-made boards and against brute force over every die value (M-4, M-5, M-6.1)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.magdagdon import RUIN, Difficulty, MagdagdonGame
from game.rules.magdagdon.questions import (
    CLASH,
    CUT_OFF,
    DeadCell,
    adjust_helps,
    dead_cells,
    helping_adjusts,
    reroll_chance,
)
from tests.rules.magdagdon_support import board_of, game_with, naive_can_place, naive_legal

PROPERTY = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def ever_filled(board: tuple[Any, ...]) -> set[int]:
    """Brute force: every cell some sequence of single placements (M-4, any die value, any
    number of dice) fills, searching every board reachable from ``board``."""
    seen: set[tuple[Any, ...]] = set()
    filled: set[int] = set()
    stack = [list(board)]
    while stack:
        cells = stack.pop()
        for cell, value in product(range(16), range(1, 7)):
            if naive_legal(cells, value, cell):
                filled.add(cell)
                after = list(cells)
                after[cell] = value
                key = tuple("R" if c is RUIN else c for c in after)
                if key not in seen:
                    seen.add(key)
                    stack.append(after)
    return filled


# --- dead cells on hand-made boards -------------------------------------------------------------


def test_the_issues_board_a_2_and_a_6_with_one_cell_between():
    """M-4.3: a cell beside a 2 and a 6 takes no value (1..3 for the 2, 5..6 for the 6)."""
    board = board_of("2.6. / 3456 / .... / ....")
    assert dead_cells(board) == {1: DeadCell(1, CLASH, 2, 6)}


@pytest.mark.parametrize(("text", "expected"), [
    ("1.4. / .... / .... / ....", {1: DeadCell(1, CLASH, 1, 4)}),  # 3 apart: dead
    ("1.3. / .... / .... / ....", {}),  # 2 apart: a 2 fits (M-4.3)
    ("3... / .5.. / .... / ....", {}),  # cells 1 and 4 touch the 3 and the 5: a 4 fits
    (".5.. / 2.6. / .3.. / ....", {0: DeadCell(0, CLASH, 2, 5),  # the 5 and the 2
                                   5: DeadCell(5, CLASH, 2, 6),  # four neighbours
                                   10: DeadCell(10, CLASH, 3, 6)}),  # the 6 and the 3
])
def test_a_cell_between_numbers_too_far_apart_is_dead(text, expected):
    assert dead_cells(board_of(text)) == expected


def test_a_cell_walled_in_by_ruins_is_cut_off():
    """M-4.2, M-4.4: ruins give no connection, so a corner behind two ruins is never reached."""
    board = board_of(".R.. / R3.. / .... / ....")
    assert dead_cells(board) == {0: DeadCell(0, CUT_OFF)}


def test_a_cell_behind_a_dead_cell_is_cut_off_too():
    """The corner's only way in is a cell between a 2 and a 6 (M-4.3); the ruin below it
    gives no connection (M-4.4)."""
    board = board_of("..23 / R6.4 / .665 / ....")
    assert dead_cells(board) == {0: DeadCell(0, CUT_OFF), 1: DeadCell(1, CLASH, 2, 6),
                                 6: DeadCell(6, CLASH, 2, 6)}
    board = board_of(".R.. / .R6. / 26.. / ....")
    # cell 4 touches the 2 below it: fillable; the corner is reached through it
    assert dead_cells(board) == {}
    board = board_of("..R. / .R1R / R5.. / ....")
    # cell 10 touches the 1 and the 5; the top-left three and the top-right corner are
    # walled in by ruins; the bottom row and cell 11 are reached from beside the 5
    assert dead_cells(board) == {0: DeadCell(0, CUT_OFF), 1: DeadCell(1, CUT_OFF),
                                 3: DeadCell(3, CUT_OFF), 4: DeadCell(4, CUT_OFF),
                                 10: DeadCell(10, CLASH, 1, 5)}


def test_a_long_corridor_of_free_cells_is_alive():
    """Cells touching no number take any values, so a winding corridor that starts beside a
    number stays alive to its end; without that start, it is cut off."""
    assert dead_cells(board_of("...R / RR.R / 6R.R / 5... ")) == {}
    assert set(dead_cells(board_of("...R / RR.R / 6R.R / 5R.. "))) == {0, 1, 2, 6, 10, 14, 15}


def test_no_number_no_dead_cell():
    """M-4.2: while the board holds no number, every empty cell takes the first die."""
    assert dead_cells(board_of("R... / .R.. / ..R. / ...R")) == {}
    assert dead_cells(board_of("...." * 4)) == {}


def test_tentative_dice_count_in_a_view():
    """M-4.5: the board as shown (tentative dice included) is asked like any board: a 6
    placed this turn beside cell 5, which touches a 3, kills it before CONFIRM."""
    game = game_with(Difficulty.PEACEFUL, board_of("4... / 3... / 2... / 1..."),
                     dice=(5, 6, 6, 1))
    for die, cell in ((0, 1), (1, 2), (2, 6)):
        game.place(die, cell)
    assert dead_cells(game.board) == {}
    assert dead_cells(game.view()) == {5: DeadCell(5, CLASH, 3, 6)}


def test_every_dead_cell_of_a_full_game_stays_dead():
    """Numbers never leave (M-3.4 after CONFIRM): a dead cell stays dead until it is a ruin."""
    from tests.rules.magdagdon_support import play_random_game

    for seed in range(6):
        game = play_random_game(Difficulty.PEACEFUL, seed, check=False)
        assert dead_cells(game.board) == {}  # the game is over: no empty cell at all


# --- dead cells against brute force --------------------------------------------------------------


@st.composite
def nearly_full_boards(draw: st.DrawFn) -> tuple[Any, ...]:
    """Boards reachable by play (numbers on legal cells, ruins anywhere), left with 1..5
    empty cells; or any 16 cells with few empty ones (the question is asked of any board)."""
    if draw(st.booleans()):
        cells = st.one_of(st.integers(1, 6), st.just(RUIN), st.none())
        board = draw(st.lists(cells, min_size=16, max_size=16))
        empty = [i for i, c in enumerate(board) if c is None]
        for i in empty[5:]:
            board[i] = draw(st.one_of(st.integers(1, 6), st.just(RUIN)))
        return tuple(board)
    board = [None] * 16
    ruin_rate = draw(st.integers(0, 4))
    left = draw(st.integers(1, 5))
    while sum(c is None for c in board) > left:
        empty = [i for i, c in enumerate(board) if c is None]
        value = draw(st.integers(1, 6))
        legal = [c for c in empty if naive_legal(board, value, c)]
        if legal and draw(st.integers(0, 9)) >= ruin_rate:
            board[draw(st.sampled_from(legal))] = value
        else:
            board[draw(st.sampled_from(empty))] = RUIN
    return tuple(board)


@PROPERTY
@given(board=nearly_full_boards())
@pytest.mark.slow
def test_dead_cells_are_exactly_the_cells_no_sequence_of_dice_ever_fills(board):
    """Brute force over every die value and every order of placements (M-4): a cell is dead
    exactly when no reachable board fills it; each reason holds of the board."""
    dead = dead_cells(board)
    empty = {c for c, v in enumerate(board) if v is None}
    assert set(dead) == empty - ever_filled(board)
    for cell, why in dead.items():
        assert why.cell == cell
        near = [board[n] for n in range(16) if abs(n // 4 - cell // 4) + abs(n % 4 - cell % 4)
                == 1 and type(board[n]) is int]
        if why.reason == CLASH:
            assert (why.low, why.high) == (min(near), max(near)) and why.high - why.low >= 3
        else:
            assert why.reason == CUT_OFF and not near


# --- can a Majda Power help? ----------------------------------------------------------------------


def _magdagdon(text: str, dice, difficulty=Difficulty.PEACEFUL) -> MagdagdonGame:
    game = game_with(difficulty, board_of(text), dice=dice)
    assert game.is_magdagdon
    return game


def test_plus_one_that_cannot_help_the_issues_case():
    """A roll of four 6s beside a lone 1 (M-4.3): +1 can never help, −1 only brings a 5,
    which still cannot touch the 1; a REROLL of one die can bring a 1 or a 2."""
    game = _magdagdon("1... / .... / .... / ....", (6, 6, 6, 6))
    need = game.required
    assert helping_adjusts(game.board, game.dice, need, +1) == frozenset()
    assert helping_adjusts(game.board, game.dice, need, -1) == frozenset()
    assert not adjust_helps(game.board, game.dice, need, 0, +1)  # a 6 stays a 6 (M-5.2)
    # two dice are required: one new die must be 1 or 2, and touch the 1; the second 6 never
    assert reroll_chance(game.board, game.dice, need, [0]) == 0
    assert reroll_chance(game.board, game.dice, need, [0, 1]) > 0


def test_minus_one_rescues_where_plus_one_cannot():
    game = _magdagdon("1... / .... / .... / ....", (3, 3, 6, 6))
    need = game.required
    assert helping_adjusts(game.board, game.dice, need, -1) == {0, 1}
    assert helping_adjusts(game.board, game.dice, need, +1) == frozenset()


def test_the_chance_of_a_reroll_counts_every_result():
    """Two free cells beside a 3 (the rest ruins); two dice required: one die of 3 kept,
    the other rerolled must show 2..4 — 3 results in 6."""
    game = _magdagdon("3.RR / .RRR / RRRR / RRRR", (3, 6, 6, 6))
    assert game.required == 2
    assert reroll_chance(game.board, game.dice, 2, [1]) == Fraction(1, 2)
    with pytest.raises(ValueError):
        reroll_chance(game.board, game.dice, 2, [])


@PROPERTY
@given(board=nearly_full_boards(), dice=st.lists(st.integers(1, 6), min_size=4, max_size=4),
       delta=st.sampled_from([1, -1]))
def test_power_questions_match_playing_the_power_on_a_copy(board, dice, delta):
    """Against the rules' own game: −1 / +1 on each die, then M-6.1 brute force; REROLL of
    each die by itself over all six results."""
    need = min(2, sum(c is None for c in board))
    for die in range(4):
        changed = dice[die] + delta
        expected = 1 <= changed <= 6 and naive_can_place(
            board, [*dice[:die], changed, *dice[die + 1:]], need)
        assert adjust_helps(board, dice, need, die, delta) == expected
    die = 3
    good = sum(naive_can_place(board, [*dice[:3], v], need) for v in range(1, 7))
    assert reroll_chance(board, dice, need, [die]) == Fraction(good, 6)
