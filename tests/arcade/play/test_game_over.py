"""The game-over screen both games share (``arcade.play.game_over``): its rows of buttons, and
its keys, the same in both games: Enter plays again, Esc goes to the menu, and under VIEW BOARD
Enter, Esc or Backspace only bring the panel back; R opens MAGDAGDON's REVIEW."""

from __future__ import annotations

import pygame
import pytest

from game.arcade.play.game_over import GAP, GameOverScreen, button_row
from game.engine.testing import post_key, post_tap, run_frames
from tests.support import settle
from tests.support.scenes import finished_game, finished_querni


@pytest.mark.parametrize("width", [1140, 980, 731, 563])
@pytest.mark.parametrize(("count", "first"), [(2, 0), (3, 340), (4, 300), (4, 0)])
def test_a_row_of_buttons_spans_the_panel_40_px_in_with_even_gaps(width, count, first):
    panel = pygame.Rect(37, 100, width, 600)
    rects = button_row(panel, 560, count, 104, first)
    assert len(rects) == count and rects[0].left == panel.left + 40
    assert all(rect.top == 560 and rect.height == 104 for rect in rects)
    assert all(b.left - a.right == GAP for a, b in zip(rects, rects[1:], strict=False))
    if first:
        assert rects[0].width == first
    assert len({rect.width for rect in (rects[1:] if first else rects)}) == 1
    assert 0 <= panel.right - 40 - rects[-1].right < count  # short of the edge by rounding only


def opened(app, game_id: str) -> tuple[GameOverScreen, list[str]]:
    """``game_id``'s game-over screen over a finished game, counted up; what its PLAY AGAIN
    and MENU called back."""
    calls: list[str] = []
    details = ({"game": finished_game()} if game_id == "magdagdon"
               else {"session": finished_querni()})
    app.nav.push(f"{game_id}.game_over", on_play_again=lambda: calls.append("again"),
                 on_menu=lambda: calls.append("menu"), **details)
    run_frames(app, 120)
    scene = app.stack.top
    assert isinstance(scene, GameOverScreen) and scene.counted
    return scene, calls


@pytest.mark.parametrize("game_id", ["magdagdon", "querni"])
@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_BACKSPACE])
def test_under_view_board_a_key_only_brings_the_panel_back(app, game_id, key):
    scene, calls = opened(app, game_id)
    scene.view_board()
    post_key(key)
    settle(app)
    assert app.stack.top is scene and not scene.viewing and calls == []
    assert scene.b_again.visible and not scene.b_result.visible


@pytest.mark.parametrize("game_id", ["magdagdon", "querni"])
@pytest.mark.parametrize(("key", "call"), [(pygame.K_RETURN, "again"), (pygame.K_ESCAPE, "menu")])
def test_enter_plays_again_and_esc_goes_to_the_menu(app, game_id, key, call):
    scene, calls = opened(app, game_id)
    post_key(key)
    settle(app)
    assert calls == [call]
    assert (app.stack.top is not scene) == (call == "again")  # PLAY AGAIN closes the panel


@pytest.mark.parametrize(("game_id", "review"), [("magdagdon", "ReviewScene"),
                                                 ("querni", None)])
def test_r_opens_review_only_where_the_game_asks_for_it(app, game_id, review):
    scene, calls = opened(app, game_id)
    post_key(pygame.K_r)
    settle(app)
    top = app.stack.top
    assert calls == [] and (top is scene if review is None else type(top).__name__ == review)


def test_the_game_over_screen_and_menu_s_title_are_built_before_they_open(app, monkeypatch):
    """Scene changes built ahead, never in the frame that changes: the game-over screen's
    buttons while the last move plays out, the title MENU opens while the panel shows."""
    import random

    from game.ai import autoplay
    from game.arcade.scenes.title import TitleScene
    from game.rules.magdagdon import Difficulty, MagdagdonGame
    from tests.support.magdagdon_screen import finish_by_taps, start

    game = MagdagdonGame(Difficulty.NIGHTMARE, random.Random(6))
    while sum(cell is None for cell in game.board) > 4:  # a turn or two before its end
        autoplay.play_turn(game)
    scene = start(app, game)
    opened: list[tuple[object, bool]] = []  # each screen as it was asked to open: built?

    def spying(open_it):
        def spy(new):
            built = (new.tiles != [] if isinstance(new, TitleScene)
                     else hasattr(new, "b_result"))
            opened.append((new, built))
            open_it(new)
        return spy

    for request in ("push", "clear_to"):
        monkeypatch.setattr(app.stack, request, spying(getattr(app.stack, request)))
    finish_by_taps(app, scene)
    run_frames(app, 200)
    over = app.stack.top
    assert isinstance(over, GameOverScreen) and opened == [(over, True)]
    post_tap(over.b_menu.rect.center)
    settle(app)
    title = app.stack.top
    assert isinstance(title, TitleScene) and opened[1:] == [(title, True)]
    assert [tile.spec.id for tile in title.tiles] == ["magdagdon", "querni"]
    assert title.focus == "magdagdon" and title.choosing is None


def test_the_title_is_built_again_behind_a_screen_opened_over_the_game_over_screen(app):
    """STATISTICS over the panel drops the title built ahead (made for the way not taken);
    back on the panel, it is built again before MENU asks for it."""
    from game.arcade.scenes.title import TitleScene

    scene, _ = opened(app, "magdagdon")
    scene.stats()
    settle(app)
    assert type(app.stack.top).__name__ != type(scene).__name__
    app.nav.pop()
    settle(app)
    assert app.stack.top is scene
    title = app.nav.make("title", game_id="magdagdon")
    assert isinstance(title, TitleScene) and [tile.spec.id for tile in title.tiles] == [
        "magdagdon", "querni"]


def test_a_game_over_screen_built_for_one_game_never_opens_for_another(app):
    """The screen built ahead is the one asked for only with the same game; another game's
    end (or the same game's end with another rank) opens a screen of its own."""
    from tests.support.magdagdon_screen import magdagdon_game, start

    scene = start(app, magdagdon_game())
    first, second = finished_game(), finished_game()
    scene.prepare_game_over("PEACEFUL", game=first, rank=None)
    scene.open_game_over("PEACEFUL", game=second, rank=None)
    settle(app)
    assert isinstance(app.stack.top, GameOverScreen) and app.stack.top.game is second
    app.stack.pop()
    settle(app)
    scene.prepare_game_over("PEACEFUL", game=first, rank=None)
    scene.open_game_over("PEACEFUL", game=first, rank=3)
    settle(app)
    assert app.stack.top.game is first and app.stack.top.rank == 3
