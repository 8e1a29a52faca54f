"""The demo player: plays MAGDAGDON by posting pointer events, like a player's taps.

It reads the rules (``hint``, ``legal_cells_for``, ``is_magdagdon``) to choose legal moves,
aims with the play layout, and posts real pygame mouse events, so every tap travels the same
path as a player's: event queue → input mapper / pygame-gui → scene → rules.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import Any

from game.engine.synthetic import post_drag, post_tap
from game.games.magdagdon.controller import Phase
from game.games.magdagdon.scenes.game_over import GameOverScene
from game.games.magdagdon.scenes.play import PlayScene


def _tap(pos: tuple[int, int]) -> None:
    post_tap(pos, source="demo")


def _drag(start: tuple[int, int], end: tuple[int, int]) -> None:
    post_drag(start, end, steps=4, source="demo")


class DemoPlayer:
    """Plays MAGDAGDON's screens one gesture per call; reports each finished game once.

    ``cycle``: at game over tap MENU (the driver then starts another game from the title)
    instead of PLAY AGAIN.
    """

    def __init__(self, app: Any, rng: random.Random, report: Callable[[str], None] = print,
                 cycle: bool = False) -> None:
        self.app = app
        self.cycle = cycle
        self.rng = rng
        self.report = report
        self.plan: deque[tuple[str, Any]] = deque()
        # The last game reported, held by reference: ids of freed games are reused, so a set
        # of ids would silently skip later games.
        self.last_reported: Any = None
        self.games_finished = 0

    def step(self, scene: Any) -> None:
        """One gesture on MAGDAGDON's ``scene`` (play or game over)."""
        if isinstance(scene, GameOverScene):
            self._game_over(scene)
        elif isinstance(scene, PlayScene):
            self._play(scene)

    # --- per scene ------------------------------------------------------------------------
    def _game_over(self, scene: GameOverScene) -> None:
        game = scene.game
        if game is not self.last_reported:
            self.last_reported = game
            card = game.score()
            self.games_finished += 1
            self.report(
                f"GAME OVER difficulty={game.difficulty.name.lower()} score={card.total} "
                f"turns={game.turns} ruins={card.ruins} powers={game.powers_used}"
            )
        if scene.counted:
            _tap((scene.b_menu if self.cycle else scene.b_again).rect.center)
        else:
            _tap((scene.panel.centerx, scene.panel.top + 40))  # skip the count-up

    def _play(self, scene: PlayScene) -> None:
        game, layout = scene.game, scene.layout
        if scene.busy:
            return  # watch the dice tumble like a person would
        if self.plan:
            kind, target = self.plan.popleft()
            if kind == "tap":
                _tap(target)
            else:
                _drag(*target)
            return
        phase = scene.control.phase
        if phase == Phase.IDLE:
            _tap(scene.b_roll.rect.center)
        elif phase == Phase.MAGDAGDON:
            if game.powers_left and self.rng.random() < 0.6:
                self.plan.append(("tap", scene.b_reroll_go.rect.center))
                _tap(scene.b_reroll.rect.center)  # REROLL mode marks every unplaced die
            else:
                _tap(scene.b_accept.rect.center)
        elif phase == Phase.CHOOSE_RUIN:
            _tap(layout.cell_rect(self.rng.choice(sorted(game.legal_ruin_cells))).center)
        elif phase == Phase.PLACING:
            self._place(scene)

    def _place(self, scene: PlayScene) -> None:
        game, layout = scene.game, scene.layout
        hint = game.hint() or []
        if hint:
            die, cell = hint[0]
            start, end = layout.die_rect(die).center, layout.cell_rect(cell).center
            if self.rng.random() < 0.3:
                self.plan.append(("drag", (start, end)))
            else:
                self.plan.append(("tap", end))
                _tap(start)
                return
            kind, target = self.plan.popleft()
            _drag(*target)
            return
        extras = [d for d in game.unplaced if game.legal_cells_for(d)]
        if extras and self.rng.random() < 0.5:
            die = self.rng.choice(extras)
            cell = self.rng.choice(sorted(game.legal_cells_for(die)))
            self.plan.append(("tap", layout.cell_rect(cell).center))
            _tap(layout.die_rect(die).center)
        else:
            _tap(scene.b_confirm.rect.center)
