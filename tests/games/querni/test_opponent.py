"""QUERNI's computer opponent on its screens, driven by real events: VS COMPUTER on the setup
screen, the computer's turn played through gestures, taps refused while it thinks, frames that
never wait for it, cancelling it when the game is left (EXIT, pause → quit, the crash net),
resuming a vs-computer game after a kill, HINT, the records per level and the demo.

Behaviour, not strength: fixed seeds, no timing asserts. Where the engine's own speed does not
matter, a stand-in ``choose_turn`` answers at once or waits on an event the test holds.
"""

from __future__ import annotations

import logging
import random

import pygame
import pytest

from game.arcade.demo import DemoDriver
from game.engine.testing import post_key, run_frames
from game.games.querni import computer
from game.games.querni.computer import ComputerPlayer, seeded_rng
from game.games.querni.demo import choose_turn as demo_turn
from game.games.querni.gestures import GestureKind, gestures_for_turn
from game.games.querni.players import HumanPlayer
from game.games.querni.scenes.game_over import GameOverScene
from game.games.querni.scenes.play import PlayScene
from game.games.querni.scenes.setup import SetupScene
from game.games.querni.session import DEMO, QuerniSession, replay
from game.games.querni.stats import stored_groups
from game.games.querni.widgets.scores import ScoresView, summary, totals_of
from game.games.registry import GAMES
from game.rules.querni import Color
from tests.support import make_arcade, settle
from tests.support.arcade import storage_holding
from tests.support.querni_screen import JUMPS, Gate, session_of, start_vs, tap, tap_square

B, R = Color.BLUE, Color.RED


def play_turn_by_taps(app, scene: PlayScene, path, chain) -> None:
    """A person's turn through the screen: tap the piece, each landing, the chain, END MOVE."""
    for gesture in gestures_for_turn(scene.control.state, path, chain):
        run_frames(app, 90)  # let the last animation finish
        if gesture.kind is GestureKind.TAP and gesture.square is not None:
            tap_square(app, scene, gesture.square)
        elif gesture.kind is GestureKind.SELECT_CHAIN:
            tap(app, scene.b_chain.rect.center)
        elif gesture.kind is GestureKind.END_MOVE:
            tap(app, scene.b_end.rect.center)


def frames_until(app, done, limit: int = 3000) -> int:
    """Run frames until ``done()``; how many it took (fails past ``limit``)."""
    for count in range(1, limit + 1):
        run_frames(app, 1)
        if done():
            return count
    raise AssertionError(f"not done after {limit} frames")


# --- the setup screen -------------------------------------------------------------------------
@pytest.mark.slow
def test_vs_computer_on_the_setup_screen_starts_the_computer_on_the_chosen_side(saving_app):
    app = saving_app
    app.nav.push("querni.setup")
    settle(app)
    setup = app.stack.top
    assert isinstance(setup, SetupScene) and not setup.b_levels
    tap(app, setup.b_versus.rect.center)
    tap(app, setup.b_levels["medium"].rect.center)
    tap(app, setup.b_colours["RED"].rect.center)
    assert setup.variant == "vs_medium"
    tap(app, setup.b_start.rect.center, 3)
    scene = app.stack.top
    assert isinstance(scene, PlayScene)
    assert scene.session.variant == "vs_medium"
    assert scene.session.players == {"BLUE": "computer:medium", "RED": "human"}
    assert isinstance(scene.players[B], ComputerPlayer) and scene.players[R].takes_input
    assert not scene.human_turn  # BLUE always moves first: the computer opens
    start = scene.session.state
    frames_until(app, lambda: scene.session.turn_count == 1)
    # the engine's own turn (seeded by --seed and the position), played through gestures
    expected = computer.choose_turn(start, "medium", seeded_rng(app.ctx.seed, start,
                                                                "querni-medium"))
    path, chain = scene.session.turns[0]
    assert (list(path) if path else None, chain) == (
        list(expected[0]) if expected[0] else None, expected[1])
    assert replay(start, scene.session.turns) == scene.control.state
    assert "querni_select" in app.ctx.audio.played  # it tapped its piece like a person
    settings = app.ctx.game_settings("querni")
    assert (settings["versus"], settings["level"], settings["human"]) == (True, "medium", "RED")
    # the next visit to the setup screen remembers the choice
    app.nav.push("querni.setup")
    settle(app)
    assert app.stack.top.variant == "vs_medium" and app.stack.top.human == "RED"


