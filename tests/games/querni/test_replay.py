"""The replay screen as media and chess players know it (issue 44): to the start, previous,
play / pause, next, to the end, each an icon with its label in every language; Home, End, ← and
→; BACK and EXIT (Esc, Backspace) leave; a game played as RED is shown with RED at the near
edge, from GAMES and HIGH SCORES alike, and FLIP turns it round."""

from __future__ import annotations

import pygame
import pytest

from game.engine import i18n
from game.engine.testing import post_key, post_tap
from game.games.querni.record import to_record
from game.games.querni.scenes.replay import ReplayScene
from game.games.querni.scenes.replay_controls import TRANSPORT, rects
from game.games.querni.widgets.layout import for_size
from game.rules.querni import Color
from tests.support import make_arcade, settle
from tests.support.querni_games import (
    TWO,
    YOU_BLUE,
    YOU_RED,
    finished,
    open_games,
    recorded,
)

B, R = Color.BLUE, Color.RED


def opened(app, session, **options) -> ReplayScene:
    app.nav.push("querni.replay", record=to_record(session), **options)
    settle(app, 3)
    scene = app.stack.top
    assert isinstance(scene, ReplayScene)
    if scene.playing:
        scene.toggle()
    return scene


def near_edge(scene: ReplayScene) -> Color:
    """The colour whose start rows are at the near edge (bottom, or left in portrait)."""
    near = "left" if scene.layout.turned else "bottom"
    return next(color for color in Color if scene.layout.home_edge(color) == near)


@pytest.mark.parametrize("size", [(1920, 1080), (1080, 1920)])
def test_a_game_played_as_red_replays_from_games_with_red_near(tmp_path, size):
    recorded(tmp_path, finished(5, "vs_easy", YOU_RED), finished(3, "vs_hard", YOU_BLUE),
             finished(8, "two_players", TWO))
    app = make_arcade(tmp_path / "data", size=size)
    try:
        games = open_games(app)
        nears = []
        for index in range(3):
            games.open(index)
            settle(app, 3)
            nears.append(near_edge(app.stack.top))
            post_key(pygame.K_ESCAPE)
            settle(app, 3)
            assert app.stack.top is games
        assert nears == [B, B, R]  # newest first: two people, you as BLUE, you as RED
    finally:
        app.shutdown()


def test_a_scores_row_replays_a_game_played_as_red_with_red_near(tmp_path):
    recorded(tmp_path, finished(5, "vs_easy", YOU_RED))
    app = make_arcade(tmp_path / "data")
    try:
        app.nav.push("scores", game_id="querni", variant="vs_easy")
        settle(app, 3)
        view = app.stack.top.view
        (_record, band), = view.rows()
        post_tap(band.center)
        settle(app, 3)
        replay = app.stack.top
        assert isinstance(replay, ReplayScene) and near_edge(replay) is R
    finally:
        app.shutdown()


def test_flip_turns_the_board_round_and_back(app):
    scene = opened(app, finished(5, "vs_easy", YOU_RED), players=YOU_RED)
    assert near_edge(scene) is R
    post_tap(scene.b_flip.rect.center)
    settle(app)
    assert near_edge(scene) is B
    post_key(pygame.K_f)
    settle(app)
    assert near_edge(scene) is R
    square = next(iter(scene.shown.pieces))
    assert scene.layout.square_at(scene.layout.square_centre(square)) == square


@pytest.mark.slow
def test_home_end_left_right_step_through_the_game(app):
    scene = opened(app, finished(3, "vs_hard", YOU_BLUE))
    post_key(pygame.K_END)
    settle(app)
    assert scene.index == scene.total and scene.shown == scene.states[-1]
    post_key(pygame.K_LEFT)
    settle(app)
    assert scene.index == scene.total - 1
    post_key(pygame.K_HOME)
    settle(app)
    assert scene.index == 0
    post_key(pygame.K_RIGHT)
    settle(app, 60)
    assert scene.index == 1


@pytest.mark.slow
def test_the_transport_buttons_do_what_they_say(app):
    scene = opened(app, finished(3, "vs_hard", YOU_BLUE))
    for name, index in (("to_end", scene.total), ("previous", scene.total - 1),
                        ("to_start", 0), ("next", 1)):
        post_tap(scene.controls[name].rect.center)
        settle(app, 60)
        assert scene.index == index, name
    post_tap(scene.controls["play"].rect.center)
    settle(app)
    assert scene.playing and scene.controls.label("play") == "PAUSE"
    post_key(pygame.K_SPACE)
    settle(app)
    assert not scene.playing and scene.controls.label("play") == "PLAY"


