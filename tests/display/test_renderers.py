"""The display matrix's renderer rows: for each SDL renderer (``SDL_RENDER_DRIVER`` opengl,
opengles2, software) what the X server shows after a run of PARTIAL frames (the game uploads
only what changed) must be a WHOLE redraw of the same frame, and taps must land.

How: ``main.py --frames N --screenshot whole.bmp`` with the display probe prints ``frames done``
after its last frame and keeps that picture up (``App._hold``); the test grabs the X root
window, stops the program (SIGTERM), and the program redraws the frame whole into whole.bmp.
At 1:1 (1920×1080 ``--fullscreen``/``--kiosk``) the screen must equal it byte for byte, probe
marks included; where the frame is scaled it must equal the whole redraw stretched the way the
renderers stretch (bilinear at pixel centres, :func:`stretch_linear`) within rounding (a
channel's mean difference ``MEAN_LIMIT``, a ``FAR_SHARE`` of pixels off by more than
``FAR_LEVEL``). Everywhere else the screen must be black (bars, Xvfb's empty root).

Rows, per renderer (``PLAN``): 1920×1080 fullscreen (the 10 s MAGDAGDON demo) and kiosk
(QUERNI), both 1:1; 1366×768 windowed (QUERNI) and fullscreen (MAGDAGDON), scaled; 1280×800
windowed (the title, 16:10, scaled). Play screens are 2 s ``--demo`` runs:
dice, pieces, particles and glows change every few frames. Taps (``TAPS``): NEW GAME clicked in
a 1920×1080 kiosk (1:1) and in a 1366×768 window (scaled) opens the variant chooser. The
comparison's own checks: a screen shifted by 1 or 3 px and the frame before (a stale picture)
fail it, at 1:1 and scaled.

GL rows run on Debian's Xvfb (GLX on), software rows on one started with ``-extension GLX``.
The log's ``display opened`` line must name the renderer asked for: where SDL made another
because the asked one cannot be created here (a bare SDL renderer made the same way shows it)
the row is skipped, saying so. Each (renderer, screen size) has an X server of its own, its
runs one after the other; ``RENDERER_MATRIX_JOBS`` servers run at once (3 by default).
"""

from __future__ import annotations

import math
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pytest

from tests.display.xserver import (
    MISSING,
    MODES,
    ROOT,
    Program,
    Server,
    assert_frame_at,
    click_new_game,
    expected_frame,
    find_markers,
    logical_size,
    new_game_centre,
    start_server,
)

pytestmark = pytest.mark.display
if MISSING:
    pytestmark = [pytestmark, pytest.mark.skip(
        reason=f"the renderer matrix needs {', '.join(MISSING)}")]

RENDER_DRIVER = "SDL_RENDER_DRIVER"
RENDERERS = ("opengl", "opengles2", "software")
SCREENS: dict[str, tuple[list[str], int]] = {
    "title-60": ([], 60),
    "magdagdon-120": (["--demo"], 120),
    "querni-120": (["--game", "querni", "--demo"], 120),
    "magdagdon-600": (["--demo"], 600),  # the 10 s demo (60 frames a second)
    "magdagdon-119": (["--demo"], 119),  # the frame before magdagdon-120: a stale picture
}
"""What a row shows: its arguments and how many frames it runs (one update each, seeded)."""
Size = tuple[int, int]
PLAN: tuple[tuple[Size, str, str], ...] = (
    ((1920, 1080), "fullscreen", "magdagdon-600"),
    ((1920, 1080), "kiosk", "querni-120"),
    ((1366, 768), "windowed", "querni-120"),
    ((1366, 768), "fullscreen", "magdagdon-120"),
    ((1280, 800), "windowed", "title-60"),
)
"""Each renderer's rows: (screen size, mode, what is shown)."""
TAPS: tuple[tuple[Size, str], ...] = (((1920, 1080), "kiosk"), ((1366, 768), "windowed"))
"""Each renderer's taps on NEW GAME: at 1:1 and scaled."""
STALE: dict[str, tuple[Size, str]] = {"1:1": ((1920, 1080), "kiosk"),
                                      "scaled": ((1366, 768), "fullscreen")}