# --- while the computer thinks ----------------------------------------------------------------
@pytest.mark.slow
def test_frames_flow_and_taps_are_refused_while_the_computer_thinks(app):
    gate = Gate()
    scene = start_vs(app, session_of(JUMPS), ComputerPlayer("hard", choose=gate), HumanPlayer())
    assert gate.started.wait(10)
    frame, time = app.frame, scene.time
    run_frames(app, 60)  # a second of frames while the job is blocked
    assert not gate.finished.is_set() and scene.computer.thinking
    assert app.frame == frame + 60 and scene.time == pytest.approx(time + 1.0)
    tap_square(app, scene, (0, 0))  # the computer's BLUE 5
    assert scene.control.selected is None
    assert scene.message()[0] == "That is the computer's piece: wait for your turn."
    assert "querni_illegal" in app.ctx.audio.played
    tap_square(app, scene, (9, 6))  # RED's own piece: still not RED's turn
    assert scene.message()[0] == "The computer is thinking…"
    assert scene.control.selected is None and scene.session.turn_count == 0
    assert not scene.b_end.is_enabled and not scene.b_hint.is_enabled
    gate.open.set()
    frames_until(app, lambda: scene.session.turn_count == 1)
    assert gate.calls == 1 and scene.session.turns[0][0] is not None
    frames_until(app, lambda: scene.human_turn and not scene.busy)


@pytest.mark.slow
def test_the_strip_says_the_computer_plays_and_keys_never_cut_its_move_short(app,
                                                                          monkeypatch):
    """Once decided, the computer's turn plays out gesture by gesture: the strip says it is
    playing (no longer thinking), and a key pressed meanwhile does not skip its animation."""
    gate = Gate()
    scene = start_vs(app, session_of(JUMPS), ComputerPlayer("hard", choose=gate), HumanPlayer())
    assert gate.started.wait(10)
    assert scene.computer.thinking and scene.message()[0] == "The computer is thinking…"
    skipped: list[bool] = []
    monkeypatch.setattr(scene, "skip_animation", lambda: skipped.append(True))
    gate.open.set()
    frames_until(app, lambda: bool(scene.computer.plan))
    assert not scene.computer.thinking and scene.message()[0] == "The computer is playing…"
    frames_until(app, lambda: scene.anim.busy)  # its piece is on its way
    for key in (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_u):
        post_key(key)
        settle(app, 1)
    assert not skipped and scene.session.turn_count == 0
    frames_until(app, lambda: scene.session.turn_count == 1)
    assert not skipped


@pytest.mark.parametrize("how", ["exit", "pause_quit", "crash"])
@pytest.mark.slow
def test_leaving_the_game_cancels_the_computer_and_records_nothing(saving_app, how, caplog,
                                                                   monkeypatch):
    app = saving_app
    gate = Gate()
    scene = start_vs(app, session_of(JUMPS), ComputerPlayer("hard", choose=gate), HumanPlayer())
    assert gate.started.wait(10)
    run_frames(app, 10)
    with caplog.at_level(logging.ERROR):
        if how == "exit":
            tap(app, scene.b_exit.rect.center, 3)
            tap(app, app.stack.top.b_yes.rect.center, 3)
        elif how == "pause_quit":
            post_key(pygame.K_ESCAPE)
            settle(app, 3)
            pause = app.stack.top
            quit_button = next(b for b in pause.buttons
                               if b.translation_key == "pause.quit_to_title")
            tap(app, quit_button.rect.center, 3)
        else:
            def broken(dt: float) -> None:
                raise RuntimeError("a bug while the computer thinks")

            monkeypatch.setattr(scene, "update", broken)
            run_frames(app, 2)
            assert app.stack.top.is_crash_screen
        assert gate.finished.wait(10)  # the job stopped soon
    assert gate.saw_cancel and not gate.open.is_set()
    assert scene not in app.stack.scenes
    assert app.ctx.storage.records("querni") == []
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR
              and "background job" in r.getMessage()]
    assert not errors
    run_frames(app, 5)  # and nothing comes back later
    assert scene.session.turn_count == 0


@pytest.mark.slow
def test_a_paused_computer_thinks_again_when_the_game_comes_back(app):
    gate = Gate()
    scene = start_vs(app, session_of(JUMPS), ComputerPlayer("hard", choose=gate), HumanPlayer())
    assert gate.started.wait(10)
    post_key(pygame.K_ESCAPE)
    settle(app, 3)
    assert gate.finished.wait(10) and gate.saw_cancel
    post_key(pygame.K_ESCAPE)  # resume
    gate.open.set()
    frames_until(app, lambda: scene.session.turn_count == 1)
    assert gate.calls == 2


