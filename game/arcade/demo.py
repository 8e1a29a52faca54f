"""The demo driver: the arcade plays itself through posted input events, like a player.

It owns the pacing (one gesture every ``interval`` frames) and the shell's screens: on the
title it starts a game of ``game_id`` (a random variant when ``cycle``), a pause overlay is
resumed at once. A game's own screens are played by that game's demo player (``spec.demo``, a
``GameDemo``), which reports each finished game with one line (``report``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.arcade.protocols import DemoPlayer, Resumable
from game.arcade.spec import GameSpec, by_id, load
from game.engine.synthetic import post_drag, post_tap

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp
    from game.arcade.play.game_over import GameOverScreen


def tap(pos: tuple[int, int]) -> None:
    """A demo tap: a real mouse click, marked so a kiosk does not take it for a visitor."""
    post_tap(pos, source="demo")


def drag(start: tuple[int, int], end: tuple[int, int]) -> None:
    """A demo drag, in a few pointer moves, marked like :func:`tap`."""
    post_drag(start, end, steps=4, source="demo")


class GameDemo:
    """A game's demo player, made by the driver with ``(app, rng=, report=, cycle=)``: plays
    the game's screens one gesture per call; ``cycle``: at game over tap MENU (the driver then
    starts another game from the title) instead of PLAY AGAIN."""

    def __init__(self, app: ArcadeApp, rng: random.Random, report: Callable[[str], None] = print,
                 cycle: bool = False) -> None:
        self.app = app
        self.rng = rng
        self.report = report
        self.cycle = cycle
        # The last game reported, held by reference: ids of freed games are reused, so a set
        # of ids would silently skip later games.
        self.last_reported: object = None
        self.games_finished = 0

    def game_over(self, scene: GameOverScreen, game: object, line: Callable[[], str]) -> None:
        """At game over: report ``game`` with ``line()`` the first time, then skip the panel's
        count-up, or leave."""
        if game is not self.last_reported:
            self.last_reported = game
            self.games_finished += 1
            self.report(line())
        if scene.counted:
            tap((scene.b_menu if self.cycle else scene.b_again).rect.center)
        else:
            tap((scene.panel.centerx, scene.panel.top + 40))


class DemoDriver:
    """Plays ``game_id``; ``cycle``: after each game back to the title for a random variant."""

    def __init__(self, app: ArcadeApp, games: tuple[GameSpec, ...], game_id: str,
                 seed: int | None = None, interval: int = 6,
                 report: Callable[[str], None] = print, cycle: bool = False) -> None:
        self.app = app
        self.games = games
        self.game_id = game_id
        self.rng = random.Random(seed)
        self.interval = interval
        self.report = report
        self.cycle = cycle
        self.countdown = interval
        self._players: dict[str, DemoPlayer] = {}

    @property
    def games_finished(self) -> int:
        return sum(player.games_finished for player in self._players.values())

    def player(self, game_id: str) -> DemoPlayer:
        """The demo player of ``game_id`` (made on first use, seeded from the driver)."""
        player = self._players.get(game_id)
        if player is None:
            spec = by_id(self.games, game_id)
            player = load(spec.demo)(self.app, rng=random.Random(self.rng.getrandbits(64)),
                                     report=self.report, cycle=self.cycle)
            self._players[game_id] = player
        return player

    def step(self) -> None:
        """Called once per frame, before the frame's events are read."""
        self.countdown -= 1
        if self.countdown > 0:
            return
        self.countdown = self.interval
        scene = self.app.stack.top
        if scene is None or self.app.stack.pending:
            return
        game_id = getattr(scene, "game_id", None)
        demo_tap = getattr(scene, "demo_tap", None)  # a shell screen that starts games
        if isinstance(scene, Resumable):
            scene.resume_game()  # a pause overlay: the demo never stays paused
        elif demo_tap is not None:
            target = demo_tap(self.game_id, self.rng)
            if target is not None:
                tap(target)
        elif game_id is not None:
            self.player(game_id).step(scene)
