"""The monkey (tools/monkey.py) and the soak benchmark (tools/soak.py): their checks catch what
they claim to, failures say how to reproduce them, and runs are reproducible from the seed."""

from __future__ import annotations

import random

import pytest

from game.rules.magdagdon import RUIN, Difficulty, MagdagdonGame
from tools import monkey as monkey_tool
from tools import soak as soak_tool
from tools.monkey import Monkey, MonkeyFailure
from tools.monkey_games.magdagdon import expected_board, game_problems


def short_run(seed: int, events: int, **options):
    monkey = Monkey(seed, **options)
    try:
        monkey.start()
        return monkey.run(events)
    finally:
        monkey.close()


# --- the checks ------------------------------------------------------------------------------
def test_a_game_played_by_the_rules_has_no_problems():
    game = MagdagdonGame(Difficulty.PEACEFUL, random.Random(4))
    while not game.is_over:
        assert game_problems(game) == []
        game.roll()
        if game.is_magdagdon:
            game.accept_magdagdon(game.board.index(None))
            continue
        for die, cell in game.hint():
            game.place(die, cell)
            assert game_problems(game) == []
        game.confirm()
    assert game_problems(game) == []


def test_broken_states_are_reported():
    game = MagdagdonGame(Difficulty.SURVIVAL, random.Random(1))
    game.roll((3, 3, 4, 6))
    game.place(0, 5)
    game.placed[1] = 15  # far away from the field: not a legal sequence
    assert any("legal sequence" in p for p in game_problems(game))
    game.placed = {0: 5, 1: 5}
    assert any("one cell" in p for p in game_problems(game))
    game.placed = {}
    game.powers_used = 2
    game.turns = 17
    problems = " ".join(game_problems(game))
    assert "powers_used=2" in problems and "turns=17" in problems


def test_expected_board_names_tiles_tentative_dice_ruins_and_empty_cells():
    game = MagdagdonGame(Difficulty.PEACEFUL, random.Random(2))
    board = list(game.board)
    board[0], board[3] = 4, RUIN
    game.board = tuple(board)
    game.roll((5, 1, 1, 1))
    game.place(0, 1)
    cells = expected_board(game)
    assert cells[0] == ("tile", 4) and cells[1] == ("tentative", 5)
    assert cells[3] == ("ruin", None) and cells[2] == ("empty", None)


# --- runs ------------------------------------------------------------------------------------
@pytest.mark.slow
def test_a_short_run_is_reproducible_from_its_seed():
    first = short_run(21, 400)
    second = short_run(21, 400)
    assert first.coverage == second.coverage and first.games_over == second.games_over
    assert "TitleScene" in first.visited and first.boards_checked > 0


@pytest.mark.slow
def test_a_board_drawn_out_of_step_with_the_rules_is_caught(monkeypatch):
    from game.games.magdagdon.widgets.board import BoardView

    real = BoardView.draw

    def forgetful(self, surface, view, tentative, **options):
        real(self, surface, view, (), **options)  # tentative dice drawn as committed tiles

    monkeypatch.setattr(BoardView, "draw", forgetful)
    with pytest.raises(MonkeyFailure) as caught:
        short_run(3, 5000)
    failure = caught.value
    assert "drawn as ('tile'" in str(failure) and "'tentative'" in str(failure)
    assert failure.seed == 3 and 0 < len(failure.log) <= 20
    assert f"--seed 3 --events {failure.index + 1}" in str(failure)


@pytest.mark.slow
def test_an_exception_in_a_scene_fails_with_its_traceback_despite_the_safety_net(monkeypatch):
    from game.arcade.scenes.title import TitleScene

    real = TitleScene.draw
    calls = []

    def draw(self, surface):
        calls.append(1)
        if len(calls) == 30:
            raise ZeroDivisionError("boom in the title")
        real(self, surface)

    monkeypatch.setattr(TitleScene, "draw", draw)
    with pytest.raises(MonkeyFailure) as caught:
        short_run(5, 2000)
    text = str(caught.value)
    assert "ZeroDivisionError: boom in the title" in text and "Traceback" in text


def test_the_command_line_reports_a_failure_with_seed_event_and_last_events(monkeypatch, capsys):
    from game.arcade.scenes.title import TitleScene

    def draw(self, surface):
        raise RuntimeError("title cannot draw")

    monkeypatch.setattr(TitleScene, "draw", draw)
    assert monkey_tool.main(["--events", "50", "--seed", "8"]) == 1
    err = capsys.readouterr().err
    assert "seed=8 event=0" in err and "last 1 events" in err and "title cannot draw" in err


@pytest.mark.slow
def test_the_command_line_prints_the_coverage(capsys):
    assert monkey_tool.main(["--events", "60", "--seed", "8", "--kiosk"]) == 0
    out = capsys.readouterr().out
    assert "monkey seed=8" in out and "TitleScene" in out


@pytest.mark.slow
def test_soak_plays_games_and_reports_memory():
    lines: list[str] = []
    figures = soak_tool.soak(2, seed=3, draw_every=10, out=lines.append)
    assert figures["games"] == 2 and figures["rss_end"] > 0 and figures["games_per_s"] > 0
    assert any("RSS: start" in line for line in lines)
    assert soak_tool.rss_mb() > 0


@pytest.mark.slow
def test_the_watchdog_plays_on_when_the_advisor_answers_late():
    """Issue 38, case 8: when the advisor answered late the demo fell back on its own moves,
    then replayed stale advice forever (attract mode froze). Here half of the advisor's answers
    come long after the demo's patience; every game still ends, well inside the stall limit (a
    game is about 550 frames)."""
    lines: list[str] = []
    figures = soak_tool.soak(4, seed=5, draw_every=1000, out=lines.append, late_share=0.5,
                             late_seconds=0.5, stall_frames=20_000)
    assert figures["games"] == 4
    assert figures["late"] > 0 and figures["fallbacks"] > 0 and figures["advised"] > 0
    assert any("no stall" in line for line in lines)
