"""Turn flow (M-3), legal placement inside a game (M-4.5), the end (M-8) and illegal calls."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from game.rules.magdagdon import EMPTY_BOARD, RUIN, Difficulty, IllegalMove, MagdagdonGame, score
from tests.rules.magdagdon_support import board_of, game_with, state

P, S, N = Difficulty.PEACEFUL, Difficulty.SURVIVAL, Difficulty.NIGHTMARE


def new_game(difficulty: Difficulty = P, seed: int = 1) -> MagdagdonGame:
    return MagdagdonGame(difficulty, rng=random.Random(seed))


# --- M-3 a turn ----------------------------------------------------------------------------------


def test_m3_1_roll_gives_four_dice_1_to_6() -> None:
    """M-3.1: ROLL gives four six-sided dice, kept by identity 0..3."""
    game = new_game()
    assert game.dice == () and not game.in_turn
    dice = game.roll()
    assert game.in_turn and dice == game.dice
    assert len(dice) == 4 and all(type(v) is int and 1 <= v <= 6 for v in dice)
    seen = set()
    for seed in range(60):
        g = new_game(seed=seed)
        seen.update(g.roll())
    assert seen == {1, 2, 3, 4, 5, 6}


def test_m3_1_forced_roll_and_die_identity() -> None:
    """M-3.1: the dice keep their identity; placing die 2 places exactly that die's value."""
    game = new_game()
    assert game.roll([6, 1, 4, 4]) == (6, 1, 4, 4)
    game.place(2, 5)
    assert game.placed == {2: 5}
    assert game.view()[5] == 4
    assert game.dice == (6, 1, 4, 4)
    assert game.unplaced == (0, 1, 3)


def test_m3_1_rng_is_used_for_rolls() -> None:
    a, b = new_game(seed=42), new_game(seed=42)
    assert a.roll() == b.roll()
    expected = random.Random(42)
    assert new_game(seed=42).roll() == tuple(expected.randint(1, 6) for _ in range(4))


def test_m3_2_placement_is_tentative() -> None:
    """M-3.2: a placed die shows in view() but the committed board is unchanged."""
    game = new_game()
    game.roll([3, 3, 3, 3])
    game.place(0, 6)
    assert game.board == EMPTY_BOARD
    assert game.view()[6] == 3
    assert game.placed == {0: 6}


def test_m3_3_confirm_needs_the_required_number_then_allows_more() -> None:
    """M-3.3: CONFIRM after ≥ required placements; more may be placed; unplaced discarded."""
    game = new_game(P)
    game.roll([3, 3, 4, 6])
    assert game.required == 2
    assert not game.can_confirm
    game.place(0, 0)
    assert not game.can_confirm
    with pytest.raises(IllegalMove):
        game.confirm()
    game.place(1, 1)
    assert game.can_confirm
    game.place(2, 2)  # a third die before confirming is fine
    assert game.can_confirm
    game.confirm()
    assert game.board[:4] == (3, 3, 4, None)
    assert 6 not in game.board  # the unplaced 6 is discarded
    assert not game.in_turn and game.dice == () and game.placed == {}


def test_m3_3_nightmare_needs_three() -> None:
    game = new_game(N)
    game.roll([2, 2, 2, 2])
    game.place(0, 0)
    game.place(1, 1)
    assert game.required == 3 and not game.can_confirm
    game.place(2, 2)
    assert game.can_confirm


def test_m3_4_pick_up_and_place_elsewhere_then_confirm_is_permanent() -> None:
    """M-3.4: before CONFIRM a die can be picked up and moved; afterwards it is permanent."""
    game = new_game()
    game.roll([2, 2, 5, 5])
    game.place(0, 0)
    assert game.unplace(0) == (0,)
    assert game.placed == {} and game.view() == EMPTY_BOARD
    game.place(0, 10)
    game.place(1, 11)
    game.confirm()
    assert game.board[10] == 2 and game.board[11] == 2
    game.roll([2, 2, 2, 2])
    with pytest.raises(IllegalMove):
        game.unplace(0)  # die 0 of the new turn is not on the board
    game.place(0, 9)
    game.unplace(0)
    assert game.board[10] == 2  # committed numbers stay


