"""QUERNI's screen geometry: everything on screen, nothing overlapping, touch targets big enough,
and ``square_at`` the exact inverse of ``square_rect`` in both orientations."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.games.querni.widgets import layout
from game.games.querni.widgets.layout import LANDSCAPE, PORTRAIT, QuerniLayout
from game.rules.querni import COLS, ROWS, Color

LAYOUTS = [pytest.param(LANDSCAPE, id="landscape"), pytest.param(PORTRAIT, id="portrait")]
SQUARES = [(col, row) for col in range(COLS) for row in range(ROWS)]


def test_for_size_picks_the_orientation():
    assert layout.for_size((1920, 1080)) is LANDSCAPE
    assert layout.for_size((1080, 1920)) is PORTRAIT
    assert LANDSCAPE.size == (1920, 1080) and not LANDSCAPE.portrait
    assert PORTRAIT.size == (1080, 1920) and PORTRAIT.portrait


@pytest.mark.parametrize("L", LAYOUTS)
def test_everything_is_inside_the_screen(L: QuerniLayout):
    screen = pygame.Rect((0, 0), L.size)
    for name, rect in L.regions().items():
        assert screen.contains(rect), f"{name} {rect} leaves the {L.size} screen"


@pytest.mark.parametrize("L", LAYOUTS)
def test_nothing_overlaps(L: QuerniLayout):
    regions = L.regions()
    for (a, ra), (b, rb) in itertools.combinations(regions.items(), 2):
        assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb}"


@pytest.mark.parametrize("L", LAYOUTS)
def test_touch_targets_are_kiosk_sized(L: QuerniLayout):
    for name, rect in L.button_rects().items():
        assert rect.height >= 96, f"{name} is only {rect.height} px tall"
        assert rect.width >= 96, f"{name} is only {rect.width} px wide"
    assert L.speaker_rect.size == (96, 96) and L.exit_rect.size == (96, 96)


@pytest.mark.parametrize("L", LAYOUTS)
def test_square_at_inverts_square_rect(L: QuerniLayout):
    for square in SQUARES:
        rect = L.square_rect(square)
        assert L.square_at(rect.center) == square
        assert L.square_at(rect.topleft) == square
        assert L.square_at((rect.right - 1, rect.bottom - 1)) == square
        assert L.square_at((rect.right - 0.01, rect.bottom - 0.01)) == square


@pytest.mark.parametrize("L", LAYOUTS)
def test_points_just_outside_the_board_are_no_square(L: QuerniLayout):
    board = L.board_rect
    for x in range(board.left, board.right, 7):
        assert L.square_at((x, board.top - 1)) is None
        assert L.square_at((x, board.bottom)) is None
    for y in range(board.top, board.bottom, 7):
        assert L.square_at((board.left - 1, y)) is None
        assert L.square_at((board.right, y)) is None
    assert L.square_at((board.left - 0.5, board.top + 10)) is None
    assert L.square_at((-5000, -5000)) is None


@pytest.mark.parametrize("L", LAYOUTS)
def test_squares_tile_the_board_exactly(L: QuerniLayout):
    board = L.board_rect
    rects = [L.square_rect(s) for s in SQUARES]
    assert all(board.contains(r) and r.size == (L.square, L.square) for r in rects)
    assert sum(r.width * r.height for r in rects) == board.width * board.height
    assert len({r.topleft for r in rects}) == COLS * ROWS


def test_landscape_shows_blue_at_the_bottom():
    L = LANDSCAPE
    assert L.square_centre((0, 0))[1] > L.square_centre((0, ROWS - 1))[1]  # row 1 at the bottom
    assert L.square_centre((0, 0))[0] < L.square_centre((COLS - 1, 0))[0]  # a on the left
    assert L.home_edge(Color.BLUE) == "bottom" and L.home_edge(Color.RED) == "top"


def test_portrait_is_the_board_turned_a_quarter_clockwise():
    L = PORTRAIT
    assert L.square_centre((0, 0))[0] < L.square_centre((0, ROWS - 1))[0]  # row 1 on the left
    assert L.square_centre((0, 0))[1] < L.square_centre((COLS - 1, 0))[1]  # a at the top
    assert L.home_edge(Color.BLUE) == "left" and L.home_edge(Color.RED) == "right"


def test_the_board_dominates_with_the_move_list_beside_it():
    """Issue 37: the move list beside the board (below it in portrait) costs the board some of
    its size, never its lead: still most of the screen, 104 px squares (89 px pieces)."""
    assert LANDSCAPE.square >= 104 and PORTRAIT.square >= 104
    assert LANDSCAPE.frame_rect.width >= 0.55 * 1920
    assert LANDSCAPE.frame_rect.height >= 0.7 * 1080
    assert PORTRAIT.frame_rect.width >= 0.7 * 1080
    labels = [r for _t, r in PORTRAIT.coordinate_labels()]
    span = PORTRAIT.frame_rect.unionall(labels)
    assert span.width >= 0.8 * 1080
    moves = LANDSCAPE.moves_rect
    assert moves.left > LANDSCAPE.frame_rect.right and moves.right < LANDSCAPE.turn_rect.left
    assert moves.height >= 0.9 * 1080  # a column as tall as the screen
    moves = PORTRAIT.moves_rect
    assert moves.top > span.bottom and moves.bottom < PORTRAIT.select_chain_rect.top
    assert moves.width >= 0.9 * 1080 and PORTRAIT.move_columns == 2


@pytest.mark.parametrize("L", LAYOUTS)
def test_coordinate_labels_sit_by_their_columns_and_rows(L: QuerniLayout):
    labels = L.coordinate_labels()
    letters = [(t, r) for t, r in labels if t.isalpha()]
    digits = [(t, r) for t, r in labels if t.isdigit()]
    assert {t for t, _ in letters} == set("abcdefghij")
    assert [t for t, _ in digits] == [str(n) for n in range(1, ROWS + 1)]
    axis = 1 if L.turned else 0  # letters follow the columns' centres along this axis
    for text, rect in letters:
        col = "abcdefghij".index(text)
        assert rect.center[axis] == L.square_centre((col, 0))[axis]
    for text, rect in digits:
        row = int(text) - 1
        assert rect.center[1 - axis] == L.square_centre((0, row))[1 - axis]
    for _text, rect in labels:
        assert not rect.colliderect(L.frame_rect)


def test_rects_handed_out_are_fresh_copies():
    rect = LANDSCAPE.end_move_rect
    rect.move_ip(500, 500)
    assert LANDSCAPE.end_move_rect != rect
