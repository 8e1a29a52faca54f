"""What the shell may ask of a scene without knowing its class (no ``isinstance`` on scenes)."""

from __future__ import annotations

from typing import Protocol, runtime_checkable


@runtime_checkable
class GameScene(Protocol):
    """A scene that shows a game in progress (a play screen)."""

    game_id: str

    def autosave(self) -> bool:
        """Save the game now (the crash net calls it); True when it is on disk."""
        ...

    def in_progress(self) -> bool:
        """A game is under way: started and not over (leaving it would abandon it)."""
        ...

    def restart(self, variant: str) -> None:
        """Start a new game of ``variant`` in this same scene (the old one is not recorded)."""
        ...


@runtime_checkable
class Resumable(Protocol):
    """An overlay that can be closed to go back to the game below (a pause menu)."""

    def resume_game(self) -> None: ...


@runtime_checkable
class Relabels(Protocol):
    """A scene with texts of its own to redo after a language switch."""

    def relabel(self) -> None: ...