def test_m3_5_unplace_cascade_sends_a_later_die_back() -> None:
    """M-3.5: picking up the 4 disconnects the 5 placed after it; the 5 returns to the tray."""
    game = game_with(P, board_of("3... / .... / .... / ...."))
    game.roll([4, 5, 3, 1])
    game.place(0, 1)  # 4 next to the 3
    game.place(1, 2)  # 5 next to the 4 only
    game.place(2, 4)  # 3 next to the 3: does not depend on the 4
    back = game.unplace(0)
    assert back == (0, 1)
    assert game.placed == {2: 4}
    assert game.view() == board_of("3... / 3... / .... / ....")


def test_m3_5_replay_uses_placement_order_not_the_final_picture() -> None:
    """M-3.5: the 5 was placed before the 4 that would now connect it; replayed in placement
    order it has no numbered neighbour any more, so it returns to the tray too."""
    game = game_with(P, board_of(".3.. / .... / .... / ...."))
    game.roll([4, 5, 4, 2])
    game.place(0, 5)  # 4 below the 3
    game.place(1, 6)  # 5 right of that 4
    game.place(2, 2)  # 4 right of the 3, above the 5
    back = game.unplace(0)
    assert back == (0, 1)
    assert game.placed == {2: 2}
    assert game.view() == board_of(".34. / .... / .... / ....")


def test_m3_5_cascade_replays_in_placement_order() -> None:
    """M-3.5: replay in the order made; an early die kept can support a later one."""
    game = game_with(P, board_of("3... / .... / .... / ...."))
    game.roll([3, 4, 5, 6])
    game.place(0, 4)  # 3 below the 3
    game.place(1, 8)  # 4 below that
    game.place(2, 12)  # 5 below that
    game.place(3, 13)  # 6 right of the 5
    assert game.unplace(1) == (1, 2, 3)
    assert game.placed == {0: 4}


def test_m3_6_turn_counter_counts_confirm_and_magdagdon() -> None:
    """M-3.6: a turn ends with CONFIRM or with accepting MAGDAGDON; both count."""
    game = game_with(S, board_of(".... / .1.. / .... / ...."))
    game.roll([2, 2, 1, 1])
    game.place(0, 1)
    game.place(1, 0)
    game.confirm()
    assert game.turns == 1
    game.roll([6, 6, 6, 5])
    assert game.is_magdagdon
    game.accept_magdagdon(15)
    assert game.turns == 2 and not game.in_turn


# --- M-4.5 inside a game -------------------------------------------------------------------------


def test_m4_5_tentative_placements_count_and_order_matters() -> None:
    """M-4.5: the earlier tentative 2 makes a 3 legal next to it; the reverse order is not."""
    game = game_with(P, board_of("1... / .... / .... / ...."))
    game.roll([3, 2, 6, 6])
    assert 1 not in game.legal_cells_for(0)
    with pytest.raises(IllegalMove):
        game.place(0, 1)
    game.place(1, 1)
    assert game.legal_cells_for(0) == {2, 5}  # cell 4 touches the 1
    game.place(0, 2)
    assert game.view()[:3] == (1, 2, 3)


def test_m4_3_tentative_dice_restrict_neighbours() -> None:
    """M-4.3 with M-4.5: a tentative 6 forbids a 4 beside it."""
    game = game_with(P, board_of("5... / .... / .... / ...."))
    game.roll([6, 4, 5, 5])
    game.place(0, 1)
    assert 2 not in game.legal_cells_for(1)
    assert game.legal_cells_for(1) == {4}


# --- M-8 end of game --------------------------------------------------------------------------


