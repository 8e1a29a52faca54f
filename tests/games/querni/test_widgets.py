"""QUERNI's widgets: readable numerals, BLUE and RED told apart without colour, a cached piece
per key, a busy board drawn in both orientations and recorded as drawn, the motion helpers'
positions at p = 0, ½, 1, the HUD's speaker states, and a live title tile."""

from __future__ import annotations

import math
import random

import pygame
import pytest

from game.arcade.widgets import text
from game.arcade.widgets.effects import Particles
from game.engine import i18n
from game.games.querni.widgets import hud, motion, pieces, tile
from game.games.querni.widgets.arcs import arc_points
from game.games.querni.widgets.board import BoardView
from game.games.querni.widgets.layout import LANDSCAPE, PORTRAIT, QuerniLayout
from game.rules.querni import Color, QuerniState

LAYOUTS = [pytest.param(LANDSCAPE, id="landscape"), pytest.param(PORTRAIT, id="portrait")]


@pytest.fixture(autouse=True)
def fonts():
    pygame.init()
    i18n.clear_fonts()  # fonts of an earlier test's App died with its pygame.quit
    i18n.setup("en")
    text.clear()
    pieces.clear()
    yield
    pieces.clear()


def numeral_height(image: pygame.Surface) -> int:
    """Height of the white numeral's ink: the near-white opaque pixels' bounding box."""
    mask = pygame.mask.from_threshold(image, (255, 255, 255, 255), (40, 40, 40, 255))
    boxes = mask.get_bounding_rects()
    assert boxes, "no numeral drawn"
    return boxes[0].unionall(boxes[1:]).height


def gray_mask(image: pygame.Surface) -> pygame.mask.Mask:
    return pygame.mask.from_surface(pygame.transform.grayscale(image), 127)


# --- pieces ----------------------------------------------------------------------------------
@pytest.mark.parametrize("L", LAYOUTS)
def test_numerals_are_at_least_40_px_tall(L: QuerniLayout):
    for color in Color:
        for number in range(1, 17):
            height = numeral_height(pieces.piece(color, number, L.piece_size))
            assert height >= 40, f"{color} {number}: numeral {height} px at {L.piece_size}"


def test_blue_and_red_differ_in_shape_in_grayscale():
    size = LANDSCAPE.piece_size
    blue, red = gray_mask(pieces.token(Color.BLUE, size)), gray_mask(pieces.token(Color.RED, size))
    differ = blue.overlap_area(red, (0, 0))
    union = blue.count() + red.count() - differ
    assert union - differ > 0.04 * union, "the outlines are too alike"
    # off the middle of the octagon's top-right side: inside BLUE's circle, outside RED
    half = size / 2
    face = half * pieces.FACE
    cx, cy = half, half - half * pieces.LIFT
    off = face * 0.965 * math.sqrt(0.5)
    point = (round(cx + off), round(cy - off))
    assert blue.get_at(point) and not red.get_at(point)


def test_red_rim_is_striped_and_blue_rim_is_solid_in_grayscale():
    """Sampled round the rim band: RED's stripes flip light/dark many times, BLUE's never."""
    size = LANDSCAPE.piece_size

    def flips(color: Color) -> int:
        image = pygame.transform.grayscale(pieces.token(color, size))
        half = size / 2
        radius = half * pieces.FACE * (pieces.RING[0] + pieces.RING[1]) / 2
        cy = half - half * pieces.LIFT
        values = []
        for i in range(180):
            a = i * math.tau / 180
            values.append(image.get_at((round(half + radius * math.cos(a)),
                                        round(cy + radius * math.sin(a))))[0])
        mid = (max(values) + min(values)) / 2
        light = [v > mid for v in values]
        return sum(1 for a, b in zip(light, light[1:] + light[:1]) if a != b)

    assert flips(Color.RED) >= 10
    assert flips(Color.BLUE) <= 2


def test_piece_cache_returns_the_same_surface_for_the_same_key():
    a = pieces.piece(Color.BLUE, 7, 110)
    assert pieces.piece(Color.BLUE, 7, 110) is a
    assert pieces.piece(Color.BLUE, 7, 110, "selected") is not a
    assert pieces.piece(Color.RED, 7, 110) is not a
    assert pieces.piece(Color.BLUE, 7, 96) is not a
    assert pieces.token(Color.RED, 64) is pieces.token(Color.RED, 64)
    assert pieces.shadow(110) is pieces.shadow(110)
    assert a.get_size() == (110, 110)
    with pytest.raises(ValueError):
        pieces.piece(Color.BLUE, 7, 110, "shiny")


