"""The application shell: window, fixed-step loop, input translation and the scene stack.

One frame = pump events (mapped to logical coordinates by the display, raw to the top scene,
then translated actions) → run the due fixed updates → draw the visible scenes and present them
(when the pacer says so) → apply the scene changes requested meanwhile → sleep until the next
update is due. ``frames``/``bench`` make runs reproducible (one update per frame, every frame
drawn, no sleeping, no vsync) for demos, screenshots and benchmarks; the normal mode follows the
wall clock and draws at most once per update step (``engine.pacing``).

With ``MAGDAGDON_DISPLAY_PROBE=1`` the app prints ``screen NAME`` whenever the top scene (its
``screen_name``, else its class name) changes — a debug hook for the display tests.
"""

from __future__ import annotations

import logging
import math
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.engine import assets, memory
from game.engine.audio import BUFFER, CHANNELS, FREQUENCY, SAMPLE_SIZE
from game.engine.damage import boxes
from game.engine.display import LOGICAL_SIZE, Display
from game.engine.input import KEY, QUIT, InputMapper, ensure_touch_mouse_hints
from game.engine.loop import STEP, FixedStepLoop
from game.engine.navigation import Navigator
from game.engine.pacing import Pacer
from game.engine.presence import WindowPresence
from game.engine.router import InputRouter
from game.engine.scenes import Scene, SceneStack

if TYPE_CHECKING:
    import pygame_gui

log = logging.getLogger(__name__)

FULL_EVERY = 300
"""A partly redrawn screen (``engine.damage``) is drawn whole at least every this many draws
(5 s of motion at 60 a second): a safety net should a scene ever under-report its damage."""


@dataclass
class AppConfig:
    """Command-line level options (see main.py)."""

    fullscreen: bool = False
    frames: int | None = None  # stop after this many frames (demos, screenshots, CI)
    screenshot: str | None = None  # save the last frame here when the run ends
    bench: bool = False  # collect per-frame timings for bench_report()
    size: tuple[int, int] = LOGICAL_SIZE
    title: str = ""
    window: Any = None  # the remembered windowed geometry (Settings.window), or None


