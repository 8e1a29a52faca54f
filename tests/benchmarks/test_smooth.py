"""``benchmarks.smooth``: what its figures mean (a pure summary of pass times) and that a
``--frames``/``--seed`` run of its demo repeats exactly. No time is asserted."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.smooth import LATE_MS, percentile, scene_label, summarise

ROOT = Path(__file__).resolve().parents[2]


def test_each_interval_is_charged_to_the_pass_before_it() -> None:
    starts = [0.0, 0.016, 0.032, 0.132, 0.148]
    labels = ["a", "b", "c > d drew", "d", "e"]
    summary = summarise(starts, labels)
    assert summary.intervals == 4
    assert summary.late == 1 and summary.late_share == 25.0
    assert summary.longest == pytest.approx(100.0)
    assert summary.slowest[0] == (pytest.approx(100.0), "c > d drew")


def test_an_interval_of_exactly_two_frames_is_not_late() -> None:
    summary = summarise([0.0, LATE_MS / 1000.0], ["a", "b"])
    assert summary.late == 0


def test_percentile_is_nearest_rank() -> None:
    values = list(range(1, 101))
    assert percentile(values, 0.99) == 99
    assert percentile([], 0.99) == 0.0


def test_screens_are_named_by_game_and_screen() -> None:
    class Fake:
        pass

    Fake.__module__ = "game.games.querni.scenes.game_over"
    assert scene_label(Fake()) == "querni.game_over"
    Fake.__module__ = "game.arcade.scenes.title"
    assert scene_label(Fake()) == "title"
    assert scene_label(None) == "-"


def run(frames: int) -> dict:
    done = subprocess.run([sys.executable, "-m", "benchmarks.smooth", "--child", "magdagdon",
                           "--frames", str(frames), "--seed", "1"], cwd=ROOT,
                          capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_a_counted_run_repeats_its_screens_and_games_exactly() -> None:
    """With ``--frames`` and ``--seed`` the demo plays a game to its end, through the game
    over and the title into the next game, at the same frames every time."""
    first, second = run(1100), run(1100)
    assert len(first["starts"]) == 1100
    changes = [label.split(" drew")[0] for label in first["labels"] if " > " in label]
    assert "magdagdon.play > magdagdon.game_over" in changes
    assert "magdagdon.game_over > title" in changes and "title > magdagdon.play" in changes
    assert first["games"] and first["games"] == second["games"]
    assert first["trace"] == second["trace"]


def test_the_work_of_a_pass_is_its_own_cpu_time() -> None:
    from benchmarks.smooth import summarise_work

    summary = summarise_work([0.002, 0.050, 0.010], ["a", "b > c drew", "c"])
    assert summary.late == 1 and summary.longest == pytest.approx(50.0)
    assert summary.slowest[0] == (pytest.approx(50.0), "b > c drew")
