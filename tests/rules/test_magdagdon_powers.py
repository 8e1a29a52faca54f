"""Majda Powers (M-5) and their penalties (M-2, M-5.5)."""

from __future__ import annotations

import random

import pytest

from game.rules.magdagdon import Difficulty, IllegalMove, MagdagdonGame, score
from tests.rules.magdagdon_support import board_of, game_with, state

P, S, N = Difficulty.PEACEFUL, Difficulty.SURVIVAL, Difficulty.NIGHTMARE


def rolled(difficulty: Difficulty, dice: list[int], seed: int = 3) -> MagdagdonGame:
    game = MagdagdonGame(difficulty, rng=random.Random(seed))
    game.roll(dice)
    return game


# --- M-5.1 uses ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("difficulty", "uses"), [(P, 3), (S, 1), (N, 0)])
def test_m5_1_uses_per_game(difficulty: Difficulty, uses: int) -> None:
    """M-5.1: PEACEFUL 3, SURVIVAL 1, NIGHTMARE 0 uses per game; then refused."""
    game = rolled(difficulty, [3, 3, 3, 3])
    assert game.powers_left == uses
    for i in range(uses):
        game.adjust(i % 4, 1)
    assert game.powers_used == uses and game.powers_left == 0
    before = state(game)
    with pytest.raises(IllegalMove):
        game.adjust(0, -1)
    with pytest.raises(IllegalMove):
        game.reroll([0, 1])
    assert state(game) == before


def test_m5_1_several_in_one_turn_and_across_turns() -> None:
    """M-5.1: several uses in one turn while uses remain; the count is per game."""
    game = rolled(P, [3, 3, 3, 3])
    game.adjust(0, 1)
    game.reroll([1], [4])
    assert game.powers_used == 2 and game.dice == (4, 4, 3, 3)
    game.place(0, 0)
    game.place(1, 1)
    game.confirm()
    assert game.powers_used == 2 and game.powers_left == 1
    game.roll([4, 4, 4, 4])
    game.adjust(3, -1)
    assert game.powers_left == 0
    with pytest.raises(IllegalMove):
        game.adjust(2, -1)


def test_m5_1_only_after_the_roll() -> None:
    """M-5.1: powers only after the roll of the current turn (not between turns)."""
    game = MagdagdonGame(P, rng=random.Random(1))
    with pytest.raises(IllegalMove):
        game.adjust(0, 1)
    with pytest.raises(IllegalMove):
        game.reroll([0])
    game.roll([2, 2, 2, 2])
    game.place(0, 0)
    game.place(1, 1)
    game.confirm()
    with pytest.raises(IllegalMove):
        game.adjust(2, 1)  # the last turn's dice are gone
    assert game.powers_used == 0


def test_m5_1_powers_are_optional() -> None:
    game = rolled(P, [2, 2, 5, 5])
    game.place(0, 0)
    game.place(1, 1)
    game.confirm()
    assert game.powers_used == 0 and game.score().power_penalty == 0


# --- M-5.2 −1 / +1 -------------------------------------------------------------------------------


def test_m5_2_adjust_changes_one_die_by_exactly_one() -> None:
    """M-5.2: −1 / +1 changes one unplaced die by exactly 1 and nothing else."""
    game = rolled(P, [2, 5, 3, 4])
    assert game.adjust(1, 1) == 6
    assert game.dice == (2, 6, 3, 4)
    assert game.adjust(0, -1) == 1
    assert game.dice == (1, 6, 3, 4)
    assert game.powers_used == 2


def test_m5_2_minus_one_at_1_and_plus_one_at_6_are_refused() -> None:
    """M-5.2: never below 1 or above 6; a refused change costs nothing."""
    game = rolled(P, [1, 6, 3, 3])
    before = state(game)
    with pytest.raises(IllegalMove):
        game.adjust(0, -1)
    with pytest.raises(IllegalMove):
        game.adjust(1, 1)
    assert state(game) == before and game.powers_used == 0
    assert game.adjust(0, 1) == 2 and game.adjust(1, -1) == 5


@pytest.mark.parametrize("delta", [2, -2, 0, True, 1.0, "1", None])
def test_m5_2_only_plus_or_minus_one(delta: object) -> None:
    game = rolled(P, [3, 3, 3, 3])
    with pytest.raises(IllegalMove):
        game.adjust(0, delta)  # type: ignore[arg-type]
    assert game.powers_used == 0 and game.dice == (3, 3, 3, 3)


# --- M-5.3 REROLL --------------------------------------------------------------------------------


