"""MAGDAGDON's game-over panel and REVIEW name the game as the header does (issue 44): a daily
challenge is DAILY (or PRACTICE) with its date, never SURVIVAL. VIEW BOARD puts the panel aside
to show the final board, as QUERNI's does; SHOW RESULT (or Esc) brings it back."""

from __future__ import annotations

import pygame
import pytest

from game.engine.testing import post_key, post_tap, run_frames
from game.games.magdagdon.scenes.game_over import GameOverScene
from game.games.magdagdon.scenes.review import ReviewScene
from game.games.magdagdon.session import Session
from game.games.magdagdon.texts import t
from game.rules.magdagdon import Difficulty
from tests.support import settle
from tests.support.drawn import words_drawn


def played_out(session: Session) -> Session:
    """``session``'s game played to its end by the rules' hint (a ruin for each MAGDAGDON)."""
    game = session.game
    while not game.is_over:
        game.roll()
        if game.is_over:
            break
        if game.is_magdagdon:
            game.accept_magdagdon(min(game.legal_ruin_cells))
            continue
        for die, cell in game.hint() or []:
            game.place(die, cell)
        game.confirm()
    return session


def over(app, session: Session) -> GameOverScene:
    scene = GameOverScene(app, session.game, session=session)
    app.stack.push(scene)
    settle(app, 3)
    return scene


@pytest.mark.parametrize("practice", [False, True])
def test_a_daily_challenge_s_game_over_and_review_say_daily(app, monkeypatch, practice):
    session = played_out(Session.daily_challenge("2026-12-01", practice=practice))
    assert session.game.difficulty is Difficulty.SURVIVAL  # played under SURVIVAL's rules
    badge = t("daily.badge_practice" if practice else "daily.badge", date="1 Dec 2026")
    scene = over(app, session)
    drawn = words_drawn(app, monkeypatch, scene)
    assert badge in drawn and not any("SURVIVAL" in words for words in drawn)
    review = ReviewScene(app, session)
    app.stack.push(review)
    for _ in range(200):
        settle(app)
        if review.ready:
            break
    drawn = words_drawn(app, monkeypatch, review)
    assert any(words.startswith(badge) for words in drawn)
    assert not any("SURVIVAL" in words for words in drawn)


@pytest.mark.slow
def test_view_board_puts_the_panel_aside_and_show_result_brings_it_back(app):
    from game.games.magdagdon.scenes.play import PlayScene

    session = played_out(Session.daily_challenge("2026-12-01"))
    play = PlayScene(app, saved=session)
    app.stack.push(play)
    settle(app, 3)
    app.stack.draw(app.surface)
    board = play.layout.board_rect
    alone = pygame.image.tobytes(app.surface.subsurface(board), "RGB")
    scene = over(app, session)
    run_frames(app, 120)  # the breakdown counted up
    app.stack.draw(app.surface)
    assert pygame.image.tobytes(app.surface.subsurface(board), "RGB") != alone  # veiled
    post_tap(scene.b_view.rect.center)
    run_frames(app, 20)
    assert scene.viewing and not scene.b_again.visible and scene.b_result.visible
    app.stack.draw(app.surface)
    assert pygame.image.tobytes(app.surface.subsurface(board), "RGB") == alone
    post_key(pygame.K_ESCAPE)  # Esc brings the result back; it does not leave for the menu
    settle(app)
    assert app.stack.top is scene and not scene.viewing and scene.b_again.visible
    post_tap(scene.b_view.rect.center)
    run_frames(app, 20)
    post_tap(scene.b_result.rect.center)
    run_frames(app, 20)
    assert not scene.viewing and scene.b_menu.visible and not scene.b_result.visible
