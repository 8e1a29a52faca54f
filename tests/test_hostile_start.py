"""Start-up under hostile command lines (issue 38, cases 4 and 11): folders that cannot hold
the data exit 2 with one line, a screenshot never makes folders, a ``--replay`` file that
cannot be used says why in the log and never shows a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout, check=False)


@pytest.mark.parametrize("folder", ["/proc", "/dev/null", "/sys/kernel"])
def test_a_data_folder_that_cannot_hold_the_data_exits_2_in_one_line(folder: str) -> None:
    if not os.path.exists(folder):
        pytest.skip(f"{folder} does not exist on this system")
    result = run("--data-dir", folder, "--frames", "2")
    assert result.returncode == 2, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "--data-dir" in lines[0] and "Traceback" not in result.stderr


@pytest.mark.slow
def test_a_screenshot_into_a_missing_folder_makes_no_folder(tmp_path: Path) -> None:
    target = tmp_path / "nowhere" / "deeper" / "shot.png"
    result = run("--data-dir", str(tmp_path / "data"), "--frames", "2",
                 "--screenshot", str(target))
    assert result.returncode == 1 and "screenshot" in result.stderr
    assert not (tmp_path / "nowhere").exists()


def test_replaying_a_missing_file_says_why_in_the_log(tmp_path: Path) -> None:
    data = tmp_path / "data"
    result = run("--data-dir", str(data), "--replay", str(tmp_path / "missing.json"),
                 "--frames", "2")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    said = [line for line in result.stderr.splitlines() if line.startswith("main.py: ")]
    assert len(said) == 1 and "missing.json" in said[0] and "no such file" in said[0].lower(), \
        result.stderr  # the reason on the program's own line, not only on a WARNING line
    log = (data / "magdagdon.log").read_text(encoding="utf-8")
    assert "missing.json" in log and "no such file" in log


@pytest.mark.parametrize("name", ["", "  "])
def test_replaying_an_empty_file_name_is_a_usage_error(tmp_path: Path, name: str) -> None:
    result = run("--data-dir", str(tmp_path / "data"), "--replay", name, "--frames", "2")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "--replay" in result.stderr and "empty" in result.stderr
    assert not (tmp_path / "data").exists()  # refused before anything started


def test_replaying_a_symlink_loop_ends_in_one_clear_failure(tmp_path: Path) -> None:
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    result = run("--data-dir", str(tmp_path / "data"), "--replay", str(loop), "--frames", "2")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "cannot replay" in result.stderr


def test_a_benchmark_without_a_data_dir_keeps_out_of_the_players_data(tmp_path: Path) -> None:
    """Issue 38, case 10: ``--bench`` played into the player's own folder (their saved game
    replaced, the advisor's games in their tables). It now plays in a folder of its own."""
    home = tmp_path / "home"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", HOME=str(home), XDG_DATA_HOME=str(home / "data"))
    result = subprocess.run([sys.executable, "main.py", "--bench", "30", "--seed", "1"],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
                            check=False)
    assert result.returncode == 0, result.stderr
    assert "frames=30" in result.stdout
    assert not (home / "data").exists()
