"""A kiosk that nothing can cover, move or end (issue 45), on Xvfb: bare X, openbox with the
kiosk set-up docs/kiosk.md ships (``packaging/kiosk``, installed as written), and openbox with
its own default set-up (root menu, Alt+Space window menu, Super+D).

Each attack is followed by root-window screenshots until the screen is the kiosk's picture
again, edge to edge: pixels compared with the picture before the attack, never the window's
state. The time it took is printed (``-s``); it must be within :data:`BACK_WITHIN` seconds.

Skipped where Xvfb, xdotool, ImageMagick or openbox is missing; deselect with
``-m "not display"``.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from tests.display.xserver import (
    MISSING,
    MODES,
    ROOT,
    Program,
    Server,
    program_window,
    start_server,
    xdotool,
)

pytestmark = pytest.mark.display

if MISSING or shutil.which("openbox") is None or shutil.which("xprop") is None:
    pytestmark = [pytestmark, pytest.mark.skip(
        reason=f"needs Xvfb, xdotool, ImageMagick, openbox and xprop ({MISSING})")]

SIZE = (1024, 576)
BACK_WITHIN = 4.0
"""Seconds from an attack to the kiosk's whole picture on the screen again: on a quiet machine
it comes back within 2 s (each case prints its time, 0.2–0.4 s here); the limit leaves room for
the suite's other worker on a two-core machine."""
REBUILT_WITHIN = 6.0
"""The same for a window destroyed or a connection killed: a new window and renderer (SDL's
video started again) take longer than a raise on a loaded two-core machine."""
SAME = 0.98
"""The share of pixels that must match the picture before the attack (the empty table's dice
tumble: under 1 %; openbox's smallest menu covers over 3 % of this screen)."""


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Server]]:
    started: dict[str, Server] = {}
    try:
        for wm in ("none", "openbox-kiosk", "openbox"):
            started[wm] = start_server(SIZE, wm, config_home=tmp_path_factory.mktemp("config"))
        yield started
    finally:
        for server in started.values():
            server.stop()


def kiosk(server: Server, data: Path) -> Program:
    """The kiosk on ``server``, on the high-score tables (all but still: the title's dice and
    pieces move), attract mode off."""
    data.mkdir(parents=True)
    (data / "settings.json").write_text(json.dumps(
        {"version": 2, "settings": {"kiosk_attract": False}}), encoding="utf-8")
    program = Program(server, [*MODES["kiosk"], "--scene", "scores"], data)
    program.wait_for("screen ScoresScene")
    return program


def same_share(shot: pygame.Surface, picture: pygame.Surface) -> float:
    """The share of pixels of ``shot`` within a small tolerance of ``picture``'s."""
    near = []
    for a, b in ((shot, picture), (picture, shot)):
        difference = a.copy()
        difference.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
        near.append(pygame.mask.from_threshold(difference, (0, 0, 0), (24, 24, 24, 255)))
    size = shot.get_width() * shot.get_height()
    return near[0].overlap_area(near[1], (0, 0)) / size


def settled_picture(server: Server) -> pygame.Surface:
    """The kiosk's picture once two screenshots a second apart agree (but for what moves)."""
    deadline = time.monotonic() + 20
    last = server.screenshot()
    while True:
        time.sleep(1.0)
        shot = server.screenshot()
        if same_share(shot, last) >= SAME or time.monotonic() > deadline:
            return shot
        last = shot


def back_within(server: Server, program: Program, picture: pygame.Surface, what: str,
                tmp_path: Path, limit: float = BACK_WITHIN,
                ready: Callable[[], bool] = lambda: True) -> float:
    """Seconds until the screen is ``picture`` again (and ``ready()``: a new window shows,
    not what a destroyed one left on the screen); fails after ``limit`` (the screenshot is
    kept in ``tmp_path``)."""
    start = time.monotonic()
    while True:
        done = ready()
        shot = server.screenshot()
        share = same_share(shot, picture)
        took = time.monotonic() - start
        if share >= SAME and done:
            print(f"{what}: the kiosk's picture again after {took:.2f} s")
            return took
        if took > limit:
            name = tmp_path / f"{what.replace(' ', '-').replace('/', '-')}.png"
            pygame.image.save(shot, str(name))
            pygame.image.save(picture, str(tmp_path / "before.png"))
            pytest.fail(f"{what}: after {took:.1f} s only {share:.1%} of the screen is the "
                        f"kiosk's picture ({name}):\n" + "\n".join(program.read()[-15:]))
        time.sleep(0.1)


