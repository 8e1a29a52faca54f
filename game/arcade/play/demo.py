"""What every game's demo player shares: how it is made (``arcade.demo.DemoDriver`` calls
``(app, rng=, report=, cycle=)``) and its game over, where it reports each finished game once
and taps PLAY AGAIN, or MENU when ``cycle``; a game's own player plays its other screens."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.arcade.demo import tap
from game.arcade.play.game_over import GameOverScreen

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp


class GameDemo:
    """Plays a game's screens one gesture per call; reports each finished game once.

    ``cycle``: at game over tap MENU (the driver then starts another game from the title)
    instead of PLAY AGAIN.
    """

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
