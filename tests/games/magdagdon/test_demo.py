"""The demo plays with the advisor through posted taps: exactly the advisor's game (the same
dice give the same final board as the advisor playing through the rules' API, so a seed
replays the same game), powers and MAGDAGDON included, while frames keep running; its GAME
OVER line is unchanged."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from game.ai.advisor import advise
from game.arcade.demo import DemoDriver
from game.engine.testing import post_tap, run_frames
from game.games.magdagdon import demo as demo_module
from game.games.magdagdon import hints
from game.games.magdagdon.controller import Phase
from game.games.magdagdon.demo import DemoPlayer
from game.games.magdagdon.scenes.play import PlayScene
from game.games.registry import GAMES
from game.rules.magdagdon import Difficulty, MagdagdonGame
from tests.support import make_arcade, settle
from tests.support.magdagdon_screen import magdagdon_game, roll, start

LINE = re.compile(r"GAME OVER difficulty=(peaceful|survival|nightmare) score=-?\d+ turns=\d+ "
                  r"ruins=\d+ powers=\d+")


def advisor_game(difficulty: Difficulty, seed: str) -> MagdagdonGame:
    game = MagdagdonGame(difficulty, random.Random(seed))
    while not game.is_over:
        game.roll()
        while game.in_turn:
            for step in advise(game).steps:
                hints.apply_step(game, step)
    return game


def play_one(difficulty: Difficulty, seed: int, saved: MagdagdonGame | None = None,
             frames: int = 20_000) -> tuple[list[str], MagdagdonGame, Any]:
    """Let the demo play one game (from ``saved`` if given) to its GAME OVER line."""
    app = make_arcade(demo=True)
    try:
        app.ctx.seed = seed  # a new game's dice: Random(f"{seed}:1")
        app.ctx.settings.reduced_motion = True  # shorter tumbles: fewer frames to run
        lines: list[str] = []
        app.demo = DemoDriver(app, GAMES, "magdagdon", seed=1, interval=1,
                              report=lines.append)
        if saved is not None:
            app.stack.push(PlayScene(app, saved=saved))
        else:
            app.stack.push(PlayScene(app, variant=difficulty.name))
        settle(app)
        game = app.stack.top.game
        for _ in range(frames // 50):
            run_frames(app, 50)
            if lines:
                break
        return lines, game, app.demo.player("magdagdon")
    finally:
        app.shutdown()


@pytest.mark.slow
def test_the_demo_plays_the_advisors_game_with_powers_and_magdagdon():
    lines, game, player = play_one(Difficulty.PEACEFUL, 27)
    assert len(lines) == 1 and LINE.fullmatch(lines[0]), lines
    expected = advisor_game(Difficulty.PEACEFUL, "27:1")  # REROLL, −1/+1 and a ruin
    assert game.board == expected.board and game.powers_used == expected.powers_used
    assert lines[0] == (f"GAME OVER difficulty=peaceful score={expected.score().total} "
                        f"turns={expected.turns} ruins={expected.score().ruins} "
                        f"powers={expected.powers_used}")
    assert isinstance(player, DemoPlayer) and player.advised >= expected.turns
    assert player.fallbacks == 0


@pytest.mark.slow
def test_an_advisor_error_falls_back_on_the_rules_moves(monkeypatch):
    def broken(game):
        raise RuntimeError("advisor down")

    monkeypatch.setattr(hints, "ask", broken)
    start = MagdagdonGame(Difficulty.NIGHTMARE, random.Random(4))
    for _ in range(3):  # a few turns in: a short game for the fallback to finish
        start.roll()
        for die, cell in start.hint():
            start.place(die, cell)
        start.confirm()
    lines, game, player = play_one(Difficulty.NIGHTMARE, 4, saved=start)
    assert len(lines) == 1 and LINE.fullmatch(lines[0]) and game.is_over
    assert player.advised == 0 and player.fallbacks > 0


def test_a_slow_advisor_in_real_time_falls_back_after_its_patience(app, monkeypatch):
    import threading

    from game.games.magdagdon import demo as demo_module

    release = threading.Event()

    def stuck(game):
        release.wait(30)
        raise RuntimeError("too late")

    monkeypatch.setattr(hints, "ask", stuck)
    app.fixed_steps_per_frame = False  # as in the kiosk's attract mode (wall-clock frames)
    player = DemoPlayer(app, random.Random(1), report=lambda line: None)
    assert not player.patient
    scene = PlayScene(app, variant="NIGHTMARE")
    app.stack.push(scene)
    settle(app)
    scene.control.roll()
    scene.skip_animation()
    scene.control.roll_landed()
    for _ in range(demo_module.PATIENCE + 2):
        player.step(scene)
    assert player.fallbacks == 1
    release.set()  # the late advice fails now, inside this test (logged here, not after it)
    assert player.worker.wait(10)


@pytest.mark.slow
def test_the_attract_mode_shows_each_advice_before_playing_it(app):
    app.ctx.demo_is_attract = True
    app.demo = DemoDriver(app, GAMES, "magdagdon", seed=1, interval=1, report=lambda line: None)
    scene = PlayScene(app, variant="NIGHTMARE")
    app.stack.push(scene)
    settle(app)
    player = app.demo.player("magdagdon")
    for _ in range(400):
        run_frames(app, 1)
        if scene.hint is not None:
            break
        if player.worker.busy:
            player.worker.wait(30)
    assert scene.hint is not None and player.linger > 0
    assert scene.session.hints == 0  # shown to visitors, not a player's hint
    placed = len(scene.game.placed)
    run_frames(app, 5)
    assert len(scene.game.placed) == placed  # it lingers before playing


def _frames_drawn(advice_delay: float, frames: int = 240) -> list[tuple[int, int, int]]:
    """What each frame of a reproducible demo run did: the turn, the dice placed so far and
    the draws, with the advisor taking ``advice_delay`` seconds a question."""
    import time

    real = hints.ask

    def slow(game):
        time.sleep(advice_delay)
        return real(game)

    app = make_arcade(demo=True)
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(hints, "ask", slow)
            app.ctx.seed = 5
            app.demo = DemoDriver(app, GAMES, "magdagdon", seed=1, interval=1,
                                  report=lambda line: None)
            app.stack.push(PlayScene(app, variant="PEACEFUL"))
            settle(app)
            seen = []
            for _ in range(frames):
                run_frames(app, 1)
                game = app.stack.top.game
                seen.append((game.turns, len(game.placed), app.draws))
            return seen
    finally:
        app.shutdown()


@pytest.mark.slow
def test_a_reproducible_run_draws_the_same_frames_however_long_the_advisor_takes():
    """``--bench`` and ``--frames``: the player thinks over each advice for exactly
    ``THINKING_CALLS`` calls, waiting for it at the last one, so a slow advisor changes
    nothing in what each frame shows (a bench run's figures compare run to run)."""
    from game.games.magdagdon import demo as demo_module

    quick = _frames_drawn(0.0)
    slow = _frames_drawn(0.05)
    assert quick == slow
    assert quick[-1][0] >= 2  # turns were played: the advice was followed
    assert demo_module.THINKING_CALLS > 1


@pytest.mark.slow
def test_a_reproducible_runs_advisor_thinks_between_frames_never_alongside_one(monkeypatch):
    """The advisor is pure Python: a thread of it beside the frame loop takes the interpreter
    lock from the frames it runs alongside. In a reproducible run (``--bench``) each advice is
    worked out as it is asked for, between frames: no frame's update or draw ever starts with
    it still running, and the player still follows it."""
    app = make_arcade(demo=True)
    try:
        app.ctx.seed = 5
        app.demo = DemoDriver(app, GAMES, "magdagdon", seed=1, interval=1,
                              report=lambda line: None)
        app.stack.push(PlayScene(app, variant="PEACEFUL"))
        settle(app)
        player = app.demo.player("magdagdon")
        assert player.patient
        running: list[bool] = []
        draw = PlayScene.draw

        def watched(scene, surface):
            running.append(not player.worker.wait(0))  # a job still running (never waits)
            draw(scene, surface)

        monkeypatch.setattr(PlayScene, "draw", watched)
        run_frames(app, 240)
        assert player.advised >= 2 and player.worker.submitted >= 2
        assert running and not any(running)
    finally:
        app.shutdown()


def test_advice_for_magdagdon_left_over_on_choose_ruin_never_freezes_the_demo(app):
    """Issue 38, case 8: the advice (adjust, place…) came for the MAGDAGDON moment (M-6.1),
    late; the demo had already tapped ACCEPT, and on CHOOSE RUIN the game's state is the same,
    so the old advice was replayed and its ``adjust`` tapped a die and + forever (attract
    mode froze). A step the phase cannot take is stale, and the demo plays on."""
    app.fixed_steps_per_frame = False  # as in the kiosk's attract mode
    scene = start(app, magdagdon_game())
    roll(app, scene, [6, 6, 6, 6])
    assert scene.control.phase == Phase.MAGDAGDON and scene.game.powers_left
    post_tap(scene.b_accept.rect.center)
    settle(app)
    assert scene.control.phase == Phase.CHOOSE_RUIN
    player = DemoPlayer(app, random.Random(1), report=lambda line: None)
    player.steps.extend([("adjust", 0, -1), ("place", 0, 4), ("confirm",)])
    turns = scene.game.turns
    for _ in range(60):
        player.step(scene)
        run_frames(app, 2)
        if scene.game.turns > turns:
            break
    assert scene.game.turns > turns  # the ruin was chosen, the next turn is on


@pytest.mark.slow
def test_a_step_that_changes_nothing_is_given_up_after_a_few_tries(app):
    """The demo's own watchdog: whatever a step is, posted to an unchanged screen a few times
    it counts as stale (here + on a 6, which the rules refuse: M-5.2, never above 6)."""
    app.fixed_steps_per_frame = False
    scene = start(app, MagdagdonGame(Difficulty.PEACEFUL, random.Random(3)))
    roll(app, scene, [6, 6, 6, 6])
    player = DemoPlayer(app, random.Random(1), report=lambda line: None)
    player.steps.append(("adjust", 0, 1))
    for _ in range(3 * demo_module.MAX_TRIES):
        player.step(scene)
        run_frames(app, 2)
    assert not player.steps or player.steps[0] != ("adjust", 0, 1)
