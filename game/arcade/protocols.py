"""What the shell may ask of a scene without knowing its class (no ``isinstance`` on scenes)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from collections.abc import Callable

    import pygame
    import pygame_gui

    from game.arcade.spec import GameSpec


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


class Demo(Protocol):
    """What the app asks of the demo driver that plays it (``arcade.demo.DemoDriver``)."""

    def step(self) -> None:
        """Called once per frame, before the frame's events are read."""
        ...


class KioskMode(Protocol):
    """What the app asks of the kiosk installed on it (``arcade.kiosk.Kiosk``)."""

    attract: bool
    """Attract mode is playing (the overlay shows TOUCH TO PLAY)."""

    def offered(self) -> tuple[GameSpec, ...]:
        """The games this kiosk offers (the operator's choice)."""
        ...

    def draw_overlay(self, surface: pygame.Surface) -> None: ...


class RecordsView(Protocol):
    """A game's part of the scores or the statistics screen (its spec's ``scores_view`` and
    ``stats_view``), made with ``(app, area, variant)`` each time the game's tab opens; a
    scores view also with ``source``, the :class:`~game.arcade.venue.RecordSource` its rows
    come from (this machine's records, or the venue's board)."""

    def build(self, ui: pygame_gui.UIManager, rebuild: Callable[[], None]) -> None:
        """Its buttons (variant tabs) in the screen's ``ui``; ``rebuild`` redoes the screen's
        buttons after a change."""
        ...

    def step(self, direction: int) -> None:
        """The left/right keys: the neighbouring variant."""
        ...

    def draw(self, surface: pygame.Surface, time: float) -> None: ...


@runtime_checkable
class TapsRows(Protocol):
    """A records view whose rows can be tapped (a game's row opening its replay): the scores
    screen hands it each tap that reached no button."""

    def tap(self, pos: tuple[int, int]) -> bool:
        """A tap at ``pos``; whether it did something."""
        ...


class DemoPlayer(Protocol):
    """A game's demo player (its spec's ``demo``), made with ``(app, rng=, report=, cycle=)``:
    plays that game's screens, one gesture per call."""

    games_finished: int

    def step(self, scene: object) -> None:
        """One gesture on ``scene``, the top scene (one of the game's own)."""
        ...
