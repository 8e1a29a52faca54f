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

What runs: every size × every mode × no window manager / openbox, all 36 combinations. Each
(size, window manager) has an X server of its own on which its three modes run one after the
other; the twelve servers run ``DISPLAY_MATRIX_JOBS`` at a time (3 by default: most of a run
is waiting for a program to start and for its pictures to reach the screen). They run the first
time a matrix test asks for the results; each combination then passes or fails as its own test.
Screenshots are raw RGB (no PNG to encode) and each marker is looked for near where it must be
first, on the whole screen only when it is not there.

Skipped, with the reason, where Xvfb, xdotool or ImageMagick is missing (``.ci/run`` installs
them on Debian); openbox runs are skipped where openbox is missing. Deselect the whole matrix
with ``-m "not display"``.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
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
WMS = ("none", "openbox")
TOLERANCE = 2  # pixels, for the marker edges (scaled and filtered, they blur a little)
TIMEOUT = 30.0  # seconds for a program to show its title (generous: CI machines are loaded)
JOBS = max(1, int(os.environ.get("DISPLAY_MATRIX_JOBS", "3")))
"""X servers (each with its three modes in turn) running at once."""
MATRIX_TEST = "test_the_whole_frame_is_on_screen_and_new_game_opens"

Combo = tuple[tuple[int, int], str, str]


def combos() -> Iterator[object]:
    for size in SIZES:
        for wm in WMS:
            for mode in MODES:
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
        """The root window as raw 8-bit RGB (a 4K PNG takes a second to encode)."""
        raw = subprocess.run(["import", "-window", "root", "-depth", "8", "rgb:-"],
                             env=self.env(), capture_output=True, timeout=30, check=True).stdout
        if len(raw) != self.size[0] * self.size[1] * 3:
            pytest.fail(f"a screenshot of {len(raw)} bytes for a {self.size} screen")
        return pygame.image.frombuffer(raw, self.size, "RGB")

    def stop(self) -> None:
        for process in reversed(self.processes):
            process.terminate()
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(5)


_xlib = threading.Lock()  # one Xlib connection at a time (servers start in several threads)


def _wm_up(probe, display: bytes) -> bool:
    with _xlib:
        return probe(display) is True


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

        while not _wm_up(x11_window_manager, server.display.encode()):
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


def find_marker(shot: pygame.Surface, colour: tuple[int, int, int],
                area: pygame.Rect | None = None) -> pygame.Rect | None:
    """The bounding box of ``colour`` in ``area`` of the screenshot (None when absent)."""
    area = shot.get_rect() if area is None else area.clip(shot.get_rect())
    mask = pygame.mask.from_threshold(shot.subsurface(area), colour, (40, 40, 40, 255))
    rects = [r for r in mask.get_bounding_rects() if r.width >= 4 and r.height >= 4]
    return rects[0].unionall(rects[1:]).move(area.topleft) if rects else None


def find_markers(shot: pygame.Surface, wanted: list[tuple[float, float]] | None = None,
                 side: float = 0.0) -> list[pygame.Rect | None]:
    """Each probe colour's bounding box: near its ``wanted`` top-left corner when that is
    given (a small search), on the whole screenshot when it is not there."""
    found: list[pygame.Rect | None] = []
    for i, colour in enumerate(PROBE_COLOURS):
        rect = None
        if wanted is not None:
            margin = round(side) + 64
            x, y = wanted[i]
            near = pygame.Rect(round(x) - margin, round(y) - margin, 2 * margin, 2 * margin)
            rect = find_marker(shot, colour, near)
            if rect is not None and not near.inflate(-2, -2).contains(rect):
                rect = None  # it runs past the search area: measure it on the whole screen
        found.append(rect if rect is not None else find_marker(shot, colour))
    return found


def corners(frame: tuple[int, int, int, int], side: float) -> list[tuple[float, float]]:
    """Where the markers' top-left corners must be, in the probe's colour order."""
    x, y, w, h = frame
    return [(x, y), (x + w - side, y), (x, y + h - side), (x + w - side, y + h - side)]


