"""The display matrix: the real program on real X servers (Xvfb) of every shape, windowed,
``--fullscreen`` and ``--kiosk``, without a window manager and with a small one (openbox).

For each run: start ``main.py`` with ``MAGDAGDON_DISPLAY_PROBE=1`` (corner markers in the
logical frame, ``window …`` and ``screen …`` lines on stdout), screenshot the X root window
(ImageMagick's ``import``), find the four markers where the frame must be — the largest window
of the game's aspect centred in the room for a title bar when windowed, the letterbox of the
whole screen otherwise — then click (xdotool) at NEW GAME's drawn position, computed from the
title's layout scaled into that frame, and expect the variant chooser (``screen
TitleScene:magdagdon``).

Two more: F11 there and back (without and with openbox), and a window moved and resized by
openbox that the next start reopens where it was.

Skipped, with the reason, where Xvfb, xdotool or ImageMagick is missing (``.ci/run`` installs
them on Debian); openbox runs are skipped where openbox is missing. Deselect the whole matrix
with ``-m "not display"``.

What runs: every size × every mode without a window manager (18 runs), and with openbox every
size windowed (where the title bar matters) plus fullscreen and kiosk on the first two sizes
(where the window manager, not the program, makes the window cover the screen): 28 of the 36
combinations. The other 8 (openbox fullscreen/kiosk on the four remaining sizes) take the same
code path as the two openbox sizes that run; ``DISPLAY_MATRIX=full`` runs all 36.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest

from game.engine.display import PROBE_COLOURS, PROBE_ENV, PROBE_SIZE
from game.engine.window import DECORATIONS, Monitor, default_window, letterbox

pytestmark = pytest.mark.display

ROOT = Path(__file__).resolve().parents[2]
TOOLS = {"Xvfb": "xvfb", "xdotool": "xdotool", "import": "imagemagick"}
MISSING = [f"{tool} (Debian: {package})" for tool, package in TOOLS.items()
           if shutil.which(tool) is None]
if MISSING:
    pytestmark = [pytestmark, pytest.mark.skip(
        reason=f"the display matrix needs {', '.join(MISSING)}")]

SIZES = [(1366, 768), (1280, 1024), (1920, 1200), (2560, 1080), (3840, 2160), (1080, 1920)]
MODES = {"windowed": [], "fullscreen": ["--fullscreen"], "kiosk": ["--kiosk", "--kiosk-pin",
                                                                   "2468"]}
OPENBOX_COVER_SIZES = SIZES[:2]
TOLERANCE = 2  # pixels, for the marker edges (scaled and filtered, they blur a little)
TIMEOUT = 30.0  # seconds for a program to show its title (generous: CI machines are loaded)


def combos() -> Iterator[object]:
    full = os.environ.get("DISPLAY_MATRIX") == "full"
    for size in SIZES:
        for wm in ("none", "openbox"):
            for mode in MODES:
                if wm == "openbox" and mode != "windowed" and size not in OPENBOX_COVER_SIZES \
                        and not full:
                    continue
                yield pytest.param(size, wm, mode, id=f"{size[0]}x{size[1]}-{wm}-{mode}")


@dataclass
class Server:
    """An Xvfb (and maybe openbox) for one screen size."""

    display: str
    size: tuple[int, int]
    processes: list[subprocess.Popen[bytes]]

    def env(self) -> dict[str, str]:
        env = dict(os.environ, DISPLAY=self.display, SDL_VIDEODRIVER="x11",
                   SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
        env[PROBE_ENV] = "1"
        return env

    def screenshot(self) -> pygame.Surface:
        png = subprocess.run(["import", "-window", "root", "png:-"], env=self.env(),
                             capture_output=True, timeout=30, check=True).stdout
        return pygame.image.load(io.BytesIO(png), "shot.png")

    def stop(self) -> None:
        for process in reversed(self.processes):
            process.terminate()
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(5)


def start_server(size: tuple[int, int], wm: str) -> Server:
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size[0]}x{size[1]}x24",
         "-nolisten", "tcp", "-noreset"],
        pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    number = b""
    deadline = time.monotonic() + 20
    with os.fdopen(read, "rb") as pipe:
        while not number.endswith(b"\n") and time.monotonic() < deadline:
            chunk = pipe.read(1)
            if not chunk:
                break
            number += chunk
    if not number.strip().isdigit():
        xvfb.kill()
        pytest.fail(f"Xvfb did not start ({number!r})")
    server = Server(f":{number.decode().strip()}", size, [xvfb])
    if wm == "openbox":
        openbox = subprocess.Popen(["openbox"], env=server.env(), stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        server.processes.append(openbox)
        from game.engine.sdl import x11_window_manager

        while x11_window_manager(server.display.encode()) is not True:
            if time.monotonic() > deadline or openbox.poll() is not None:
                server.stop()
                pytest.fail("openbox did not start")
            time.sleep(0.05)
    return server


@pytest.fixture(scope="module")
def servers() -> Iterator[dict[tuple[tuple[int, int], str], Server]]:
    """One X server per (size, window manager), started on first use, shared by its modes."""
    started: dict[tuple[tuple[int, int], str], Server] = {}
    yield started
    for server in started.values():
        server.stop()


def server_for(servers, size: tuple[int, int], wm: str) -> Server:
    if wm == "openbox" and shutil.which("openbox") is None:
        pytest.skip("openbox is not installed (Debian: openbox)")
    key = (size, wm)
    if key not in servers:
        # one server at a time: the previous size is done with (tests run in matrix order)
        for old in list(servers):
            servers.pop(old).stop()
        servers[key] = start_server(size, wm)
    return servers[key]


class Program:
    """``main.py`` on a server, its stdout read line by line."""

    def __init__(self, server: Server, args: list[str], data: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "--seed", "1", "--data-dir", str(data),
             *args],
            cwd=ROOT, env=server.env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.kiosk = "--kiosk" in args
        self.lines: list[str] = []
        os.set_blocking(self.process.stdout.fileno(), False)  # type: ignore[union-attr]
        self._buffer = b""

    def read(self) -> list[str]:
        assert self.process.stdout is not None
        try:
            chunk = self.process.stdout.read()
        except BlockingIOError:
            chunk = None
        if chunk:
            self._buffer += chunk
            *done, self._buffer = self._buffer.split(b"\n")
            self.lines += [line.decode("utf-8", "replace") for line in done]
        return self.lines

    def wait_for(self, line: str, timeout: float = TIMEOUT) -> None:
        deadline = time.monotonic() + timeout
        while line not in self.read():
            if self.process.poll() is not None:
                self.read()
                pytest.fail(f"the program ended ({self.process.returncode}) before {line!r}:\n"
                            + "\n".join(self.lines[-30:]))
            if time.monotonic() > deadline:
                pytest.fail(f"no {line!r} within {timeout} s:\n" + "\n".join(self.lines[-30:]))
            time.sleep(0.05)

    def stop(self) -> None:
        # a kiosk refuses SIGTERM's QUIT (only the operator's PIN quits it): SIGKILL at once
        if not self.kiosk:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(3)
                return
            except subprocess.TimeoutExpired:
                pass
        self.process.kill()
        self.process.wait(5)


def logical_size(size: tuple[int, int]) -> tuple[int, int]:
    return (1080, 1920) if size[1] > size[0] else (1920, 1080)


def expected_frame(size: tuple[int, int], mode: str) -> tuple[int, int, int, int]:
    """Where the logical frame must be on the screen."""
    logical = logical_size(size)
    if mode != "windowed":
        return letterbox(logical, size)
    # Xvfb has no panels: the usable area is the whole screen (openbox reserves nothing)
    monitor = Monitor(0, "screen", (0, 0, *size), (0, 0, *size))
    x, y, w, h = default_window(logical, monitor, DECORATIONS)
    bx, by, bw, bh = letterbox(logical, (w, h))
    return x + bx, y + by, bw, bh


_new_game: dict[tuple[int, int], tuple[int, int]] = {}


def new_game_centre(logical: tuple[int, int]) -> tuple[int, int]:
    """NEW GAME's centre in logical pixels, from the title's own layout (built headless)."""
    if logical not in _new_game:
        from tests.support import make_arcade, settle

        app = make_arcade(size=logical)
        try:
            app.nav.push("title")
            settle(app)
            _new_game[logical] = tuple(app.stack.top.tiles[0].new_game.rect.center)
        finally:
            app.shutdown()
    return _new_game[logical]


def find_markers(shot: pygame.Surface) -> list[pygame.Rect | None]:
    """The bounding box of each probe colour in the screenshot (None when absent)."""
    found: list[pygame.Rect | None] = []
    for colour in PROBE_COLOURS:
        mask = pygame.mask.from_threshold(shot, colour, (40, 40, 40, 255))
        rects = [r for r in mask.get_bounding_rects() if r.width >= 4 and r.height >= 4]
        found.append(rects[0].unionall(rects[1:]) if rects else None)
    return found


def check_corners(markers: list[pygame.Rect | None], frame: tuple[int, int, int, int],
                  scale: float) -> list[str]:
    x, y, w, h = frame
    side = PROBE_SIZE * scale
    wanted = [(x, y), (x + w - side, y), (x, y + h - side), (x + w - side, y + h - side)]
    problems = []
    for name, rect, (ex, ey) in zip(("top-left", "top-right", "bottom-left", "bottom-right"),
                                    markers, wanted):
        if rect is None:
            problems.append(f"{name} marker not on screen")
        elif abs(rect.x - ex) > TOLERANCE or abs(rect.y - ey) > TOLERANCE or \
                abs(rect.right - (ex + side)) > TOLERANCE or \
                abs(rect.bottom - (ey + side)) > TOLERANCE:
            problems.append(f"{name} marker at {tuple(rect)}, expected ({ex:.0f}, {ey:.0f}, "
                            f"{side:.0f}, {side:.0f})")
    return problems


def assert_frame_at(server: Server, program: Program, frame: tuple[int, int, int, int],
                    logical: tuple[int, int], tmp_path: Path) -> None:
    """The four corner markers show up where ``frame`` says, within a few seconds."""
    scale = frame[2] / logical[0]
    deadline = time.monotonic() + TIMEOUT
    while True:  # the first frames may still be on their way to the screen
        shot = server.screenshot()
        problems = check_corners(find_markers(shot), frame, scale)
        if not problems or time.monotonic() > deadline:
            break
        time.sleep(0.3)
    if problems:
        pygame.image.save(shot, str(tmp_path / "screen.png"))
    assert not problems, (problems, [ln for ln in program.read() if ln.startswith("window")],
                          str(tmp_path / "screen.png"))


@pytest.mark.parametrize(("size", "wm", "mode"), list(combos()))
def test_the_whole_frame_is_on_screen_and_new_game_opens(servers, tmp_path, size, wm, mode):
    pygame.init()
    server = server_for(servers, size, wm)
    program = Program(server, MODES[mode], tmp_path / "data")
    try:
        program.wait_for("screen TitleScene")
        frame = expected_frame(size, mode)
        logical = logical_size(size)
        scale = frame[2] / logical[0]
        assert_frame_at(server, program, frame, logical, tmp_path)
        cx, cy = new_game_centre(logical)
        at = (round(frame[0] + (cx + 0.5) * scale), round(frame[1] + (cy + 0.5) * scale))
        subprocess.run(["xdotool", "mousemove", str(at[0]), str(at[1]), "click", "1"],
                       env=server.env(), check=True, timeout=30)
        program.wait_for("screen TitleScene:magdagdon")
    finally:
        program.stop()


def test_a_moved_and_resized_window_reopens_where_it_was(servers, tmp_path):
    """The window manager moves and resizes the window; the next start opens it there, with
    the frame letterboxed in it (Settings.window, reported when the window settles)."""
    pygame.init()
    server = server_for(servers, (1920, 1200), "openbox")
    data = tmp_path / "data"
    program = Program(server, [], data)
    try:
        program.wait_for("screen TitleScene")
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--classname", "main.py"],
                               env=server.env(), capture_output=True, text=True, timeout=30)
        window = found.stdout.split()[-1]
        for command in (["windowsize", window, "1200", "700"],
                        ["windowmove", window, "300", "200"]):
            subprocess.run(["xdotool", *command], env=server.env(), check=True, timeout=30)
        deadline = time.monotonic() + TIMEOUT
        saved = None
        while time.monotonic() < deadline:
            time.sleep(0.3)
            settings = json.loads((data / "settings.json").read_text("utf-8"))["settings"]
            saved = settings["window"]
            if saved is not None and (saved["w"], saved["h"]) == (1200, 700) and \
                    saved["x"] >= 300:
                break
    finally:
        program.stop()
    assert saved is not None and (saved["w"], saved["h"]) == (1200, 700), saved
    assert 300 <= saved["x"] <= 310 and 200 <= saved["y"] <= 240, saved  # the frame's borders
    program = Program(server, [], data)
    try:
        program.wait_for("screen TitleScene")
        assert f"window {saved['x']} {saved['y']} 1200 700 windowed" in program.read()
        bx, by, bw, bh = letterbox((1920, 1080), (1200, 700))
        assert_frame_at(server, program, (saved["x"] + bx, saved["y"] + by, bw, bh),
                        (1920, 1080), tmp_path)
    finally:
        program.stop()


@pytest.mark.parametrize("wm", ["none", "openbox"])
def test_f11_round_trip_covers_the_screen_and_comes_back(servers, tmp_path, wm):
    """F11 in a window: the whole screen (by hand without a window manager, by the window
    manager with one); F11 again: the window it was, on the same screen."""
    pygame.init()
    size = (1366, 768)
    server = server_for(servers, size, wm)
    program = Program(server, [], tmp_path / "data")
    try:
        program.wait_for("screen TitleScene")
        assert_frame_at(server, program, expected_frame(size, "windowed"), (1920, 1080), tmp_path)
        for mode in ("fullscreen", "windowed"):
            subprocess.run(["xdotool", "key", "F11"], env=server.env(), check=True, timeout=30)
            assert_frame_at(server, program, expected_frame(size, mode), (1920, 1080), tmp_path)
    finally:
        program.stop()
