"""The demo player: plays MAGDAGDON by posting pointer events, like a player's taps.

It reads the rules (``hint``, ``legal_cells_for``, ``is_magdagdon``) to choose legal moves,
aims with the play layout, and posts real pygame mouse events, so every tap travels the same
path as a player's: event queue → input mapper / pygame-gui → scene → rules.
"""

from __future__ import annotations

import random
from collections import deque

from game.arcade.scenes.title import TitleScene
from game.engine.synthetic import post_drag, post_tap
from game.games.magdagdon.scenes.game_over import GameOverScene
from game.games.magdagdon.scenes.play import Phase, PlayScene


def _tap(pos: tuple[int, int]) -> None:
    post_tap(pos, source="demo")


def _drag(start: tuple[int, int], end: tuple[int, int]) -> None:
    post_drag(start, end, steps=4, source="demo")


class DemoPlayer:
    """Chooses one gesture every ``interval`` frames; reports each finished game once."""

    def __init__(self, app, seed: int | None = None, interval: int = 6, report=print,
                 cycle: bool = False) -> None:
        self.app = app
        self.cycle = cycle  # after each game, back to the title and a random difficulty
        self.rng = random.Random(seed)
        self.interval = interval
        self.report = report
        self.countdown = interval
        self.plan: deque[tuple[str, object]] = deque()
        # The last game reported, held by reference: ids of freed games are reused, so a set
        # of ids would silently skip later games.
        self.last_reported = None
        self.games_finished = 0

    def step(self) -> None:
        """Called once per frame, before the frame's events are read."""
        self.countdown -= 1
        if self.countdown > 0:
            return
        self.countdown = self.interval
        scene = self.app.stack.top
        if isinstance(scene, GameOverScene):
            self._game_over(scene)
        elif isinstance(scene, PlayScene):
            self._play(scene)
        elif isinstance(scene, TitleScene):
            self._title(scene)
        elif scene is not None and hasattr(scene, "resume_game"):
            scene.resume_game()  # a pause overlay: the demo never stays paused

    # --- per scene ------------------------------------------------------------------------
    def _title(self, scene: TitleScene) -> None:
        if scene.choosing:
            target = scene.menu[self.rng.randrange(3)]  # one of the three difficulties
        else:
            target = next(b for b in scene.menu if b.translation_key == "title.new_game")
        _tap(target.rect.center)

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
        phase = scene.phase
        if phase == Phase.IDLE:
            _tap(scene.b_roll.rect.center)
        elif phase == Phase.MAGDAGDON:
            if game.powers_left and self.rng.random() < 0.6:
                self.plan.append(("tap", scene.b_reroll_go.rect.center))
                _tap(scene.b_reroll.rect.center)  # REROLL mode marks every unplaced die
            else:
                _tap(scene.b_accept.rect.center)
        elif phase == Phase.CHOOSE_RUIN:
            empty = [i for i, c in enumerate(game.board) if c is None]
            _tap(layout.cell_rect(self.rng.choice(empty)).center)
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