def test_m5_3_reroll_with_forced_values_costs_one_use() -> None:
    """M-5.3: reroll one or more unplaced dice together for one use."""
    game = rolled(P, [1, 1, 1, 1])
    assert game.reroll([0, 2, 3], [6, 5, 4]) == (6, 1, 5, 4)
    assert game.dice == (6, 1, 5, 4) and game.powers_used == 1
    assert game.reroll([1], [2]) == (6, 2, 5, 4)
    assert game.powers_used == 2


def test_m5_3_forced_values_follow_the_chosen_order() -> None:
    game = rolled(P, [1, 1, 1, 1])
    game.reroll([3, 0], [6, 5])
    assert game.dice == (5, 1, 1, 6)


def test_m5_3_random_reroll_changes_only_chosen_dice_and_uses_the_rng() -> None:
    rng = random.Random(99)
    game = MagdagdonGame(P, rng=rng)
    game.roll([1, 2, 3, 4])
    mirror = random.Random()
    mirror.setstate(rng.getstate())
    expected = [mirror.randint(1, 6) for _ in range(2)]
    game.reroll([1, 3])
    assert game.dice == (1, expected[0], 3, expected[1])
    assert game.powers_used == 1


def test_m5_3_reroll_all_four_dice_for_one_use() -> None:
    game = rolled(S, [6, 6, 6, 6])
    game.reroll([0, 1, 2, 3], [1, 2, 3, 4])
    assert game.dice == (1, 2, 3, 4) and game.powers_used == 1 and game.powers_left == 0


# --- M-5.4 placed dice ---------------------------------------------------------------------------


def test_m5_4_placed_die_must_be_picked_up_first() -> None:
    """M-5.4: a tentatively placed die cannot be changed or rerolled until picked back up."""
    game = rolled(P, [3, 3, 3, 3])
    game.place(0, 5)
    before = state(game)
    with pytest.raises(IllegalMove):
        game.adjust(0, 1)
    with pytest.raises(IllegalMove):
        game.reroll([0])
    with pytest.raises(IllegalMove):
        game.reroll([1, 0], [4, 4])
    assert state(game) == before
    game.unplace(0)
    assert game.adjust(0, 1) == 4
    game.reroll([0, 1], [2, 2])
    assert game.dice == (2, 2, 3, 3) and game.powers_used == 2


def test_m5_4_changing_an_unplaced_die_keeps_the_placed_ones() -> None:
    game = rolled(P, [3, 3, 3, 3])
    game.place(0, 5)
    game.place(1, 6)
    game.reroll([2, 3], [6, 6])
    assert game.placed == {0: 5, 1: 6} and game.view()[5:7] == (3, 3)


# --- M-5.5 / M-2 penalties -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("difficulty", "uses", "penalty"),
    [(P, 0, 0), (P, 1, 10), (P, 2, 30), (P, 3, 70), (S, 0, 0), (S, 1, 70), (N, 0, 0)],
)
def test_m5_5_power_penalties(difficulty: Difficulty, uses: int, penalty: int) -> None:
    """M-2 / M-5.5: PEACEFUL 10 / 30 / 70 after 1 / 2 / 3 uses; SURVIVAL 70."""
    board = board_of("3333 / .... / .... / ....")
    card = score(board, difficulty, uses)
    assert card.power_penalty == penalty
    assert card.total == card.base + card.bonuses - card.ruin_penalty - penalty


def test_m5_5_penalty_depends_only_on_the_number_of_uses() -> None:
    """M-5.5: adjust and reroll cost the same, whatever the number of dice rerolled."""
    a = rolled(P, [3, 3, 3, 3])
    a.adjust(0, 1)
    a.adjust(1, -1)
    b = rolled(P, [3, 3, 3, 3])
    b.reroll([0, 1, 2, 3], [3, 3, 3, 3])
    b.reroll([0], [3])
    for game in (a, b):
        assert game.score().power_penalty == 30
        assert game.next_penalty == 40


def test_m5_5_penalty_in_a_game_score() -> None:
    game = game_with(S, board_of(".... / .3.. / .... / ...."))
    game.roll([3, 3, 3, 1])
    game.adjust(3, 1)
    card = game.score()
    assert card.power_penalty == 70
    assert card.total == 2 * 3 - 70  # negative scores are possible


# --- M-5.1: whether a power can be used, asked of the rules -----------------------------------


def test_m5_1_power_problem_names_why_no_power_can_be_used() -> None:
    game = MagdagdonGame(Difficulty.SURVIVAL)
    assert game.power_problem().key == "roll_first"
    assert not game.can_use_power
    game.roll([1, 2, 3, 4])
    assert game.power_problem() is None and game.can_use_power
    game.adjust(0, 1)
    assert game.power_problem().key == "no_powers"
    assert not game.can_use_power
    nightmare = MagdagdonGame(Difficulty.NIGHTMARE)
    nightmare.roll([1, 2, 3, 4])
    assert nightmare.power_problem().key == "no_powers"
