"""The real program on Xvfb, with openbox and without a window manager, as a hostile tester
tried it (issue 38): a kiosk under a window manager was minimised, hidden by Super+D or sent
to another desktop and never came back (case 6); outside a kiosk, the X server's close request
ended the game unsaved, and a destroyed window with an X error and status 1 (case 11).

Now a kiosk brings its window back (restored, raised, its desktop shown), ignores the
window manager's close and makes a new window for one destroyed under it (issue 45); outside
a kiosk a close request, or a window destroyed under the game, saves the game in progress
and ends the run with status 0.

Skipped where Xvfb, xdotool or ImageMagick is missing; deselect with ``-m "not display"``.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.arcade.storage import save_name
from tests.display.xserver import (
    MISSING,
    MODES,
    TIMEOUT,
    Program,
    Server,
    ask_to_close,
    assert_frame_at,
    expected_frame,
    logical_size,
    program_window,
    start_server,
    viewable,
    xdotool,
)

pytestmark = pytest.mark.display

if MISSING or shutil.which("openbox") is None or shutil.which("xwininfo") is None:
    pytestmark = [pytestmark, pytest.mark.skip(
        reason=f"needs Xvfb, xdotool, ImageMagick, openbox and xwininfo ({MISSING})")]

SIZE = (1366, 768)
PLAYING = ["--scene", "play", "--game", "magdagdon"]


@pytest.fixture(scope="module")
def servers() -> Iterator[dict[str, Server]]:
    started: dict[str, Server] = {}
    try:
        for wm in ("none", "openbox"):
            started[wm] = start_server(SIZE, wm)
        yield started
    finally:
        for server in started.values():
            server.stop()


def playing(program: Program) -> None:
    """Wait until the play screen is up (the display probe names each screen)."""
    deadline = time.monotonic() + TIMEOUT
    while not any(line.startswith("screen ") and "PlayScene" in line for line in program.read()):
        if program.process.poll() is not None or time.monotonic() > deadline:
            pytest.fail("no play screen:\n" + "\n".join(program.lines[-30:]))
        time.sleep(0.1)


ALL_DESKTOPS = ("-1", str(0xFFFFFFFF))  # _NET_WM_DESKTOP of a window on every desktop


def comes_back(server: Server, window: str, timeout: float = 10.0) -> bool:
    """Whether ``window`` is shown again, on the desktop on screen, within ``timeout``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        desktop = xdotool(server, "get_desktop_for_window", window)
        if viewable(server, window) and (
                desktop in ALL_DESKTOPS or desktop == xdotool(server, "get_desktop")):
            return True
        time.sleep(0.2)
    return False


def ended(program: Program, timeout: float = 20.0) -> int | None:
    try:
        return program.process.wait(timeout)
    except subprocess.TimeoutExpired:
        return None


# --- case 6: a kiosk under a window manager ---------------------------------------------------
HIDING = {
    "minimised": ["windowminimize", "{window}"],
    "Super+D (show the desktop)": ["key", "super+d"],
    "Ctrl+Alt+Right (the next desktop)": ["key", "ctrl+alt+Right"],
    "sent to another desktop": ["set_desktop_for_window", "{window}", "1"],
    "unmapped": ["windowunmap", "{window}"],
}


@pytest.mark.parametrize("wm", ["openbox", "none"])
def test_a_kiosk_always_comes_back(servers, tmp_path: Path, wm: str) -> None:
    """Under openbox every way to hide the window; without a window manager, another
    program's unmap (the only one there is)."""
    server = servers[wm]
    program = Program(server, MODES["kiosk"], tmp_path / "data")
    hiding = HIDING if wm == "openbox" else {"unmapped": HIDING["unmapped"]}
    try:
        program.wait_for("screen TitleScene")
        window = program_window(server)
        for what, command in hiding.items():
            xdotool(server, *[part.format(window=window) for part in command])
            assert comes_back(server, window), (what, program.read()[-20:])
            assert program.process.poll() is None, what
        # back as it was: the whole picture on the whole screen
        assert_frame_at(server, program, expected_frame(SIZE, "kiosk"), logical_size(SIZE),
                        tmp_path)
        assert not [line for line in program.read() if "X Error" in line]
    finally:
        program.stop()


def test_a_kiosk_ignores_the_window_managers_close(servers, tmp_path: Path) -> None:
    server = servers["openbox"]
    program = Program(server, MODES["kiosk"], tmp_path / "data")
    try:
        program.wait_for("screen TitleScene")
        window = program_window(server)
        xdotool(server, "windowactivate", "--sync", window, "key", "alt+F4")  # openbox's close
        ask_to_close(server, window)  # and the request itself, as any window manager sends it
        time.sleep(2)
        assert program.process.poll() is None and viewable(server, window)
    finally:
        program.stop()


# --- case 11: a close request, or a destroyed window, outside a kiosk -------------------------
@pytest.mark.parametrize("wm", ["none", "openbox"])
@pytest.mark.parametrize("how", ["asked to close", "destroyed"])
def test_closing_the_window_saves_the_game_and_ends_with_status_0(
        servers, tmp_path: Path, wm: str, how: str) -> None:
    server = servers[wm]
    data = tmp_path / "data"
    program = Program(server, PLAYING, data)
    try:
        playing(program)
        window = program_window(server)
        assert not (data / save_name("magdagdon")).exists()  # nothing played: nothing saved yet
        if how == "destroyed":
            xdotool(server, "windowclose", window)  # XDestroyWindow under the game
        else:
            ask_to_close(server, window)
        status = ended(program)
        program.read()
    finally:
        program.stop()
    assert status == 0, program.lines[-20:]
    assert (data / save_name("magdagdon")).is_file()
    assert not [line for line in program.lines if "X Error" in line or "Traceback" in line]


def test_a_kiosk_whose_window_is_destroyed_makes_a_new_one(servers, tmp_path: Path) -> None:
    """A kiosk never ends for a window destroyed under it (issue 45, case 4: with a desktop
    autostart or the Windows Startup folder nothing would start it again): it opens a new
    window, and the game in progress goes on in it."""
    server = servers["openbox"]
    data = tmp_path / "data"
    program = Program(server, [*MODES["kiosk"], *PLAYING], data)
    try:
        playing(program)
        old = program_window(server)
        xdotool(server, "windowclose", old)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not any(
                line.startswith("window ") for line in program.read()[-3:]):
            time.sleep(0.2)
        assert program.process.poll() is None, program.lines[-20:]
        assert comes_back(server, program_window(server))
        assert_frame_at(server, program, expected_frame(SIZE, "kiosk"), logical_size(SIZE),
                        tmp_path)
        assert [line for line in program.read() if line.startswith("screen ")][-1] \
            == "screen PlayScene"
    finally:
        program.stop()
