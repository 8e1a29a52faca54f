"""A hint kept while it is followed (issue 48; ``hint_follow`` and ``hints.step_targets``),
without a screen: what is left of the advice as the player plays it, by value and in any legal
order, and ``None`` once the player departs from it or the turn ends."""

from __future__ import annotations

import pytest

from game.games.magdagdon import hints
from game.games.magdagdon.hint_follow import Follow
from game.games.magdagdon.scenes.play_help import DeadWatch
from game.rules.magdagdon import Difficulty, MagdagdonGame
from tests.rules.magdagdon_support import board_of, game_with

ROW_OF_3S = board_of("3333 / .... / .... / ....")


def _game(dice=(3, 3, 4, 4), board=ROW_OF_3S) -> MagdagdonGame:
    return game_with(Difficulty.PEACEFUL, board, dice=dice, turns=2)


def test_each_advised_placement_leaves_the_rest_and_confirm_is_last():
    game = _game()
    steps = (("place", 0, 4), ("place", 2, 8), ("place", 1, 5), ("confirm",))
    follow = Follow(steps, game)
    assert follow.left(game) == steps
    game.place(0, 4)
    assert follow.left(game) == steps[1:]
    game.place(2, 8)
    game.place(1, 5)
    assert follow.left(game) == (("confirm",),)
    assert hints.step_targets(follow.left(game), game).buttons == {"confirm"}
    game.confirm()
    assert follow.left(game) is None  # the turn is over: done


def test_another_die_of_the_same_value_follows_just_as_well():
    game = _game()
    follow = Follow((("place", 0, 4), ("place", 1, 5), ("confirm",)), game)
    game.place(1, 4)  # the other 3 on the advised cell
    assert follow.left(game) == (("place", 0, 5), ("confirm",))


def test_placements_in_another_legal_order_follow_and_a_departure_ends_it():
    """M-4.5: below a row of 3s every order of these placements is legal."""
    game = _game()
    steps = (("place", 0, 4), ("place", 1, 5), ("place", 2, 6), ("confirm",))
    follow = Follow(steps, game)
    game.place(2, 6)
    assert follow.left(game) == (("place", 0, 4), ("place", 1, 5), ("confirm",))
    targets = hints.step_targets(follow.left(game), game)
    assert [(g.die, g.cell, g.value, g.order) for g in targets.ghosts] == [
        (0, 4, 3, 0), (1, 5, 3, 0)]  # any order is legal here: no numbers
    game.place(3, 7)  # a die the advice does not place
    assert follow.left(game) is None
    game.unplace(3)
    assert follow.left(game) is not None  # taken back: on the advice again


def test_an_order_that_matters_is_numbered_and_an_illegal_rest_is_a_departure():
    """A chain away from the 3s: the 4 must come before the 5 (M-4.2, M-4.5)."""
    game = _game(dice=(4, 5, 4, 1))
    steps = (("place", 0, 4), ("place", 1, 8), ("confirm",))
    targets = hints.step_targets(steps, game)
    assert [(g.cell, g.value, g.order) for g in targets.ghosts] == [(4, 4, 1), (8, 5, 2)]
    follow = Follow(steps, game)
    game.place(2, 4)  # the other 4 on the first cell
    assert follow.left(game) == (("place", 1, 8), ("confirm",))


def test_a_power_step_then_the_placements():
    game = _game(dice=(2, 3, 6, 6))
    steps = (("adjust", 0, 1), ("place", 0, 4), ("place", 1, 5), ("confirm",))
    follow = Follow(steps, game)
    ghosts = hints.step_targets(steps, game).ghosts
    assert [g.value for g in ghosts] == [3, 3]  # the ghost shows the die after its +1
    game.adjust(0, 1)
    assert follow.left(game) == steps[1:]
    game.adjust(2, -1)  # a second power the advice did not ask for
    assert follow.left(game) is None


def test_dead_cells_are_announced_once_when_they_appear():
    watch = DeadWatch()
    board = board_of("2... / 3... / 45.. / ....")
    assert watch.observe(board) == [] and watch.cells == {}
    dead = board_of("2... / 3.6. / 456. / ....")
    [new] = watch.observe(dead)
    assert new.cell == 5 and watch.explain(5).params == {"row": 2, "column": 2, "low": 3,
                                                         "high": 6}
    assert watch.observe(dead) == [] and watch.explain(0) is None
    resumed = DeadWatch()
    assert resumed.observe(dead) == [] and list(resumed.cells) == [5]  # marked, not said


@pytest.mark.slow
def test_every_advice_of_whole_games_is_followed_step_by_step_to_its_end():
    """Seeded games played by the advisor: at each step of each advice the hint shows exactly
    the steps still to do (its ghosts are the advice's placements), and nothing once the
    turn ends or the dice are rerolled."""
    import random

    from game.ai.advisor import advise

    checked = 0
    for seed, difficulty in enumerate([Difficulty.PEACEFUL, Difficulty.SURVIVAL,
                                       Difficulty.NIGHTMARE] * 3):
        game = MagdagdonGame(difficulty, random.Random(seed))
        while not game.is_over:
            if not game.in_turn:
                game.roll()
            steps = advise(game).steps
            follow = Follow(steps, game)
            for done, step in enumerate(steps):
                left = follow.left(game)
                assert left == steps[done:], (seed, steps, done)
                ghosts = hints.step_targets(left, game).ghosts
                assert [(g.die, g.cell) for g in ghosts] == [
                    (s[1], s[2]) for s in left if s[0] == "place"]
                hints.apply_step(game, step)
                checked += 1
            assert follow.left(game) is None
    assert checked > 150
