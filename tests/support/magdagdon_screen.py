"""MAGDAGDON's play screen in tests, driven by taps: open a game on it, roll (with the dice
forced when a test needs them), tap dice and cells, and play turns to the game's end the way a
player would."""

from __future__ import annotations

import random

from game.engine.testing import post_tap, run_frames
from game.games.magdagdon.controller import Phase
from game.games.magdagdon.scenes.play import PlayScene
from game.rules.magdagdon import Difficulty, MagdagdonGame
from tests.support.arcade import settle


class Forced(random.Random):
    """An rng whose next randint(1, 6) calls return the given values."""

    def __init__(self, values) -> None:
        super().__init__(0)
        self.values = list(values)

    def randint(self, a, b):  # noqa: D401 - rng protocol
        return self.values.pop(0) if self.values else super().randint(a, b)


def magdagdon_game() -> MagdagdonGame:
    """A 1 in the corner: a roll of four 6s cannot be placed (M-6.1)."""
    game = MagdagdonGame(Difficulty.SURVIVAL, random.Random(8))
    game.roll([1, 1, 1, 1])
    game.place(0, 0)
    game.place(1, 1)
    game.confirm()
    return game


def start(app, game: MagdagdonGame) -> PlayScene:
    """``game`` on the play screen."""
    scene = PlayScene(app, saved=game)
    app.stack.push(scene)
    settle(app)
    return scene


def roll(app, scene: PlayScene, values=None) -> None:
    """Tap ROLL (forcing the dice through the rules when ``values`` is given), then skip."""
    if values is not None:
        scene.game.rng = Forced(values)
    post_tap(scene.b_roll.rect.center)
    settle(app)
    assert scene.game.in_turn
    post_tap((960, 1040))  # a tap during the tumble only skips it
    settle(app)
    assert not scene.busy


def tap_die(app, scene: PlayScene, die: int) -> None:
    post_tap(scene.layout.die_rect(die).center)
    settle(app)


def tap_cell(app, scene: PlayScene, cell: int) -> None:
    post_tap(scene.layout.cell_rect(cell).center)
    settle(app)


def play_turn_by_taps(app, scene: PlayScene) -> None:
    """Finish the rolled turn as a player would: on MAGDAGDON tap ACCEPT and ruin the first
    empty cell, else tap the rules' hint's dice onto their cells and CONFIRM."""
    game = scene.game
    if scene.control.phase == Phase.MAGDAGDON:
        post_tap(scene.b_accept.rect.center)
        settle(app)
        tap_cell(app, scene, game.board.index(None))
        run_frames(app, 70)  # the ruin crumbles, then the turn ends
        return
    for die, cell in game.hint():
        tap_die(app, scene, die)
        tap_cell(app, scene, cell)
    post_tap(scene.b_confirm.rect.center)
    settle(app)


def finish_by_taps(app, scene: PlayScene, turns: int = 40) -> None:
    """Roll and play every turn left through the screen until the game is over."""
    for _ in range(turns):
        if scene.game.is_over:
            return
        roll(app, scene)
        play_turn_by_taps(app, scene)
    assert scene.game.is_over