def _percentile(sorted_values: list[float], fraction: float) -> float:
    """Nearest-rank percentile of an ascending list (0.0 when empty)."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(fraction * len(sorted_values)))
    return sorted_values[min(rank, len(sorted_values)) - 1]


class DisplayUnavailable(RuntimeError):
    """No window can be opened here (a bad ``SDL_VIDEODRIVER``, no display): said in one line."""


AHEAD_BUDGET = 0.005
"""Steps of the work ahead (``App.build_ahead``) start while a frame's own work so far is
under this (seconds of the main thread's CPU): a step of up to a 60 Hz frame more keeps it
within two."""
AHEAD_STEPS = 16
"""The most steps of the work ahead a frame runs."""

HOLD_SECONDS = 120.0
"""How long a probed run to a frame count keeps its last picture up at most (``App._hold``)."""

STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP")
                     if hasattr(signal, name))
"""Signals that end a run cleanly: ``systemctl stop``, a shutdown, Ctrl+C, a closed terminal."""


class App:
    """Owns pygame, the display and the scene stack; scenes reach it through ``scene.app``."""

    def __init__(self, config: AppConfig, clock: Callable[[], float] = time.perf_counter,
                 sleep: Callable[[float], None] | None = None) -> None:
        self.clock = clock
        # How the loop waits for the next step; a FakeClock's sleep only records the wait.
        self.sleep: Callable[[float], None] = (
            sleep if sleep is not None else getattr(clock, "sleep", time.sleep))
        self.started_at = clock()
        # What a frame's own work costs (``build_ahead``): the main thread's CPU time, which
        # other programs only delay; an injected clock (a test's) measures it too.
        self.work_clock = time.thread_time if clock is time.perf_counter else clock
        self.config = config
        memory.tune_allocator()
        ensure_touch_mouse_hints()
        # SDL would turn SIGTERM/SIGINT into a QUIT event, which a kiosk ignores: the app
        # handles the signals itself (``run``), saves and ends with status 0.
        os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"
        # pygame.init() opens the mixer too; make it use Audio's low-latency settings.
        pygame.mixer.pre_init(FREQUENCY, SAMPLE_SIZE, CHANNELS, BUFFER)
        pygame.init()
        # Runs to a frame count draw every frame as fast as they can: no vsync, no sleeping.
        self.counted = config.bench or config.frames is not None
        self.display = Display(config.size, config.fullscreen, config.title,
                               remembered_window=config.window, vsync=not self.counted)
        try:
            self.display.open()
        except pygame.error as error:
            driver = os.environ.get("SDL_VIDEODRIVER") or "the default video driver"
            pygame.quit()
            raise DisplayUnavailable(f"cannot open the game window with {driver}: {error}") \
                from None
        # Creating the window emits focus/visibility events (some drivers even a focus loss);
        # they predate any scene and must not reach the first one as player input.
        pygame.event.clear()
        self.presence = WindowPresence(self.display, clock)
        self.stack = SceneStack()
        self.nav = Navigator(self, lambda: self.stack)
        self.input = InputMapper()
        self.router = InputRouter()
        self.loop = FixedStepLoop(clock=clock)
        self.pacer = Pacer()
        self.frame = 0
        self.draws = 0  # frames actually drawn and presented
        self.running = True
        self.alpha = 0.0
        self.frame_times: list[float] = []
        # One update per frame in bench/frames runs, so they advance deterministically.
        self.fixed_steps_per_frame = config.bench
        # The window's close button must work even if no scene handles "quit" (it saves and
        # quits, ``save_and_quit``); a kiosk that refuses it sets this False.
        self.quit_on_close = True
        # Called with every raw event first; one that returns True consumes the event.
        self.event_filters: list[Callable[[pygame.event.Event], bool]] = []
        # Called once per fixed update, before the scenes (idle timers, attract mode, demo).
        self.step_hooks: list[Callable[[float], None]] = []
        self.stop_signal: int | None = None  # a signal asked the run to end
        self._first_frame_end: float | None = None
        self._scene_changed = False
        self._was_moving = False
        self.partial_draws = 0  # draws that redrew only what changed (engine.damage)
        self._since_full = 0
        self._screen: str | None = None
        self._ahead: deque[Iterator[object]] = deque()
        self._later: deque[Iterator[object]] = deque()

    @property
    def surface(self) -> pygame.Surface:
        """The logical-size drawing surface (follows fullscreen toggles)."""
        return self.display.surface

    @property
    def startup_ms(self) -> float:
        """Milliseconds from the start of construction to the end of the first frame."""
        if self._first_frame_end is None:
            return 0.0
        return (self._first_frame_end - self.started_at) * 1000.0

    def new_ui_manager(
        self, theme: str | Path | dict[str, Any] | None = None
    ) -> pygame_gui.UIManager:
        """A pygame-gui manager in logical coordinates; each scene owns its own."""
        from game.engine.gui import UIManager

        theme_path = str(theme) if isinstance(theme, Path) else theme
        manager: pygame_gui.UIManager = UIManager(self.display.size, theme_path=theme_path)
        return manager

    def build_ahead(self, steps: Iterator[object], later: bool = False) -> None:
        """Run ``steps`` (after those given before) in what the frames leave of their time:
        a screen built before it opens (``Scene.prepare``), never in one. ``later``: only
        once every step not ``later`` has run (what may never be seen: a pressed button)."""
        (self._later if later else self._ahead).append(steps)

    def _work_ahead(self, start: float) -> None:
        for _ in range(AHEAD_STEPS):
            queue = self._ahead or self._later
            if not queue or self.work_clock() - start >= AHEAD_BUDGET:
                return
            if next(queue[0], queue) is queue:  # those steps are done
                queue.popleft()

    def quit(self) -> None:
        """End ``run`` after the current frame."""
        self.running = False

    def save_and_quit(self) -> None:
        """The run ends on the player's or the system's word (the window closed, a stop
        signal): an app saves what is in progress here, then quits; nothing to save here."""
        self.quit()

    def window_lost(self) -> None:
        """The window was destroyed under the game, or its connection to the X server broke
        (``presence.lost``). A window that must stay on screen (``presence.keep_forward``: a
        kiosk) is made again, on a new connection; otherwise, or when no new window can be
        made (the X server is gone), the run saves and ends, with status 0."""
        if self.presence.keep_forward and self.presence.can_reopen() and self.reopen_display():
            return
        log.warning("the game's window was destroyed (by another program or the X server): "
                    "saving and stopping")
        self.save_and_quit()

    def reopen_display(self) -> bool:
        """A new window like the lost one (:mod:`game.engine.rebuild`); ``True`` when done."""
        from game.engine import rebuild  # only ever needed after a window is lost

        log.warning("the game's window was destroyed or cut off from the X server: opening a "
                    "new one")
        renewed = rebuild.reopen(self.display, self.presence, self.clock)
        if renewed is None:
            return False
        self.display, self.presence = renewed
        self.display_reopened()
        return True

    def display_reopened(self) -> None:
        """After :meth:`reopen_display`: what an app sets on a new window (icon, cursor)."""

    def toggle_fullscreen(self) -> None:
        """F11: windowed ⇄ fullscreen (an app may refuse, e.g. a kiosk)."""
        self.display.toggle_fullscreen()

    def shutdown(self) -> None:
        """Close the window and the audio device; pygame objects die with it (fonts too)."""
        self.running = False
        self.presence.release()  # a destroyed window must not hang its own destruction
        self.display.close()
        assets.clear_font_cache()
        pygame.quit()

    def _fixed(self) -> bool:
        return self.fixed_steps_per_frame and (self.config.bench or self.config.frames is not None)

    def run(self) -> int:
        """Run frames until quit, an empty stack, ``config.frames`` or a stop signal; returns
        the exit code (1 when the requested screenshot could not be written)."""
        self.stack.apply_pending()  # scenes pushed before run() take their place now
        self.loop.reset()  # startup time is not a stall to catch up on
        frames = self.config.frames
        previous = self._catch_stop_signals()
        try:
            while self.running and (len(self.stack) or self.stack.pending):
                if self.stop_signal is not None:
                    log.info("signal %d: saving and stopping", self.stop_signal)
                    self.on_stop_signal()
                    break
                if frames is not None and self.frame >= frames:
                    break
                self.run_frame()
            if self.display.probe and frames is not None and self.frame >= frames:
                self._hold()
        finally:
            for signum, handler in previous.items():
                signal.signal(signum, handler)
        if self.config.screenshot and not assets.save_image(self.surface, self.config.screenshot):
            return 1
        return 0

    def _hold(self, timeout: float = HOLD_SECONDS) -> None:
        """The display tests' hook (``MAGDAGDON_DISPLAY_PROBE``): a run to a frame count
        keeps its last picture on screen until a stop signal or a close (``frames done`` on
        stdout says when), then draws that frame whole into the canvas, probe marks too, for
        ``--screenshot``: what the screen showed after partial frames can be compared with a
        whole redraw of the same frame."""
        print("frames done", flush=True)
        deadline = time.monotonic() + timeout
        while self.stop_signal is None and time.monotonic() < deadline:
            events = pygame.event.get()
            if any(event.type == pygame.QUIT for event in events):
                break
            for event in events:
                self.display.map_event(event)
            if self.display.damaged:
                self.display.present(redrawn=False)
            time.sleep(0.02)
        self.stack.draw(self.surface)
        self.draw_overlay(self.surface)
        self.display.draw_probe(self.surface)

    def _catch_stop_signals(self) -> dict[int, Any]:
        """Route the stop signals to ``stop_signal`` (main thread only); the old handlers."""
        previous: dict[int, Any] = {}
        if threading.current_thread() is not threading.main_thread():
            return previous

        def stop(signum: int, _frame: object) -> None:
            self.stop_signal = signum

        for signum in STOP_SIGNALS:
            try:
                previous[signum] = signal.signal(signum, stop)
            except (OSError, ValueError):  # not settable here
                continue
        return previous

    def on_stop_signal(self) -> None:
        """Called once when a stop signal ends the run."""
        self.save_and_quit()

    def run_frame(self) -> None:
        """One frame: events, fixed updates, draw and present (if due), scene changes, sleep."""
        start, work = self.clock(), self.work_clock()
        scene_changed = self._scene_changed
        active = self._handle_events() or scene_changed
        if self.presence.lost and self.running:  # at once: never draw into a lost window
            self.window_lost()
        steps, alpha = self.loop.tick()
        fixed = self._fixed()
        if fixed:
            steps, alpha = 1, 0.0
        for _ in range(steps):
            for hook in self.step_hooks:
                hook(STEP)
            self.stack.update(STEP)
        self.alpha = alpha  # set before draw so scenes can interpolate with it
        if active:
            self.pacer.activity()
        if self._due(steps):
            self._draw(scene_changed)
            self.pacer.drew()
            self.draws += 1
        self._scene_changed = self.stack.pending
        self.stack.apply_pending()
        self._work_ahead(work)
        if self.display.probe:
            self._say_screen()
        self.display.poll()
        self.presence.poll()
        if self.presence.lost and self.running:
            self.window_lost()
        self.frame += 1
        end = self.clock()
        if self._first_frame_end is None:
            self._first_frame_end = end
        if self.config.bench:
            self.frame_times.append((end - start) * 1000.0)
        if not self.counted:
            wait = self.loop.until_next()
            if wait > 0:
                self.sleep(wait)  # nothing is due: give the CPU back until something is

    def _handle_events(self) -> bool:
        """Hand this frame's events to the filters, the app's own keys and the top scene;
        whether there were any."""
        any_event = False
        for event in pygame.event.get():
            event = self.display.map_event(event)  # window pixels → logical, once, for all
            self.presence.watch(event)
            any_event = True
            if any(watcher(event) for watcher in self.event_filters):
                continue  # consumed before any scene sees it (e.g. a kiosk's exit gesture)
            actions = self.input.translate(event)
            for action in actions:
                if action.kind == KEY and action.key == "fullscreen":
                    self.toggle_fullscreen()
                elif action.kind == QUIT and self.quit_on_close and self.running:
                    self.save_and_quit()
            actions = [a for a in actions if not (a.kind == KEY and a.key == "fullscreen")]
            self.router.dispatch(self.stack.top, event, actions)
        return any_event

    def _due(self, steps: int) -> bool:
        """Whether this frame draws: always in a run to a frame count, else as the pacer says
        (the pass after motion ends draws too: the picture at rest shows at once)."""
        if self.counted:
            return True
        moving, was_moving = self.moving(), self._was_moving
        self._was_moving = moving or (was_moving and not steps)
        return self.pacer.should_draw(steps, self.still(),
                                      forced=self.frame == 0 or self.display.damaged,
                                      moving=moving or was_moving) \
            and not self.display.minimised

    def _draw(self, scene_changed: bool) -> None:
        """Draw the visible scenes and the overlay and present them: all of it, or only the
        boxes round what the scene says has changed (``engine.damage``), each pass clipped
        to its box."""
        surface = self.surface
        areas = self._damage(scene_changed, self.stack.visible())
        if areas is not None and self._since_full + 1 >= FULL_EVERY:
            areas = None
        if areas is None:
            self.stack.draw(surface)
            self.draw_overlay(surface)
            self.display.present()
            self._since_full = 0
            return
        parts = boxes(areas, surface.get_rect())
        if not parts:
            return  # nothing changed on screen: the window keeps the last picture
        self._since_full += 1
        self.partial_draws += 1
        try:
            for part in parts:  # each box redrawn whole within itself
                surface.set_clip(part)
                self.stack.draw(surface)
                self.draw_overlay(surface)
        finally:
            surface.set_clip(None)
        self.display.present(areas=parts)

    def _damage(self, scene_changed: bool,
                visible: Sequence[Scene[Any]]) -> list[pygame.Rect] | None:
        """What this draw changes (``None``: everything). A scene alone on screen is always
        asked, so it knows what it drew (input that changes what it shows changes its
        signature); a scene change, a window event or an overlay that cannot say mean a
        whole redraw regardless."""
        areas = visible[0].damage() if len(visible) == 1 else None
        if areas is None or scene_changed or self.frame == 0 or self.display.damaged:
            return None
        overlay = self.overlay_damage()
        return None if overlay is None else areas + overlay

    def overlay_damage(self) -> list[pygame.Rect] | None:
        """What ``draw_overlay`` changes this draw (``None``: it cannot say); nothing here."""
        return []

    def still(self) -> bool:
        """Whether every visible scene declares that nothing on it moves by itself."""
        visible = self.stack.visible()
        return bool(visible) and all(scene.still for scene in visible)

    def moving(self) -> bool:
        """Whether a visible scene plays something out by itself (drawn at full rate)."""
        return any(scene.moving for scene in self.stack.visible())

    def _say_screen(self) -> None:
        top = self.stack.top
        name = None if top is None else str(getattr(top, "screen_name", type(top).__name__))
        if name != self._screen:
            self._screen = name
            print(f"screen {name}", flush=True)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn over every scene each frame (notices, debug); nothing by default."""

    def bench_report(self) -> str:
        """One line of timing figures; the first frame (startup) is excluded from the stats."""
        import statistics  # (its fractions and decimals are a benchmark's, not a start's)

        times = sorted(self.frame_times[1:])
        median = statistics.median(times) if times else 0.0
        return (
            f"frames={self.frame} startup_ms={self.startup_ms:.1f} median_ms={median:.2f} "
            f"p99_ms={_percentile(times, 0.99):.2f} max_ms={max(times, default=0.0):.2f} "
            f"rss_mb={memory.peak_mb():.1f} renderer={self.display.renderer}"
        )
