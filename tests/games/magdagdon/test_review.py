"""The post-game review: expected points lost per turn (0 when played as advised, never
negative), the three costliest turns, and the REVIEW page opened from game over."""

from __future__ import annotations

import random

import pygame
import pytest

from game.ai.advisor import advise
from game.engine.input import SCROLL, Action
from game.engine.testing import post_key, post_tap, run_frames
from game.games.magdagdon import hints
from game.games.magdagdon.review import Cancelled, review
from game.games.magdagdon.scenes.game_over import GameOverScene
from game.games.magdagdon.scenes.review import ReviewScene
from game.games.magdagdon.session import Session
from game.rules.magdagdon import Difficulty, MagdagdonGame
from tests.support import make_arcade, settle

TIMEOUT = 60.0


def advised_session(difficulty: Difficulty, seed: int) -> Session:
    """A whole game played by the advisor through the rules' API, its history noted."""
    session = Session(MagdagdonGame(difficulty, random.Random(seed)))
    game = session.game
    while not game.is_over:
        game.roll()
        session.note("roll")
        while game.in_turn:
            for step in advise(game).steps:
                hints.apply_step(game, step)
                if step[0] in ("adjust", "reroll"):
                    session.note(step[0], step[1] if step[0] == "reroll" else None)
                elif step[0] in ("confirm", "accept"):
                    session.note("end")
    return session


def careless_session(seed: int = 3) -> Session:
    """A PEACEFUL game of the rules' first legal moves, with random powers now and then."""
    rng = random.Random(seed)
    session = Session(MagdagdonGame(Difficulty.PEACEFUL, random.Random(seed)))
    game = session.game
    while not game.is_over:
        game.roll()
        session.note("roll")
        if game.powers_left and rng.random() < 0.3:
            if rng.random() < 0.5:
                die = rng.choice([d for d in range(4) if game.dice[d] < 6])
                game.adjust(die, 1)
                session.note("adjust")
            else:
                dice = sorted(rng.sample(range(4), rng.randint(1, 4)))
                game.reroll(dice)
                session.note("reroll", dice)
        if game.is_magdagdon:
            game.accept_magdagdon(min(game.legal_ruin_cells))
        else:
            for die, cell in game.hint():
                game.place(die, cell)
            game.confirm()
        session.note("end")
    return session


@pytest.mark.parametrize(("difficulty", "seed"), [(Difficulty.PEACEFUL, 7),
                                                  (Difficulty.NIGHTMARE, 2)])
def test_a_game_played_as_advised_loses_nothing(difficulty, seed):
    session = advised_session(difficulty, seed)
    kinds = [e["at"] for e in session.history]
    if difficulty is Difficulty.PEACEFUL:  # powers and a MAGDAGDON are part of this game
        assert "reroll" in kinds and "adjust" in kinds
    result = review(session.history)
    assert [t.turn for t in result.turns] == list(range(1, session.game.turns + 1))
    assert all(t.loss == pytest.approx(0.0, abs=0.01) for t in result.turns)
    assert result.costliest == () and result.final == session.game.score().total
    assert result.missing == 0


def test_losses_are_never_negative_and_the_costliest_three_are_highlighted():
    session = careless_session()
    result = review(session.history)
    losses = [t.loss for t in result.turns]
    assert len(losses) == session.game.turns and all(loss >= 0 for loss in losses)
    assert any(loss > 10 for loss in losses)
    top = sorted(range(len(losses)), key=lambda i: -losses[i])[:3]
    assert set(result.costliest) == set(top) and len(result.costliest) == 3
    assert result.total_loss == pytest.approx(sum(losses))
    played = [t for t in result.turns if t.powers]
    assert played and all(p[0] in ("adjust", "reroll") for t in played for p in t.powers)


def test_a_review_can_be_cancelled_and_reports_progress():
    session = careless_session(4)
    seen: list[float] = []
    review(session.history, progress=seen.append)
    assert seen[-1] == 1.0 and seen == sorted(seen)
    with pytest.raises(Cancelled):
        review(session.history, cancelled=lambda: True)


