"""Seeded full-game play-outs with a random player; invariants checked after every step."""

from __future__ import annotations

import random

import pytest

from game.rules.magdagdon import Difficulty, MagdagdonGame, score
from tests.rules.magdagdon_support import (
    ALL_DIFFICULTIES,
    RandomPlayer,
    check_invariants,
    reference_score,
)

SEEDS = range(50)


@pytest.mark.slow
@pytest.mark.parametrize("difficulty", ALL_DIFFICULTIES, ids=lambda d: d.name)
def test_seeded_random_playouts(difficulty: Difficulty) -> None:
    """M-2..M-8 end to end: 50 seeded games per difficulty; the final score() equals
    score(board, difficulty, powers_used) and the reference scoring."""
    magdagdons = powers = cascades = 0
    for seed in SEEDS:
        game = MagdagdonGame(difficulty, rng=random.Random(seed))
        player = RandomPlayer(seed)
        check_invariants(game)
        while not game.is_over:
            player.play_turn(game, check=True)
            assert game.turns <= 16
        assert None not in game.board
        card = game.score()
        assert card == score(game.board, difficulty, game.powers_used)
        assert card.total == reference_score(game.board, difficulty, game.powers_used)["total"]
        magdagdons += player.magdagdons
        powers += game.powers_used
        cascades += player.cascades
    # the play-outs really exercise the interesting paths
    assert magdagdons > 0
    assert cascades > 0
    assert (powers > 0) == (difficulty.powers > 0)


@pytest.mark.parametrize("difficulty", ALL_DIFFICULTIES, ids=lambda d: d.name)
def test_hint_player_games_are_reproducible(difficulty: Difficulty) -> None:
    """Same seed, same game: dice are an explicit, injected chance step."""

    def play(seed: int) -> dict:
        game = MagdagdonGame(difficulty, rng=random.Random(seed))
        while not game.is_over:
            game.roll()
            if game.is_magdagdon:
                game.accept_magdagdon(game.board.index(None))
            else:
                for die, cell in game.hint():
                    game.place(die, cell)
                game.confirm()
        return game.to_dict()

    assert play(123) == play(123)