def test_m8_1_game_ends_when_every_cell_is_number_or_ruin() -> None:
    """M-8.1: the last cell filled ends the game; nothing more can be done."""
    game = game_with(P, board_of("3456 / 3456 / 3456 / 34R."), turns=5)
    assert not game.is_over and game.required == 1
    game.roll([6, 1, 1, 1])
    game.place(0, 15)
    game.confirm()
    assert game.is_over and game.turns == 6
    with pytest.raises(IllegalMove):
        game.roll()
    with pytest.raises(IllegalMove):
        game.roll([1, 1, 1, 1])


def test_m8_1_game_can_end_with_a_ruin() -> None:
    game = game_with(N, board_of("3456 / 3456 / 3456 / 345."), turns=4)
    game.roll([1, 1, 1, 1])
    assert game.is_magdagdon
    game.accept_magdagdon(15)
    assert game.is_over and game.board[15] is RUIN


def test_m8_2_final_score_computed_at_once_with_penalties() -> None:
    """M-8.2: the final score with all penalties is there as soon as the game ends, and the
    state holds what the high-score record needs (difficulty, turns, powers used).
    (The high-score table itself lives in storage, outside the rules package.)"""
    game = game_with(P, board_of("3456 / 3456 / 3456 / 345."), powers_used=2, turns=7)
    game.roll([1, 1, 1, 1])
    assert game.is_magdagdon
    game.adjust(0, 1)  # third power: 10 + 20 + 40 = 70 in total; still MAGDAGDON
    assert game.is_magdagdon and game.powers_left == 0
    game.accept_magdagdon(15)
    assert game.is_over
    card = game.score()
    assert card == score(game.board, P, 3)
    # base 2 × (18 + 18 + 18 + 12); rows 0-2 straights 180; columns 0-2 four of a kind 120
    assert (card.base, card.bonuses, card.ruin_penalty, card.power_penalty) == (132, 300, 15, 70)
    assert card.total == 347
    data = game.to_dict()
    assert (data["difficulty"], data["turns"], data["powers_used"]) == ("PEACEFUL", 8, 3)


# --- every illegal call raises IllegalMove and changes nothing ---------------------------------

Action = Callable[[MagdagdonGame], object]


def _fresh() -> MagdagdonGame:
    return new_game(P, seed=5)


def _rolled() -> MagdagdonGame:
    game = game_with(P, board_of(".... / .3.. / .... / ...."), seed=5)
    game.roll([3, 4, 6, 1])
    game.place(0, 1)
    return game


def _magdagdon() -> MagdagdonGame:
    game = game_with(P, board_of(".... / .1.. / .... / ...."), seed=5)
    game.roll([4, 5, 6, 2])
    game.place(3, 1)
    return game


def _no_powers() -> MagdagdonGame:
    game = game_with(N, board_of(".... / .3.. / .... / ...."), seed=5)
    game.roll([3, 3, 3, 3])
    return game


def _over() -> MagdagdonGame:
    return game_with(P, board_of("3456 / 3456 / 3456 / 3456"), turns=9, seed=5)


