"""The application shell: window, fixed-step loop, input translation and the scene stack.

One frame = pump events (raw to the top scene, then translated actions) → run the due fixed
updates → draw the visible scenes → flip → apply the scene changes requested meanwhile.
``frames``/``bench`` make runs reproducible (one update per frame) for demos, screenshots
and benchmarks; the normal mode follows the wall clock.
"""

from __future__ import annotations

import logging
import math
import os
import signal
import statistics
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.engine import assets, memory
from game.engine.audio import BUFFER, CHANNELS, FREQUENCY, SAMPLE_SIZE
from game.engine.display import LOGICAL_SIZE, Display
from game.engine.input import KEY, QUIT, InputMapper, ensure_touch_mouse_hints
from game.engine.loop import STEP, FixedStepLoop
from game.engine.navigation import Navigator
from game.engine.router import InputRouter
from game.engine.scenes import SceneStack

if TYPE_CHECKING:
    import pygame_gui

log = logging.getLogger(__name__)


@dataclass
class AppConfig:
    """Command-line level options (see main.py)."""

    fullscreen: bool = False
    frames: int | None = None  # stop after this many frames (demos, screenshots, CI)
    screenshot: str | None = None  # save the last frame here when the run ends
    bench: bool = False  # collect per-frame timings for bench_report()
    size: tuple[int, int] = LOGICAL_SIZE
    title: str = ""


def _rss_mb() -> float:
    """Peak resident memory in MB; 0.0 where the ``resource`` module does not exist."""
    try:
        import resource
    except ImportError:  # Windows
        return 0.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # Linux reports KiB, macOS bytes.
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def _percentile(sorted_values: list[float], fraction: float) -> float:
    """Nearest-rank percentile of an ascending list (0.0 when empty)."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(fraction * len(sorted_values)))
    return sorted_values[min(rank, len(sorted_values)) - 1]


class DisplayUnavailable(RuntimeError):
    """No window can be opened here (a bad ``SDL_VIDEODRIVER``, no display): said in one line."""


STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP")
                     if hasattr(signal, name))
"""Signals that end a run cleanly: ``systemctl stop``, a shutdown, Ctrl+C, a closed terminal."""


class App:
    """Owns pygame, the display and the scene stack; scenes reach it through ``scene.app``."""

    def __init__(self, config: AppConfig, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.started_at = clock()
        self.config = config
        memory.tune_allocator()
        ensure_touch_mouse_hints()
        # SDL would turn SIGTERM/SIGINT into a QUIT event, which a kiosk ignores: the app
        # handles the signals itself (``run``), saves and ends with status 0.
        os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"
        # pygame.init() opens the mixer too; make it use Audio's low-latency settings.
        pygame.mixer.pre_init(FREQUENCY, SAMPLE_SIZE, CHANNELS, BUFFER)
        pygame.init()
        self.display = Display(config.size, config.fullscreen, config.title)
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
        self.stack = SceneStack()
        self.nav = Navigator(self, lambda: self.stack)
        self.input = InputMapper()
        self.router = InputRouter()
        self.loop = FixedStepLoop(clock=clock)
        self.frame = 0
        self.running = True
        self.alpha = 0.0
        self.frame_times: list[float] = []
        # One update per frame in bench/frames runs, so they advance deterministically.
        self.fixed_steps_per_frame = config.bench
        # The window's close button must work even if no scene handles "quit"; a kiosk that
        # wants to refuse or confirm it sets this False and handles the action in its scenes.
        self.quit_on_close = True
        # Called with every raw event first; one that returns True consumes the event.
        self.event_filters: list[Callable[[pygame.event.Event], bool]] = []
        # Called once per fixed update, before the scenes (idle timers, attract mode, demo).
        self.step_hooks: list[Callable[[float], None]] = []
        self.stop_signal: int | None = None  # a signal asked the run to end
        self._first_frame_end: float | None = None

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
        import pygame_gui

        theme_path = str(theme) if isinstance(theme, Path) else theme
        return pygame_gui.UIManager(self.display.size, theme_path=theme_path)

    def quit(self) -> None:
        """End ``run`` after the current frame."""
        self.running = False

    def toggle_fullscreen(self) -> None:
        """F11: windowed ⇄ fullscreen (an app may refuse, e.g. a kiosk)."""
        self.display.toggle_fullscreen()

    def shutdown(self) -> None:
        """Close the window and the audio device; pygame objects die with it (fonts too)."""
        self.running = False
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
        finally:
            for signum, handler in previous.items():
                signal.signal(signum, handler)
        if self.config.screenshot and not assets.save_image(self.surface, self.config.screenshot):
            return 1
        return 0

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
        """Called once when a stop signal ends the run (an app saves its games here)."""

    def run_frame(self) -> None:
        """One frame: events, fixed updates, draw, flip, scene changes."""
        start = self.clock()
        for event in pygame.event.get():
            if any(watcher(event) for watcher in self.event_filters):
                continue  # consumed before any scene sees it (e.g. a kiosk's exit gesture)
            actions = self.input.translate(event)
            for action in actions:
                if action.kind == KEY and action.key == "fullscreen":
                    self.toggle_fullscreen()
                elif action.kind == QUIT and self.quit_on_close:
                    self.quit()
            actions = [a for a in actions if not (a.kind == KEY and a.key == "fullscreen")]
            self.router.dispatch(self.stack.top, event, actions)
        steps, alpha = self.loop.tick()
        fixed = self._fixed()
        if fixed:
            steps, alpha = 1, 0.0
        for _ in range(steps):
            for hook in self.step_hooks:
                hook(STEP)
            self.stack.update(STEP)
        self.alpha = alpha  # set before draw so scenes can interpolate with it
        self.stack.draw(self.surface)
        self.draw_overlay(self.surface)
        pygame.display.flip()
        self.stack.apply_pending()
        self.frame += 1
        end = self.clock()
        if self._first_frame_end is None:
            self._first_frame_end = end
        if self.config.bench:
            self.frame_times.append((end - start) * 1000.0)
        if steps == 0 and not fixed:
            pygame.time.wait(1)  # nothing was due: yield the CPU instead of spinning

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn over every scene each frame (notices, debug); nothing by default."""

    def bench_report(self) -> str:
        """One line of timing figures; the first frame (startup) is excluded from the stats."""
        times = sorted(self.frame_times[1:])
        median = statistics.median(times) if times else 0.0
        return (
            f"frames={self.frame} startup_ms={self.startup_ms:.1f} median_ms={median:.2f} "
            f"p99_ms={_percentile(times, 0.99):.2f} max_ms={max(times, default=0.0):.2f} "
            f"rss_mb={_rss_mb():.1f}"
        )
