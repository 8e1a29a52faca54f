"""H where HINT is off says why (issue 44): during the computer's turn that hints are for
your own turn; after a movement that HINT is for the start of a turn; after the end that the
game is over. Nothing is asked or counted."""

from __future__ import annotations

import pygame
import pytest

from game.engine.testing import post_key, run_frames
from game.games.querni.computer import ComputerPlayer
from game.games.querni.players import HumanPlayer
from game.games.querni.texts import t
from tests.support import settle
from tests.support.querni_screen import JUMPS, Gate, session_of, start_vs, tap_square


@pytest.mark.slow
def test_h_during_the_computer_s_turn_says_hints_are_for_your_turn(app):
    gate = Gate()
    scene = start_vs(app, session_of(JUMPS), ComputerPlayer("hard", choose=gate), HumanPlayer())
    try:
        assert gate.started.wait(10)
        post_key(pygame.K_h)
        settle(app)
        assert scene.message()[0] == t("hint.your_turn")
        assert not scene.hint_thinking and scene.session.hints == 0
    finally:
        gate.open.set()
    for _ in range(600):
        run_frames(app, 1)
        if scene.human_turn and not scene.busy:
            break
    assert scene.human_turn
    run_frames(app, 400)  # the note has gone: the person's prompt
    assert scene.message()[0] != t("hint.your_turn")


def test_h_after_a_movement_says_hint_is_for_the_start_of_a_turn(app):
    scene = start_vs(app, session_of(JUMPS), HumanPlayer(), HumanPlayer())
    tap_square(app, scene, (0, 0))  # BLUE 5 …
    tap_square(app, scene, (2, 2))  # … jumps to c3
    assert scene.control.can_undo
    post_key(pygame.K_h)
    settle(app)
    assert scene.message()[0] == t("hint.turn_started")
    assert not scene.hint_thinking
