"""The game so far on QUERNI's play screen (issue 37): the last move outlined until the next
turn, also after CONTINUE; the move list beside the board, one entry per turn; a tap on an entry
shows that position as a view only, the computer waiting, until a tap on the board."""

from __future__ import annotations

import random

import pygame
import pytest

from game.arcade.storage import Storage
from game.engine.testing import post_key, post_tap, run_frames
from game.games.querni.players import HumanPlayer
from game.games.querni.record import History
from game.games.querni.scenes.play import PlayScene
from game.games.querni.session import QuerniSession
from game.games.querni.texts import t
from game.games.querni.widgets import palette
from game.games.registry import GAMES
from game.rules.querni import Color
from tests.support import make_arcade, settle
from tests.support.querni_screen import tap_square

B, R = Color.BLUE, Color.RED


def quiet_game(turns: int, seed: int = 2) -> QuerniSession:
    """A two-player game of ``turns`` plain movements (no removal: it goes on), the last one a
    step: its piece covers its destination."""
    session = QuerniSession.new(random.Random(seed))
    rng = random.Random(seed)
    for number in range(1, turns + 1):
        moves = [(path, chain) for path, chain in session.state.legal_turns()
                 if path is not None and chain is None and (number < turns or len(path) == 2)]
        session.play(*rng.choice(moves))
    return session


def start(app, session: QuerniSession, **kwargs) -> PlayScene:
    scene = PlayScene(app, saved=session, **kwargs)
    app.stack.push(scene)
    settle(app, 3)
    return scene


def edge_colour(app, square) -> tuple[int, int, int]:
    """The colour drawn at the middle of the left edge of ``square``, inside its outline."""
    scene = app.stack.top
    rect = scene.layout.square_rect(square)
    app.stack.draw(app.surface)
    return tuple(app.surface.get_at((rect.left + 4, rect.centery)))[:3]


# --- the last move ------------------------------------------------------------------------------
def test_after_continue_the_last_move_is_outlined_even_under_its_piece(tmp_path):
    session = quiet_game(7)
    store = Storage(tmp_path / "data", games=[spec.data for spec in GAMES])
    assert store.save_game("querni", session)
    (start_square, end), _chain = session.turns[-1]
    app = make_arcade(tmp_path / "data")
    try:
        app.nav.push("title")
        settle(app)
        tile = next(tile for tile in app.stack.top.tiles if tile.spec.id == "querni")
        post_tap(tile.cont.rect.center)  # CONTINUE
        settle(app, 3)
        scene = app.stack.top
        assert isinstance(scene, PlayScene) and scene.session.turns == session.turns
        args = scene.picture.board_args()
        mover = B  # seven turns: BLUE opened, so BLUE played the seventh
        assert (args["last_path"], args["last_color"]) == ((start_square, end), mover)
        assert end in scene.control.state.pieces  # the step's piece stands on its destination
        assert edge_colour(app, end) == palette.RIM[mover]  # and its outline still shows
        assert edge_colour(app, start_square) == palette.RIM[mover]
    finally:
        app.shutdown()


@pytest.mark.slow
def test_the_last_move_stays_until_the_next_turn_is_made(app):
    scene = start(app, quiet_game(4))
    before = scene.picture.board_args()["last_path"]
    piece = next(sq for sq, (c, _n) in scene.control.state.pieces.items()
                 if c is B and scene.control.state.destinations(sq))
    tap_square(app, scene, piece)  # a tap of the next turn: the trail goes, the last move stays
    assert scene.control.selected == piece
    assert scene.picture.board_args()["last_path"] == before
    target = sorted(scene.control.lit_steps | scene.control.lit_jumps)[0]
    tap_square(app, scene, target)
    post_tap(scene.b_end.rect.center)
    settle(app, 3)
    assert scene.session.turn_count == 5
    args = scene.picture.board_args()
    assert args["last_path"][0] == piece and args["last_path"][-1] == target
    assert args["last_color"] is B