def test_the_history_survives_the_save_and_a_resumed_game_reviews_what_it_has():
    session = careless_session(5)
    again = Session.from_dict(session.to_dict())
    assert again.history == session.history
    assert review(again.history).turns == review(session.history).turns
    late = session.history[session.history.index(
        next(e for e in session.history if e["state"]["turns"] == 3 and e["at"] == "roll")):]
    partial = review(late)
    assert partial.missing == 3 and partial.turns[0].turn == 4


# --- the page ----------------------------------------------------------------------------------
def open_review(app, session: Session) -> ReviewScene:
    over = GameOverScene(app, session.game, session=session)
    app.stack.push(over)
    settle(app)
    run_frames(app, 200)  # the count-up
    post_tap(over.b_review.rect.center)
    settle(app)
    page = app.stack.top
    assert isinstance(page, ReviewScene) and page.session is session
    assert page.worker.wait(TIMEOUT)
    run_frames(app, 2)
    assert page.ready
    return page


def chart_bars(page: ReviewScene) -> list[tuple[int, int]]:
    """A point on each turn's bar, in the order the bars stand across the chart (what
    ``bar_at`` finds along a line through the chart's bars)."""
    y = page.chart.bottom - 20
    found: dict[int, list[int]] = {}
    for x in range(page.chart.left, page.chart.right):
        turn = page.bar_at((x, y))
        if turn is not None:
            found.setdefault(turn, []).append(x)
    assert list(found) == sorted(found) == list(range(len(found)))  # left to right, no gaps
    return [(xs[len(xs) // 2], y) for xs in found.values()]


@pytest.mark.parametrize("size", [(1920, 1080), (1080, 1920)])
@pytest.mark.slow
def test_review_opens_from_game_over_lists_every_turn_and_highlights_three(size):
    app = make_arcade(size=size)
    try:
        session = careless_session()
        page = open_review(app, session)
        assert len(page.review.turns) == session.game.turns
        assert page.highlighted == page.review.costliest and len(page.highlighted) == 3
        assert len(chart_bars(page)) == session.game.turns  # one bar a turn, in turn order
        screen = pygame.Rect((0, 0), size)
        assert screen.contains(page.chart) and screen.contains(page.view)
        app.stack.draw(app.surface)
        costly = page.highlighted[-1]
        post_tap(chart_bars(page)[costly])  # a bar jumps to its turn
        settle(app)
        run_frames(app, 60)
        assert page.row_rect(costly).top == page.view.top or (
            page.scroller.offset == page.scroller.max_offset)
        offset = page.scroller.offset
        page.handle(Action(SCROLL, key="up"))
        run_frames(app, 30)
        assert page.scroller.offset < offset or offset == 0
        post_key("escape")
        settle(app)
        assert isinstance(app.stack.top, GameOverScene)
    finally:
        app.shutdown()


def test_the_page_shows_progress_while_the_worker_thinks_and_never_waits(app, monkeypatch):
    import threading

    from game.games.magdagdon.scenes import review as page_module

    release = threading.Event()
    real = page_module.review

    def slow(history, progress, cancelled):
        progress(0.25)
        assert release.wait(TIMEOUT)
        return real(history, progress, cancelled)

    monkeypatch.setattr(page_module, "review", slow)
    session = careless_session(6)
    app.nav.push("magdagdon.review", session=session)
    settle(app)
    page = app.stack.top
    run_frames(app, 60)  # held: frames run, the bar shows a quarter
    assert not page.ready and page.progress == 0.25
    app.stack.draw(app.surface)
    release.set()
    assert page.worker.wait(TIMEOUT)
    run_frames(app, 2)
    assert page.ready


def test_a_game_without_history_reviews_nothing_and_says_so(app):
    game = advised_session(Difficulty.NIGHTMARE, 3).game
    page = open_review(app, Session(game))
    assert page.review.turns == () and page.highlighted == ()
    app.stack.draw(app.surface)
