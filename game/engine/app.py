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
import statistics
import sys
import threading
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.engine import assets, layers, memory
from game.engine.audio import BUFFER, CHANNELS, FREQUENCY, SAMPLE_SIZE
from game.engine.damage import FRAME_PIXELS, area, boxes, share
from game.engine.display import LOGICAL_SIZE, Display
from game.engine.input import KEY, QUIT, InputMapper, ensure_touch_mouse_hints
from game.engine.loop import STEP, FixedStepLoop
from game.engine.navigation import Navigator
from game.engine.pacing import Pacer
from game.engine.router import InputRouter
from game.engine.scenes import Effect, Scene, SceneStack
from game.engine.sprites import Sprites

if TYPE_CHECKING:
    import pygame_gui

log = logging.getLogger(__name__)

_POINTED = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION)
"""Events whose position the app keeps: what a partial draw too big for one frame draws first."""

FULL_EVERY = 300
"""Every pixel of a partly redrawn screen (``engine.damage``) is drawn anew at least every this
many draws (5 s of motion at 60 a second: a safety net, since a partial draw is checked pixel
by pixel against a whole one in the tests)."""
PIXELS_PER_MS = 300_000
"""About how many pixels of a partial draw (drawing and uploading them) cost a millisecond
here: what a frame has already spent on input and updates (a tap that places a die: 1–1.5 ms)
is taken off the pixels a burst may draw in it (``damage.share``)."""
REFRESH_BANDS = 10
"""The safety net comes in this many bands across the canvas, one every
``FULL_EVERY // REFRESH_BANDS`` partial draws, redrawn along with what changed: no frame draws
it all at once (a whole redraw, ~5 ms, was among the costliest 1 % of frames)."""


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

    def __init__(self, config: AppConfig, clock: Callable[[], float] = time.perf_counter,
                 sleep: Callable[[float], None] | None = None) -> None:
        self.clock = clock
        # How the loop waits for the next step; a FakeClock's sleep only records the wait.
        self.sleep: Callable[[float], None] = (
            sleep if sleep is not None else getattr(clock, "sleep", time.sleep))
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
        # The window's close button must work even if no scene handles "quit"; a kiosk that
        # wants to refuse or confirm it sets this False and handles the action in its scenes.
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
        self._later: list[pygame.Rect] = []  # boxes a partial draw left to the next frame
        self._last_pixels = 0  # how many the last draw drew (engine.damage.share)
        self._pointer: tuple[int, int] | None = None  # where the pointer last was (logical)
        self._frame: pygame.Surface | None = None  # the effect buffer (_effect_buffer)
        self._effect_shown: pygame.Surface | None = None
        """What the window shows instead of the canvas: the picture a lone scene's effect
        was drawn into (the window's own pixels, or the effect buffer)."""
        self.sprites = Sprites()  # a lone scene's sparks, over its picture (engine.sprites)
        self._frame_start = 0.0  # when this frame began (clock)
        self._backdrop_of: tuple[Scene[Any], ...] = ()  # the scenes in the backdrop buffer
        self._backdrop_draws = 0  # whole draws since it was drawn
        self._screen: str | None = None
        self._idle_jobs: dict[Hashable, Callable[[], None]] = {}  # (when_idle)

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

    def quit(self) -> None:
        """End ``run`` after the current frame."""
        self.running = False

    def toggle_fullscreen(self) -> None:
        """F11: windowed ⇄ fullscreen (an app may refuse, e.g. a kiosk)."""
        self.display.toggle_fullscreen()

    def shutdown(self) -> None:
        """Close the window and the audio device; pygame objects die with it (fonts too)."""
        self.running = False
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
        finally:
            for signum, handler in previous.items():
                signal.signal(signum, handler)
        if self.config.screenshot and not assets.save_image(self.shown, self.config.screenshot):
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
        """One frame: events, fixed updates, draw and present (if due), scene changes, sleep."""
        start = self._frame_start = self.clock()
        scene_changed = active = self._scene_changed
        for event in pygame.event.get():
            event = self.display.map_event(event)  # window pixels → logical, once, for all
            active = True
            if event.type in _POINTED:
                self._pointer = event.pos
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
        if active:
            self.pacer.activity()
        if self.counted:
            draw = True
        else:
            # the pass after motion ends draws too: the picture at rest shows at once
            moving, was_moving = self.moving() or bool(self._later), self._was_moving
            self._was_moving = moving or (was_moving and not steps)
            draw = self.pacer.should_draw(steps, self.still(), forced=self.frame == 0
                                          or self.display.damaged,
                                          moving=moving or was_moving) \
                and not self.display.minimised
        if draw:
            self._draw(scene_changed)
            self.pacer.drew()
            self.draws += 1
        elif self._idle_jobs and self.pacer.idle and not self.moving():
            self._run_idle_job()
        self._scene_changed = self.stack.pending
        self.stack.apply_pending()
        if self.display.probe:
            self._say_screen()
        self.display.poll()
        if self.frame == 0:
            self._effect_buffer()  # in the startup frame, not in an effect's first one
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

    def _draw(self, scene_changed: bool) -> None:
        """Draw the visible scenes and the overlay and present them: all of it, or only what
        the scene says has changed (``engine.damage``) — a burst of changes over this frame
        and the next (``damage.share``: where the pointer is first); a lone scene's sprites
        are lifted off before and put down over it after (``engine.sprites``); a lone scene's
        effect goes over a copy (``Scene.effect``)."""
        surface = self.surface
        visible = self.stack.visible()
        lone = visible[0] if len(visible) == 1 else None
        effect = self._lone_effect(visible)
        shake = visible[0].effect_shake() if effect is not None else (0, 0)
        areas = self._damage(scene_changed, visible)
        left, self._later = self._later, []
        last, self._last_pixels = self._last_pixels, surface.get_width() * surface.get_height()
        if areas is None:
            self.sprites.forget()
            if lone is None and visible:
                self._draw_over_backdrop(surface, visible, fresh=scene_changed
                                         or self.frame == 0 or self.display.damaged)
            else:
                self.stack.draw(surface, effects=effect is None, sprites=False)
                if lone is not None:
                    self.sprites.put(surface, lone.sprites())
            self.draw_overlay(surface)
            self._present(effect, None, shake)
            self._since_full = 0
            return
        self._since_full += 1
        self.partial_draws += 1
        band = self._refresh_band()
        rects = [*areas, *left] if band is None else [*areas, *left, band]
        if effect is None and self._effect_shown is None and not left:
            pointer = [] if self._pointer is None else [pygame.Rect(self._pointer, (1, 1))]
            parts, self._later = share(rects, surface.get_rect(), last, first=pointer,
                                       pixels=self._pixels_left())
        else:  # what was left waits no longer; an effect's copy shows all of the canvas
            parts = boxes(rects, surface.get_rect())
        self._last_pixels = area(parts)
        sprites = lone.sprites() if lone is not None else ()
        if not parts and not sprites and not self.sprites and effect is None \
                and self._effect_shown is None:
            return  # nothing changed on screen: the window keeps the last picture
        lifted = self.sprites.lift(surface)
        try:
            for part in parts:  # each box redrawn whole within itself
                surface.set_clip(part)
                self.stack.draw(surface, effects=effect is None, sprites=False)
                self.draw_overlay(surface)
        finally:
            surface.set_clip(None)
        put = self.sprites.put(surface, sprites)
        self._present(effect, parts, shake, squares=[*lifted, *put])

    def when_idle(self, key: Hashable, job: Callable[[], None]) -> None:
        """Run ``job`` once, in a pass that draws nothing while the screen is untouched
        (``Pacer.idle``) and nothing on it plays out by itself: work that would otherwise
        land on a frame the player watches (the first game over of a run built its buttons'
        shapes in 54 ms), done while the player thinks, one job a pass. A job whose ``key``
        is already waiting is not queued again. Runs to a frame count draw every pass: their
        jobs never run."""
        self._idle_jobs.setdefault(key, job)

    @property
    def idle_jobs(self) -> tuple[Hashable, ...]:
        """The keys of the jobs waiting for an idle pass (:meth:`when_idle`), oldest first."""
        return tuple(self._idle_jobs)

    def _run_idle_job(self) -> None:
        key = next(iter(self._idle_jobs))
        job = self._idle_jobs.pop(key)
        try:
            job()
        except Exception:  # noqa: BLE001 - work ahead of time must never break the game
            log.exception("the idle-time job %r failed", key)

    def _pixels_left(self) -> int:
        """How many pixels a burst may draw in this frame (``damage.share``): its share,
        less what the frame's input and updates have already cost (a quarter at least)."""
        spent_ms = (self.clock() - self._frame_start) * 1000.0
        return max(FRAME_PIXELS // 4, FRAME_PIXELS - int(spent_ms * PIXELS_PER_MS))

    def _draw_over_backdrop(self, surface: pygame.Surface, visible: Sequence[Scene[Any]],
                            fresh: bool) -> None:
        """The top scene over the ones it lets show (a dialog over the play screen): those
        below are not updated while it is up, so they are drawn once into a backdrop (the
        effect buffer, which no lone scene uses meanwhile) and copied back each frame —
        0.4 ms instead of redrawing them, 3 of the game-over screen's 4 ms a frame. Drawn
        anew after any scene change or window event, a language change
        (:meth:`forget_backdrop`) and every ``FULL_EVERY`` whole draws."""
        below = tuple(visible[:-1])
        backdrop = self._effect_buffer()
        if fresh or below != self._backdrop_of or self._backdrop_draws >= FULL_EVERY:
            self.stack.draw(surface, scenes=below)
            backdrop.blit(surface, (0, 0))
            self._backdrop_of, self._backdrop_draws = below, 0
        else:
            surface.blit(backdrop, (0, 0))
            self._backdrop_draws += 1
        self.stack.draw(surface, scenes=visible[-1:])

    def forget_backdrop(self) -> None:
        """The scenes under the top one may look different now (their language changed):
        the next whole draw draws them anew."""
        self._backdrop_of = ()

    def _refresh_band(self) -> pygame.Rect | None:
        """The band of the canvas this partial draw redraws too (:data:`REFRESH_BANDS`), top
        to bottom in turn, or None: after ``FULL_EVERY`` partial draws every row was drawn
        anew since the last whole draw."""
        every = FULL_EVERY // REFRESH_BANDS
        if self._since_full % every:
            return None
        band = (self._since_full // every - 1) % REFRESH_BANDS
        width, height = self.surface.get_size()
        top, bottom = height * band // REFRESH_BANDS, height * (band + 1) // REFRESH_BANDS
        return pygame.Rect(0, top, width, bottom - top)

    @staticmethod
    def _lone_effect(visible: Sequence[Scene[Any]]) -> Effect | None:
        return visible[0].effect() if len(visible) == 1 else None

    def _present(self, effect: Effect | None, areas: list[pygame.Rect] | None,
                 shake: tuple[int, int] = (0, 0), squares: Sequence[pygame.Rect] = ()) -> None:
        """The canvas as it is, or (``effect``) a copy of it with the effect drawn over: the
        effect copies the canvas in, shaken as the lone scene says (``Scene.effect_shake``),
        and draws over it, instead of the whole scene being redrawn under a full-screen
        effect every frame. The copy is made in the window's own pixels where the display
        shows them as they are (``Display.window_pixels``: nothing more to copy), else in
        the effect buffer."""
        if effect is not None:
            frame = self.display.window_pixels()  # drawn where it is shown: no copy at all
            if frame is None:
                frame = self._effect_buffer()
                self.forget_backdrop()  # (the buffer it was kept in)
            effect(frame, (self.surface, shake))  # the canvas, shaken, copied in by it
            self.display.present(source=frame)
            self._effect_shown = frame
            return
        if self._effect_shown is not None:  # the window shows the effect: all of the canvas
            self._effect_shown = None
            areas = None
        self.display.present(areas=areas, squares=squares)

    def _effect_buffer(self) -> pygame.Surface:
        """The copy of the canvas a lone scene's effect is drawn into — and, while an overlay
        is up, the backdrop under it (:meth:`_draw_over_backdrop`) — kept for the run (8 MB at
        1080p) and made in the startup frame (again if the canvas's size changes): made on an
        effect's first frame, its pages faulted in one by one as they were first written, 6 of
        the 17 ms of the first MAGDAGDON slam of a run."""
        if self._frame is None or self._frame.get_size() != self.surface.get_size():
            self._frame = layers.copy(self.surface)
        return self._frame

    @property
    def deferred(self) -> list[pygame.Rect]:
        """The boxes the last partial draw left for the next frame (``damage.share``)."""
        return list(self._later)

    @property
    def shown(self) -> pygame.Surface:
        """The picture the window shows now (the canvas, or the copy with an effect)."""
        return self.surface if self._effect_shown is None else self._effect_shown

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
        times = sorted(self.frame_times[1:])
        median = statistics.median(times) if times else 0.0
        return (
            f"frames={self.frame} startup_ms={self.startup_ms:.1f} median_ms={median:.2f} "
            f"p99_ms={_percentile(times, 0.99):.2f} max_ms={max(times, default=0.0):.2f} "
            f"rss_mb={_rss_mb():.1f}"
        )
