"""A kiosk that nothing can cover, move or end (issue 45), on Xvfb: bare X, openbox with the
kiosk set-up docs/kiosk.md ships (``packaging/kiosk``, installed as written), and openbox with
its own default set-up (root menu, Alt+Space window menu, Super+D).

Each attack is followed by root-window screenshots (``tests.display.xroot``: a few
milliseconds each) until the screen is the kiosk's picture again, edge to edge: pixels
compared with the picture before the attack, never the window's state. The time it took is
printed (``-s``; for a new window, with the kiosk's own figure from its log); it must be
within :data:`BACK_WITHIN` seconds.

Skipped where Xvfb, xdotool, ImageMagick or openbox is missing; deselect with
``-m "not display"``.
"""

from __future__ import annotations

import json
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from tests.display.xroot import grab, shown_windows
from tests.display.xserver import (
    MISSING,
    MODES,
    ROOT,
    Program,
    Server,
    program_window,
    start_server,
    viewable,
    xdotool,
)

pytestmark = pytest.mark.display

if MISSING or shutil.which("openbox") is None or shutil.which("xprop") is None:
    pytestmark = [pytestmark, pytest.mark.skip(
        reason=f"needs Xvfb, xdotool, ImageMagick, openbox and xprop ({MISSING})")]

SIZE = (1024, 576)
BACK_WITHIN = 2.0
"""Seconds from an attack to the kiosk's whole picture on the screen again (the issue: within
1–2 s). Each case prints its time: 0.02–0.5 s for a raise, a move or a menu closed, under 1 s
on a machine loaded far beyond a CI's two workers."""
REBUILT_WITHIN = 3.0
"""The same for a window destroyed (``windowclose``: a new window and renderer) or a connection
killed (``windowkill``: SDL's video started again besides). On a quiet machine the picture is
back within 0.2–0.8 s (the printed time is the figure, the kiosk's own, from the loss seen to
the picture shown, beside it); the limit keeps 1 s above 2 s for a loaded CI machine: there a
restart took up to 1.75 s, and Mesa's software GL (Xvfb) can still spend seconds on a frame
whose present raced the destroy."""
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
    last = grab(server.display, server.size)
    while True:
        time.sleep(1.0)
        shot = grab(server.display, server.size)
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
        shot = grab(server.display, server.size)
        share = same_share(shot, picture)
        took = time.monotonic() - start
        if share >= SAME and done:
            print(f"{what}: the kiosk's picture again after {took:.2f} s{own_figure(program)}")
            return took
        if took > limit:
            name = tmp_path / f"{what.replace(' ', '-').replace('/', '-')}.png"
            pygame.image.save(shot, str(name))
            pygame.image.save(picture, str(tmp_path / "before.png"))
            pytest.fail(f"{what}: after {took:.1f} s only {share:.1%} of the screen is the "
                        f"kiosk's picture ({name}):\n" + "\n".join(program.read()[-15:]))
        time.sleep(0.05)


def own_figure(program: Program) -> str:
    """What the kiosk's log says a new window took, if it made one."""
    log = (program.data / "magdagdon.log").read_text(encoding="utf-8")
    made = re.findall(r"shows in a new window (\d+) ms after the old one was found lost \((.*)\)",
                      log)
    if len(made) <= _figures_told.get(program.data, 0):
        return ""
    _figures_told[program.data] = len(made)
    return f" (its log: the new window {made[-1][0]} ms after the loss was seen, {made[-1][1]})"


