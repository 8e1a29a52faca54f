"""What the play screen draws (issue 44): while a past turn is viewed the pieces left and the
quiet rounds are those of the position shown, not of the present; a language changed in the
pause menu reaches the move list on RESUME."""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine import i18n
from game.engine.testing import post_key, post_tap
from game.games.querni.demo import choose_turn
from game.games.querni.scenes.play import PlayScene
from game.games.querni.session import QuerniSession
from game.rules.querni import Color
from tests.support import make_arcade, settle


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


def drawn(app, rect: pygame.Rect) -> bytes:
    app.stack.draw(app.surface)
    return pygame.image.tobytes(app.surface.subsurface(rect), "RGB")


@pytest.mark.parametrize("size", [(1920, 1080), (1080, 1920)])
@pytest.mark.slow
def test_a_language_changed_in_the_pause_menu_reaches_the_move_list_on_resume(size):
    """pause → SETTINGS → another language → RESUME: the move list is drawn as a screen opened
    in that language draws it (the paused screen was drawn under the menu meanwhile)."""
    session = removing_game()
    app = make_arcade(size=size)
    try:
        scene = PlayScene(app, saved=session)
        app.stack.push(scene)
        settle(app, 30)
        post_key(pygame.K_ESCAPE)
        settle(app, 30)
        app.stack.top.open("settings", game_id="querni")
        settle(app, 30)
        post_tap(app.stack.top.language_rects["bg"].center)
        settle(app, 30)
        post_key(pygame.K_ESCAPE)  # SETTINGS closes onto the pause menu
        settle(app, 30)
        post_key(pygame.K_ESCAPE)  # RESUME
        settle(app, 30)
        assert app.stack.top is scene
        after = drawn(app, scene.layout.moves_rect)
    finally:
        i18n.set_locale("en")
        app.shutdown()
    fresh = make_arcade(size=size)
    try:
        fresh.set_language("bg")
        again = PlayScene(fresh, saved=removing_game())
        fresh.stack.push(again)
        settle(fresh, 30)
        assert "СИНИТЕ" in again.story.list.entries[0][1]
        assert after == drawn(fresh, again.layout.moves_rect)
    finally:
        i18n.set_locale("en")
        fresh.shutdown()
