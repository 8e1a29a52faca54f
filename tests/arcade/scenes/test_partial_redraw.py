"""Partial redraws (``engine.damage``) show exactly what whole redraws show: after every frame
that redrew only what its scene said had changed, the canvas is compared (CRC-32 of its
pixels) with a whole redraw of the same moment — untouched screens, both demos playing (dice
tumbling and flying, cells pulsing, pieces flying, chains popping), the computer thinking,
both orientations. ``PARTIAL_DEBUG=1`` prints where a difference is and saves both pictures
in the temporary folder."""

from __future__ import annotations

import os
import random
import tempfile
import zlib

import pygame
import pytest

from game.arcade.demo import DemoDriver
from game.engine.testing import post_tap, run_frames
from game.games.magdagdon.scenes.play import PlayScene as MagdagdonPlay
from game.games.querni.computer import ComputerPlayer
from game.games.querni.players import HumanPlayer
from game.games.querni.scenes.play import PlayScene as QuerniPlay
from game.games.registry import GAMES
from game.rules.magdagdon import Difficulty, MagdagdonGame
from tests.support import make_arcade, settle
from tests.support.magdagdon_screen import Forced, magdagdon_game
from tests.support.querni_screen import JUMPS, Gate, session_of

SIZES = [(1920, 1080), (1080, 1920)]


def report(frame: int, partial: pygame.Surface, whole: pygame.Surface) -> None:
    """Print where two pictures differ and save both."""
    a, b = pygame.image.tobytes(partial, "RGB"), pygame.image.tobytes(whole, "RGB")
    width = whole.get_width()
    at = [i // 3 for i in range(0, len(a), 3) if a[i:i + 3] != b[i:i + 3]]
    xs, ys = [i % width for i in at], [i // width for i in at]
    print("frame", frame, "differs in", (min(xs), min(ys), max(xs), max(ys)), len(at), "px",
          flush=True)
    folder = tempfile.gettempdir()
    pygame.image.save(partial, os.path.join(folder, f"partial{frame}.png"))
    pygame.image.save(whole, os.path.join(folder, f"whole{frame}.png"))


def _crc(picture: pygame.Surface) -> int:
    """A checksum of the pixels of the canvas's own buffer (no copies)."""
    return zlib.crc32(picture.get_view("1"))


def compare(app, frames: int) -> tuple[int, list[int]]:
    """Run ``frames`` frames; after each partial draw, redraw everything and compare (and
    every tenth time the window's picture with the canvas). The partial draws and the frames
    whose pictures differed (negative: the window's)."""
    partial, differ = 0, []
    debug = bool(os.environ.get("PARTIAL_DEBUG"))
    for frame in range(frames):
        before, scenes = app.partial_draws, app.stack.scenes
        run_frames(app, 1)
        if app.partial_draws == before or app.stack.scenes != scenes:
            continue  # drawn whole, or the screen changed after the draw
        partial += 1
        shown = _crc(app.surface)
        if partial % 10 == 1:  # and the window shows that picture (what was uploaded, where)
            window = app.display.snapshot().convert(app.surface)
            if _crc(window) != shown:
                differ.append(-frame)
        copy = app.surface.copy() if debug else None
        app.stack.draw(app.surface)
        app.draw_overlay(app.surface)
        if _crc(app.surface) != shown:
            differ.append(frame)
            if copy is not None:  # where, and both pictures
                report(frame, copy, app.surface)
    return partial, differ


@pytest.fixture(params=SIZES, ids=["landscape", "portrait"])
def size(request):
    return request.param


@pytest.mark.parametrize("screen", ["title", "magdagdon.play", "querni.play"])
@pytest.mark.slow
def test_untouched_screens(size, screen) -> None:
    app = make_arcade(size=size)
    try:
        app.nav.push(screen)
        settle(app)
        partial, differ = compare(app, 150)
        assert partial > 80 and differ == []
    finally:
        app.shutdown()


@pytest.mark.slow
def test_the_variant_chooser(size) -> None:
    app = make_arcade(size=size)
    try:
        app.nav.push("title")
        settle(app)
        app.stack.top.new_game(GAMES[0])
        settle(app)
        partial, differ = compare(app, 90)
        assert partial > 50 and differ == []
    finally:
        app.shutdown()


@pytest.mark.slow
def test_magdagdon_played_by_the_demo(size) -> None:
    """Between the demo's taps: rolls tumbling, dice flying home, the selected die bobbing,
    cells pulsing, messages rising, sums flashing; CONFIRM, MAGDAGDON and the next turns."""
    app = make_arcade(size=size, demo=True)
    try:
        app.demo = DemoDriver(app, GAMES, "magdagdon", seed=1, interval=3,
                              report=lambda line: None)
        app.stack.push(MagdagdonPlay(app, variant="PEACEFUL"))
        settle(app)
        partial, differ = compare(app, 300)
        assert partial > 100 and differ == []
    finally:
        app.shutdown()


@pytest.mark.slow
def test_magdagdon_played_from_the_keyboard(size) -> None:
    """The cursor walking the board, dice picked with 1–4 and placed with ENTER, rolls with
    SPACE, powers with − + and R (dice marked to roll again): the board's cells that change
    (a die placed or lifted, a glow, the cursor) are redrawn alone, and every partial frame
    shows what a whole redraw shows. Seeded keys, so a failure replays."""
    keys = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN,
            pygame.K_TAB, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_SPACE,
            pygame.K_BACKSPACE, pygame.K_r, pygame.K_MINUS, pygame.K_EQUALS]
    rng = random.Random(7)
    app = make_arcade(size=size)
    try:
        app.stack.push(MagdagdonPlay(app, variant="PEACEFUL"))
        settle(app)
        partial, differ = 0, []
        for _ in range(80):
            key = rng.choice(keys)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                                 scancode=0))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="",
                                                 scancode=0))
            done, frames = compare(app, 3)
            partial += done
            differ += frames
        assert partial > 100 and differ == []
    finally:
        app.shutdown()


