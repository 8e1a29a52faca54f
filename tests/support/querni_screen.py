"""QUERNI's play screen in tests: a small position with jumps, taps on squares, a game against
the computer set up on the screen, a stand-in computer the test holds back, and a seeded game
opened by the demo's chooser put on the screen."""

from __future__ import annotations

import random
import threading

from game.ai.querni import Cancelled
from game.engine.testing import post_tap
from game.games.querni.demo import choose_turn as demo_turn
from game.games.querni.scenes.play import PlayScene
from game.games.querni.session import QuerniSession
from game.rules.querni import Color, QuerniState
from tests.support.arcade import settle

B, R = Color.BLUE, Color.RED

JUMPS = {(0, 0): (B, 5), (1, 1): (R, 3), (3, 2): (B, 9), (5, 1): (R, 12), (9, 6): (R, 1)}
"""BLUE 5 on a1 can jump over RED 3, BLUE 9 and RED 12: a1 → c3 → e3 → g1."""


def tap(app, pos, frames: int = 2) -> None:
    post_tap(pos)
    settle(app, frames)


def tap_square(app, scene: PlayScene, square, frames: int = 2) -> None:
    tap(app, scene.layout.square_centre(square), frames)


class Gate:
    """A stand-in ``choose_turn`` that blocks until the test opens the gate (or the job is
    cancelled), then plays the rules' first movement; it records what it saw."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.started = threading.Event()
        self.finished = threading.Event()
        self.saw_cancel = False
        self.calls = 0

    def __call__(self, state, level, rng=None, *, cancel=None, **budget):
        self.calls += 1
        self.started.set()
        try:
            while not self.open.wait(0.005):
                if cancel is not None and cancel.is_set():
                    self.saw_cancel = True
                    raise Cancelled("cancelled")  # as the engine does
            turns = state.legal_turns()
            return next((t for t in turns if t[0] is not None), (None, None))
        finally:
            self.finished.set()


def start_vs(app, session: QuerniSession, blue, red) -> PlayScene:
    """``session`` on the play screen with these players for BLUE and RED."""
    scene = PlayScene(app, saved=session, players={B: blue, R: red})
    app.stack.push(scene)
    settle(app)
    return scene


def session_of(pieces, to_move=B, players=None) -> QuerniSession:
    """A game against the computer (hard, BLUE) from ``pieces``."""
    state = QuerniState.from_pieces(pieces, to_move)
    return QuerniSession(state, state, players=players or {"BLUE": "computer:hard",
                                                           "RED": "human"},
                         variant="vs_hard")


def opened(variant: str, players: dict[str, str], turns: int = 1,
           seed: int = 5) -> QuerniSession:
    """A new game of ``variant`` with ``turns`` turns played (the demo's chooser)."""
    session = QuerniSession.new(random.Random(seed), variant, players)
    rng = random.Random(seed)
    for _ in range(turns):
        session.play(*demo_turn(session.state, rng))
    return session


def show_game(app, session: QuerniSession) -> PlayScene:
    """``session`` on the play screen, its players as the session names them."""
    scene = PlayScene(app, saved=session)
    app.stack.push(scene)
    settle(app)
    return scene