# --- the move list ------------------------------------------------------------------------------
def test_the_move_list_has_one_entry_per_turn_and_follows_the_newest(app):
    session = quiet_game(24)
    scene = start(app, session)
    moves = scene.story.list
    history = History(session.start, session.turns)
    assert len(moves.entries) == 24
    assert [colour for colour, _line in moves.entries] == [tr.mover for tr in history.traces]
    assert moves.entries[0][1].startswith("1. BLUE ")
    assert moves.entries[23][1].startswith("24. RED ")
    assert moves.box_of(24) is not None  # the newest entry is in view
    assert moves.box_of(1) is None  # 24 turns do not fit: the oldest scrolled away
    first = min(turn for turn in range(1, 25) if moves.box_of(turn) is not None)
    assert moves.box_of(first).top == moves.view.top  # no entry cut at the top


@pytest.mark.slow
def test_the_list_scrolls_with_the_wheel_over_it(app):
    scene = start(app, quiet_game(30))
    moves = scene.story.list
    centre = scene.layout.moves_rect.center
    for _ in range(40):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
        pygame.mouse.set_pos(centre)
    settle(app, 60)
    assert moves.box_of(1) is not None and moves.box_of(30) is None


@pytest.mark.parametrize("size", [(1920, 1080), (1080, 1920)])
def test_a_tapped_entry_shows_its_position_as_a_view_only(size):
    app = make_arcade(size=size)
    try:
        session = quiet_game(6)
        scene = start(app, session)
        history = History(session.start, session.turns)
        post_tap(scene.story.list.box_of(3).center)
        settle(app, 3)
        assert scene.story.viewing == 3
        shown = {sq: (str(c), n) for sq, (c, n) in history.states[3].pieces.items()}
        assert scene.board_view.drawn == shown  # the position after turn 3
        assert scene.picture.board_args()["last_path"] == history.traces[2].path
        assert scene.message()[0] == t("moves.viewing", turn=3)
        assert not scene.b_chain.is_enabled and not scene.b_end.is_enabled
        assert not scene.b_hint.is_enabled
        post_key(pygame.K_RIGHT)  # the arrows step through the turns
        settle(app)
        assert scene.story.viewing == 4
        mine = next(sq for sq, (c, _n) in session.state.pieces.items() if c is B)
        tap_square(app, scene, mine)  # a tap on the board: back to the present, no move
        assert scene.story.viewing is None and scene.control.selected is None
        assert scene.board_view.drawn == {sq: (str(c), n)
                                          for sq, (c, n) in session.state.pieces.items()}
        assert scene.b_end.is_enabled and scene.session.turn_count == 6
        tap_square(app, scene, mine)  # now it counts
        assert scene.control.selected == mine
    finally:
        app.shutdown()


def test_the_newest_entry_is_the_present(app):
    scene = start(app, quiet_game(5))
    post_tap(scene.story.list.box_of(5).center)
    settle(app)
    assert scene.story.viewing is None and scene.human_turn


class FirstTurnBot:
    """A stand-in computer: plays the rules' first movement at once."""

    kind = "test_bot"
    takes_input = False

    def choose(self, state):
        return next(turn for turn in state.legal_turns() if turn[0] is not None)


@pytest.mark.slow
def test_the_computers_turn_waits_while_a_past_turn_is_viewed(app):
    session = quiet_game(4)  # BLUE to move: the person; RED the computer
    scene = start(app, session, players={B: HumanPlayer(), R: FirstTurnBot()})
    post_tap(scene.story.list.box_of(2).center)
    settle(app)
    assert scene.story.viewing == 2
    scene.story.present()
    piece = next(sq for sq, (c, _n) in scene.control.state.pieces.items()
                 if c is B and scene.control.state.destinations(sq))
    tap_square(app, scene, piece)
    tap_square(app, scene, sorted(scene.control.lit_steps | scene.control.lit_jumps)[0])
    post_tap(scene.b_end.rect.center)
    settle(app, 3)
    assert scene.session.turn_count == 5 and scene.control.to_move is R
    post_tap(scene.story.list.box_of(1).center)
    settle(app)
    run_frames(app, 400)
    assert scene.story.viewing == 1 and scene.session.turn_count == 5  # RED waited
    post_key(pygame.K_RETURN)  # any other key: back to the present
    settle(app)
    for _ in range(400):
        run_frames(app, 1)
        if scene.session.turn_count == 6:
            break
    assert scene.story.viewing is None and scene.session.turn_count == 6