ILLEGAL: list[tuple[str, Callable[[], MagdagdonGame], Action]] = [
    ("place before roll", _fresh, lambda g: g.place(0, 0)),
    ("unplace before roll", _fresh, lambda g: g.unplace(0)),
    ("confirm before roll", _fresh, lambda g: g.confirm()),
    ("legal_cells_for before roll", _fresh, lambda g: g.legal_cells_for(0)),
    ("accept before roll", _fresh, lambda g: g.accept_magdagdon(0)),
    ("adjust before roll", _fresh, lambda g: g.adjust(0, 1)),
    ("reroll before roll", _fresh, lambda g: g.reroll([0])),
    ("roll 3 forced values", _fresh, lambda g: g.roll([1, 2, 3])),
    ("roll 5 forced values", _fresh, lambda g: g.roll([1, 2, 3, 4, 5])),
    ("roll forced 7", _fresh, lambda g: g.roll([1, 2, 3, 7])),
    ("roll forced 0", _fresh, lambda g: g.roll([0, 2, 3, 4])),
    ("roll forced bool", _fresh, lambda g: g.roll([True, 2, 3, 4])),
    ("roll forced float", _fresh, lambda g: g.roll([1.0, 2, 3, 4])),
    ("roll forced string", _fresh, lambda g: g.roll("1234")),
    ("roll during a turn", _rolled, lambda g: g.roll()),
    ("roll forced during a turn", _rolled, lambda g: g.roll([1, 1, 1, 1])),
    ("place die 4", _rolled, lambda g: g.place(4, 5)),
    ("place die -1", _rolled, lambda g: g.place(-1, 5)),
    ("place die True", _rolled, lambda g: g.place(True, 5)),
    ("place die '1'", _rolled, lambda g: g.place("1", 5)),
    ("place cell 16", _rolled, lambda g: g.place(1, 16)),
    ("place cell -1", _rolled, lambda g: g.place(1, -1)),
    ("place cell True", _rolled, lambda g: g.place(1, True)),
    ("place cell None", _rolled, lambda g: g.place(1, None)),
    ("place cell 1.0", _rolled, lambda g: g.place(1, 1.0)),
    ("place on committed number", _rolled, lambda g: g.place(1, 5)),
    ("place on tentative die", _rolled, lambda g: g.place(1, 1)),
    ("place not connected", _rolled, lambda g: g.place(1, 15)),
    ("place diagonal only", _rolled, lambda g: g.place(1, 10)),
    ("place too far in value", _rolled, lambda g: g.place(2, 4)),
    ("place 1 next to 3", _rolled, lambda g: g.place(3, 9)),
    ("place a placed die again", _rolled, lambda g: g.place(0, 4)),
    ("unplace an unplaced die", _rolled, lambda g: g.unplace(1)),
    ("unplace die 4", _rolled, lambda g: g.unplace(4)),
    ("unplace die None", _rolled, lambda g: g.unplace(None)),
    ("legal_cells_for placed die", _rolled, lambda g: g.legal_cells_for(0)),
    ("legal_cells_for die 9", _rolled, lambda g: g.legal_cells_for(9)),
    ("confirm too few", _rolled, lambda g: g.confirm()),
    ("accept when not magdagdon", _rolled, lambda g: g.accept_magdagdon(15)),
    ("adjust placed die", _rolled, lambda g: g.adjust(0, 1)),
    ("adjust 6 up", _rolled, lambda g: g.adjust(2, 1)),
    ("adjust 1 down", _rolled, lambda g: g.adjust(3, -1)),
    ("adjust by 2", _rolled, lambda g: g.adjust(1, 2)),
    ("adjust by 0", _rolled, lambda g: g.adjust(1, 0)),
    ("adjust by True", _rolled, lambda g: g.adjust(1, True)),
    ("adjust by 1.0", _rolled, lambda g: g.adjust(1, 1.0)),
    ("adjust die 4", _rolled, lambda g: g.adjust(4, 1)),
    ("reroll nothing", _rolled, lambda g: g.reroll([])),
    ("reroll placed die", _rolled, lambda g: g.reroll([1, 0])),
    ("reroll a die twice", _rolled, lambda g: g.reroll([1, 1])),
    ("reroll die 4", _rolled, lambda g: g.reroll([4])),
    ("reroll forced too few", _rolled, lambda g: g.reroll([1, 2], [3])),
    ("reroll forced 7", _rolled, lambda g: g.reroll([1], [7])),
    ("reroll forced bool", _rolled, lambda g: g.reroll([1], [True])),
    ("reroll a string", _rolled, lambda g: g.reroll("1")),
    ("accept on occupied cell", _magdagdon, lambda g: g.accept_magdagdon(5)),
    ("accept on cell 16", _magdagdon, lambda g: g.accept_magdagdon(16)),
    ("accept on cell True", _magdagdon, lambda g: g.accept_magdagdon(True)),
    ("confirm in magdagdon", _magdagdon, lambda g: g.confirm()),
    ("adjust without powers", _no_powers, lambda g: g.adjust(0, 1)),
    ("reroll without powers", _no_powers, lambda g: g.reroll([0])),
    ("roll after the end", _over, lambda g: g.roll()),
    ("place after the end", _over, lambda g: g.place(0, 0)),
    ("confirm after the end", _over, lambda g: g.confirm()),
    ("accept after the end", _over, lambda g: g.accept_magdagdon(0)),
    ("adjust after the end", _over, lambda g: g.adjust(0, 1)),
]