def check_corners(markers: list[pygame.Rect | None], frame: tuple[int, int, int, int],
                  scale: float) -> list[str]:
    side = PROBE_SIZE * scale
    problems = []
    for name, rect, (ex, ey) in zip(("top-left", "top-right", "bottom-left", "bottom-right"),
                                    markers, corners(frame, side)):
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
    side = PROBE_SIZE * scale
    deadline = time.monotonic() + TIMEOUT
    while True:  # the first frames may still be on their way to the screen
        shot = server.screenshot()
        problems = check_corners(find_markers(shot, corners(frame, side), side), frame, scale)
        if not problems or time.monotonic() > deadline:
            break
        time.sleep(0.3)
    if problems:
        pygame.image.save(shot, str(tmp_path / "screen.png"))
    assert not problems, (problems, [ln for ln in program.read() if ln.startswith("window")],
                          str(tmp_path / "screen.png"))


def run_combo(server: Server, size: tuple[int, int], mode: str, tmp_path: Path) -> None:
    """One combination: the frame where it must be, then a click on NEW GAME opens the variant
    chooser. Raises (an assertion, ``pytest.fail``) when not."""
    program = Program(server, MODES[mode], tmp_path / "data")
    try:
        program.wait_for("screen TitleScene")
        frame = expected_frame(size, mode)
        logical = logical_size(size)
        scale = frame[2] / logical[0]
        assert_frame_at(server, program, frame, logical, tmp_path)
        cx, cy = _new_game[logical]
        at = (round(frame[0] + (cx + 0.5) * scale), round(frame[1] + (cy + 0.5) * scale))
        subprocess.run(["xdotool", "mousemove", str(at[0]), str(at[1]), "click", "1"],
                       env=server.env(), check=True, timeout=30)
        program.wait_for("screen TitleScene:magdagdon")
    finally:
        program.stop()


def run_group(size: tuple[int, int], wm: str, modes: list[str],
              tmp: Path) -> dict[Combo, str | None]:
    """One X server of ``size`` (with ``wm``), its ``modes`` one after the other: each
    combination's failure (None: it passed)."""
    results: dict[Combo, str | None] = {}
    try:
        server = start_server(size, wm)
    except BaseException as error:  # noqa: BLE001 - pytest.fail is a BaseException
        return {(size, wm, mode): f"no X server: {error}" for mode in modes}
    try:
        for mode in modes:
            where = tmp / f"{size[0]}x{size[1]}-{wm}-{mode}"
            where.mkdir(parents=True, exist_ok=True)
            try:
                run_combo(server, size, mode, where)
                results[(size, wm, mode)] = None
            except BaseException as error:  # noqa: BLE001 - reported by the combination's test
                results[(size, wm, mode)] = f"{type(error).__name__}: {error}"
    finally:
        server.stop()
    return results


@pytest.fixture(scope="module")
def matrix(request, tmp_path_factory) -> dict[Combo, str | None]:
    """Every selected combination run (``JOBS`` servers at once): its failure or None."""
    selected: dict[tuple[tuple[int, int], str], list[str]] = {}
    for item in request.session.items:
        if getattr(item, "originalname", "") == MATRIX_TEST and hasattr(item, "callspec"):
            params = item.callspec.params
            if params["wm"] == "openbox" and shutil.which("openbox") is None:
                continue
            selected.setdefault((params["size"], params["wm"]), []).append(params["mode"])
    pygame.init()
    for size, _wm in selected:  # the layouts are built here, not in the threads
        new_game_centre(logical_size(size))
    tmp = tmp_path_factory.mktemp("matrix")
    results: dict[Combo, str | None] = {}
    with ThreadPoolExecutor(max_workers=JOBS) as pool:
        for done in pool.map(lambda group: run_group(group[0][0], group[0][1], group[1], tmp),
                             selected.items()):
            results.update(done)
    return results


@pytest.mark.parametrize(("size", "wm", "mode"), list(combos()))
def test_the_whole_frame_is_on_screen_and_new_game_opens(matrix, size, wm, mode):
    if wm == "openbox" and shutil.which("openbox") is None:
        pytest.skip("openbox is not installed (Debian: openbox)")
    failure = matrix[(size, wm, mode)]
    if failure is not None:
        pytest.fail(failure, pytrace=False)


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
