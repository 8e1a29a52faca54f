"""Every screen declares truthfully whether something on it moves by itself (``Scene.still``):
untouched, a still screen is redrawn twice a second, a moving one 12 times (``engine.pacing``);
and what a screen plays out with nobody touching it (the computer's move) is drawn at full
rate (``Scene.moving``)."""

from __future__ import annotations

import pytest

from game.arcade.kiosk import Kiosk
from game.engine.loop import STEP
from game.engine.pacing import AMBIENT_EVERY, IDLE_AFTER, STILL_EVERY
from game.engine.testing import run_frames
from game.games.querni.computer import ComputerPlayer
from game.games.querni.players import HumanPlayer
from tests.support import make_arcade, settle
from tests.support.querni_screen import JUMPS, Gate, session_of, start_vs

UNTOUCHED = round(IDLE_AFTER / STEP) + 1
WINDOW = 120  # steps counted (two seconds)

STILL = [("settings", {"game_id": "magdagdon"}), ("stats", {"game_id": "magdagdon"}),
         ("stats", {"game_id": "querni"}), ("about", {}), ("magdagdon.rules", {}),
         ("querni.rules", {}), ("magdagdon.daily", {})]
MOVING = [("title", {}), ("scores", {"game_id": "magdagdon"}), ("magdagdon.play", {}),
          ("querni.play", {}), ("querni.setup", {})]


@pytest.fixture
def app(tmp_path):
    application = make_arcade(tmp_path / "data")
    yield application
    application.shutdown()


def untouched_draws(app) -> int:
    """Draws over ``WINDOW`` steps once nothing has happened for a while."""
    run_frames(app, UNTOUCHED)
    before = app.draws
    run_frames(app, WINDOW)
    return app.draws - before


@pytest.mark.parametrize(("name", "args"), STILL, ids=[f"{n}-{a}" for n, a in STILL])
@pytest.mark.slow
def test_still_screens_are_redrawn_twice_a_second(app, name, args) -> None:
    app.nav.push(name, **args)
    settle(app)
    assert app.still()
    assert untouched_draws(app) == WINDOW // STILL_EVERY


@pytest.mark.parametrize(("name", "args"), MOVING, ids=[f"{n}-{a}" for n, a in MOVING])
@pytest.mark.slow
def test_screens_with_motion_are_redrawn_twelve_times_a_second(app, name, args) -> None:
    app.nav.push(name, **args)
    settle(app)
    assert not app.still()
    assert untouched_draws(app) == WINDOW // AMBIENT_EVERY


def test_the_kiosk_operator_menu_is_still(app) -> None:
    app.nav.push("operator", kiosk=Kiosk(app, pin="2468", idle_seconds=60.0, seed=3))
    settle(app)
    assert app.still() and untouched_draws(app) == WINDOW // STILL_EVERY


@pytest.mark.slow
def test_the_computer_thinking_keeps_its_dots_going_and_its_move_is_drawn_at_full_rate():
    """Nobody touches the screen: while the computer thinks, the screen is redrawn 12 times a
    second (its dots move); then its piece flies, drawn at every step until it lands."""
    app = make_arcade()
    try:
        gate = Gate()
        scene = start_vs(app, session_of(JUMPS), ComputerPlayer("hard", choose=gate),
                         HumanPlayer())
        assert gate.started.wait(10)
        run_frames(app, UNTOUCHED)
        assert scene.computer.thinking and not app.still() and not scene.moving
        before = app.draws
        run_frames(app, WINDOW)
        assert app.draws - before == WINDOW // AMBIENT_EVERY
        gate.open.set()
        for _ in range(600):  # the answer comes; its gestures follow at a person's pace
            run_frames(app, 1)
            if scene.anim.flight is not None:
                break
        assert scene.anim.flight is not None and app.pacer.idle  # motion, not input
        before, steps = app.draws, 0
        while scene.moving:
            run_frames(app, 1)
            steps += 1
        assert steps > 5 and app.draws - before == steps  # every step, the landing too
        assert scene.anim.flight is None
    finally:
        app.shutdown()