"""Where the comparison itself is checked (software runs of magdagdon-120 and -119)."""

# Scaled, measured: a right picture is off by 1-2 levels on average and 8 at most (the
# stretch's rounding); the frame before (MAGDAGDON at 119 for 120) has 2.5 % of its pixels off
# by more than 24, a picture 1 px off 3.3 % (mean 3.8), 3 px off 7-8 % (mean 7.6-8.3).
MEAN_LIMIT = 3.0  # levels a scaled frame's channels may differ by on average
FAR_LEVEL = 24  # levels a scaled pixel may be off by ...
FAR_SHARE = 1e-4  # ... for all but this share of the frame's pixels
FRAMES_TIMEOUT = 240.0  # seconds for a run's frames (600 OpenGL ES frames on a loaded CI)
STOP_TIMEOUT = 30.0  # seconds to redraw whole, save it and exit after SIGTERM
JOBS = max(1, int(os.environ.get("RENDERER_MATRIX_JOBS", "3")))
OPENED = re.compile(r"display opened: driver=(\S+) renderer=(\S+)")


@dataclass(frozen=True)
class Run:
    """One program run: a row (``screen`` says what it shows) or a tap (``screen`` None)."""

    renderer: str
    size: Size
    mode: str
    screen: str | None = None

    @property
    def id(self) -> str:
        return f"{self.renderer}-{self.size[0]}x{self.size[1]}-{self.mode}-" \
               f"{self.screen or 'tap'}"


@dataclass
class Outcome:
    """How a run went: ``status`` passed, failed or skipped, and why."""

    status: str
    message: str = ""
    shot: pygame.Surface | None = None  # the screen after the last frame (rows)
    whole: pygame.Surface | None = None  # the same frame redrawn whole (rows)


@dataclass
class Matrix:
    """Every run's outcome, for the tests to report."""

    outcomes: dict[Run, Outcome] = field(default_factory=dict)

    def report(self, run: Run) -> Outcome:
        """The run's outcome, as this test's skip or failure when it did not pass."""
        outcome = self.outcomes[run]
        if outcome.status == "skipped":
            pytest.skip(outcome.message)
        if outcome.status == "failed":
            pytest.fail(f"{run.id}: {outcome.message}", pytrace=False)
        return outcome


def rows() -> Iterator[Run]:
    for renderer in RENDERERS:
        for size, mode, screen in PLAN:
            yield Run(renderer, size, mode, screen)


def taps() -> Iterator[Run]:
    for renderer in RENDERERS:
        for size, mode in TAPS:
            yield Run(renderer, size, mode)


def stale_runs(scale: str) -> tuple[Run, Run]:
    """The software runs a comparison check uses: the frame, and the frame before it."""
    size, mode = STALE[scale]
    return Run("software", size, mode, "magdagdon-120"), Run("software", size, mode,
                                                             "magdagdon-119")


# --- the comparison ------------------------------------------------------------------------

def rgb32(surface: pygame.Surface) -> pygame.Surface:
    """A 32-bit copy: pygame's blend modes need both sides in one format."""
    copy = pygame.Surface(surface.get_size(), depth=32)
    copy.blit(surface, (0, 0))
    return copy


def _samples(source: int, target: int) -> Iterator[tuple[int, int, int, int]]:
    """For each target pixel: the two source pixels around its centre and the far one's
    weight in 1/255ths (a sample at (i + 0.5) · source / target - 0.5, clamped to the edge)."""
    for i in range(target):
        at = min(max((i + 0.5) * source / target - 0.5, 0.0), source - 1.0)
        near = math.floor(at)
        yield i, near, min(near + 1, source - 1), round((at - near) * 255)


