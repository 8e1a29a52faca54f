"""What GAMES lists of each kind of recorded game (issue 44): every result in words in every
language, never a text key; a game two people left unfinished says so, as HIGH SCORES does."""

from __future__ import annotations

import random

import pytest

from game.engine import i18n
from game.games.querni.demo import choose_turn
from game.games.querni.games_list import GameRow, outcome, outcome_text
from game.games.querni.session import QuerniSession
from tests.support import make_arcade, settle
from tests.support.querni_games import TWO, open_games, recorded


def left_unfinished(seed: int = 4, turns: int = 3) -> QuerniSession:
    """TWO PLAYERS, a few turns, then EXIT → YES (Q-6.6: abandoned, no result)."""
    session = QuerniSession.new(random.Random(seed), "two_players", TWO)
    rng = random.Random(seed)
    for _ in range(turns):
        session.play(*choose_turn(session.state, rng))
    session.leave()
    return session


@pytest.mark.parametrize("locale", ["en", "th", "bg", "ko"])
@pytest.mark.parametrize("result,players", [
    ("NONE", TWO), ("NONE", {"BLUE": "human", "RED": "computer:easy"}), ("DRAW", TWO),
    ("BLUE", TWO), ("RED", {"BLUE": "human", "RED": "computer:hard"}), (None, None)])
def test_every_result_is_words_never_a_key(locale, result, players):
    i18n.setup(locale)
    try:
        words = outcome_text(outcome(GameRow("id", "2026-12-01", players, result, 3)))
    finally:
        i18n.set_locale("en")
    assert words and "querni." not in words and "color." not in words


def test_a_game_two_people_left_is_listed_as_unfinished(tmp_path):
    session = left_unfinished()
    assert session.outcome is not None and session.outcome.result == "NONE"
    recorded(tmp_path, session)
    app = make_arcade(tmp_path / "data")
    try:
        scene = open_games(app)
        (row,) = scene.rows
        assert outcome(row) == "unfinished"
        assert outcome_text(outcome(row)) == "Left unfinished"
    finally:
        app.shutdown()


def test_the_replay_of_an_unfinished_game_ends_unfinished_not_drawn(tmp_path):
    session = left_unfinished()
    recorded(tmp_path, session)
    app = make_arcade(tmp_path / "data")
    try:
        scene = open_games(app)
        scene.open(0)
        settle(app, 3)
        replay = app.stack.top
        replay.show_turn(replay.total)
        colour, label = replay.status()
        assert label == "UNFINISHED"
        assert colour is session.state.to_move  # whose turn it was when they left
    finally:
        app.shutdown()
