"""Undo within a turn (issue 48; ``game.rules.magdagdon.undo``): placements, pick-ups and
−1 / +1 (M-3.2, M-3.4, M-5.2) are taken back to the exact earlier state, never across a ROLL
or a REROLL (M-3.1, M-5.3: chance is never undone)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.magdagdon import Difficulty, IllegalMove, MagdagdonGame
from game.rules.magdagdon.undo import TurnState, TurnUndo
from tests.rules.magdagdon_support import board_of, game_with, state


def _watched(game: MagdagdonGame) -> TurnUndo:
    undo = TurnUndo()
    undo.observe(game)
    return undo


def test_each_placement_and_a_power_are_taken_back_in_turn_exactly():
    game = MagdagdonGame(Difficulty.PEACEFUL, random.Random(3))
    undo = _watched(game)
    game.roll([3, 4, 5, 2])
    undo.observe(game)
    assert not undo.available(game)  # nothing done since the roll
    states = [state(game)]
    for move in (lambda: game.place(0, 5), lambda: game.place(1, 6),
                 lambda: game.adjust(2, 1), lambda: game.place(3, 4)):
        move()
        undo.observe(game)
        states.append(state(game))
    assert game.powers_used == 1 and game.dice == (3, 4, 6, 2)
    while states[:-1]:
        states.pop()
        undo.undo(game)
        undo.observe(game)  # the undo itself is not a step to take back
        assert state(game) == states[-1]  # dice, tentative order, uses, rng: all as before
    assert game.powers_used == 0 and game.placed == {} and game.dice == (3, 4, 5, 2)
    assert not game.is_magdagdon and game.can_use_power
    with pytest.raises(IllegalMove) as refused:
        undo.undo(game)
    assert refused.value.key == "no_undo"


def test_a_pick_up_with_its_cascade_is_taken_back_with_the_cascade():
    """M-3.5: picking up the first die sends the one leaning on it back; undo puts both."""
    game = game_with(Difficulty.PEACEFUL, board_of("1... / .... / .... / ...."),
                     dice=(2, 3, 4, 4))
    undo = _watched(game)
    game.place(0, 1)
    game.place(1, 2)
    undo.observe(game)
    before = state(game)
    assert game.unplace(0) == (0, 1)
    undo.observe(game)
    undo.undo(game)
    assert state(game) == before and list(game.placed.items()) == [(0, 1), (1, 2)]


def test_undo_never_crosses_a_reroll_or_a_new_turn():
    game = MagdagdonGame(Difficulty.PEACEFUL, random.Random(5))
    undo = _watched(game)
    game.roll([3, 3, 4, 4])
    undo.observe(game)
    game.adjust(0, 1)
    undo.observe(game)
    assert undo.available(game)
    game.reroll([1, 2], values=[6, 6])  # chance: the +1 before it is kept for good
    undo.observe(game)
    assert not undo.available(game)
    with pytest.raises(IllegalMove):
        undo.undo(game)
    assert game.powers_used == 2 and game.dice == (4, 6, 6, 4)
    game.place(0, 0)
    game.place(3, 1)
    undo.observe(game)
    game.confirm()
    game.roll([1, 1, 1, 1])
    undo.observe(game)
    assert not undo.available(game)  # the last turn's placements are permanent (M-3.4)


def test_a_state_of_another_roll_is_refused_even_when_handed_over_late():
    """The stack checks the roll itself: a state from before a REROLL never comes back,
    even when the game was not observed in between."""
    game = MagdagdonGame(Difficulty.PEACEFUL, random.Random(6))
    game.roll([3, 3, 4, 4])
    undo = _watched(game)
    game.place(0, 5)
    undo.observe(game)
    game.unplace(0)
    game.reroll([0], values=[1])  # not observed
    before = state(game)
    with pytest.raises(IllegalMove):
        undo.undo(game)
    assert state(game) == before


@pytest.mark.parametrize(("dice", "placed", "used"), [
    ((3, 3, 4), (), 0),  # three dice
    ((3, 3, 4, 7), (), 0),  # not a die value
    ((3, 3, 4, 4), ((0, 5), (0, 6)), 0),  # a die twice
    ((3, 3, 4, 4), ((0, 5), (1, 15)), 0),  # not touching (M-4.2)
    ((3, 3, 4, 4), ((0, 16),), 0),  # no such cell
    ((3, 3, 4, 4), (), 4),  # more uses than PEACEFUL has
])
def test_restore_turn_refuses_what_play_could_not_have_made(dice, placed, used):
    game = MagdagdonGame(Difficulty.PEACEFUL, random.Random(7))
    game.roll([3, 3, 4, 4])
    before = state(game)
    with pytest.raises(IllegalMove):
        game.restore_turn(dice, placed, used)
    assert state(game) == before


moves = st.lists(st.tuples(st.sampled_from(["place", "pick", "plus", "minus"]),
                           st.integers(0, 3), st.integers(0, 15)), max_size=12)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), script=moves)
def test_undoing_every_step_walks_back_through_every_state(seed, script):
    """Any moves of one roll (illegal ones refused and ignored), undone one by one, pass
    back through every state seen, to the state right after the roll."""
    game = MagdagdonGame(Difficulty.PEACEFUL, random.Random(seed))
    rng = random.Random(seed)
    for _ in range(rng.randint(0, 3)):  # a few turns in
        game.roll()
        if game.is_magdagdon:
            game.accept_magdagdon(game.board.index(None))
            continue
        for die, cell in game.hint() or []:
            game.place(die, cell)
        game.confirm()
    game.roll()
    undo = _watched(game)
    seen = [TurnState.of(game)]
    for kind, die, cell in script:
        try:
            if kind == "place":
                game.place(die, cell)
            elif kind == "pick":
                game.unplace(die)
            else:
                game.adjust(die, 1 if kind == "plus" else -1)
        except IllegalMove:
            continue
        undo.observe(game)
        seen.append(TurnState.of(game))
    while undo.available(game):
        seen.pop()
        undo.undo(game)
        assert TurnState.of(game) == seen[-1]
    assert len(seen) == 1
