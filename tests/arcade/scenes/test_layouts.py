"""Every scene in landscape (1920×1080) and portrait (1080×1920): drawn headless, every button on
screen and none overlapping another, and the play screen's board, tray and controls apart."""

from __future__ import annotations

import itertools
import random

import pygame
import pytest

from game.ai import autoplay
from game.arcade.kiosk import Kiosk
from game.games.registry import GAMES
from game.rules.magdagdon import Difficulty, MagdagdonGame
from tests.support import make_arcade, settle

SIZES = {"landscape": (1920, 1080), "portrait": (1080, 1920)}


def finished_game() -> MagdagdonGame:
    return autoplay.finish(MagdagdonGame(Difficulty.PEACEFUL, random.Random(3)))


class _FakeKiosk:
    pin = "1234"
    time = 0.0
    pin_failures = 0
    pin_locked_until = 0.0


SHELL = ("title", "settings", "scores", "stats", "about")
OVERLAYS = ("pause", "magdagdon.game_over", "confirm", "pin_pad", "initials", "operator",
            "magdagdon.review")


def finished_querni():
    """A finished QUERNI session (the demo's chooser playing both sides)."""
    from game.games.querni.demo import choose_turn
    from game.games.querni.session import QuerniSession

    session = QuerniSession.new(random.Random(6))
    rng = random.Random(6)
    while not session.is_over:
        session.play(*choose_turn(session.state, rng))
    return session


QUERNI = ("querni.setup", "querni.game_over", "querni.replay")
"""QUERNI's screens besides play and rules (its NEW GAME screen, game-over panel, replay)."""
MAGDAGDON = ("magdagdon.daily",)
"""MAGDAGDON's screens besides play, rules and the overlays (its daily challenge)."""


def reviewed_session():
    """A finished NIGHTMARE game with its history (for the REVIEW page)."""
    from game.ai.advisor import advise
    from game.games.magdagdon.hints import apply_step
    from game.games.magdagdon.session import Session

    session = Session(MagdagdonGame(Difficulty.NIGHTMARE, random.Random(2)))
    game = session.game
    while not game.is_over:
        game.roll()
        session.note("roll")
        for step in advise(game).steps:
            apply_step(game, step)
        session.note("end")
    return session


def build(app, name: str):
    """Open the scene called ``name`` (overlays over MAGDAGDON's play scene) and settle."""
    if name in SHELL or name.endswith((".play", ".rules", ".setup", ".daily")):
        app.nav.push(name)
    elif name == "querni.replay":
        from game.games.querni.record import to_record

        app.nav.push(name, record=to_record(finished_querni()))
    elif name == "querni.game_over":
        app.nav.push("querni.play")
        settle(app)
        app.nav.push(name, session=finished_querni())
    elif name.endswith(".variants"):
        app.nav.push("title")
        settle(app)
        title = app.stack.top
        title.new_game(next(s for s in GAMES if s.id == name.split(".")[0]))
    else:
        app.nav.push("magdagdon.play", variant="PEACEFUL")
        settle(app)
        kwargs = {
            "pause": {"game_id": "magdagdon"},
            "magdagdon.game_over": {"game": finished_game(), "rank": 0},
            "confirm": {"question_key": "settings.confirm_difficulty", "on_yes": lambda: None,
                        "texts": GAMES[0].texts, "difficulty": "SURVIVAL"},
            "pin_pad": {"kiosk": _FakeKiosk()},
            "initials": {"game_id": "magdagdon", "record_id": "0" * 32},
            "operator": {"kiosk": Kiosk(app, pin="1234")},
            "magdagdon.review": {"session": reviewed_session()},
        }[name]
        app.nav.push(name, **kwargs)
        if name == "magdagdon.review":
            settle(app)
            assert app.stack.top.worker.wait(60)
    settle(app, 3)
    return app.stack.top


def button_rects(scene) -> list[pygame.Rect]:
    manager = getattr(scene, "ui", None)
    if manager is None:
        return []
    root = manager.get_root_container()
    return [
        element.rect.copy()
        for element in manager.get_sprite_group().sprites()
        if element.visible and element.ui_container is root  # not a slider's own arrows
        and type(element).__name__ in ("UIButton", "UIHorizontalSlider")
    ]


NAMES = [*SHELL, *(f"{spec.id}.{scene}" for spec in GAMES for scene in ("play", "rules")),
         *(f"{spec.id}.variants" for spec in GAMES if spec.setup_scene is None), *OVERLAYS,
         *QUERNI, *MAGDAGDON]


@pytest.mark.parametrize("orientation", SIZES)
@pytest.mark.parametrize("name", NAMES)
def test_scene_buttons_are_on_screen_and_apart(name, orientation):
    app = make_arcade(size=SIZES[orientation])
    try:
        scene = build(app, name)
        screen = pygame.Rect((0, 0), SIZES[orientation])
        rects = button_rects(scene)
        assert rects, name
        panel = getattr(scene, "panel", None)
        if isinstance(panel, pygame.Rect):  # dialogs and text pages stay on screen too
            assert screen.contains(panel), (name, panel)
        for rect in rects:
            assert screen.contains(rect), (name, rect)
        for a, b in itertools.combinations(rects, 2):
            assert not a.colliderect(b), (name, a, b)
    finally:
        app.shutdown()


@pytest.mark.parametrize("orientation", SIZES)
def test_play_screen_parts_do_not_overlap(orientation):
    app = make_arcade(size=SIZES[orientation])
    try:
        scene = build(app, "magdagdon.play")
        L = scene.layout
        assert L.portrait == (orientation == "portrait")
        screen = pygame.Rect((0, 0), SIZES[orientation])
        board = L.board_rect.inflate(44, 44)
        parts = {"board": board, "tray": L.tray_rect, "powers": L.powers_rect,
                 "strip": L.strip_rect, "pause": L.pause_rect}
        for part, rect in parts.items():
            assert screen.contains(rect), part
        for (na, a), (nb, b) in itertools.combinations(parts.items(), 2):
            assert not a.colliderect(b), (na, nb)
        sums = [L.row_sum_pos(r) for r in range(4)] + [L.col_sum_pos(c) for c in range(4)]
        for x, y in sums:  # room for a combo flag (150 px wide) beside or below each sum
            assert 75 <= x <= screen.width - 75 and y + 60 <= L.strip_rect.top
            assert not board.collidepoint(x, y)
        for rect in button_rects(scene):
            assert not rect.colliderect(board) and not rect.colliderect(L.tray_rect)
    finally:
        app.shutdown()


@pytest.mark.parametrize("orientation", SIZES)
def test_querni_play_screen_parts_do_not_overlap(orientation):
    app = make_arcade(size=SIZES[orientation])
    try:
        scene = build(app, "querni.play")
        L = scene.layout
        screen = pygame.Rect((0, 0), SIZES[orientation])
        assert L.portrait == (orientation == "portrait")
        for rect in button_rects(scene):
            assert not rect.colliderect(L.frame_rect)
            for name, region in L.regions().items():
                if name in ("frame", "speaker") or name.startswith("label"):
                    continue
                if region.colliderect(rect):  # a button sits only in its own slot
                    slots = ("select_chain", "end_move", "undo", "hint", "leave", "exit")
                    assert name in slots, name
        assert screen.contains(L.speaker_rect) and screen.contains(L.frame_rect)
    finally:
        app.shutdown()
