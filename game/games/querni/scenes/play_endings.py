"""How a QUERNI game ends before the board decides it, and what the pause menu says about it.

RESIGN (asks once) is a loss for the person against the computer, or for the side to move
between two people. EXIT (Q-6.6, asks once) resigns against the computer (leaving never erases
a loss) and abandons a game between two people (``QuerniSession.left_as``). QUIT TO TITLE keeps
the game. Such a game is recorded like any finished one; one with no turn played has nothing to
record (EXIT only drops it, no RESIGN).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from game.arcade.scenes.pause import Note, PauseChoice
from game.games.querni import GAME_ID
from game.games.querni.session import RESIGNED
from game.games.querni.texts import TEXTS, color_name, t
from game.rules.querni import Color

if TYPE_CHECKING:
    import pygame_gui

    from game.arcade.app import ArcadeApp
    from game.arcade.context import GameContext
    from game.engine.tween import Tween
    from game.games.querni.controller import TurnController
    from game.games.querni.players import Player
    from game.games.querni.scenes.animation import BoardAnimations
    from game.games.querni.session import QuerniSession


class Owner(Protocol):
    """What the endings use of the play screen that owns them: they mark the game recorded
    and drop a pass that waits."""

    recorded: bool
    pending_pass: Tween | None

    @property
    def app(self) -> ArcadeApp: ...
    @property
    def ctx(self) -> GameContext: ...
    @property
    def gui(self) -> pygame_gui.UIManager: ...
    @property
    def control(self) -> TurnController: ...
    @property
    def session(self) -> QuerniSession: ...
    @property
    def anim(self) -> BoardAnimations: ...
    @property
    def players(self) -> dict[Color, Player]: ...
    @property
    def versus_computer(self) -> bool: ...
    def flip(self) -> None: ...
    def open_game_over(self, variant: str, **details: Any) -> None: ...
    def refresh_buttons(self) -> None: ...
    def stop_thinking(self) -> None: ...
    def to_title(self) -> None: ...


class Endings:
    """RESIGN, EXIT and the pause menu's choices for one play screen."""

    def __init__(self, scene: Owner) -> None:
        self.scene = scene

    # --- who ------------------------------------------------------------------------------------
    @property
    def people(self) -> list[Color]:
        """The colours played by a person at the screen."""
        return [color for color in Color if self.scene.players[color].takes_input]

    @property
    def resigner(self) -> Color:
        """Who resigns now: the one person against the computer, else the side to move."""
        people = self.people
        return people[0] if len(people) == 1 else self.scene.control.to_move

    @property
    def can_resign(self) -> bool:
        """A person plays, the game is under way and at least one turn was played."""
        scene = self.scene
        return (bool(self.people) and not scene.control.is_over
                and scene.session.turn_count > 0)

    # --- RESIGN ---------------------------------------------------------------------------------
    def ask_resign(self) -> None:
        """RESIGN: asks once (whose loss it is), then ``resign``."""
        if not self.can_resign:
            return
        color = self.resigner
        key = ("play.resign_question" if self.scene.versus_computer
               else "play.resign_question_color")
        self.scene.app.nav.push("confirm", question_key=key, on_yes=self.resign, texts=TEXTS,
                                color=color_name(color), other=color_name(color.opponent))

    def resign(self) -> None:
        """The game ends as a loss for ``resigner``: recorded, then the game-over panel."""
        if not self.can_resign:
            return
        scene = self.scene
        resigner = self.resigner
        self._end(lambda: scene.session.resign(resigner))
        scene.ctx.audio.play("querni_draw")
        scene.refresh_buttons()
        scene.gui.update(0.0)  # the buttons look disabled under the panel (and VIEW BOARD)
        scene.open_game_over(scene.session.variant, session=scene.session)

    # --- EXIT -----------------------------------------------------------------------------------
    def ask_exit(self) -> None:
        """EXIT (Q-6.6): asks first, saying what leaving does to the game."""
        scene = self.scene
        ending = scene.session.left_as() if self.can_resign else None
        key = ("play.exit_resign_question" if ending is not None and ending.how == RESIGNED
               else "play.exit_question")
        scene.app.nav.push("confirm", question_key=key, on_yes=self.exit_game, texts=TEXTS)

    def exit_game(self) -> None:
        """Leave for good: against the computer a resignation, between two people an
        abandoned game, either recorded; a game without a turn played is only dropped. The
        computer stops thinking at once."""
        scene = self.scene
        scene.stop_thinking()
        if self.can_resign and scene.session.left_as() is not None:
            self._end(scene.session.leave)  # the session knows how leaving ends it
        elif scene.ctx.storage is not None and not scene.ctx.demo_is_attract:
            scene.ctx.storage.clear_game(GAME_ID)
        scene.to_title()

    def _end(self, end: Callable[[], None]) -> None:
        """End the game off the board (``end`` sets the session's ending) and record it (its
        save goes with it)."""
        scene = self.scene
        scene.stop_thinking()
        scene.pending_pass = None  # an automatic pass no longer comes
        scene.anim.finish_flight()
        scene.anim.finish_pop()
        end()
        outcome = scene.session.outcome
        assert outcome is not None
        scene.control.end(outcome)
        if not scene.recorded:
            scene.recorded = True
            scene.ctx.record(GAME_ID, scene.session)

    # --- the pause menu -------------------------------------------------------------------------
    def pause_choices(self) -> list[PauseChoice]:
        """FLIP BOARD between two people; RESIGN once a turn was played, with what it does."""
        scene = self.scene
        choices = []
        if len(self.people) == 2:
            choices.append(PauseChoice("play.flip", scene.flip, TEXTS,
                                       lambda: t("play.flip_note")))
        if self.can_resign:
            color = self.resigner
            if scene.versus_computer:
                note: Note = lambda: t("play.resign_note")  # noqa: E731 - a note is a callable
            else:
                note = lambda: t("play.resign_note_color", color=color_name(color))  # noqa: E731
            choices.append(PauseChoice("play.resign", self.ask_resign, TEXTS, note))
        return choices

    def leave_note(self) -> Note | None:
        """QUIT TO TITLE keeps the game (it is saved and CONTINUE resumes it)."""
        scene = self.scene
        if scene.control.is_over or scene.ctx.demo_is_attract or scene.ctx.storage is None:
            return None
        return lambda: t("play.keeps_game")