class Intruder:
    """Another program's window over the whole screen (``tests/display/intruder.py``)."""

    def __init__(self, server: Server, override: bool) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.display.intruder", *(["--override"] if override
                                                               else [])],
            cwd=ROOT, env=server.env(), stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        assert self.process.stdout.readline().startswith("mapped")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(5)


def attack(server: Server, program: Program, picture: pygame.Surface, what: str,
           tmp_path: Path, guarded: bool = False) -> None:
    """One attack by name, then the kiosk's picture must come back; ``guarded``: the window
    manager's set-up may stop the attack before the kiosk has anything to notice."""
    window = program_window(server)
    log = program.data / "magdagdon.log"
    lines = len(log.read_text(encoding="utf-8").splitlines())
    limit = BACK_WITHIN
    intruder = None
    if what == "another program's window":
        intruder = Intruder(server, override=False)
    elif what == "an override-redirect window":
        intruder = Intruder(server, override=True)
    elif what == "windowmove off-screen":
        xdotool(server, "windowmove", window, "5000", "5000")
    elif what == "windowsize 1 1":
        xdotool(server, "windowsize", window, "1", "1")
    elif what == "the root menu":  # the desktop shown, a right-click on it at once
        for _ in range(3):  # it races the kiosk's return, as it did for the tester
            xdotool(server, "key", "super+d", "mousemove", "300", "300", "click", "3")
            time.sleep(0.3)
            if guarded or noticed(log, lines):
                break
    elif what == "the window menu":
        xdotool(server, "key", "alt+space")
    elif what == "windowclose":
        xdotool(server, "windowclose", window)
        limit = REBUILT_WITHIN
    elif what == "windowkill":
        xdotool(server, "windowkill", window)
        limit = REBUILT_WITHIN
    else:
        raise AssertionError(what)
    def reopened() -> bool:
        return limit == BACK_WITHIN or any(
            "display opened" in line
            for line in log.read_text(encoding="utf-8").splitlines()[lines:])

    try:
        back_within(server, program, picture, what, tmp_path, limit, reopened)
    finally:
        if intruder is not None:
            intruder.stop()
    assert program.process.poll() is None, what
    # the attack did happen: the kiosk saw its window covered, moved, hidden or lost
    assert noticed(log, lines) or (guarded and what not in SEEN_ANYWAY), \
        f"{what}: the kiosk noticed nothing"


def noticed(log: Path, lines: int) -> bool:
    """Whether the kiosk's log says, after its first ``lines``, that its window was covered,
    moved, resized, hidden or lost."""
    return any("display: the window was" in line or "opening a new one" in line
               for line in log.read_text(encoding="utf-8").splitlines()[lines:])


ATTACKS = ["another program's window", "an override-redirect window", "windowmove off-screen",
           "windowsize 1 1", "windowclose", "windowkill"]
SEEN_ANYWAY = ("an override-redirect window", "windowclose", "windowkill")
"""What no window manager's set-up stops."""
CASES = {
    "none": ATTACKS,
    "openbox-kiosk": [*ATTACKS[:2], "the root menu", "the window menu", *ATTACKS[2:]],
    "openbox": ["the root menu", "the window menu", ATTACKS[0]],
}


@pytest.mark.slow
@pytest.mark.parametrize("wm", list(CASES))
def test_nothing_covers_moves_or_ends_a_kiosk(servers, tmp_path: Path, wm: str) -> None:
    server = servers[wm]
    if wm == "openbox-kiosk":  # the shipped set-up is the one running: one desktop
        desktops = subprocess.run(["xprop", "-root", "_NET_NUMBER_OF_DESKTOPS"],
                                  env=server.env(), capture_output=True, text=True).stdout
        assert desktops.strip().endswith("= 1"), desktops
    program = kiosk(server, tmp_path / "data")
    try:
        picture = settled_picture(server)
        for what in CASES[wm]:
            attack(server, program, picture, what, tmp_path, guarded=wm != "none")  # a window
            # manager keeps an ABOVE window over another program's: the picture is what counts
        assert not [line for line in program.read() if "Traceback" in line]
    finally:
        program.stop()