# --- resume after a kill -----------------------------------------------------------------------
@pytest.mark.slow
def test_a_killed_vs_computer_game_resumes_with_the_computer_on_its_side(tmp_path):
    first = make_arcade(tmp_path / "data")
    second = None
    try:
        session = QuerniSession.new(random.Random(2), "vs_easy",
                                    {"BLUE": "human", "RED": "computer:easy"})
        scene = PlayScene(first, saved=session)
        first.stack.push(scene)
        settle(first)
        assert scene.human_turn
        play_turn_by_taps(first, scene, *demo_turn(scene.control.state, random.Random(1)))
        assert scene.session.turn_count == 1 and not scene.human_turn  # saved at END MOVE
        first.ctx.storage.settle()  # the save's writer thread has written it (~ms; a busy
        # machine ran the second app's reading first, and it found no game to continue)
        # killed while the computer thinks: a new app on the same folder continues
        second = make_arcade(tmp_path / "data")
        second.nav.push("title")
        settle(second)
        tile = next(tile for tile in second.stack.top.tiles if tile.spec.id == "querni")
        tap(second, tile.cont.rect.center, 3)
        resumed = second.stack.top
        assert isinstance(resumed, PlayScene)
        assert resumed.session.players == {"BLUE": "human", "RED": "computer:easy"}
        assert isinstance(resumed.players[R], ComputerPlayer)
        frames_until(second, lambda: resumed.session.turn_count == 2)
        assert replay(resumed.session.start, resumed.session.turns) == resumed.control.state
    finally:
        if second is not None:
            second.shutdown()
        first.shutdown()


# --- HINT -----------------------------------------------------------------------------------
@pytest.mark.slow
def test_hint_shows_a_legal_turn_on_the_board_and_is_counted_and_recorded(saving_app):
    app = saving_app
    session = QuerniSession.new(random.Random(6))  # two players: HINT is there too
    rng = random.Random(6)
    while True:  # up to the last turn
        turn = demo_turn(session.state, rng)
        if session.state.play(*turn).result is not None:
            break
        session.play(*turn)
    scene = PlayScene(app, saved=session)
    app.stack.push(scene)
    settle(app)
    assert scene.b_hint.is_enabled
    tap(app, scene.b_hint.rect.center)
    if scene.hint_thinking:  # (a near-finished game may be answered within the frame)
        assert scene.message()[0].startswith("Looking for a good move")
        scene.hints.asker.wait(60)  # the test may wait; a frame never does
    settle(app)
    hint = scene.hint
    assert hint is not None and hint.state == scene.control.state
    path, chain = (list(hint.path) or None), hint.chain
    legal = scene.control.state.legal_turns()
    assert (path, chain) in [(list(p) if p else None, c) for p, c in legal]
    assert scene.message()[0].startswith("Hint: ")
    assert session.hints == 1
    tap(app, scene.b_hint.rect.center)  # again: put away
    assert scene.hint is None
    tap(app, scene.b_hint.rect.center)  # and again: shown at once, not counted twice
    assert scene.hint is not None and session.hints == 1
    piece = next(sq for sq, (c, _n) in scene.control.state.pieces.items()
                 if c is not scene.control.to_move)
    tap_square(app, scene, piece)  # a tap anywhere on the board clears it
    assert scene.hint is None
    play_turn_by_taps(app, scene, *turn)
    frames_until(app, lambda: isinstance(app.stack.top, GameOverScene))
    (record,) = app.ctx.storage.records("querni")
    assert record.fields["hints"] == 1


def test_records_check_hints_and_keep_who_played():
    session = QuerniSession.new(random.Random(6), "vs_hard",
                                {"BLUE": "human", "RED": "computer:hard"})
    rng = random.Random(6)
    while not session.is_over:
        session.play(*demo_turn(session.state, rng))
    data = next(spec for spec in GAMES if spec.id == "querni").data  # what storage calls
    fields = data.make_record(session)
    assert "hints" not in fields and fields["players"]["RED"] == "computer:hard"
    session.hinted()
    fields = data.make_record(session)
    assert fields["hints"] == 1
    data.check_record(fields)
    for bad in (-1, "2", 1.5, 10**6):
        with pytest.raises(ValueError):
            data.check_record({**fields, "hints": bad})
    saved = QuerniSession.from_dict(session.to_dict())
    assert saved.hints == 1 and saved.players == session.players
    old = session.to_dict()
    del old["hints"]  # a save from before HINT
    assert QuerniSession.from_dict(old).hints == 0


