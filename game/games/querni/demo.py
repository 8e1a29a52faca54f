"""The demo player: drives QUERNI's screens by posting pointer events, like a visitor.

A new demo game (``--demo``, the kiosk's attract mode) is the real computer opponent against
itself, MEDIUM (BLUE) against HARD (RED) (``session.DEMO``; the play scene sets it up): both
sides think in workers and play through the same gestures, at the same pace, as against a
person, so the player only taps NEW GAME, and at game over PLAY AGAIN (or MENU). It prints
``QUERNI OVER result=… reason=… turns=…`` after each game.

A resumed game with a person's side (a saved game the demo goes on with) is played for them: a
legal turn chosen with the rules (a removal when there is one, the longest first; else any
movement) is turned into the gestures a person makes (``gestures.gestures_for_turn``: tap the
piece, tap each landing, SELECT CHAIN and the chain's two ends, END MOVE), each posted as a
real mouse event aimed with the play layout, so every tap travels the player's path: event
queue → input router / pygame-gui → scene → turn controller → rules.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.arcade.demo import GameDemo, drag, tap
from game.games.querni.gestures import Gesture, GestureKind, gestures_for_turn
from game.games.querni.scenes.game_over import GameOverScene
from game.games.querni.scenes.play import PlayScene
from game.games.querni.scenes.setup import SetupScene
from game.rules.querni import Chain, QuerniState, Square, can_still_chain

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

REST_STEPS = 2
"""Steps the demo waits after END MOVE, so each turn can be watched."""


def choose_turn(state: QuerniState, rng: random.Random
                ) -> tuple[list[Square] | None, Chain | None]:
    """Any legal turn, preferring the longest removal that does not lose; a pass only when
    nothing else is legal (the automatic pass then comes by itself)."""
    turns = state.legal_turns()
    mover = state.numbers(state.to_move)
    chains = [(path, chain) for path, chain in turns
              if chain is not None and _keeps_a_chance(mover, chain)]
    if chains:
        longest = max(high - low for _path, (low, high) in chains)
        return rng.choice([(path, chain) for path, chain in chains
                           if chain[1] - chain[0] == longest])
    moves = [turn for turn in turns if turn[0] is not None]
    return rng.choice(moves) if moves else (None, None)


def _keeps_a_chance(numbers: frozenset[int], chain: Chain) -> bool:
    """The removal wins, or leaves numbers that can still form a chain (not a loss, Q-5.2)."""
    left = [n for n in numbers if not chain[0] <= n <= chain[1]]
    return not left or can_still_chain(left)


class DemoPlayer(GameDemo):
    """Plays QUERNI's screens one gesture per call."""

    def __init__(self, app: ArcadeApp, rng: random.Random, report: Callable[[str], None] = print,
                 cycle: bool = False) -> None:
        super().__init__(app, rng, report, cycle)
        self.plan: deque[Gesture] = deque()
        self.plan_for: tuple[int, int] | None = None  # (session id, turn count) planned for
        self.rest = 0

    def step(self, scene: object) -> None:
        if isinstance(scene, GameOverScene):
            self._game_over(scene)
        elif isinstance(scene, PlayScene):
            self._play(scene)
        elif isinstance(scene, SetupScene):
            assert scene.b_start is not None  # (made on entering)
            tap(scene.b_start.rect.center)

    def _game_over(self, scene: GameOverScene) -> None:
        session = scene.session

        def line() -> str:
            outcome = session.outcome
            assert outcome is not None
            return (f"QUERNI OVER result={outcome.result} reason={outcome.reason} "
                    f"turns={session.turn_count}")
        self.game_over(scene, session, line)

    def _play(self, scene: PlayScene) -> None:
        if scene.busy or not scene.human_turn:
            return  # watch the piece fly, the chain pop, the automatic pass
        if self.rest > 0:
            self.rest -= 1
            return
        session, control = scene.session, scene.control
        key = (id(session), session.turn_count)
        if self.plan_for != key or not self.plan:
            if control.can_undo and self.plan_for == key:
                tap(scene.b_undo.rect.center)  # a turn left half done: start it again
                self.plan.clear()
                return
            path, chain = choose_turn(control.state, self.rng)
            self.plan = deque(gestures_for_turn(control.state, path, chain))
            self.plan_for = key
            if (path and len(path) == 2 and chain is None and self.rng.random() < 0.3
                    and not control.can_undo):
                self.plan.popleft()  # drag the piece there instead of two taps
                self.plan.popleft()
                L = scene.layout
                drag(L.square_centre(path[0]), L.square_centre(path[1]))
                return
        gesture = self.plan.popleft()
        self._perform(scene, gesture)

    def _perform(self, scene: PlayScene, gesture: Gesture) -> None:
        kind = gesture.kind
        if kind is GestureKind.TAP and gesture.square is not None:
            tap(scene.layout.square_centre(gesture.square))
        elif kind is GestureKind.SELECT_CHAIN:
            tap(scene.b_chain.rect.center)
        elif kind is GestureKind.END_MOVE:
            tap(scene.b_end.rect.center)
            self.rest = REST_STEPS
        elif kind is GestureKind.UNDO:
            tap(scene.b_undo.rect.center)
        # AUTO_PASS: the scene passes by itself; nothing to tap