@pytest.mark.slow
def test_the_magdagdon_banner_slams_and_the_picture_after_it_is_redrawn_in_part(size) -> None:
    """The slam's veil and banner cover the whole screen, so its frames are drawn whole;
    once it has settled, a selected die bobs and is redrawn in part again, and every partial
    frame shows what a whole redraw shows, in the window too."""
    app = make_arcade(size=size, demo=True)
    try:
        scene = MagdagdonPlay(app, saved=_a_rim_of_tiles())
        app.stack.push(scene)
        settle(app)
        scene.control.roll()  # dice tumble under the slam
        scene.sync()
        scene.slam_banner()
        run_frames(app, 1)
        assert scene.slamming and scene.shake.reach > 20
        partial, differ = compare(app, 120)
        assert not scene.slamming and differ == []
        scene.control.key_die(0)  # lifted: it bobs
        partial, differ = compare(app, 30)
        assert partial > 0 and differ == []
        window = app.display.snapshot().convert(app.surface)
        assert _crc(window) == _crc(app.surface)
    finally:
        app.shutdown()


@pytest.mark.slow
def test_magdagdon_accepted_and_a_ruin_chosen_are_redrawn_in_part(size) -> None:
    """How the turn stands changes: MAGDAGDON (M-6.1: four 6s with a 1 in the corner) takes
    the message into the strip and slams the banner in, ROLL and CONFIRM give way to ACCEPT;
    accepting turns the board's glows to danger and the strip asks for a ruin; the ruin
    crumbles and the next turn begins. Every partial frame among them shows what a whole
    redraw shows."""
    app = make_arcade(size=size, demo=True)
    try:
        scene = MagdagdonPlay(app, saved=magdagdon_game())
        app.stack.push(scene)
        settle(app)
        scene.game.rng = Forced([6, 6, 6, 6])
        post_tap(scene.b_roll.rect.center)
        partial, differ = compare(app, 200)  # the dice tumble, then the slam
        assert scene.control.in_magdagdon and not scene.slamming and scene.b_accept.visible
        post_tap(scene.b_accept.rect.center)
        more, differ_accept = compare(app, 20)
        assert scene.control.phase.name == "CHOOSE_RUIN"
        post_tap(scene.layout.cell_rect(15).center)
        again, differ_ruin = compare(app, 90)
        assert not scene.control.in_magdagdon and scene.game.turns == 2
        assert differ == differ_accept == differ_ruin == []
        assert partial + more + again > 100
    finally:
        app.shutdown()


def _a_rim_of_tiles() -> MagdagdonGame:
    """Three turns of 3s round the board's edge (M-4.2: a connected field, neighbours equal)."""
    game = MagdagdonGame(Difficulty.PEACEFUL, random.Random(8))
    for cells in ((0, 1, 2, 3), (7, 11, 15, 14), (13, 12, 8, 4)):
        game.roll([3, 3, 3, 3])
        for die, cell in enumerate(cells):
            game.place(die, cell)
        game.confirm()
    return game


@pytest.mark.slow
def test_querni_played_by_the_demo(size) -> None:
    """The computer against itself: pieces lifted, targets pulsing, flights, chains lit and
    popping, trails fading in, the thinking dots."""
    app = make_arcade(size=size, demo=True)
    try:
        app.demo = DemoDriver(app, GAMES, "querni", seed=3, interval=3,
                              report=lambda line: None)
        app.stack.push(QuerniPlay(app))
        settle(app)
        partial, differ = compare(app, 300)
        assert partial > 70 and differ == []
    finally:
        app.shutdown()


@pytest.mark.slow
def test_querni_while_the_computer_thinks(size) -> None:
    app = make_arcade(size=size)
    try:
        gate = Gate()
        scene = QuerniPlay(app, saved=session_of(JUMPS),
                           players={c: p for c, p in zip(
                               session_of(JUMPS).state.to_move.__class__,
                               (ComputerPlayer("hard", choose=gate), HumanPlayer()))})
        app.stack.push(scene)
        settle(app)
        assert gate.started.wait(10)
        partial, differ = compare(app, 60)
        assert scene.computer.thinking and partial > 30 and differ == []
        gate.open.set()
        partial, differ = compare(app, 200)
        assert scene.session.turn_count == 1 and differ == []
    finally:
        app.shutdown()


def test_a_flashing_cell_outside_the_clip_is_left_alone() -> None:
    """pygame-ce fills a rect wholly outside the clip when given special_flags: the board
    clips its flashes itself."""
    app = make_arcade()
    try:
        scene = MagdagdonPlay(app, variant="PEACEFUL")
        canvas = app.surface
        canvas.fill((10, 20, 30))
        canvas.set_clip(pygame.Rect(0, 0, 4, 4))
        scene.board_view.draw(canvas, tuple([3] * 16), set(), flash={5: 1.0})
        canvas.set_clip(None)
        assert canvas.get_at(scene.layout.cell_rect(5).center)[:3] == (10, 20, 30)
    finally:
        app.shutdown()