def _stretch_axis(source: pygame.Surface, length: int, vertical: bool) -> pygame.Surface:
    """``source`` stretched to ``length`` along one axis, mixing the two nearest lines."""
    w, h = source.get_size()
    size = (w, length) if vertical else (length, h)
    near, far, near_weight, far_weight = (pygame.Surface(size, depth=32) for _ in range(4))
    for i, a, b, weight in _samples(h if vertical else w, length):
        if vertical:
            line, from_a, from_b = (0, i, w, 1), (0, a, w, 1), (0, b, w, 1)
        else:
            line, from_a, from_b = (i, 0, 1, h), (a, 0, 1, h), (b, 0, 1, h)
        near.blit(source, line[:2], from_a)
        far.blit(source, line[:2], from_b)
        near_weight.fill((255 - weight,) * 3, line)
        far_weight.fill((weight,) * 3, line)
    near.blit(near_weight, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    far.blit(far_weight, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    near.blit(far, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    return near


def stretch_linear(source: pygame.Surface, size: Size) -> pygame.Surface:
    """``source`` scaled to ``size`` as the renderers' linear filter does (OpenGL, OpenGL ES
    and SDL's software stretch agree within 8 levels); pygame's smoothscale averages areas
    instead and differs by up to 70 levels on text edges, too much to tell a stale glyph."""
    return _stretch_axis(_stretch_axis(rgb32(source), size[1], vertical=True), size[0],
                         vertical=False)


def expected_screen(size: Size, whole: pygame.Surface,
                    frame: tuple[int, int, int, int]) -> pygame.Surface:
    """The screen a whole redraw gives: black, the frame at ``frame`` (stretched to fit)."""
    screen = pygame.Surface(size, depth=32)
    picture = whole if whole.get_size() == tuple(frame[2:]) else stretch_linear(whole,
                                                                                 frame[2:])
    screen.blit(picture, frame[:2])
    return screen


def difference(a: pygame.Surface, b: pygame.Surface) -> pygame.Surface:
    """Each channel's absolute difference (two saturating subtractions, added)."""
    ahead, behind = rgb32(a), rgb32(b)
    under = behind.copy()
    under.blit(ahead, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    ahead.blit(behind, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    ahead.blit(under, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    return ahead


def off_by_more(diff: pygame.Surface, level: int) -> tuple[int, pygame.Rect | None]:
    """How many pixels have a channel off by more than ``level``, and their bounding box."""
    mask = pygame.mask.from_threshold(diff, (0, 0, 0), (level + 1, level + 1, level + 1, 255))
    mask.invert()
    rects = mask.get_bounding_rects()
    return mask.count(), rects[0].unionall(rects[1:]) if rects else None


def compare_screen(shot: pygame.Surface, whole: pygame.Surface,
                   frame: tuple[int, int, int, int]) -> tuple[list[str], pygame.Surface]:
    """What is wrong with a screen that should show ``whole`` at ``frame`` (nothing: an empty
    list), and the screen expected."""
    expected = expected_screen(shot.get_size(), whole, frame)
    area = frame[2] * frame[3]
    if tuple(frame[2:]) == whole.get_size():
        if pygame.image.tobytes(shot, "RGB") == pygame.image.tobytes(expected, "RGB"):
            return [], expected
        count, box = off_by_more(difference(shot, expected), 0)
        return [f"{count} pixels differ from the whole redraw at 1:1, within {box}"], expected
    diff = difference(shot, expected)
    mean = sum(pygame.image.tobytes(diff, "RGB")) / (3 * area)
    count, box = off_by_more(diff, FAR_LEVEL)
    problems = []
    if mean > MEAN_LIMIT:
        problems.append(f"channels differ by {mean:.2f} levels on average (at most "
                        f"{MEAN_LIMIT})")
    if count > FAR_SHARE * area:
        problems.append(f"{count} pixels ({100 * count / area:.3f} %) off by more than "
                        f"{FAR_LEVEL} levels (at most {100 * FAR_SHARE:.2f} %), within {box}")
    return problems, expected


# --- the runs --------------------------------------------------------------------------------

def renderer_made(data: Path) -> tuple[str, str] | None:
    """(driver, renderer) of the log's first ``display opened`` line, or None."""
    try:
        text = (data / "magdagdon.log").read_text("utf-8", "replace")
    except OSError:
        return None
    found = OPENED.search(text)
    return (found.group(1), found.group(2)) if found else None


BARE_RENDERER = """\
import pygame
from pygame._sdl2 import video
from game.engine import sdl
pygame.init()
window = pygame.Window(hidden=True)
renderer = video.Renderer(window)
print(sdl.renderer_name(window))
"""


def renderer_available(server: Server, name: str) -> str:
    """The renderer SDL makes on ``server`` when asked for ``name``, outside the game."""
    made = subprocess.run([sys.executable, "-c", BARE_RENDERER], cwd=ROOT,
                          env={**server.env(), RENDER_DRIVER: name}, capture_output=True,
                          text=True, timeout=60)
    lines = made.stdout.split()
    return lines[-1] if lines else f"none ({made.stderr.strip()[-200:]})"


def renderer_outcome(server: Server, run: Run, data: Path) -> Outcome | None:
    """None when the run drew with the renderer asked for; else why it does not count."""
    made = renderer_made(data)
    if made is None:
        return Outcome("failed", f"no 'display opened' line in {data / 'magdagdon.log'}")
    driver, renderer = made
    if driver != "x11":
        return Outcome("failed", f"the video driver is {driver}, not x11")
    if renderer == run.renderer:
        return None
    bare = renderer_available(server, run.renderer)
    if bare == run.renderer:
        return Outcome("failed", f"{RENDER_DRIVER}={run.renderer} but the game drew with "
                                 f"{renderer}, though SDL makes {run.renderer} here")
    return Outcome("skipped", f"the {run.renderer} renderer cannot be created here (SDL "
                              f"makes {bare} instead)")


def run_row(server: Server, run: Run, where: Path) -> Outcome:
    """The row's frames, the screen grabbed while the last is held, the whole redraw saved
    at SIGTERM, the two compared."""
    assert run.screen is not None
    args, frames = SCREENS[run.screen]
    whole_path = where / "whole.bmp"  # BMP: a PNG takes 0.15 s to write, this 0.03 s
    program = Program(server, [*MODES[run.mode], *args, "--frames", str(frames),
                               "--screenshot", str(whole_path)],
                      where / "data", env={RENDER_DRIVER: run.renderer})
    try:
        program.wait_for("frames done", FRAMES_TIMEOUT)
        shot = server.screenshot()
        program.process.send_signal(signal.SIGTERM)
        code = program.process.wait(STOP_TIMEOUT)
    finally:
        if program.process.poll() is None:
            program.process.kill()
            program.process.wait(5)
    if code != 0:
        return Outcome("failed", f"exit status {code} after SIGTERM:\n"
                                 + "\n".join(program.read()[-20:]))
    whole = pygame.image.load(str(whole_path))
    if whole.get_size() != logical_size(run.size):
        return Outcome("failed", f"the whole redraw is {whole.get_size()}")
    frame = expected_frame(run.size, run.mode)
    problems, expected = compare_screen(shot, whole, frame)
    if problems:
        pygame.image.save(shot, str(where / "screen.png"))
        pygame.image.save(expected, str(where / "expected.png"))
        markers = [tuple(m) if m else None for m in find_markers(shot)]
        return Outcome("failed", f"{'; '.join(problems)}; frame expected at {frame}, probe "
                                 f"markers at {markers}; {where / 'screen.png'} vs "
                                 f"{where / 'expected.png'}")
    return Outcome("passed", shot=shot, whole=whole)


def run_tap(server: Server, run: Run, where: Path) -> Outcome:
    """The title on screen where it must be, a click on NEW GAME opens the variant chooser."""
    program = Program(server, MODES[run.mode], where / "data", env={RENDER_DRIVER: run.renderer})
    try:
        program.wait_for("screen TitleScene")
        frame = expected_frame(run.size, run.mode)
        assert_frame_at(server, program, frame, logical_size(run.size), where)
        click_new_game(server, frame, logical_size(run.size))
        program.wait_for("screen TitleScene:magdagdon")
    finally:
        program.stop()
    return Outcome("passed")


def run_group(renderer: str, size: Size, runs: list[Run], tmp: Path,
              keep: set[Run]) -> dict[Run, Outcome]:
    """One X server (GLX only for the GL renderers), its runs one after the other; the
    pictures of the runs in ``keep`` are kept (for the comparison's checks), no others."""
    try:
        server = start_server(size, "none", glx=renderer != "software")
    except BaseException as error:  # noqa: BLE001 - pytest.fail is a BaseException
        return {run: Outcome("failed", f"no X server: {error}") for run in runs}
    outcomes: dict[Run, Outcome] = {}
    try:
        for run in runs:
            where = tmp / run.id
            where.mkdir(parents=True, exist_ok=True)
            try:
                outcome = (run_tap if run.screen is None else run_row)(server, run, where)
            except BaseException as error:  # noqa: BLE001 - reported by the run's test
                outcome = Outcome("failed", f"{type(error).__name__}: {error}")
            if run not in keep:
                outcome.shot = outcome.whole = None
            checked = renderer_outcome(server, run, where / "data")
            if checked is not None and checked.status == "failed" and outcome.status == "failed":
                checked.message = f"{outcome.message}\n(and {checked.message})"
            outcomes[run] = checked or outcome
    finally:
        server.stop()
    return outcomes


def cost(group: tuple[tuple[str, Size], list[Run]]) -> float:
    """A rough weight: GL frames cost several software ones; each start costs 60 frames."""
    (renderer, _size), runs = group
    frames = sum(60 + (SCREENS[run.screen][1] if run.screen else 60) for run in runs)
    return frames * (1 if renderer == "software" else 4)


@pytest.fixture(scope="module")
def matrix(request, tmp_path_factory) -> Matrix:
    """Every run the selected tests need (``JOBS`` X servers at once)."""
    wanted: list[Run] = []
    keep: set[Run] = set()
    for item in request.session.items:
        if getattr(item, "module", None) is not request.module:
            continue
        params = getattr(item, "callspec", None)
        params = params.params if params is not None else {}
        if "run" in params:
            wanted.append(params["run"])
        if "scale" in params:
            wanted.extend(stale_runs(params["scale"]))
            keep.update(stale_runs(params["scale"]))
    groups: dict[tuple[str, Size], list[Run]] = {}
    for run in dict.fromkeys(wanted):
        groups.setdefault((run.renderer, run.size), []).append(run)
    pygame.init()
    for run in wanted:  # NEW GAME's place is worked out here, not in the threads
        if run.screen is None:
            new_game_centre(logical_size(run.size))
    tmp = tmp_path_factory.mktemp("renderers")
    found = Matrix()
    with ThreadPoolExecutor(max_workers=JOBS) as pool:
        for done in pool.map(lambda group: run_group(*group[0], group[1], tmp, keep),
                             sorted(groups.items(), key=cost, reverse=True)):
            found.outcomes.update(done)
    return found


# --- the tests -------------------------------------------------------------------------------

@pytest.mark.parametrize("run", list(rows()), ids=lambda run: run.id)
def test_partial_frames_show_the_whole_redraw(matrix, run):
    """What the X server shows after the row's partial frames is the frame redrawn whole."""
    matrix.report(run)


@pytest.mark.parametrize("run", list(taps()), ids=lambda run: run.id)
def test_new_game_opens(matrix, run):
    """A click where NEW GAME is drawn reaches it through the renderer's letterbox."""
    matrix.report(run)


@pytest.mark.parametrize("scale", list(STALE))
def test_a_shifted_screen_fails_the_comparison(matrix, scale):
    """A picture 1 or 3 px off (a misplaced window or letterbox) must not pass for the
    frame."""
    now, _before = stale_runs(scale)
    outcome = matrix.report(now)
    assert outcome.shot is not None and outcome.whole is not None
    frame = expected_frame(now.size, now.mode)
    for offset in ((1, 0), (0, -3)):
        shifted = pygame.Surface(outcome.shot.get_size(), depth=32)
        shifted.blit(outcome.shot, offset)
        problems, _expected = compare_screen(shifted, outcome.whole, frame)
        assert problems, f"a screen shifted by {offset} passed for the frame"


@pytest.mark.parametrize("scale", list(STALE))
def test_the_frame_before_fails_the_comparison(matrix, scale):
    """A screen one frame behind (a stale upload) must not pass for the frame."""
    now, before = stale_runs(scale)
    current, previous = matrix.report(now), matrix.report(before)
    assert previous.shot is not None and current.whole is not None
    problems, _expected = compare_screen(previous.shot, current.whole,
                                         expected_frame(now.size, now.mode))
    assert problems, "the screen of frame 119 passed for frame 120"