@pytest.mark.parametrize(
    ("setup", "action"), [(s, a) for _, s, a in ILLEGAL], ids=[n for n, _, _ in ILLEGAL]
)
def test_every_illegal_call_raises_illegal_move_and_changes_nothing(
    setup: Callable[[], MagdagdonGame], action: Action
) -> None:
    """API: every illegal call raises IllegalMove (a ValueError), says why, changes nothing."""
    game = setup()
    before = state(game)
    magdagdon_before = game.is_magdagdon
    with pytest.raises(IllegalMove) as info:
        action(game)
    assert isinstance(info.value, ValueError)
    assert str(info.value).strip()  # a plain sentence, never empty
    assert state(game) == before
    assert game.is_magdagdon == magdagdon_before


def test_magdagdon_fixture_is_really_magdagdon() -> None:
    assert _magdagdon().is_magdagdon
    assert not _rolled().is_magdagdon


def test_game_rejects_a_bad_difficulty() -> None:
    with pytest.raises(ValueError):
        MagdagdonGame("PEACEFUL")  # type: ignore[arg-type]


def test_default_rng_works() -> None:
    game = MagdagdonGame(Difficulty.SURVIVAL)
    assert len(game.roll()) == 4


def test_m2_1_nightmare_last_cells_in_a_game() -> None:
    """M-2.1: NIGHTMARE needs 3 dice, but only 2 when two cells are left and 1 for the last."""
    game = game_with(N, board_of("3456 / 3456 / 3456 / 34.."), turns=4)
    assert game.required == 2
    game.roll([5, 4, 6, 6])
    game.place(0, 14)
    assert not game.can_confirm
    game.place(2, 15)
    assert game.can_confirm
    game.unplace(2)
    game.unplace(0)
    game.place(2, 15)  # 6 next to the 6 above
    game.place(0, 14)  # then 5 between the 4, the 5 above and the 6
    game.confirm()
    assert game.is_over and game.score().total == 544

    game = game_with(N, board_of("3456 / 3456 / 3456 / 345."), turns=4)
    assert game.required == 1
    game.roll([6, 1, 1, 1])
    game.place(0, 15)
    assert game.can_confirm
    game.confirm()
    assert game.is_over and game.score().total == 544


NON_SEQUENCE_CALLS: list[tuple[str, Callable[[], MagdagdonGame], Action]] = [
    ("roll(5)", _fresh, lambda g: g.roll(5)),
    ("reroll(0) instead of reroll([0])", _rolled, lambda g: g.reroll(0)),
    ("reroll([[1]])", _rolled, lambda g: g.reroll([[1]])),
    ("reroll([1], 5)", _rolled, lambda g: g.reroll([1], 5)),
]


@pytest.mark.parametrize(
    ("setup", "action"),
    [(s, a) for _, s, a in NON_SEQUENCE_CALLS],
    ids=[n for n, _, _ in NON_SEQUENCE_CALLS],
)
def test_non_sequence_arguments_raise_illegal_move(
    setup: Callable[[], MagdagdonGame], action: Action
) -> None:
    """API: a die number where a list of dice is expected is an illegal call too."""
    game = setup()
    before = state(game)
    try:
        with pytest.raises(IllegalMove):
            action(game)
    finally:
        assert state(game) == before
