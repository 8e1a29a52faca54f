"""The X server dies under a game that has just finished (issue 45, case 6: a logout, a
display manager's restart). The game used to exit 1 within 0.1 s ("X connection broken")
with none of its shutdown run. Now the lost connection is survived: the run saves, flushes
its writer threads and ends with status 0 (libX11 1.7 and later), and after a restart on a
new X server the finished game is in the tables.

Skipped where Xvfb, xdotool or ImageMagick is missing; deselect with ``-m "not display"``.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import signal
import subprocess
import time
from pathlib import Path

import pytest

from game.arcade.storage import Storage
from game.engine.display import PROBE_ENV
from game.games.registry import GAMES
from tests.display.xserver import MISSING, ROOT, TIMEOUT, start_server
from tests.support.runner import DISK_DEMO

pytestmark = [pytest.mark.display, pytest.mark.slow]
if MISSING:
    pytestmark.append(pytest.mark.skip(reason=f"needs Xvfb, xdotool and ImageMagick ({MISSING})"))

SIZE = (800, 600)


def exit_handler_available() -> bool:
    try:
        lib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
    except OSError:
        return False
    return hasattr(lib, "XSetIOErrorExitHandler")


def finished_games(data: Path) -> int:
    storage = Storage(data, games=[spec.data for spec in GAMES])
    try:
        return len(storage.records("magdagdon"))
    finally:
        storage.close()


@pytest.mark.parametrize("kiosk", [False, True], ids=["windowed", "kiosk"])
def test_a_game_finished_just_before_the_x_server_dies_is_kept(tmp_path: Path,
                                                               kiosk: bool) -> None:
    """A kiosk too: it makes a new window for a lost connection only while the X server
    answers; with the server gone it saves and ends like any run (its unit starts it
    again)."""
    data = tmp_path / "data"
    server = start_server(SIZE, "openbox")
    game = subprocess.Popen(
        [*DISK_DEMO, *(["--kiosk", "--kiosk-pin", "2468"] if kiosk else []), "--demo",
         "--game", "magdagdon", "--seed", "3", "--data-dir", str(data)],
        cwd=ROOT, env=server.env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert game.stdout is not None
        deadline = time.monotonic() + TIMEOUT * 2
        finished = 0
        for line in game.stdout:
            finished += line.startswith("GAME OVER")
            if finished or time.monotonic() > deadline:
                break
        assert finished == 1, "no game finished"
        time.sleep(0.5)
        server.processes[0].send_signal(signal.SIGKILL)  # the X server, at once
        server.processes[0].wait(5)
        status = game.wait(30)
        errors = game.stderr.read() if game.stderr else ""
    finally:
        if game.poll() is None:
            game.kill()
            game.wait(5)
        server.stop()
    assert "Traceback" not in errors, errors
    if exit_handler_available():
        assert status == 0, errors
    # a new X server, the game started again on the same folder: the game is in the tables
    again = start_server(SIZE, "none")
    try:
        restarted = subprocess.run(
            [*DISK_DEMO, "--scene", "scores", "--frames", "5", "--data-dir", str(data)],
            cwd=ROOT, env={**again.env(), PROBE_ENV: "0"},  # no probe: no holding at the end
            capture_output=True, text=True, timeout=120)
    finally:
        again.stop()
    assert restarted.returncode == 0, restarted.stderr
    assert finished_games(data) >= 1
