"""MAGDAGDON and ruins (M-6, M-4.4, M-4.2)."""

from __future__ import annotations

import pytest

from game.rules.magdagdon import (
    RUIN,
    Difficulty,
    IllegalMove,
    can_place_minimum,
    legal_cells,
    score,
)
from tests.rules.magdagdon_support import board_of, game_with, state

P, S, N = Difficulty.PEACEFUL, Difficulty.SURVIVAL, Difficulty.NIGHTMARE


# --- M-6.1 detection -----------------------------------------------------------------------------


def test_m6_1_magdagdon_when_no_legal_sequence_exists() -> None:
    """M-6.1: a lone 1 in the middle; dice 4, 5, 6, 6 fit nowhere."""
    game = game_with(P, board_of(".... / .1.. / .... / ...."))
    game.roll([4, 5, 6, 6])
    assert game.is_magdagdon


def test_m6_1_magdagdon_when_only_fewer_than_required_fit() -> None:
    """M-6.1: one die fits but the required two cannot be placed in any order."""
    game = game_with(P, board_of(".... / .1.. / .... / ...."))
    game.roll([2, 5, 6, 6])
    assert game.legal_cells_for(0)  # the 2 alone fits
    assert game.is_magdagdon
    game = game_with(N, board_of(".... / .1.. / .... / ...."))
    game.roll([2, 3, 6, 6])  # 2 then 3 fits: two dice, but NIGHTMARE needs three
    assert game.is_magdagdon
    easier = game_with(P, board_of(".... / .1.. / .... / ...."))
    easier.roll([2, 3, 6, 6])
    assert not easier.is_magdagdon  # the same dice are fine where two are required


def test_m6_1_not_magdagdon_when_some_order_works() -> None:
    """M-6.1 with M-4.5: any order counts; 2 then 3 works though 3 first does not."""
    game = game_with(P, board_of(".... / .1.. / .... / ...."))
    game.roll([3, 2, 6, 6])
    assert not game.is_magdagdon


def test_m6_1_bad_tentative_placement_never_causes_magdagdon() -> None:
    """M-6.1: the 5 put on cell 14 leaves the 4 nowhere to go, yet a legal sequence exists
    from the committed board (5 on 15, then 4 on 14): MAGDAGDON must not be offered."""
    board = board_of("3456 / 3456 / 3456 / 34..")
    game = game_with(P, board)
    game.roll([4, 5, 1, 1])
    assert not game.is_magdagdon
    game.place(1, 14)  # the bad choice
    assert all(not game.legal_cells_for(d) for d in game.unplaced)  # stuck in this view
    assert not game.can_confirm
    assert not game.is_magdagdon
    before = state(game)
    with pytest.raises(IllegalMove):
        game.accept_magdagdon(15)
    assert state(game) == before
    # the player rearranges instead
    game.unplace(1)
    game.place(1, 15)
    game.place(0, 14)
    game.confirm()
    assert game.board[14:] == (4, 5) and game.is_over


def test_m6_1_magdagdon_is_re_evaluated_after_every_power() -> None:
    """M-6.1 / M-6.2: a power can rescue the roll; detection follows the new values."""
    game = game_with(P, board_of(".... / .1.. / .... / ...."))
    game.roll([3, 3, 6, 6])
    assert game.is_magdagdon
    game.adjust(0, -1)  # 2, 3, 6, 6: 2 next to the 1, then 3 next to the 2
    assert not game.is_magdagdon
    game.reroll([0, 1, 2, 3], [6, 6, 6, 6])
    assert game.is_magdagdon
    game.reroll([2, 3], [1, 2])  # 6, 6, 1, 2
    assert not game.is_magdagdon
    assert game.powers_left == 0


def test_m6_1_not_magdagdon_between_turns() -> None:
    game = game_with(P, board_of(".... / .1.. / .... / ...."))
    assert not game.is_magdagdon


# --- M-6.2 / M-6.3 accepting ---------------------------------------------------------------------


def test_m6_2_accept_even_with_uses_left() -> None:
    """M-6.2: the player may accept MAGDAGDON although powers remain."""
    game = game_with(P, board_of(".... / .1.. / .... / ...."))
    game.roll([6, 6, 6, 6])
    assert game.powers_left == 3
    game.accept_magdagdon(0)
    assert game.board[0] is RUIN and game.powers_used == 0 and game.turns == 1


def test_m6_3_accept_on_an_unreachable_empty_cell() -> None:
    """M-6.3: any empty cell, reachable or not, may become the ruin."""
    game = game_with(S, board_of("1... / .... / .... / ...."))
    game.roll([6, 6, 6, 6])
    assert game.is_magdagdon
    assert 15 not in legal_cells(game.board, 2)  # far from every number
    game.accept_magdagdon(15)
    assert game.board == board_of("1... / .... / .... / ...R")


