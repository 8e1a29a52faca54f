"""A kiosk never exits for a storage reason (issue 45, case 5): its ``--data-dir`` gone (a card
pulled out: the folder cannot be made) or on a file system turned read-only used to end it
with status 2, the desktop showing, and under ``Restart=always`` in a loop. It now plays on
with the games kept in memory, says so (the log, the screen, the operator menu), and writes
the games played meanwhile once the folder can be written again."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from game.arcade.storage import Storage
from game.games.registry import GAMES
from tests.support.runner import DISK_DEMO

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def recorded(folder: Path) -> int:
    storage = Storage(folder, games=[spec.data for spec in GAMES])
    try:
        return len(storage.records("magdagdon"))
    finally:
        storage.close()


def kiosk(data: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", PYTHONUNBUFFERED="1")
    return subprocess.Popen(
        [*DISK_DEMO, "--kiosk", "--kiosk-pin", "2468", "--demo", "--game", "magdagdon",
         "--seed", "3", "--data-dir", str(data)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def plays_a_game(program: subprocess.Popen[str], timeout: float = 90.0) -> None:
    assert program.stdout is not None
    deadline = time.monotonic() + timeout
    for line in program.stdout:
        if line.startswith("GAME OVER"):
            return
        assert time.monotonic() < deadline, "no game finished"
    pytest.fail(f"the kiosk ended ({program.wait(5)}): {program.stderr.read()}")  # type: ignore[union-attr]


def written_within(folder: Path, timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if folder.is_dir() and recorded(folder) >= 1:
            return True
        time.sleep(1.0)
    return False


def stop(program: subprocess.Popen[str]) -> tuple[int, str]:
    program.send_signal(signal.SIGTERM)
    status = program.wait(30)
    return status, program.stderr.read() if program.stderr else ""


def test_a_kiosk_whose_data_folder_is_gone_plays_on_and_writes_when_it_is_back(
        tmp_path: Path) -> None:
    card = tmp_path / "card"
    card.write_text("not a folder: the card's mount point is gone")
    data = card / "data"
    program = kiosk(data)
    try:
        plays_a_game(program)
        assert program.poll() is None
        card.unlink()  # the card is back
        card.mkdir()
        assert written_within(data), "the game played meanwhile was never written"
    finally:
        status, errors = stop(program)
    assert status == 0, errors
    assert "cannot be written" in errors and "can be written again" in errors


@pytest.mark.skipif(os.geteuid() != 0, reason="mounting a file system needs root")
def test_a_kiosk_on_a_read_only_file_system_plays_on_and_writes_when_it_is_writable(
        tmp_path: Path) -> None:
    card = tmp_path / "card"
    card.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(card)],
                             capture_output=True)
    if mounted.returncode:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr!r}")
    try:
        data = card / "data"
        data.mkdir()
        subprocess.run(["mount", "-o", "remount,ro", str(card)], check=True)
        program = kiosk(data)
        try:
            plays_a_game(program)
            assert program.poll() is None and recorded(data) == 0
            subprocess.run(["mount", "-o", "remount,rw", str(card)], check=True)
            assert written_within(data), "the game played meanwhile was never written"
        finally:
            status, errors = stop(program)
        assert status == 0, errors
    finally:
        subprocess.run(["umount", "-l", str(card)], check=False)


def test_a_kiosk_given_a_data_folder_not_made_yet_makes_it_and_writes_there(
        tmp_path: Path) -> None:
    """A new kiosk's ``--data-dir`` that does not exist yet is a folder to make, not one that
    vanished: its games go to disk from the start (the SIGTERM test found them kept in
    memory only)."""
    from game.arcade.bootstrap import kiosk_folder_problem
    from game.arcade.cli import parser
    from game.games.registry import GAMES

    data = tmp_path / "new" / "data"
    args = parser(GAMES).parse_args(["--kiosk", "--data-dir", str(data)])
    assert kiosk_folder_problem(args) is None
    assert data.is_dir()
