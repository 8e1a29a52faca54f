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

What runs: every size × every mode without a window manager, and two sizes (``WM_SIZES``:
1366×768 and portrait) × every mode under openbox, 18 combinations. Each (size, window manager)
has an X server of its own on which its three modes run one after the other; the six servers
run ``DISPLAY_MATRIX_JOBS`` at a time (3 by default: most of a run
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
import subprocess
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pygame
import pytest

from game.engine.window import letterbox
from tests.display.xserver import (
    MISSING,
    MODES,
    TIMEOUT,
    Program,
    Server,
    assert_frame_at,
    click_new_game,
    expected_frame,
    logical_size,
    new_game_centre,
    start_server,
)

pytestmark = pytest.mark.display

if MISSING:
    pytestmark = [pytestmark, pytest.mark.skip(
        reason=f"the display matrix needs {', '.join(MISSING)}")]

SIZES = [(1366, 768), (1920, 1200), (2560, 1080), (1080, 1920)]
WM_SIZES = [(1366, 768), (1080, 1920)]
"""The sizes also run under openbox: a laptop's and a portrait kiosk's (the window manager's
title bar and placement do not depend on the shape otherwise)."""
"""16:9 small, 16:10, 21:9 (bars at the sides) and portrait: each mode of each letterbox."""
WMS = ("none", "openbox")
JOBS = max(1, int(os.environ.get("DISPLAY_MATRIX_JOBS", "3")))
"""X servers (each with its three modes in turn) running at once."""
MATRIX_TEST = "test_the_whole_frame_is_on_screen_and_new_game_opens"

Combo = tuple[tuple[int, int], str, str]


def combos() -> Iterator[object]:
    for size in SIZES:
        for wm in WMS:
            if wm != "none" and size not in WM_SIZES:
                continue
            for mode in MODES:
                yield pytest.param(size, wm, mode, id=f"{size[0]}x{size[1]}-{wm}-{mode}")


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


def run_combo(server: Server, size: tuple[int, int], mode: str, tmp_path: Path) -> None:
    """One combination: the frame where it must be, then a click on NEW GAME opens the variant
    chooser. Raises (an assertion, ``pytest.fail``) when not."""
    program = Program(server, MODES[mode], tmp_path / "data")
    try:
        program.wait_for("screen TitleScene")
        frame = expected_frame(size, mode)
        logical = logical_size(size)
        assert_frame_at(server, program, frame, logical, tmp_path)
        click_new_game(server, frame, logical)
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