def test_m6_3_accept_discards_tentative_dice() -> None:
    """M-6.3: tentative dice are discarded when MAGDAGDON is accepted."""
    game = game_with(P, board_of(".... / .1.. / .... / ...."))
    game.roll([2, 5, 6, 6])
    game.place(0, 1)
    assert game.is_magdagdon
    game.accept_magdagdon(1)  # even the cell that held the tentative 2
    assert game.board == board_of(".R.. / .1.. / .... / ....")
    assert game.placed == {} and game.dice == () and not game.in_turn


@pytest.mark.parametrize("cell", [5, 4])
def test_m6_3_accept_on_occupied_cell_refused(cell: int) -> None:
    """M-6.3: the ruin goes on an empty cell; a number or a ruin is refused, nothing changes."""
    game = game_with(P, board_of(".... / R1.. / .... / ...."))
    game.roll([6, 6, 6, 6])
    before = state(game)
    with pytest.raises(IllegalMove):
        game.accept_magdagdon(cell)
    assert state(game) == before
    assert game.is_magdagdon


def test_m6_3_ruin_stays_for_the_rest_of_the_game() -> None:
    game = game_with(P, board_of(".... / .1.. / .... / ...."))
    game.roll([6, 6, 6, 6])
    game.accept_magdagdon(2)
    game.roll([1, 1, 1, 1])
    assert 2 not in game.legal_cells_for(0)
    game.place(0, 1)
    game.place(1, 0)
    game.confirm()
    assert game.board[2] is RUIN


def test_m6_4_each_ruin_costs_15() -> None:
    """M-6.4: each ruin −15."""
    for ruins in range(4):
        cells = [3] * 16
        for i in range(ruins):
            cells[i] = RUIN
        card = score(tuple(cells), P, 0)
        assert card.ruin_penalty == 15 * ruins
    assert score(board_of("RRRR / RRRR / RRRR / RRRR"), N, 0).total == -240


# --- M-4.4 / M-4.2 ruins and legality ------------------------------------------------------------


def test_m4_4_ruin_neither_connects_nor_restricts_in_a_game() -> None:
    """M-4.4: next to a ruin only, a die is not connected; a ruin beside a number is ignored."""
    game = game_with(P, board_of("1R.. / .... / .... / ...."))
    game.roll([6, 2, 1, 3])
    assert game.legal_cells_for(0) == frozenset()  # 6 can touch nothing
    assert game.legal_cells_for(1) == {4}  # cell 2 touches only the ruin
    with pytest.raises(IllegalMove):
        game.place(1, 2)
    game.place(1, 4)
    assert game.legal_cells_for(3) == {5, 8}  # 3 beside the 2, the ruin at 1 is ignored


def test_m4_2_first_die_anywhere_when_only_ruins_in_a_game() -> None:
    """M-4.2: after MAGDAGDON on the first turn, the board holds only a ruin; the next die
    may still go on any empty cell, even far from the ruin."""
    game = game_with(N, board_of("R... / .... / .... / ...."), turns=1)
    game.roll([6, 1, 3, 3])
    assert game.legal_cells_for(0) == frozenset(range(1, 16))
    game.place(0, 15)
    assert game.legal_cells_for(1) == frozenset()  # now the 6 is a number
    assert game.legal_cells_for(2) == frozenset()


def test_m6_1_can_place_minimum_with_ruins() -> None:
    board = board_of("RRRR / R3.R / RRRR / ....")
    assert can_place_minimum(board, [2, 6, 6, 6], 1)
    assert not can_place_minimum(board, [2, 3, 4, 5], 2)  # only cell 6 is reachable
    assert can_place_minimum(board_of("RRRR / RRRR / RRRR / RR.."), [1, 6, 2, 6], 2)
    assert not can_place_minimum(board_of("RRRR / RRRR / RRRR / RR.."), [1, 3, 6], 2)


# --- M-6.3: which cells a MAGDAGDON may ruin (asked of the rules, never recomputed) ------------


def test_m6_3_legal_ruin_cells_are_every_empty_cell_in_magdagdon() -> None:
    game = game_with(P, board_of(".... / .1.. / .... / ...."))
    game.roll([4, 5, 6, 6])
    assert game.legal_ruin_cells == frozenset(range(16)) - {5}


def test_m6_3_no_ruin_cells_outside_magdagdon() -> None:
    game = game_with(P, board_of(".... / .1.. / .... / ...."))
    assert game.legal_ruin_cells == frozenset()  # between turns
    game.roll([1, 2, 1, 2])
    assert not game.is_magdagdon
    assert game.legal_ruin_cells == frozenset()
