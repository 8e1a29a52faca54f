"""REVIEW of a recorded QUERNI game: HARD's verdicts worked out in a worker (never holding up a
frame, but waited for in a reproducible run), kept per game, public per turn number, and shown
in the replay screen (driven by real key and tap events) with the marked turn's better move.

The game: seed 0's start, two MEDIUM turns, then BLUE passes (Q-4.1) although it could remove
a chain — a deliberately bad turn 3 — and the demo's chooser plays it to the end."""

from __future__ import annotations

import random
import threading

import pygame
import pytest

from game.ai.querni import choose_turn
from game.ai.querni.review import Verdict
from game.engine.testing import post_key, run_frames
from game.games.querni.computer import DETERMINISTIC_NODES, seeded_rng
from game.games.querni.demo import choose_turn as demo_turn
from game.games.querni.record import GameRecord, check, to_record
from game.games.querni.review import REVIEW_SEED, GameReview
from game.games.querni.scenes.replay import ReplayScene
from game.games.querni.session import QuerniSession
from game.rules.querni import QuerniState
from tests.support import settle
from tests.support.querni_screen import tap

BAD_TURN = 3


def reviewed_game(seed: int = 0) -> dict:
    """The record (the document's dict) of the game described in the module docstring."""
    session = QuerniSession(QuerniState.new(random.Random(seed)),
                            QuerniState.new(random.Random(seed)))
    for n in range(BAD_TURN - 1):
        session.play(*choose_turn(session.state, "medium", random.Random(n)))
    assert any(chain is not None for _path, chain in session.state.legal_turns())
    session.play(None, None)  # the bad turn: a pass
    rng = random.Random(seed)
    while not session.is_over:
        session.play(*demo_turn(session.state, rng))
    return to_record(session)


@pytest.mark.slow
def test_the_bad_turn_gets_a_clearly_worse_verdict_with_hards_own_turn():
    record: GameRecord = check(reviewed_game())
    review = GameReview(record, deterministic=True)
    review.step(BAD_TURN)
    verdict = review.verdicts[BAD_TURN]
    assert verdict.clearly_worse and not verdict.same
    before = review.states[BAD_TURN - 1]
    hard = choose_turn(before, "hard", seeded_rng(REVIEW_SEED, before, "querni-review"),
                       max_nodes=DETERMINISTIC_NODES)
    assert verdict.best == hard
    assert set(review.verdicts) == {BAD_TURN}  # a reproducible run judges what it shows


def test_verdicts_are_kept_per_game():
    record = check(reviewed_game())
    GameReview(record, deterministic=True).step(BAD_TURN)
    again = GameReview(record, deterministic=True)
    again.step(BAD_TURN)
    assert BAD_TURN in again.verdicts and again.worker.submitted == 0


class HeldJudge:
    """A stand-in ``judge_turn`` that waits until the test lets it answer."""

    def __init__(self) -> None:
        self.go = threading.Event()

    def __call__(self, state, path, chain, rng=None, *, cancel=None, **budget) -> Verdict:
        while not self.go.wait(0.005):
            if cancel is not None and cancel.is_set():
                raise RuntimeError("cancelled")
        return Verdict((path, chain), 0.0, 0.0, True)


def test_a_verdict_never_holds_up_a_frame_and_then_the_next_turn_is_asked():
    record = check(reviewed_game(seed=1))
    judge = HeldJudge()
    review = GameReview(record, judge=judge)
    review.step(2)  # asks about turn 2 and returns at once
    assert review.asking(2) and 2 not in review.verdicts
    review.step(2)
    assert 2 not in review.verdicts  # still thinking: no frame waits for it
    judge.go.set()
    review.worker.wait(5.0)
    review.step(2)
    assert review.verdicts[2].same and review.asking(3)  # then the turns after it
    for _ in range(200):
        review.worker.wait(5.0)
        review.step(2)
        if review.done:
            break
    assert set(review.verdicts) == set(range(1, review.total + 1))


@pytest.mark.slow
def test_the_replay_review_marks_the_bad_turn_and_shows_hards_move(app):
    replay = ReplayScene(app, reviewed_game(), review=True)
    app.stack.push(replay)
    settle(app)
    assert replay.review.on and not replay.playing
    for _ in range(BAD_TURN):
        post_key(pygame.K_RIGHT)
        run_frames(app, 90)
    assert replay.index == BAD_TURN
    assert replay.review.marked
    text, _colour = replay.review.line()
    assert text.startswith("HARD: clearly better to ")
    args = replay.review.board_args()
    assert args["hint_path"] or args["hint_chain"]  # HARD's turn drawn as a ghost
    assert replay.review.verdicts[BAD_TURN].clearly_worse  # public per turn number
    post_key(pygame.K_RIGHT)
    run_frames(app, 90)
    assert BAD_TURN + 1 in replay.review.verdicts
    assert replay.review.line()[0] != text


@pytest.mark.slow
def test_the_move_list_marks_the_clearly_worse_turn_while_review_is_on(app):
    """#37: the verdicts are marked in the move list (a red badge on the entry), not when REVIEW
    is off."""
    from game.arcade.widgets import palette

    replay = ReplayScene(app, reviewed_game(), review=True)
    app.stack.push(replay)
    settle(app)
    for _ in range(BAD_TURN):
        post_key(pygame.K_RIGHT)
        run_frames(app, 90)
    assert BAD_TURN in replay.review.marked_turns
    box = replay.moves.box_of(BAD_TURN)
    assert box is not None
    corner = pygame.Rect(box.right - 40, box.top, 40, 40)  # where the entry's badge goes

    def badge_red() -> bool:
        surface = pygame.Surface(app.surface.get_size())
        replay.draw(surface)
        red = sum(surface.get_at((x, y))[:3] == palette.BAD
                  for x in range(corner.left, corner.right)
                  for y in range(corner.top, corner.bottom))
        return red > 200  # a disc of 28 px, less its ring and its "?"

    assert badge_red()
    post_key(pygame.K_v)  # REVIEW off: no marks
    run_frames(app, 5)
    assert not replay.review.on and replay.review.marked_turns == frozenset()
    assert not badge_red()


def test_review_turns_on_and_off_with_its_button_and_v(app):
    replay = ReplayScene(app, reviewed_game())
    app.stack.push(replay)
    settle(app)
    assert not replay.review.on and replay.playing
    tap(app, replay.b_review.rect.center)
    assert replay.review.on and not replay.playing  # stepped through by hand
    post_key(pygame.K_v)
    settle(app)
    assert not replay.review.on