_figures_told: dict[Path, int] = {}


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
           tmp_path: Path, wm: str) -> None:
    """One attack by name, then the kiosk's picture must come back; under a window manager
    (``guarded``) its set-up may stop the attack before the kiosk has anything to notice."""
    guarded = wm != "none"
    window = program_window(server)
    log = program.data / "magdagdon.log"
    lines = len(log.read_text(encoding="utf-8").splitlines())
    limit = BACK_WITHIN
    intruder = None
    menu: int | None = None
    if what == "another program's window":
        intruder = Intruder(server, override=False)
    elif what == "an override-redirect window":
        intruder = Intruder(server, override=True)
    elif what == "windowmove off-screen":
        xdotool(server, "windowmove", window, "5000", "5000")
    elif what == "windowsize 1 1":
        xdotool(server, "windowsize", window, "1", "1")
    elif what == "the root menu":
        menu = root_menu(server, program, window, tmp_path, shipped=wm == "openbox-kiosk")
    elif what == "the window menu":
        xdotool(server, "key", "alt+space")
    elif what in ("windowclose", "windowkill"):
        xdotool(server, what, window)
        limit = REBUILT_WITHIN
    else:
        raise AssertionError(what)

    def ready() -> bool:
        if what in ("windowclose", "windowkill"):  # a new window, not what the old one left
            return any("display opened" in line
                       for line in log.read_text(encoding="utf-8").splitlines()[lines:])
        return menu is None or menu not in shown_windows(server.display)  # the menu closed
    try:
        back_within(server, program, picture, what, tmp_path, limit, ready)
    finally:
        if intruder is not None:
            intruder.stop()
    assert program.process.poll() is None, what
    # the attack did happen: the kiosk saw its window covered, moved, hidden or lost
    assert noticed(log, lines) or (guarded and what not in SEEN_ANYWAY), \
        f"{what}: the kiosk noticed nothing"


def root_menu(server: Server, program: Program, window: str, tmp_path: Path,
              shipped: bool) -> int | None:
    """Right-clicks on the desktop, the kiosk's window out of the way: the kiosk stopped
    (SIGSTOP: as slow to come back as a loaded machine may make it, so that it loses the
    race the tester won once in three tries), its window hidden (openbox's own Super+D; the
    shipped set-up has no such key, so unmapped, as any program may). Under openbox's own
    set-up its root menu must open (the test fails otherwise): the menu's window, which the
    kiosk must then close or cover. Under the shipped set-up no click may open anything
    (None). The kiosk goes on (SIGCONT) either way."""
    before = set(shown_windows(server.display))
    program.process.send_signal(signal.SIGSTOP)
    try:
        xdotool(server, *(("windowunmap", window) if shipped else ("key", "super+d")))
        deadline = time.monotonic() + 5
        while viewable(server, window):
            assert time.monotonic() < deadline, "the kiosk's window was never hidden"
            time.sleep(0.05)
        opened: set[int] = set()
        for _ in range(8):  # openbox may miss a click while it hides the windows
            xdotool(server, "mousemove", "300", "300", "click", "3")
            time.sleep(0.25)
            opened = set(shown_windows(server.display)) - before
            if opened:
                break
        shot = grab(server.display, server.size)
        pygame.image.save(shot, str(tmp_path / f"root-menu-{'kiosk' if shipped else 'own'}.png"))
        if shipped:
            assert not opened, f"the shipped set-up opened {opened} on a right-click"
            return None
        assert len(opened) == 1, f"openbox's root menu did not open: {opened}"
        menu = opened.pop()
        print(f"the root menu: openbox mapped its menu 0x{menu:x} "
              f"{shown_windows(server.display).get(menu)} over the desktop")
        return menu
    finally:
        program.process.send_signal(signal.SIGCONT)


def noticed(log: Path, lines: int) -> bool:
    """Whether the kiosk's log says, after its first ``lines``, that its window was covered,
    moved, resized, hidden or lost."""
    return any("display: the window was" in line or "opening a new one" in line
               for line in log.read_text(encoding="utf-8").splitlines()[lines:])


ATTACKS = ["another program's window", "an override-redirect window", "windowmove off-screen",
           "windowsize 1 1", "windowclose", "windowkill"]
SEEN_ANYWAY = ("an override-redirect window", "the root menu", "windowclose", "windowkill")
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
            attack(server, program, picture, what, tmp_path, wm)  # a window manager keeps an
            # ABOVE window over another program's: the picture is what counts
        assert not [line for line in program.read() if "Traceback" in line]
    finally:
        program.stop()
