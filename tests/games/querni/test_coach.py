"""QUERNI's first-game coach (issue 48): a step, a jump, jumping on, a chain, END MOVE, read
from the turn in progress; shown on the play screen until GOT IT (a tap on its bubble) or the
first finished game, and never in the demo; its words in all four languages."""

from __future__ import annotations

import pygame
import pytest

from game.engine.i18n import setup as i18n_setup
from game.games.querni.coach import SETTING, Coach, step_key
from game.games.querni.controller import TurnController
from game.games.querni.players import HumanPlayer
from game.games.querni.texts import t
from game.games.querni.widgets.coach import bubble_rect
from game.rules.querni import Color, QuerniState
from tests.support.querni_screen import JUMPS, session_of, start_vs, tap, tap_square

B, R = Color.BLUE, Color.RED
KEYS = ("pick", "step", "jump", "jump_on", "chain", "chain_ends", "end_move", "got_it")


def test_the_steps_follow_the_turn_a_step_a_jump_a_chain_end_move() -> None:
    c = TurnController(QuerniState.from_pieces(JUMPS, B))
    assert step_key(c) == "play.coach_pick"
    c.tap((3, 2))  # BLUE 9: steps only (nothing to jump)
    assert step_key(c) == "play.coach_step"
    c.tap((0, 0))  # BLUE 5: RED 3 beside it, a ring beyond
    assert step_key(c) == "play.coach_jump"
    c.tap((2, 2))
    assert step_key(c) == "play.coach_jump_on"
    c.tap((2, 2))  # stop here
    assert step_key(c) == "play.coach_end_move"
    line = TurnController(QuerniState.from_pieces(
        {(0, 0): (B, 1), (1, 0): (B, 2), (2, 0): (B, 3), (9, 6): (R, 1)}, B))
    assert step_key(line) == "play.coach_chain"
    line.select_chain()
    assert step_key(line) == "play.coach_chain_ends"
    line.tap((0, 0))
    line.tap((2, 0))
    assert step_key(line) == "play.coach_end_move"


def test_got_it_and_a_finished_game_end_the_coaching_for_good() -> None:
    settings: dict[str, object] = {}
    saved: list[bool] = []
    coach = Coach(settings, lambda: saved.append(True), demo=False)
    c = TurnController(QuerniState.from_pieces(JUMPS, B))
    assert coach.step(c, person_to_move=True) == "play.coach_pick"
    assert coach.step(c, person_to_move=False) is None  # the computer's turn: nothing
    coach.done()
    assert settings[SETTING] is True and saved == [True]
    assert coach.step(c, True) is None
    coach.done()
    assert saved == [True]  # saved once
    assert Coach({}, lambda: None, demo=True).step(c, True) is None


def test_the_coach_on_the_screen_and_a_tap_on_its_bubble_skips_it(app) -> None:
    settings = app.ctx.game_settings("querni")
    settings[SETTING] = False
    session = session_of(JUMPS, to_move=B, players={"BLUE": "human", "RED": "human"})
    scene = start_vs(app, session, HumanPlayer(), HumanPlayer())
    assert scene.picture.coach() == ("play.coach_pick", None)
    tap_square(app, scene, (0, 0))
    key, ring = scene.picture.coach()
    assert key == "play.coach_jump" and ring == scene.layout.square_rect((0, 0))
    tap(app, bubble_rect(scene.layout).center)
    assert settings[SETTING] is True and scene.picture.coach() is None
    assert scene.control.selected == (0, 0)  # the tap went to the coach, not the board


@pytest.mark.parametrize("lang", ["en", "th", "bg", "ko"])
def test_every_step_has_words_in_every_language(lang: str) -> None:
    try:
        i18n_setup(lang)
        words = {key: t(f"play.coach_{key}") for key in KEYS}
        assert all(value and not value.startswith("play.") for value in words.values())
        assert len(set(words.values())) == len(KEYS)
    finally:
        i18n_setup("en")


@pytest.mark.parametrize("name", ["LANDSCAPE", "PORTRAIT"])
def test_the_bubble_covers_nothing_that_is_tapped_or_read_during_play(name: str) -> None:
    from game.games.querni.widgets import layout as layouts
    from game.games.querni.widgets.coach import button_rect

    layout = getattr(layouts, name)
    bubble = bubble_rect(layout)
    assert bubble.contains(button_rect(layout))
    assert pygame.Rect((0, 0), layout.size).contains(bubble)
    for rect in (layout.frame_rect, layout.moves_rect, layout.message_rect, layout.undo_rect,
                 layout.hint_rect, layout.select_chain_rect, layout.end_move_rect,
                 layout.leave_rect, layout.exit_rect, layout.speaker_rect):
        assert not bubble.colliderect(rect), rect