@pytest.mark.parametrize("key", [pygame.K_BACKSPACE, pygame.K_ESCAPE])
def test_back_and_escape_leave_the_replay(tmp_path, key):
    recorded(tmp_path, finished(3, "vs_hard", YOU_BLUE))
    app = make_arcade(tmp_path / "data")
    try:
        games = open_games(app)
        games.open(0)
        settle(app, 3)
        assert isinstance(app.stack.top, ReplayScene)
        post_key(pygame.K_RIGHT)
        settle(app)
        post_key(key)
        settle(app, 3)
        assert app.stack.top is games
    finally:
        app.shutdown()


@pytest.mark.parametrize("locale", ["en", "th", "bg", "ko"])
def test_no_replay_button_is_labelled_back_or_left_without_a_label(app, locale):
    from game.arcade.texts import t as shell_t

    scene = opened(app, finished(3, "vs_hard", YOU_BLUE))
    i18n.set_locale(locale)
    try:
        back = shell_t("common.back")
        labels = [scene.controls.label(name) for name in TRANSPORT]
        labels += [scene.controls.label(name) for name in ("review", "flip", "exit")]
        assert all(label and "querni." not in label for label in labels)
        assert back not in labels  # BACK means leave, never the previous turn
        assert len(set(labels)) == len(labels)
    finally:
        i18n.set_locale("en")


@pytest.mark.parametrize("size", [(1920, 1080), (1080, 1920)])
def test_the_buttons_sit_apart_inside_the_screen_and_none_where_play_has_its_menu(size):
    L = for_size(size)
    where = rects(L)
    assert set(where) == {*TRANSPORT, "review", "flip", "exit"}
    screen = pygame.Rect((0, 0), size)
    boxes = list(where.values())
    for i, box in enumerate(boxes):
        assert screen.contains(box) and box.height >= 96 and box.width >= 96
        assert not box.colliderect(L.board_rect) and not box.colliderect(L.moves_rect)
        assert not any(box.colliderect(other) for other in boxes[i + 1:])
        assert not box.colliderect(L.exit_rect)
    order = [where[name].centerx for name in TRANSPORT if name != "play" or L.portrait]
    assert order == sorted(order)


def test_flip_and_end_in_the_middle_of_a_flight(app):
    scene = opened(app, finished(3, "vs_hard", YOU_BLUE))
    scene.toggle()  # PLAY
    for _ in range(200):
        settle(app, 1)
        if scene.anim.busy:
            break
    assert scene.anim.busy and scene.playing
    post_key(pygame.K_f)  # the piece in flight lands first, then the board turns
    settle(app)
    assert scene.layout.flipped and not scene.anim.busy
    post_key(pygame.K_END)
    settle(app, 3)
    assert scene.index == scene.total and not scene.playing
    assert scene.shown == scene.states[-1]
    assert not scene.b_next.is_enabled and not scene.b_end.is_enabled
    assert scene.b_restart.is_enabled and scene.b_previous.is_enabled


@pytest.mark.parametrize(("size", "locale", "labelled"), [
    ((1920, 1080), "th", True), ((1920, 1080), "en", False), ((1920, 1080), "qps", False),
    ((1080, 1920), "en", True), ((1080, 1920), "qps", True)])
def test_a_transport_word_too_long_for_its_button_becomes_its_tooltip(size, locale, labelled):
    """A label under a transport icon is never drawn across its button's border nor below
    a legible size (the catalogue found PREVIOUS across the border in the pseudo-locale and
    9 px tall at 1366×768): when one word does not fit, each icon stands alone and says its
    word as its tooltip (issue 44)."""
    app = make_arcade(size=size)
    try:
        scene = opened(app, finished(3, "vs_hard", YOU_BLUE))
        i18n.set_locale(locale)
        settle(app, 2)
        for name in ("to_start", "previous", "next", "to_end"):
            tip = scene.controls[name].tool_tip_text
            assert tip == (None if labelled else scene.controls.label(name))
    finally:
        i18n.set_locale("en")
        app.shutdown()
