"""The play screen's HUD while a past turn is viewed (issue 44): the pieces left and the quiet
rounds are those of the position shown, not of the present; back at the present, the
present's."""

from __future__ import annotations

import random

from game.engine.testing import post_tap
from game.games.querni.demo import choose_turn
from game.games.querni.scenes.play import PlayScene
from game.games.querni.session import QuerniSession
from game.rules.querni import Color
from tests.support import settle


def removing_game(seed: int = 6, turns: int = 8) -> QuerniSession:
    """Two people, ``turns`` turns of the demo's chooser (it removes chains when it can)."""
    session = QuerniSession.new(random.Random(seed))
    rng = random.Random(seed)
    for _ in range(turns):
        session.play(*choose_turn(session.state, rng))
    assert not session.is_over
    return session


def counts(scene: PlayScene) -> tuple[tuple[int, ...], int]:
    _mover, _label, _thinking, left, rounds, *_rest = scene.picture.hud_state()
    return tuple(left), rounds


def test_the_counters_show_the_viewed_turn_s_position(app):
    session = removing_game()
    scene = PlayScene(app, saved=session)
    app.stack.push(scene)
    settle(app, 3)
    present = session.state
    assert counts(scene) == (tuple(len(present.numbers(c)) for c in Color),
                             present.quiet_turns // 2)
    past = scene.story.history.states[1]
    assert tuple(len(past.numbers(c)) for c in Color) != counts(scene)[0]  # a removal since
    post_tap(scene.story.list.box_of(1).center)
    settle(app)
    assert scene.story.viewing == 1
    assert counts(scene) == (tuple(len(past.numbers(c)) for c in Color), past.quiet_turns // 2)
    scene.story.present()
    settle(app)
    assert counts(scene)[0] == tuple(len(present.numbers(c)) for c in Color)