# --- the board -------------------------------------------------------------------------------
def busy(L: QuerniLayout) -> dict:
    """A mid-game position and every mark at once."""
    state = QuerniState.new(random.Random(11))
    board = dict(state.pieces)
    for _ in range(6):  # spread the pieces a little
        square, piece = board.popitem()
        board[(square[0], 3 - (square[1] > 3))] = piece
    return {
        "board_pieces": board,
        "selected": (2, 1),
        "step_targets": [(2, 2), (3, 2)],
        "jump_targets": [(4, 3), (0, 3)],
        "chain_candidates": [(3, 0), (5, 1)],
        "chain_selected": [(3, 0), (4, 1), (5, 1)],
        "chain_progress": 0.6,
        "removable_marks": [(6, 5), (7, 5), (8, 6)],
        "trail": [(0, 2), (1, 2), (9, 3)],
        "trail_path": [(0, 2), (2, 4)],
        "ghosts": {(9, 3): (Color.RED, 4), (0, 2): (Color.BLUE, 9)},
        "cursor": (5, 3),
        "dim": [(8, 6)],
        "offsets": {(1, 1): (4.0, -2.0)},
        "hidden": [(2, 1)],
        "time": 1.3,
    }


@pytest.mark.parametrize("L", LAYOUTS)
def test_a_busy_board_draws_and_records_what_it_drew(L: QuerniLayout):
    view = BoardView(L)
    surface = pygame.Surface(L.size)
    kwargs = busy(L)
    board = kwargs.pop("board_pieces")
    view.draw(surface, board, **kwargs)
    expected = {sq: (str(c), n) for sq, (c, n) in board.items() if sq != (2, 1)}
    assert view.drawn == expected
    assert view.withheld == {(2, 1): (str(board[(2, 1)][0]), board[(2, 1)][1])}
    assert all(name in ("BLUE", "RED") for name, _n in view.drawn.values())
    view.draw(surface, board)  # no marks, nothing hidden
    assert view.drawn == {sq: (str(c), n) for sq, (c, n) in board.items()}
    assert view.withheld == {}


@pytest.mark.parametrize("L", LAYOUTS)
def test_the_board_draws_only_inside_its_frame_and_labels(L: QuerniLayout):
    view = BoardView(L)
    surface = pygame.Surface(L.size)
    surface.fill((1, 2, 3))
    kwargs = busy(L)
    view.draw(surface, kwargs.pop("board_pieces"), **kwargs)
    for name, rect in L.regions().items():
        if name in ("frame",) or name.startswith("label"):
            continue
        probe = rect.inflate(-8, -8)
        colours = {tuple(surface.get_at(p))[:3] for p in (probe.topleft, probe.center,
                                                         probe.bottomright)}
        assert colours == {(1, 2, 3)}, f"the board drew over {name}"


