"""What the display tests share: X servers (Xvfb, maybe openbox), ``main.py`` run on them with
the display probe (``MAGDAGDON_DISPLAY_PROBE=1``), screenshots of the root window, where the
logical frame must be on a screen, the probe's corner markers and NEW GAME's position."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pygame
import pytest

from game.engine.display import PROBE_COLOURS, PROBE_ENV, PROBE_SIZE
from game.engine.window import DECORATIONS, Monitor, default_window, letterbox

ROOT = Path(__file__).resolve().parents[2]
TOOLS = {"Xvfb": "xvfb", "xdotool": "xdotool", "import": "imagemagick"}
MISSING = [f"{tool} (Debian: {package})" for tool, package in TOOLS.items()
           if shutil.which(tool) is None]
"""The tools the display tests need that are not installed (the tests skip, naming them)."""

MODES = {"windowed": [], "fullscreen": ["--fullscreen"], "kiosk": ["--kiosk", "--kiosk-pin",
                                                                   "2468"]}
"""The arguments of each way to show the game: a window, fullscreen, a public kiosk."""
TOLERANCE = 2  # pixels, for the marker edges (scaled and filtered, they blur a little)
TIMEOUT = 30.0  # seconds for a program to show its title (generous: CI machines are loaded)


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


KIOSK_OPENBOX = ROOT / "packaging" / "kiosk"
"""The openbox set-up docs/kiosk.md ships: ``openbox-rc.xml`` and ``menu.xml``."""


def openbox_config(home: Path) -> dict[str, str]:
    """The shipped kiosk set-up installed as docs/kiosk.md says (``~/.config/openbox/rc.xml``
    with ``menu.xml`` beside it) under ``home``: the environment openbox is started with."""
    folder = home / "openbox"
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(KIOSK_OPENBOX / "openbox-rc.xml", folder / "rc.xml")
    shutil.copyfile(KIOSK_OPENBOX / "menu.xml", folder / "menu.xml")
    return {"XDG_CONFIG_HOME": str(home)}


def start_server(size: tuple[int, int], wm: str, glx: bool = True,
                 config_home: Path | None = None) -> Server:
    """An Xvfb of ``size`` (with openbox when ``wm`` says so); ``glx=False`` turns its GLX
    extension off (Debian's Xvfb has it on), so only SDL's software renderer can draw.
    ``wm="openbox-kiosk"``: openbox with the shipped kiosk set-up, installed under
    ``config_home``."""
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size[0]}x{size[1]}x24",
         "-nolisten", "tcp", "-noreset", *([] if glx else ["-extension", "GLX"])],
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
    if wm in ("openbox", "openbox-kiosk"):
        env = server.env()
        if wm == "openbox-kiosk":
            assert config_home is not None
            env.update(openbox_config(config_home))
        openbox = subprocess.Popen(["openbox"], env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        server.processes.append(openbox)
        from game.engine.sdl import x11_window_manager

        while not _wm_up(x11_window_manager, server.display.encode()):
            if time.monotonic() > deadline or openbox.poll() is not None:
                server.stop()
                pytest.fail("openbox did not start")
            time.sleep(0.05)
    return server


class Program:
    """``main.py`` on a server, its stdout read line by line; ``env``: more variables."""

    def __init__(self, server: Server, args: list[str], data: Path,
                 env: dict[str, str] | None = None) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "--seed", "1", "--data-dir", str(data),
             *args],
            cwd=ROOT, env={**server.env(), **(env or {})}, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT)
        self.kiosk = "--kiosk" in args
        self.data = data
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
    """NEW GAME's centre in logical pixels, from the title's own layout (built headless; the
    first call for a size must come from the main thread, later ones read the cache)."""
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


def click_new_game(server: Server, frame: tuple[int, int, int, int],
                   logical: tuple[int, int]) -> None:
    """Click (xdotool) where NEW GAME is drawn when the logical frame is at ``frame``."""
    cx, cy = new_game_centre(logical)
    scale = frame[2] / logical[0]
    at = (round(frame[0] + (cx + 0.5) * scale), round(frame[1] + (cy + 0.5) * scale))
    subprocess.run(["xdotool", "mousemove", str(at[0]), str(at[1]), "click", "1"],
                   env=server.env(), check=True, timeout=30)


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


def program_window(server: Server) -> str:
    """The X id of the game's visible window (the canvas window stays hidden)."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--classname", "main.py"],
                               env=server.env(), capture_output=True, text=True, timeout=30)
        if found.stdout.split():
            return found.stdout.split()[-1]
        time.sleep(0.2)
    pytest.fail("the game's window never showed")


def xdotool(server: Server, *args: str) -> str:
    return subprocess.run(["xdotool", *args], env=server.env(), capture_output=True, text=True,
                          timeout=30).stdout.strip()


def viewable(server: Server, window: str) -> bool:
    """Whether ``window`` is mapped and shown (``xwininfo``'s map state)."""
    info = subprocess.run(["xwininfo", "-id", window], env=server.env(), capture_output=True,
                          text=True, timeout=30).stdout
    return "IsViewable" in info


def ask_to_close(server: Server, window: str) -> None:
    """What a window manager's close does: a ``WM_DELETE_WINDOW`` client message (ICCCM) sent
    to ``window`` (``xdotool windowclose`` destroys the window instead)."""
    import ctypes
    import ctypes.util

    xlib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
    xlib.XOpenDisplay.restype = ctypes.c_void_p
    xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    xlib.XInternAtom.restype = ctypes.c_ulong
    xlib.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    xlib.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long,
                                ctypes.c_void_p]
    xlib.XFlush.argtypes = [ctypes.c_void_p]
    xlib.XCloseDisplay.argtypes = [ctypes.c_void_p]

    class ClientMessage(ctypes.Structure):
        _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong),
                    ("send_event", ctypes.c_int), ("display", ctypes.c_void_p),
                    ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                    ("format", ctypes.c_int), ("data", ctypes.c_long * 5),
                    ("pad", ctypes.c_long * 12)]

    with _xlib:
        connection = xlib.XOpenDisplay(server.display.encode())
        if not connection:
            pytest.fail(f"cannot open {server.display}")
        try:
            event = ClientMessage(type=33, window=int(window), format=32)  # ClientMessage
            event.display = connection
            event.message_type = xlib.XInternAtom(connection, b"WM_PROTOCOLS", 0)
            event.data[0] = xlib.XInternAtom(connection, b"WM_DELETE_WINDOW", 0)
            xlib.XSendEvent(connection, int(window), 0, 0, ctypes.byref(event))
            xlib.XFlush(connection)
        finally:
            xlib.XCloseDisplay(connection)
