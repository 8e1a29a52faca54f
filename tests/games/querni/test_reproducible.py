"""A run to a frame count draws the same frames on any machine, however long the computer
thinks (issue 37): the HARD and MEDIUM players search a node budget, and in such a run the
frame waits for their answer instead of racing the worker thread. Two runs started together
(each slowing the other) give the same picture and the same saved turns (the demo saving on
disk, as a player's game is: ``tests.support.runner``)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.support.runner import DISK_DEMO

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.slow
def test_two_querni_demos_started_together_end_on_the_same_frame(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    runs = []
    for name in ("a", "b"):
        folder = tmp_path / name
        command = [*DISK_DEMO, "--game", "querni", "--demo", "--frames", "1500",
                   "--seed", "1", "--screenshot", str(folder / "shot.png"),
                   "--data-dir", str(folder / "data")]
        folder.mkdir()
        runs.append(subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True))
    outputs = [run.communicate(timeout=300) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], outputs
    assert outputs[0][0] == outputs[1][0]
    shots = [(tmp_path / name / "shot.png").read_bytes() for name in ("a", "b")]
    assert shots[0] == shots[1]
    saves = [json.loads((tmp_path / name / "data" / "saves" / "querni.json").read_text("utf-8"))
             for name in ("a", "b")]
    assert saves[0]["state"] == saves[1]["state"] and saves[0]["state"]["turns"]