@pytest.mark.parametrize("L", LAYOUTS)
def test_pieces_land_on_their_squares(L: QuerniLayout):
    """The pixel at a square's centre belongs to the piece drawn there: BLUE's body is blue,
    RED's red (the numeral may cover the very centre: look just left of it)."""
    view = BoardView(L)
    surface = pygame.Surface(L.size)
    board = {(0, 0): (Color.BLUE, 1), (9, 6): (Color.RED, 1), (4, 3): (Color.BLUE, 1)}
    view.draw(surface, board)
    for square, (color, _n) in board.items():
        x, y = L.square_centre(square)
        r, _g, b, _a = surface.get_at((x - L.piece_size // 3, y))
        assert (b > r) == (color is Color.BLUE), square


def test_chain_progress_lights_the_chain_in_number_order():
    """``chain_progress`` lights the chosen chain's pieces one by one in number order: 0.6 of
    four has lit three, the third still coming in; 0 lights none, 1 all of them."""
    view = BoardView(LANDSCAPE)
    chain = [(0, 0), (1, 1), (2, 2), (3, 3)]
    board = {square: (Color.BLUE, number) for number, square in enumerate(chain, start=1)}

    def squares(progress: float | None) -> dict[tuple[int, int], bytes]:
        """Each chain square's pixels as drawn at ``progress`` (``None``: no chain chosen)."""
        surface = pygame.Surface(LANDSCAPE.size)
        marks = {} if progress is None else {"chain_selected": chain, "chain_progress": progress}
        view.draw(surface, board, **marks)
        return {square: pygame.image.tobytes(surface.subsurface(LANDSCAPE.square_rect(square)),
                                             "RGB") for square in chain}

    plain = squares(None)

    def lit(progress: float) -> list[tuple[int, int]]:
        drawn = squares(progress)
        return [square for square in chain if drawn[square] != plain[square]]

    assert lit(0.0) == [] and lit(1.0) == chain
    assert lit(0.55) == lit(0.6) == chain[:3]
    earlier, later = squares(0.55), squares(0.6)
    assert earlier[chain[0]] == later[chain[0]]  # lit through
    assert earlier[chain[2]] != later[chain[2]]  # the newest is still coming in


def test_draw_piece_scales_and_fades():
    view = BoardView(LANDSCAPE)
    surface = pygame.Surface(LANDSCAPE.size)
    view.draw_piece(surface, Color.RED, 16, (300, 300), ground=(300, 360), scale=(1.2, 0.9),
                    alpha=128)
    assert surface.get_at((300, 300))[:3] != (0, 0, 0)
    # the shared image is left opaque for the next blit
    assert pieces.piece(Color.RED, 16, view.piece_size).get_alpha() in (None, 255)


def test_arc_points_bow_up_the_screen_and_right_when_vertical():
    points = arc_points((0, 0), (200, 0), 40, 11)
    assert points[0] == (0, 0) and points[-1] == pytest.approx((200, 0))
    assert points[5][1] == pytest.approx(-40)
    vertical = arc_points((0, 200), (0, 0), 40, 11)
    assert vertical[5][0] == pytest.approx(40)


# --- motion ----------------------------------------------------------------------------------
@pytest.mark.parametrize("L", LAYOUTS)
def test_moves_start_and_end_on_square_centres(L: QuerniLayout):
    for path, jump in (([(4, 4), (5, 5)], False), ([(4, 4), (6, 4), (6, 2)], True)):
        centres = motion.path_centres(L, path)
        start = motion.path_pose(centres, 0.0, jump=jump)
        end = motion.path_pose(centres, 1.0, jump=jump)
        assert start.centre == pytest.approx(L.square_centre(path[0]))
        assert end.centre == pytest.approx(L.square_centre(path[-1]))
        assert end.ground == pytest.approx(L.square_centre(path[-1]))
        assert end.scale == pytest.approx((1.0, 1.0))


@pytest.mark.parametrize("L", LAYOUTS)
@pytest.mark.parametrize("jump", [((2, 2), (4, 2)), ((2, 2), (2, 4)), ((2, 2), (4, 4)),
                                  ((4, 4), (2, 2)), ((4, 2), (2, 4))])
def test_a_jump_arcs_above_the_straight_line(L: QuerniLayout, jump):
    a, b = (L.square_centre(s) for s in jump)
    pose = motion.jump_pose(a, b, 0.5)
    middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    assert pose.ground == pytest.approx(middle)  # the shadow is over the jumped square
    assert pose.y < middle[1] - 0.15 * math.dist(a, b)  # well above it on screen
    assert pose.sx > 1.0  # swollen at the top: nearer the eye
    assert motion.jump_pose(a, b, 0.0).centre == pytest.approx(a)
    assert motion.jump_pose(a, b, 1.0).centre == pytest.approx(b)


def test_a_longer_jump_arcs_higher():
    low = motion.jump_pose((0, 0), (200, 0), 0.5)
    high = motion.jump_pose((0, 0), (400, 0), 0.5)
    assert high.y < low.y < 0


def test_a_step_stays_near_the_line():
    pose = motion.step_pose((0, 0), (100, 0), 0.5)
    assert pose.ground == pytest.approx((50, 0))
    assert -15 < pose.y < 0


def test_path_pose_splits_the_progress_between_hops():
    centres = [(0, 0), (200, 0), (200, 200)]
    assert motion.path_pose(centres, 0.5, jump=True).centre == pytest.approx((200, 0))
    assert motion.path_seconds(2, True) == pytest.approx(2 * motion.JUMP_SECONDS)
    assert motion.path_seconds(1, False) == pytest.approx(motion.STEP_SECONDS)
    with pytest.raises(ValueError):
        motion.path_pose([(0, 0)], 0.5, jump=False)


def test_trail_and_kind_of_a_path():
    assert motion.move_trail([(1, 1), (3, 3), (5, 3)]) == [(1, 1), (3, 3)]
    assert motion.is_jump([(1, 1), (3, 3)]) and not motion.is_jump([(1, 1), (2, 2)])
    assert motion.trail_alpha(0.0) == 0.0 and motion.trail_alpha(1.0) == 1.0


def test_pieces_pop_one_by_one_in_number_order():
    count = 4
    early = [motion.pop_local(i, count, 0.1) for i in range(count)]
    assert early[0] > 0 and early[-1] == 0
    assert all(a >= b for a, b in zip(early, early[1:]))
    assert [motion.pop_local(i, count, 1.0) for i in range(count)] == [1.0] * count
    assert motion.pop_pose(0.0) == (pytest.approx(1.0), 255)
    scale, alpha = motion.pop_pose(motion.POP_BURST_AT)
    assert scale > 1.2 and alpha == 255
    assert motion.pop_pose(1.0)[1] == 0


def test_chain_pop_bursts_each_piece_once_in_number_order():
    particles = Particles(random.Random(1))
    chain = [((5, 5), Color.BLUE, 6), ((3, 3), Color.BLUE, 4), ((4, 4), Color.BLUE, 5)]
    pop = motion.ChainPop(LANDSCAPE, chain, particles)
    assert pop.squares == [(3, 3), (4, 4), (5, 5)]
    first = motion.POP_BURST_AT * motion.POP_SECONDS / pop.seconds + 1e-6
    pop.update(first)
    assert len(particles.items) == 26
    pop.update(first)
    assert len(particles.items) == 26  # not twice
    pop.update(1.0)
    assert len(particles.items) == 3 * 26
    surface = pygame.Surface(LANDSCAPE.size)
    pop.update(0.5)
    pop.draw(surface, BoardView(LANDSCAPE))


# --- HUD -------------------------------------------------------------------------------------
def test_the_speaker_cycles_through_three_states():
    assert hud.next_sound(hud.Sound.ALL_ON) is hud.Sound.MUSIC_OFF
    assert hud.next_sound(hud.Sound.MUSIC_OFF) is hud.Sound.ALL_OFF
    assert hud.next_sound(hud.Sound.ALL_OFF) is hud.Sound.ALL_ON


def test_the_three_speaker_icons_differ():
    icons = [pygame.mask.from_surface(hud.speaker_icon(s, 80)) for s in hud.Sound]
    for a in range(3):
        for b in range(a + 1, 3):
            same = icons[a].overlap_area(icons[b], (0, 0))
            assert same < 0.85 * max(icons[a].count(), icons[b].count())
    assert hud.speaker_icon(hud.Sound.ALL_ON, 80) is hud.speaker_icon(hud.Sound.ALL_ON, 80)


@pytest.mark.parametrize("L", LAYOUTS)
def test_the_hud_draws_inside_its_rects(L: QuerniLayout):
    surface = pygame.Surface(L.size)
    surface.fill((1, 2, 3))
    hud.draw_logo(surface, L)
    hud.draw_turn(surface, L, Color.RED, "ROJO", 0.5, thinking=True)
    hud.draw_turn(surface, L, Color.BLUE, "", 0.5)
    hud.draw_pieces_left(surface, L, {Color.BLUE: 16, Color.RED: 3}, "x")
    hud.draw_quiet_rounds(surface, L, "q", 29)
    hud.draw_message(surface, L, "m " * 60, age=0.05)
    for state in hud.Sound:
        hud.draw_speaker(surface, L.speaker_rect, state, pressed=state is hud.Sound.ALL_OFF)
    board = L.board_rect
    for point in (board.center, board.topleft, (board.right - 1, board.bottom - 1)):
        assert tuple(surface.get_at(point))[:3] == (1, 2, 3), "the HUD drew on the board"


def test_quiet_colour_warns_near_the_draw():
    assert hud.quiet_colour(3, 30) != hud.quiet_colour(22, 30) != hud.quiet_colour(28, 30)


def test_thinking_dots_move():
    a, b = pygame.Surface((200, 100)), pygame.Surface((200, 100))
    hud.draw_thinking(a, (100, 60), 0.0)
    hud.draw_thinking(b, (100, 60), 0.3)
    assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")


# --- title tile ------------------------------------------------------------------------------
def test_the_title_tile_is_live_and_stays_in_its_rect():
    rect = pygame.Rect(100, 80, 560, 400)
    frames = []
    for time in (0.2, 1.05, 2.35, 3.9, 5.0, 6.5, 8.0, 9.2):
        surface = pygame.Surface((800, 600))
        surface.fill((1, 2, 3))
        tile.draw_tile(surface, rect, time)
        for point in ((rect.left - 1, rect.centery), (rect.right, rect.centery),
                      (rect.centerx, rect.top - 1), (rect.centerx, rect.bottom)):
            assert tuple(surface.get_at(point))[:3] == (1, 2, 3)
        frames.append(pygame.image.tobytes(surface, "RGB"))
    assert len(set(frames)) == len(frames) - 1  # all differ but 0.2 s and 9.2 s (one loop)
    assert frames[0] == frames[-1]


def test_each_new_board_of_a_layout_draws_the_frame_drawn_before():
    """A new game's board (a new play screen) takes the frame drawn for the last one, in the
    language it was drawn in: no frame drawn again in the pass that opens the screen."""
    from game.games.querni.widgets.frame import frame_parts

    first = frame_parts(LANDSCAPE)
    assert frame_parts(LANDSCAPE) is first
    assert frame_parts(LANDSCAPE.turned_round(True)) is not first
    assert frame_parts(LANDSCAPE) is first  # the upright one kept
    try:
        i18n.set_locale("th")
        assert frame_parts(LANDSCAPE) is not first
    finally:
        i18n.set_locale("en")
