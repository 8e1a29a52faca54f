"""The computer's turn on the QUERNI play screen: asked in its worker, then its gestures played
one by one at a person's pace through the same controller. While it thinks, frames flow, board
taps are refused with a message, and EXIT and the pause menu work; leaving, pausing or a new
game cancels it (asked again when the screen comes back)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from game.games.querni.computer import Choice
from game.games.querni.gestures import Gesture, gestures_for_turn, perform
from game.games.querni.scenes.play_picture import BAD
from game.games.querni.texts import later
from game.rules.querni import QuerniState, Square

if TYPE_CHECKING:
    from game.arcade.context import GameContext
    from game.games.querni.controller import TurnController
    from game.games.querni.events import Result
    from game.games.querni.players import Player
    from game.games.querni.scenes.animation import BoardAnimations
    from game.games.querni.scenes.play_story import PlayStory


class Owner(Protocol):
    """What the computer's turns use of the play screen that owns them."""

    @property
    def ctx(self) -> GameContext: ...
    @property
    def control(self) -> TurnController: ...
    @property
    def anim(self) -> BoardAnimations: ...
    @property
    def story(self) -> PlayStory: ...
    @property
    def mover(self) -> Player: ...
    @property
    def busy(self) -> bool: ...
    @property
    def waiting(self) -> bool: ...
    @property
    def versus_computer(self) -> bool: ...
    def apply(self, result: Result | None) -> None: ...
    def note_that(self, text: Callable[[], str], tone: str) -> None: ...

BOT_GESTURE_SECONDS = 0.55
"""A bot's gestures come at a person's pace."""


class ComputerTurns:
    """The turn the computer decided and the gestures of it still to be played."""

    def __init__(self, scene: Owner) -> None:
        self.scene = scene
        self.plan: list[Gesture] = []
        self.choice: tuple[QuerniState, Choice] | None = None  # decided, not yet played
        self.wait = 0.0

    @property
    def thinking(self) -> bool:
        """The computer is deciding its turn (the HUD's dots)."""
        scene = self.scene
        return (not scene.control.is_over and not scene.mover.takes_input
                and not self.plan and self.choice is None)

    def step(self, dt: float) -> None:
        """Ask the player to move for its turn, then play the turn's next gesture when due."""
        scene = self.scene
        if scene.control.is_over or scene.mover.takes_input or scene.waiting:
            return
        if not self.plan:
            state = scene.control.state
            if self.choice is None or self.choice[0] != state:
                # asked at once, even while the last move still animates; answered once
                choice = scene.mover.choose(state)
                self.choice = None if choice is None else (state, choice)
            if self.choice is None or scene.anim.busy:
                return  # still thinking, or the last move still plays out
            path, chain = self.choice[1]
            self.choice = None
            self.plan = gestures_for_turn(state, path, chain)
            self.wait = BOT_GESTURE_SECONDS
        if scene.busy or scene.story.viewing:  # its turn waits while a past turn is viewed
            return
        self.wait -= dt
        if self.wait > 0:
            return
        self.wait = BOT_GESTURE_SECONDS
        gesture = self.plan.pop(0)
        scene.apply(perform(scene.control, gesture))

    def refuse(self, square: Square) -> None:
        """A tap on the board on the computer's turn: nothing happens, and the player is told
        why (its own piece, or: it is thinking)."""
        scene = self.scene
        if scene.control.is_over:
            return
        piece = scene.control.shown.pieces.get(square)
        mover = scene.control.to_move
        if piece is not None and piece[0] is mover:
            key = "play.computer_piece" if scene.versus_computer else "play.not_now"
            scene.anim.shake(square)
        else:
            key = "play.computer_thinking" if scene.versus_computer else "play.not_now"
        scene.ctx.audio.play("querni_illegal")
        scene.note_that(later(key, color=mover), BAD)
