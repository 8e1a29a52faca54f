"""The base of every game's demo player (``arcade.demo.GameDemo``) at game over, with real
posted taps: one report line per finished game however many calls it sees, the count-up
skipped by a tap on the panel, then PLAY AGAIN, or MENU when cycling."""

from __future__ import annotations

import random

import pytest

from game.arcade.demo import GameDemo
from game.engine.testing import run_frames
from tests.support.scenes import finished_game


def over(app, calls: list[str]):
    app.nav.push("magdagdon.game_over", game=finished_game(),
                 on_play_again=lambda: calls.append("again"),
                 on_menu=lambda: calls.append("menu"))
    run_frames(app, 2)
    return app.stack.top


@pytest.mark.parametrize(("cycle", "leaves_by"), [(False, "again"), (True, "menu")])
def test_a_finished_game_is_reported_once_then_the_panel_is_left(app, cycle, leaves_by):
    lines: list[str] = []
    calls: list[str] = []
    player = GameDemo(app, random.Random(1), report=lines.append, cycle=cycle)
    scene = over(app, calls)
    assert not scene.counted
    player.game_over(scene, scene.game, lambda: f"OVER {len(lines)}")
    run_frames(app, 2)
    assert scene.counted and calls == []  # the tap only skipped the count-up
    player.game_over(scene, scene.game, lambda: f"OVER {len(lines)}")
    run_frames(app, 2)
    assert lines == ["OVER 0"] and player.games_finished == 1 and calls == [leaves_by]


def test_the_next_game_is_reported_too(app):
    lines: list[str] = []
    player = GameDemo(app, random.Random(1), report=lines.append)
    for number in (1, 2):
        scene = over(app, [])
        player.game_over(scene, scene.game, lambda n=number: f"OVER {n}")
        app.stack.pop()
        run_frames(app, 1)
    assert lines == ["OVER 1", "OVER 2"] and player.games_finished == 2