# --- records per level ---------------------------------------------------------------------
class Row:
    made = 0

    def __init__(self, variant, result, me="BLUE", level="hard", turns=40, hints=0):
        self.variant = variant
        players = {"BLUE": "human", "RED": "human"}
        if me is not None:
            players = {me: "human", ("RED" if me == "BLUE" else "BLUE"): f"computer:{level}"}
        self.fields = {"result": result, "reason": "all_removed", "turns": turns,
                       "players": players}
        if hints:
            self.fields["hints"] = hints
        Row.made += 1
        self.id = f"{variant}-{result}-{turns}-{Row.made}"
        self.date = "2026-11-30T02:15:00Z"

    def get(self, key, default=None):
        return self.fields.get(key, default)


def test_the_scores_count_the_persons_wins_losses_and_draws_per_level(app, tmp_path):
    rows = [Row("vs_hard", "BLUE"), Row("vs_hard", "BLUE", me="RED"),
            Row("vs_hard", "DRAW", turns=60), Row("vs_hard", "RED", me="RED", hints=2)]
    totals = summary(rows)
    assert (totals["won"], totals["lost"], totals["draws"]) == (2, 1, 1)
    assert totals["mean"] == pytest.approx(45.0)

    app.ctx.storage = storage_holding(tmp_path, {"querni": [
        *rows, Row("two_players", "RED", me=None), Row(DEMO, "BLUE", me=None)]})
    stored = stored_groups(app.ctx.storage, "vs_hard")
    assert totals_of(stored["vs_hard"]) == totals and set(stored) == {"vs_hard"}
    for size in ((1920, 1080), (1080, 1920)):
        area = pygame.Rect(0, 160, *size).clip(pygame.Rect(0, 0, *size))
        view = ScoresView(app, area, "vs_hard")
        assert view.versus and len(view.records()) == 4
        surface = pygame.Surface(size)
        view.build(app.new_ui_manager(), lambda: None)
        view.draw(surface, 0.0)
        assert [tab.rect.height for tab in view.tabs] == [84] * 4
    assert ScoresView(app, area, DEMO).variant == "two_players"  # the demo has no tab


# --- the demo ------------------------------------------------------------------------------
def near_the_end(seed: int) -> QuerniSession:
    """A demo game one winning turn from its end (the mover can remove its last pieces)."""
    for attempt in range(seed, seed + 50):
        session = QuerniSession.new(random.Random(attempt), DEMO,
                                    {"BLUE": "computer:medium", "RED": "computer:hard"})
        rng = random.Random(attempt)
        turns = []
        state = session.start
        while state.result is None:
            turn = demo_turn(state, rng)
            turns.append(turn)
            state = state.play(*turn)
        if state.outcome.reason == "all_removed":
            for turn in turns[:-1]:
                session.play(*turn)
            return session
    raise AssertionError("no game ends with all pieces removed")


@pytest.mark.slow
def test_the_demo_plays_medium_against_hard_prints_its_line_and_records_it(saving_app):
    app = saving_app
    app.ctx.demo = True
    lines: list[str] = []
    app.demo = DemoDriver(app, GAMES, "querni", seed=5, interval=3, report=lines.append)
    session = near_the_end(4)
    scene = PlayScene(app, saved=session)
    app.stack.push(scene)
    settle(app)
    assert all(isinstance(scene.players[c], ComputerPlayer) for c in Color)
    frames_until(app, lambda: bool(lines))
    outcome = session.outcome
    assert lines == [f"QUERNI OVER result={outcome.result} reason={outcome.reason} "
                     f"turns={session.turn_count}"]
    (record,) = app.ctx.storage.records("querni")
    assert record.variant == DEMO
    assert record.fields["players"] == {"BLUE": "computer:medium", "RED": "computer:hard"}
    # PLAY AGAIN: the next demo game is the computer against itself again
    frames_until(app, lambda: app.stack.top is scene and not scene.session.is_over)
    assert scene.session.variant == DEMO and scene.session.players == {
        "BLUE": "computer:medium", "RED": "computer:hard"}
    assert all(isinstance(scene.players[c], ComputerPlayer) for c in Color)


def test_a_new_game_in_attract_mode_is_medium_against_hard_and_not_recorded(saving_app):
    app = saving_app
    app.ctx.demo_is_attract = True
    app.nav.clear_to("querni.play", variant="vs_easy")
    settle(app)
    scene = app.stack.top
    assert scene.session.variant == DEMO
    assert {c: p.kind for c, p in scene.players.items()} == {
        B: "computer:medium", R: "computer:hard"}
    scene.stop_thinking()
