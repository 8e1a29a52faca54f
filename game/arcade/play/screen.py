"""The base of every game's play screen: how it pauses, hands its game to the shell to be
saved, and opens its game over, written once for all games."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.arcade.scene import ArcadeScene
from game.arcade.scenes.pause import Note, PauseChoice
from game.engine.gui import picture
from game.engine.scenes import Scene


class PlayScreen(ArcadeScene):
    """A game's play screen; a game's own screen adds its board, gestures and animations."""

    game_id: str = ""
    _over_ahead: tuple[str, dict[str, Any], Scene[Any]] | None = None

    @property
    def settings(self) -> dict[str, Any]:
        """This game's own settings (its choices, kept in the arcade's settings file)."""
        return self.ctx.game_settings(self.game_id)

    def pause_game(self) -> None:
        """The pause menu over the game; leaving through it saves the game first."""
        self.app.nav.push("pause", game_id=self.game_id, on_leave=self.autosave,
                          choices=self.pause_choices(), leave_note=self.leave_note())

    def pause_choices(self) -> Sequence[PauseChoice]:
        """The game's own choices in its pause menu, below QUIT TO TITLE (none by default)."""
        return ()

    def leave_note(self) -> Note | None:
        """A line under QUIT TO TITLE saying what leaving does to the game (none by
        default)."""
        return None

    def autosave(self) -> bool:
        """Save the game now (the shell's crash net and the pause menu call it)."""
        raise NotImplementedError

    def save_soon(self, session: Any) -> None:
        """Hand ``session`` to the storage's writer thread: the frame never waits for disk."""
        self.ctx.autosave(self.game_id, session, later=True)

    def to_title(self) -> None:
        """Back to the title, this game's tile in front."""
        self.app.nav.clear_to("title", game_id=self.game_id)

    def prepare_game_over(self, variant: str, **details: Any) -> None:
        """The game has ended: its game-over screen is made now and built in the frames
        before ``open_game_over`` opens it (while the last move plays out)."""
        scene = self._make_game_over(variant, **details)
        self._over_ahead = (variant, details, scene)
        self.app.build_ahead(scene.prepare())

    def open_game_over(self, variant: str, **details: Any) -> None:
        """The game's game-over screen (the one ``prepare_game_over`` made for these
        arguments, if any): PLAY AGAIN starts a new game of ``variant`` here, MENU goes to
        the title; ``details`` are what that screen shows."""
        held, self._over_ahead = self._over_ahead, None
        if held is None or held[:2] != (variant, details):
            held = (variant, details, self._make_game_over(variant, **details))
        self.app.stack.push(held[2])

    def _make_game_over(self, variant: str, **details: Any) -> Scene[Any]:
        return self.app.nav.make(f"{self.game_id}.game_over", on_menu=self.to_title,
                                 on_play_again=lambda: self.restart(variant), **details)

    def restart(self, variant: str) -> None:
        """A new game of ``variant`` in this same screen."""
        raise NotImplementedError

    # --- what a play picture asks of its screen (``play.picture.Screen``) ---------------------
    def canvas_size(self) -> tuple[int, int]:
        return self.app.surface.get_size()

    def draw_gui(self, surface: pygame.Surface) -> None:
        """The screen's buttons, over the picture."""
        if self.ui is not None:
            self.ui.draw_ui(surface)

    def gui_picture(self) -> tuple[Any, ...]:
        """How the buttons look now, to compare (``engine.gui.picture``)."""
        return picture(self.ui)
