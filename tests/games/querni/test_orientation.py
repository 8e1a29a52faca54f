"""Which way round the QUERNI board is shown, driven by real events: a person who plays RED
against the computer has their pieces at the near edge (the bottom in landscape, the left in
portrait), two people may FLIP BOARD (the pause menu, or F), and every tap, drag and arrow key
follows the board as drawn: a tap on a drawn square means that square. The pixel positions
below are worked out from the layout's numbers, not asked of the code under test."""

from __future__ import annotations

import random

import pygame
import pytest

from game.engine.testing import post_drag, post_key, post_tap
from game.games.querni.scenes.play import PlayScene
from game.games.querni.session import QuerniSession
from game.games.querni.widgets.layout import LANDSCAPE, PORTRAIT
from game.rules.querni import COLS, ROWS, Color
from tests.support import make_arcade, settle
from tests.support.querni_screen import tap

B, R = Color.BLUE, Color.RED


def new_game(players: dict[str, str], variant: str = "vs_hard") -> QuerniSession:
    return QuerniSession.new(random.Random(4), variant, players)


def start(app, session: QuerniSession) -> PlayScene:
    scene = PlayScene(app, saved=session)
    app.stack.push(scene)
    settle(app)
    return scene


def landscape_pixel(screen_col: int, screen_row: int) -> tuple[int, int]:
    """The centre of the square ``screen_col`` from the left, ``screen_row`` from the top."""
    x0, y0 = LANDSCAPE.board_origin
    s = LANDSCAPE.square
    return x0 + screen_col * s + s // 2, y0 + screen_row * s + s // 2


def portrait_pixel(screen_col: int, screen_row: int) -> tuple[int, int]:
    x0, y0 = PORTRAIT.board_origin
    s = PORTRAIT.square
    return x0 + screen_col * s + s // 2, y0 + screen_row * s + s // 2


# --- RED against the computer -----------------------------------------------------------------
def test_playing_red_against_the_computer_puts_reds_pieces_at_the_bottom(app):
    session = new_game({"BLUE": "computer:hard", "RED": "human"})
    session.play([(1, 1), (1, 2)], None)  # the computer opened (b2 → b3): RED to move
    scene = start(app, session)
    assert scene.layout.flipped
    board = scene.layout.board_rect
    red = [sq for sq, (c, _n) in scene.control.state.pieces.items() if c is R]
    assert all(scene.layout.square_rect(sq).centery > board.centery for sq in red)
    assert scene.layout.home_edge(R) == "bottom" and scene.layout.home_edge(B) == "top"
    # the bottom-left square drawn is j7 (col 9, row 6): a tap there means that square
    pos = landscape_pixel(0, ROWS - 1)
    assert scene.layout.square_at(pos) == (COLS - 1, ROWS - 1)
    # RED's piece on the second square from the left of the bottom row: i7 (col 8, row 6)
    post_tap(landscape_pixel(1, ROWS - 1))
    settle(app)
    assert scene.control.selected == (8, 6)
    assert scene.control.state.pieces[(8, 6)][0] is R


def test_a_drag_and_the_arrows_follow_the_turned_board(app):
    session = new_game({"BLUE": "computer:hard", "RED": "human"})
    session.play([(1, 1), (1, 2)], None)
    scene = start(app, session)
    # RED's piece at i6 (col 8, row 5) is drawn second from the left, second row from the
    # bottom; the square above it on screen is i5 (row 4), empty
    post_drag(landscape_pixel(1, ROWS - 2), landscape_pixel(1, ROWS - 3))
    settle(app)
    assert scene.control.path == ((8, 5), (8, 4))
    post_key(pygame.K_u)  # UNDO
    settle(app)
    start_cursor = scene.control.cursor
    post_key(pygame.K_UP)  # up the screen: towards BLUE's edge, a lower row
    post_key(pygame.K_RIGHT)  # right on screen: towards column a
    settle(app)
    assert scene.control.cursor == (start_cursor[0] - 1, start_cursor[1] - 1)


def test_playing_blue_or_watching_the_demo_keeps_the_board_upright(app):
    assert not start(app, new_game({"BLUE": "human", "RED": "computer:easy"})).layout.flipped
    demo = new_game({"BLUE": "computer:medium", "RED": "computer:hard"}, "demo")
    assert not start(app, demo).layout.flipped


def test_portrait_red_against_the_computer_has_reds_edge_on_the_left():
    app = make_arcade(size=(1080, 1920))
    try:
        session = new_game({"BLUE": "computer:hard", "RED": "human"})
        session.play([(1, 1), (1, 2)], None)
        scene = start(app, session)
        assert scene.layout.turned and scene.layout.flipped
        assert scene.layout.home_edge(R) == "left"
        # top-left square drawn: j7 (col 9 at the top, row 7 on the left)
        assert scene.layout.square_at(portrait_pixel(0, 0)) == (COLS - 1, ROWS - 1)
        post_tap(portrait_pixel(0, 1))  # i7: RED's piece
        settle(app)
        assert scene.control.selected == (8, 6)
    finally:
        app.shutdown()


# --- FLIP BOARD for two people ----------------------------------------------------------------
def test_two_players_flip_the_view_only_from_the_pause_menu_and_with_f(app):
    session = new_game({"BLUE": "human", "RED": "human"}, "two_players")
    scene = start(app, session)
    assert not scene.layout.flipped
    before = scene.control.state
    tap(app, scene.b_menu.rect.center)
    pause = app.stack.top
    flip = next(b for b in pause.buttons if b.translation_key == "play.flip")
    tap(app, flip.rect.center, 3)
    assert app.stack.top is scene and scene.layout.flipped
    assert scene.board_view.layout is scene.layout and scene.anim.layout is scene.layout
    assert scene.control.state is before and scene.control.to_move is B
    # BLUE to move; BLUE's b2 (col 1, row 1) is now drawn 9th from the left, 2nd row down
    post_tap(landscape_pixel(COLS - 2, 1))
    settle(app)
    assert scene.control.selected == (1, 1)
    post_key(pygame.K_f)
    settle(app)
    assert not scene.layout.flipped
    scene.restart("two_players")  # PLAY AGAIN keeps the way round they chose
    post_key(pygame.K_f)
    settle(app)
    scene.restart("two_players")
    assert scene.layout.flipped


def test_f_does_not_flip_a_game_against_the_computer(app):
    scene = start(app, new_game({"BLUE": "human", "RED": "computer:hard"}))
    post_key(pygame.K_f)
    settle(app)
    assert not scene.layout.flipped


@pytest.mark.parametrize("layout", [LANDSCAPE, PORTRAIT])
def test_a_turned_board_maps_every_square_both_ways(layout):
    flipped = layout.turned_round(True)
    for col in range(COLS):
        for row in range(ROWS):
            rect = flipped.square_rect((col, row))
            assert flipped.square_at(rect.center) == (col, row)
            upright = layout.square_rect((COLS - 1 - col, ROWS - 1 - row))
            assert rect == upright  # half a turn: the square opposite
