"""Monkey testing: seeded random REAL pygame events into a running arcade, checked every frame.

The monkey builds a headless ``ArcadeApp`` (dummy video and audio drivers, a fake clock, real
storage in a temporary folder) with the title scene, then repeats: post one event or one
gesture to pygame's queue, run ONE frame (the app's own ``run_frame``: event filters → input
mapper / pygame-gui → scene stack → fixed update → draw of every visible scene), check.

What it posts (weights depend on the scene on top, see ``Monkey._weights``):

* taps by mouse (motion, down, up; sometimes spread over frames) or by touch (FINGERDOWN/UP
  plus SDL's synthesised mouse with ``touch=True``) on visible pygame-gui buttons (disabled
  and exit-like ones less often), on scene hot spots (board cells and tray dice with a bias to
  legal moves so games really finish, language chips, scroll bars, initials slots, the kiosk's
  exit corner) and anywhere, occasionally a little outside the window (captured drags);
* drags (die → cell, placed die → elsewhere, slider thumbs, page scrolls, random), spread
  over several frames;
* multi-finger touches: FINGERDOWN/MOTION/UP with several finger ids, and the synthesised
  mouse only for finger 0 (what SDL does with ``SDL_TOUCH_MOUSE_EVENTS``);
* key presses (every key the game maps, page keys, random others) and TEXTINPUT;
* the mouse wheel (MOUSEWHEEL and the legacy buttons 4/5), right and middle clicks;
* window events: WINDOWRESIZED/SIZECHANGED/VIDEORESIZE with random sizes, focus lost/gained,
  minimised/restored, enter/leave, shown/exposed;
* waits (a frame with several fixed steps and no input, so animations and timers run out;
  in kiosk mode also long idles, so "Still playing?" and attract mode happen);
* now and then QUIT or WINDOWCLOSE. When the app stops running (QUIT, the title's QUIT button,
  the kiosk PIN) the monkey RESTARTS it the way a player would start the game again:
  ``app.running = True`` and the scene stack is cleared to a new title scene (same storage,
  so CONTINUE offers the autosaved game).

Steering, so that one run reaches every screen and finishes games: in play, taps follow the
rules' ``hint()`` or a legal cell most of the time (a tap is still a real event at a cell's or
die's position); the pause button is pressed rarely; and on any other screen a "leave" action
(a way-out button — mostly the one that keeps the game: CONTINUE, NO, RESUME, BACK — or Esc /
Backspace) becomes likelier the longer that screen has been on top. In kiosk mode there are
also the operator's five corner taps, PIN entry (often the right PIN) and idle stretches.

Checks after every frame (``MonkeyFailure`` otherwise):

* no exception escaped (the arcade's safety net, ``ArcadeApp.recover`` when it exists, is
  replaced by a re-raise, so a bug shows its own traceback) and nothing was logged at ERROR;
* the scene stack is not empty (the real app would exit);
* for every PlayScene on the stack, the rules' invariants: tentative dice distinct, on empty
  cells, not in the tray; the placements replayed in order are a legal sequence from the
  committed board; the numbers of ``view()`` are one orthogonally connected field;
  0 ≤ powers_used ≤ difficulty.powers; turns ≤ 16; ``to_dict`` → JSON → ``from_dict`` →
  ``to_dict`` is equal; ``is_over`` iff no empty cell; the scene's phase agrees with the
  rules (IDLE ⇒ no dice, PLACING/MAGDAGDON/CHOOSE_RUIN ⇒ dice, OVER ⇒ game over);
* when the PlayScene drew this frame, the board it drew (``BoardView.drawn``) is the rules'
  state: committed numbers as tiles, ``game.placed`` cells as tentative dice with the dice's
  values, ruins as ruins, empty as empty (a "hidden" cell must hold something).

Speed: every frame draws every visible scene. Only ``pygame.display.flip`` — presenting the
finished frame, which under the dummy driver is a 1920×1080 software copy that nobody sees
(about half of a frame's time) — is done on every ``flip_every``-th frame and on frames with
window events; on the others it is a no-op while the monkey runs (restored afterwards).

Library: ``Monkey(seed, ...).run(events)`` returns a ``MonkeyReport`` (coverage per scene).
CLI: ``python -m tools.monkey --events 1000000 --seed N [--portrait] [--kiosk]`` prints
progress every 10,000 events and, on failure, the seed, the event index and the last 20 events
(exit status 1).
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import random
import shutil
import signal
import string
import sys
import tempfile
import time
import traceback
from collections import Counter, deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from game.arcade.app import ArcadeApp  # noqa: E402
from game.arcade.context import GameContext, SilentAudio  # noqa: E402
from game.engine.app import AppConfig  # noqa: E402
from game.engine.input import KEY_NAMES  # noqa: E402
from game.engine.loop import STEP, FakeClock  # noqa: E402
from game.games.registry import GAMES  # noqa: E402

LANDSCAPE = (1920, 1080)
PORTRAIT = (1080, 1920)
KIOSK_PIN = "2468"
WALL_START = datetime(2026, 11, 30, 2, 15, tzinfo=UTC)
"""The storage's wall clock at the start of a run (it then follows the fake clock)."""
TOUCH_ID = 1
LOG_LENGTH = 20

Pos = tuple[int, int]
Events = list[pygame.event.Event]

# Keys the game reads raw (not through KEY_NAMES): the page keys of the rules / about pages.
RAW_KEYS = (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)
OTHER_KEYS = (
    pygame.K_a, pygame.K_z, pygame.K_q, pygame.K_0, pygame.K_5, pygame.K_9, pygame.K_F1,
    pygame.K_F4, pygame.K_F12, pygame.K_LSHIFT, pygame.K_RCTRL, pygame.K_LALT, pygame.K_LGUI,
    pygame.K_CAPSLOCK, pygame.K_INSERT, pygame.K_PRINTSCREEN, pygame.K_MINUS, pygame.K_PLUS,
    pygame.K_KP_MINUS, pygame.K_KP_PLUS, pygame.K_KP5, pygame.K_KP0, pygame.K_MENU,
    pygame.K_AC_BACK, pygame.K_UNKNOWN,
)
TEXTS = ("a", "Z", "q", "é", "ß", "ก", "한", "б", "7", " ", "ab", "😀", "\u200b", "ー")
WINDOW_EVENTS = (
    pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWMINIMIZED,
    pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED, pygame.WINDOWENTER, pygame.WINDOWLEAVE,
    pygame.WINDOWSHOWN, pygame.WINDOWHIDDEN, pygame.WINDOWEXPOSED, pygame.WINDOWMOVED,
    pygame.WINDOWTAKEFOCUS,
)
# Buttons the monkey presses less often: they leave the screen it is exploring (each game adds
# its own, see ``tools/monkey_games``).
RARE_BUTTONS = {
    "title.quit": 0.08,
    "pause.quit_to_title": 0.5,
    "crash.quit": 0.1,
}
# Ways out of a screen, for the "leave" action (its weight grows the longer a screen is on top,
# so the monkey wanders through every screen instead of getting lost in one).
LEAVE_BUTTONS = ("common.back", "common.no", "common.yes", "pause.resume", "initials.skip",
                 "initials.save", "over.play_again", "over.menu", "title.new_game",
                 "title.continue", "crash.restart", "pin.clear")
KEEP_GAME = ("title.continue", "common.no", "pause.resume", "common.back", "initials.save",
             "initials.skip", "over.play_again")


class MonkeyFailure(AssertionError):
    """A check failed or the game raised; the message says how to reproduce it."""

    def __init__(self, seed: int, index: int, problem: str, log: list[str], details: str = "",
                 options: str = "") -> None:
        self.seed, self.index, self.problem, self.log = seed, index, problem, log
        lines = [
            f"monkey failure: seed={seed} event={index}: {problem}",
            f"reproduce: python -m tools.monkey --seed {seed} --events {index + 1}{options}",
            f"last {len(log)} events:",
            *(f"  {line}" for line in log),
        ]
        if details:
            lines += ["", details.rstrip()]
        super().__init__("\n".join(lines))


@dataclass
class Batch:
    """What the monkey does in one frame: post these events, advance the clock by ``steps``."""

    label: str
    events: Events = field(default_factory=list)
    steps: int = 1
    flip: bool = False  # do the real display flip this frame (window events)


@dataclass
class MonkeyReport:
    seed: int
    events: int
    seconds: float
    coverage: Counter  # top scene (class name, and a few sub-states) -> events it received
    restarts: int = 0
    games_over: int = 0
    boards_checked: int = 0  # frames in which a drawn board was compared with the rules

    @property
    def visited(self) -> set[str]:
        return {name for name in self.coverage if "[" not in name}

    @property
    def rate(self) -> float:
        return self.events / self.seconds if self.seconds else 0.0

    def table(self) -> str:
        lines = [f"monkey seed={self.seed}: {self.events} events in {self.seconds:.1f} s "
                 f"({self.rate:.0f} events/s), {self.restarts} restarts, "
                 f"{self.games_over} games over, {self.boards_checked} drawn boards checked",
                 f"{'scene on top':<34}{'events':>8}"]
        for name, count in sorted(self.coverage.items()):
            lines.append(f"{name:<34}{count:>8}")
        return "\n".join(lines)


# --- building the app ------------------------------------------------------------------------
def make_app(data_dir: Path, size: tuple[int, int], seed: int) -> ArcadeApp:
    """A headless arcade like ``tests.support.make_arcade``: fake clock, real storage,
    silent audio (which, unlike the tests' recording audio, does not grow over a long run).
    The storage's wall clock follows the fake one, so the kiosk PIN's lockouts run out as the
    monkey waits."""
    from game.arcade.storage import Storage

    clock = FakeClock()
    storage = Storage(data_dir, games=[spec.data for spec in GAMES],
                      clock=lambda: WALL_START + timedelta(seconds=clock.now))
    settings = storage.load_settings()
    ctx = GameContext(settings=settings, audio=SilentAudio(), seed=seed, storage=storage,
                      notices=storage.notices)
    app = ArcadeApp(AppConfig(size=size), ctx, GAMES, clock=clock)
    app.fixed_steps_per_frame = True
    return app


def scratch_dir(what: str) -> Path:
    """A fresh temporary data folder; in memory (/dev/shm) where there is one, so the
    storage's fsyncs of every autosave cost the run nothing but the game's own work."""
    shm = Path("/dev/shm")
    where = shm if shm.is_dir() and os.access(shm, os.W_OK) else None
    return Path(tempfile.mkdtemp(prefix=f"magdagdon-{what}-", dir=where))


def _reraise() -> None:
    """Stands in for ``ArcadeApp.recover`` (called inside its ``except``): re-raise."""
    raise  # called while the frame's exception is being handled: re-raise it


class _ErrorLog(logging.Handler):
    """Collects ERROR records of the game's loggers: an error the game swallowed is a failure."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@contextmanager
def _sparse_flips(every: int) -> Iterator[Callable[[bool], None]]:
    """Make ``pygame.display.flip`` a no-op except when ``set_flip(True)`` asked for one."""
    real = pygame.display.flip
    wanted = [True]

    def flip() -> None:
        if wanted[0]:
            real()

    def set_flip(on: bool) -> None:
        wanted[0] = on

    if every <= 1:
        yield set_flip
        return
    pygame.display.flip = flip
    try:
        yield set_flip
    finally:
        pygame.display.flip = real


# --- events ----------------------------------------------------------------------------------
def _ev(kind: int, **attrs: Any) -> pygame.event.Event:
    return pygame.event.Event(kind, **attrs)


def _motion(pos: Pos, prev: Pos, held: bool, touch: bool = False) -> pygame.event.Event:
    return _ev(pygame.MOUSEMOTION, pos=pos, rel=(pos[0] - prev[0], pos[1] - prev[1]),
               buttons=(1, 0, 0) if held else (0, 0, 0), touch=touch)


def _button(kind: int, pos: Pos, button: int = 1, touch: bool = False) -> pygame.event.Event:
    return _ev(kind, pos=pos, button=button, touch=touch)


def _key(code: int, down: bool) -> pygame.event.Event:
    return _ev(pygame.KEYDOWN if down else pygame.KEYUP, key=code, mod=0, unicode="",
               scancode=0)


def _centre_of(rect: pygame.Rect) -> Pos:
    return int(rect.centerx), int(rect.centery)


# --- the monkey ------------------------------------------------------------------------------
class Monkey:
    """One seeded monkey on one headless app; ``run`` drives it and raises ``MonkeyFailure``."""

    def __init__(self, seed: int, *, size: tuple[int, int] = LANDSCAPE, kiosk: bool = False,
                 data_dir: Path | str | None = None, flip_every: int = 25,
                 idle_seconds: float = 1.5, attract_seconds: float = 1.0) -> None:
        self.seed = seed
        self.size = size
        self.kiosk_mode = kiosk
        self.flip_every = flip_every
        self.idle_seconds = idle_seconds
        self.attract_seconds = attract_seconds
        self.rng = random.Random(seed)
        self._own_dir = data_dir is None
        self.data_dir = Path(data_dir) if data_dir is not None else scratch_dir("monkey")
        self.app: ArcadeApp | None = None
        self.queue: deque[Batch] = deque()
        self.log: deque[str] = deque(maxlen=LOG_LENGTH)
        self.coverage: Counter = Counter()
        self.index = 0
        self.restarts = 0
        self.games_over = 0
        self.boards_checked = 0
        self.pointer: Pos = (size[0] // 2, size[1] // 2)
        self._seen_over: set[int] = set()
        self._top: Any = None
        self.dwell = 0  # events the current top scene has received so far
        self._checked: dict[int, tuple] = {}  # play scene id -> game state last checked
        self._players: dict[str, Any] = {}

    @property
    def options(self) -> str:
        """The CLI options that rebuild this monkey (for the reproduction line)."""
        out = ""
        if self.size == PORTRAIT:
            out += " --portrait"
        elif self.size != LANDSCAPE:
            out += f" --size {self.size[0]}x{self.size[1]}"
        if self.kiosk_mode:
            out += " --kiosk"
        return out

    def game_of(self, scene: Any) -> Any:
        """The per-game knowledge (``tools/monkey_games/<game id>.py``) for ``scene``, if any."""
        game_id = getattr(scene, "game_id", None)
        if game_id is None:
            return None
        player = self._players.get(game_id)
        if player is None:
            player = importlib.import_module(f"tools.monkey_games.{game_id}").PLAYER
            self._players[game_id] = player
        return player

    def game_of_id(self, game_id: str) -> Any:
        class _Scene:
            pass

        probe = _Scene()
        probe.game_id = game_id  # type: ignore[attr-defined]
        return self.game_of(probe)

    def _play(self, scene: Any) -> Any:
        """The game knowledge when ``scene`` is a play screen, else None."""
        player = self.game_of(scene)
        return player if player is not None and player.is_play(scene) else None

    # --- lifecycle ---------------------------------------------------------------------------
    def start(self) -> ArcadeApp:
        app = make_app(self.data_dir, self.size, self.seed)
        if getattr(app, "recover", None) is not None:
            app.recover = _reraise  # type: ignore[method-assign]
        if self.kiosk_mode:
            from game.arcade.kiosk import Kiosk

            Kiosk(app, pin=KIOSK_PIN, idle_seconds=self.idle_seconds,
                  attract_seconds=self.attract_seconds, seed=self.seed).install()
        app.nav.push("title")
        app.stack.apply_pending()
        app.loop.reset()
        pygame.event.clear()
        self.app = app
        return app

    def close(self) -> None:
        if self.app is not None:
            self.app.shutdown()
            self.app = None
        if self._own_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)

    def restart(self) -> None:
        """The app stopped (QUIT, the title's QUIT button, the kiosk PIN): start it again the
        way a player would, at the title, with the same storage."""
        app = self.app
        assert app is not None
        self.restarts += 1
        app.running = True
        app.nav.clear_to("title")
        app.stack.apply_pending()

    def run(self, events: int, progress: Callable[[int, float], None] | None = None,
            every: int = 10_000) -> MonkeyReport:
        """Drive ``events`` frames; ``progress(index, events_per_second)`` every ``every``."""
        app = self.app or self.start()
        errors = _ErrorLog()
        game_log = logging.getLogger("game")
        game_log.addHandler(errors)
        started = last = time.perf_counter()
        try:
            with _sparse_flips(self.flip_every) as set_flip:
                for self.index in range(events):
                    self.step(app, errors, set_flip)
                    if progress is not None and (self.index + 1) % every == 0:
                        now = time.perf_counter()
                        progress(self.index + 1, every / max(now - last, 1e-9))
                        last = now
        finally:
            game_log.removeHandler(errors)
        return MonkeyReport(self.seed, events, time.perf_counter() - started, self.coverage,
                            self.restarts, self.games_over, self.boards_checked)

    def fail(self, problem: str, details: str = "") -> MonkeyFailure:
        return MonkeyFailure(self.seed, self.index, problem, list(self.log), details,
                             self.options)

    def step(self, app: ArcadeApp, errors: _ErrorLog, set_flip: Callable[[bool], None]) -> None:
        """One event (or one frame of a gesture), one frame, every check."""
        top = app.stack.top
        self.coverage[self._state_name(top)] += 1
        if top is self._top:
            self.dwell += 1
        else:
            self._top, self.dwell = top, 0
        if not self.queue:
            self.queue.extend(self.generate(top))
        batch = self.queue.popleft()
        self.log.append(f"#{self.index} [{type(top).__name__}] {batch.label}")
        for event in batch.events:
            pygame.event.post(event)
        for scene in app.stack.scenes:
            player = self._play(scene)
            if player is not None:
                player.clear_drawn(scene)
        set_flip(batch.flip or self.index % max(self.flip_every, 1) == 0)
        app.clock.advance(STEP * batch.steps)
        try:
            app.run_frame()
        except Exception as error:  # noqa: BLE001 - any error is the monkey's finding
            raise self.fail(f"{type(error).__name__}: {error}",
                            traceback.format_exc()) from error
        if errors.records:
            record = errors.records[0]
            details = record.getMessage()
            if record.exc_info:
                details += "\n" + "".join(traceback.format_exception(*record.exc_info))
            raise self.fail(f"logged error from {record.name}", details)
        if not app.running:
            self.log.append(f"#{self.index} app stopped running: restarted at the title")
            self.restart()
        if not len(app.stack):
            raise self.fail("the scene stack is empty (the real app would exit)")
        checked, self._checked = self._checked, {}
        for scene in app.stack.scenes:
            player = self._play(scene)
            if player is None:
                continue
            state = player.state(scene)
            fresh = checked.get(id(scene)) != state  # else its round trip was checked
            self._checked[id(scene)] = state
            problems = player.problems(scene, round_trip=fresh)
            self.boards_checked += player.drew(scene)
            if problems:
                raise self.fail("; ".join(problems), player.describe(scene))
            finished = player.finished(scene)
            if finished is not None and id(finished) not in self._seen_over:
                self._seen_over.add(id(finished))
                self.games_over += 1

    def _state_name(self, scene: Any) -> str:
        name = type(scene).__name__
        kiosk = getattr(self.app, "kiosk", None)
        if kiosk is not None and kiosk.attract:
            return f"{name}[attract]"
        if name == "TitleScene" and getattr(scene, "choosing", None) is not None:
            return f"TitleScene[{scene.choosing.id} variants]"
        player = self.game_of(scene)
        if player is not None:
            return f"{scene.game_id}.{player.state_name(scene)}"
        return name

    # --- choosing what to do -----------------------------------------------------------------
    def _weights(self, scene: Any) -> dict[str, float]:
        name = type(scene).__name__
        w = {
            "button": 30.0, "hotspot": 12.0, "tap_any": 6.0, "drag": 6.0, "touch": 5.0,
            "key": 9.0, "text": 1.5, "wheel": 2.0, "mouse_other": 1.5, "window": 2.0,
            "wait": 5.0, "quit": 0.15,
        }
        play = self._play(scene) is not None
        if play:
            w.update(hotspot=45.0, button=18.0, drag=9.0, key=7.0)
        elif name in ("RulesScene", "AboutScene"):
            w.update(hotspot=10.0, drag=10.0, wheel=6.0)
        elif name == "SettingsScene":
            w.update(hotspot=3.0, drag=6.0)
        elif name == "GameOverScene":
            w.update(wait=10.0)
        if not play and name != "StillPlayingScene":
            w["leave"] = self.dwell / 8.0
        if self.kiosk_mode:
            w.update(corner=0.3, idle=0.25, pin=0.0)
            if name == "TitleScene":
                w.update(idle=3.0)  # let attract mode start
            elif name == "PinPadScene":
                w.update(pin=4.0)
        return w

    def generate(self, scene: Any) -> list[Batch]:
        weights = self._weights(scene)
        kinds = list(weights)
        kind = self.rng.choices(kinds, [weights[k] for k in kinds])[0]
        batches = getattr(self, f"_do_{kind}")(scene)
        return batches or self._do_tap_any(scene)

    # --- targets -----------------------------------------------------------------------------
    def _buttons(self, scene: Any) -> list[tuple[float, pygame_gui.elements.UIButton]]:
        ui = getattr(scene, "ui", None)
        if ui is None:
            return []
        out = []
        rare = dict(RARE_BUTTONS)
        for spec in GAMES:  # e.g. a game's difficulty chips in the settings restart that game
            rare.update(self.game_of_id(spec.id).rare_buttons)
        for element in ui.get_sprite_group().sprites():
            if not isinstance(element, pygame_gui.elements.UIButton) or not element.visible:
                continue
            weight = rare.get(getattr(element, "translation_key", ""), 1.0)
            if not element.is_enabled:
                weight *= 0.25
            out.append((weight, element))
        return out

    def _point_in(self, rect: pygame.Rect) -> Pos:
        """A point inside ``rect`` (its centre half the time)."""
        if self.rng.random() < 0.5 or rect.width < 4 or rect.height < 4:
            return _centre_of(rect)
        inner = rect.inflate(-rect.width // 5, -rect.height // 5)
        return (self.rng.randint(inner.left, inner.right - 1),
                self.rng.randint(inner.top, inner.bottom - 1))

    def _anywhere(self, outside: float = 0.03) -> Pos:
        w, h = self.size
        if self.rng.random() < outside:  # SDL reports captured drags beyond the window
            return self.rng.randint(-200, w + 200), self.rng.randint(-200, h + 200)
        return self.rng.randrange(w), self.rng.randrange(h)

    def _button_target(self, scene: Any) -> tuple[str, Pos] | None:
        found = self._buttons(scene)
        if not found:
            return None
        element = self.rng.choices([e for _, e in found], [w for w, _ in found])[0]
        key = getattr(element, "translation_key", None) or type(element).__name__
        return f"button {key!r}", self._point_in(element.rect)

    def _hotspot_target(self, scene: Any) -> tuple[str, Pos] | None:
        """A scene-specific place worth tapping (not a pygame-gui button)."""
        name = type(scene).__name__
        rng = self.rng
        player = self._play(scene)
        if player is not None:
            return player.target(self, scene)
        if name == "SettingsScene":
            rects = getattr(scene, "language_rects", {})
            if rects:
                code = rng.choice(sorted(rects))
                return f"language chip {code}", self._point_in(rects[code])
        if name in ("RulesScene", "AboutScene") and hasattr(scene, "track"):
            if rng.random() < 0.5:
                track = scene.track
                return "scroll bar", (track.centerx + rng.randint(-30, 30),
                                      rng.randint(track.top - 20, track.bottom + 20))
            return "page", self._point_in(scene.view)
        if name == "InitialsScene":
            i = rng.randrange(3)
            return f"initials slot {i}", self._point_in(scene.slot_rect(i))
        if name in ("GameOverScene", "PinPadScene", "ConfirmScene", "PauseScene") and hasattr(
                scene, "panel"):
            return "panel", self._point_in(scene.panel)
        return None

    def _target(self, scene: Any) -> tuple[str, Pos]:
        """A button, a hot spot or anywhere, for taps and touches."""
        roll = self.rng.random()
        found = None
        if roll < 0.45:
            found = self._button_target(scene)
        elif roll < 0.9:
            found = self._hotspot_target(scene) or self._button_target(scene)
        return found or ("anywhere", self._anywhere())

    # --- gestures ----------------------------------------------------------------------------
    def _tap(self, label: str, pos: Pos) -> list[Batch]:
        """A mouse click (one frame, or spread over frames) or a one-finger touch tap."""
        rng = self.rng
        how = rng.random()
        prev, self.pointer = self.pointer, pos
        if how < 0.25:
            return self._touch_tap(label, pos)
        press = [_motion(pos, prev, False), _button(pygame.MOUSEBUTTONDOWN, pos)]
        release = [_button(pygame.MOUSEBUTTONUP, pos)]
        if how < 0.85:
            return [Batch(f"tap {label} at {pos}", press + release)]
        hold = [Batch(f"  ...holding at {pos}") for _ in range(rng.randint(0, 3))]
        return [Batch(f"press {label} at {pos}", press), *hold,
                Batch(f"release {label} at {pos}", release)]

    def _finger(self, kind: int, finger: int, pos: Pos, prev: Pos | None = None
                ) -> pygame.event.Event:
        w, h = self.size
        dx = 0.0 if prev is None else (pos[0] - prev[0]) / w
        dy = 0.0 if prev is None else (pos[1] - prev[1]) / h
        return _ev(kind, touch_id=TOUCH_ID, finger_id=finger, x=pos[0] / w, y=pos[1] / h,
                   dx=dx, dy=dy, pressure=0.0 if kind == pygame.FINGERUP else 1.0)

    def _touch_tap(self, label: str, pos: Pos) -> list[Batch]:
        """As SDL delivers a tap of finger 0: the finger and the synthesised mouse."""
        down = [self._finger(pygame.FINGERDOWN, 0, pos),
                _motion(pos, pos, False, touch=True),
                _button(pygame.MOUSEBUTTONDOWN, pos, touch=True)]
        up = [self._finger(pygame.FINGERUP, 0, pos),
              _button(pygame.MOUSEBUTTONUP, pos, touch=True)]
        if self.rng.random() < 0.6:
            return [Batch(f"touch tap {label} at {pos}", down + up)]
        return [Batch(f"touch down {label} at {pos}", down), Batch(f"touch up at {pos}", up)]

    def _drag_batches(self, label: str, start: Pos, end: Pos, touch: bool = False
                      ) -> list[Batch]:
        """Press, a few motions (one frame each, or all in one), release."""
        rng = self.rng
        steps = rng.randint(1, 6)
        prev = start
        batches = []
        first = [_motion(start, self.pointer, False, touch),
                 _button(pygame.MOUSEBUTTONDOWN, start, touch=touch)]
        if touch:
            first.insert(0, self._finger(pygame.FINGERDOWN, 0, start))
        batches.append(Batch(f"drag {label} from {start}", first))
        for i in range(1, steps + 1):
            t = i / steps
            pos = (round(start[0] + (end[0] - start[0]) * t + rng.randint(-6, 6)),
                   round(start[1] + (end[1] - start[1]) * t + rng.randint(-6, 6)))
            events = [_motion(pos, prev, True, touch)]
            if touch:
                events.insert(0, self._finger(pygame.FINGERMOTION, 0, pos, prev))
            batches.append(Batch(f"  ...drag to {pos}", events))
            prev = pos
        last = [_button(pygame.MOUSEBUTTONUP, prev, touch=touch)]
        if touch:
            last.insert(0, self._finger(pygame.FINGERUP, 0, prev))
        batches.append(Batch(f"  ...release at {prev}", last))
        self.pointer = prev
        if rng.random() < 0.3:  # the whole drag within one frame
            merged = [e for b in batches for e in b.events]
            return [Batch(f"drag {label} {start} -> {prev} in one frame", merged)]
        return batches

    # --- actions (each returns the batches of one event or gesture) --------------------------
    def _do_button(self, scene: Any) -> list[Batch]:
        found = self._button_target(scene)
        return self._tap(*found) if found else []

    def _do_hotspot(self, scene: Any) -> list[Batch]:
        found = self._hotspot_target(scene)
        return self._tap(*found) if found else self._do_button(scene)

    def _do_leave(self, scene: Any) -> list[Batch]:
        """Out of this screen: one of its ways out, or Esc / Backspace."""
        ways = [e for _, e in self._buttons(scene)
                if getattr(e, "translation_key", "") in LEAVE_BUTTONS and e.is_enabled]
        if ways and self.rng.random() < 0.75:
            # mostly the way that keeps the game in progress (CONTINUE, NO, RESUME, …)
            keep = [e for e in ways if e.translation_key in KEEP_GAME]
            element = self.rng.choice(keep if keep and self.rng.random() < 0.8 else ways)
            return self._tap(f"way out {element.translation_key!r}", self._point_in(element.rect))
        code = self.rng.choice((pygame.K_ESCAPE, pygame.K_ESCAPE, pygame.K_BACKSPACE))
        return [Batch(f"key {pygame.key.name(code)} (way out)",
                      [_key(code, True), _key(code, False)])]

    def _do_tap_any(self, scene: Any) -> list[Batch]:
        return self._tap("anywhere", self._anywhere())

    def _do_drag(self, scene: Any) -> list[Batch]:
        rng = self.rng
        name = type(scene).__name__
        touch = rng.random() < 0.3
        player = self.game_of(scene)
        if player is not None and player.is_play(scene):
            found = player.drag(self, scene)
            if found is not None:
                label, start, end = found
                return self._drag_batches(label, start, end, touch)
        if name == "SettingsScene":
            sliders = [e for e in scene.ui.get_sprite_group().sprites()
                       if isinstance(e, pygame_gui.elements.UIHorizontalSlider)]
            if sliders and rng.random() < 0.7:
                slider = rng.choice(sliders)
                thumb = getattr(slider, "sliding_button", None)
                start = _centre_of(thumb.rect if thumb is not None else slider.rect)
                end = (rng.randint(slider.rect.left - 100, slider.rect.right + 100),
                       start[1] + rng.randint(-40, 40))
                return self._drag_batches("slider", start, end, touch)
        if name in ("RulesScene", "AboutScene") and hasattr(scene, "view"):
            if rng.random() < 0.4 and hasattr(scene, "thumb_rect"):
                start = _centre_of(scene.thumb_rect())
                end = (start[0], rng.randint(scene.track.top - 100, scene.track.bottom + 100))
                return self._drag_batches("scroll thumb", start, end, touch)
            start = self._point_in(scene.view)
            end = (start[0] + rng.randint(-30, 30), rng.randint(0, self.size[1]))
            return self._drag_batches("page", start, end, touch)
        return self._drag_batches("anywhere", self._anywhere(), self._anywhere(), touch)

    def _do_touch(self, scene: Any) -> list[Batch]:
        """Several fingers: down (finger 0 often on a target), motions, up in any order."""
        rng = self.rng
        count = rng.randint(2, 4)
        ids = rng.sample([0, 1, 2, 3, 4, 7], count)
        positions = {}
        for finger in ids:
            positions[finger] = self._target(scene)[1] if finger == 0 else self._anywhere(0.0)
        batches: list[Batch] = []
        order = list(ids)
        for finger in order:
            pos = positions[finger]
            events = [self._finger(pygame.FINGERDOWN, finger, pos)]
            if finger == 0:
                events += [_motion(pos, self.pointer, False, touch=True),
                           _button(pygame.MOUSEBUTTONDOWN, pos, touch=True)]
                self.pointer = pos
            batches.append(Batch(f"finger {finger} down at {pos}", events))
        for _ in range(rng.randint(0, 3)):
            finger = rng.choice(ids)
            prev = positions[finger]
            pos = (prev[0] + rng.randint(-60, 60), prev[1] + rng.randint(-60, 60))
            positions[finger] = pos
            events = [self._finger(pygame.FINGERMOTION, finger, pos, prev)]
            if finger == 0:
                events.append(_motion(pos, prev, True, touch=True))
                self.pointer = pos
            batches.append(Batch(f"finger {finger} moves to {pos}", events))
        rng.shuffle(order)
        for finger in order:
            pos = positions[finger]
            events = [self._finger(pygame.FINGERUP, finger, pos)]
            if finger == 0:
                events.append(_button(pygame.MOUSEBUTTONUP, pos, touch=True))
            batches.append(Batch(f"finger {finger} up at {pos}", events))
        if rng.random() < 0.4:
            merged = [e for b in batches for e in b.events]
            return [Batch(f"{count}-finger touch {ids} in one frame", merged)]
        return batches

    def _do_key(self, scene: Any) -> list[Batch]:
        rng = self.rng
        roll = rng.random()
        if roll < 0.75:
            code = rng.choice(sorted(KEY_NAMES))
        elif roll < 0.85:
            code = rng.choice(RAW_KEYS)
        else:
            code = rng.choice(OTHER_KEYS)
        name = pygame.key.name(code) or str(code)
        if rng.random() < 0.15:
            return [Batch(f"key {name} down", [_key(code, True)]),
                    Batch(f"key {name} up", [_key(code, False)])]
        return [Batch(f"key {name}", [_key(code, True), _key(code, False)])]

    def _do_text(self, scene: Any) -> list[Batch]:
        text = self.rng.choice(TEXTS + tuple(string.ascii_letters[:10]))
        return [Batch(f"text {text!r}", [_ev(pygame.TEXTINPUT, text=text)])]

    def _do_wheel(self, scene: Any) -> list[Batch]:
        rng = self.rng
        y = rng.choice((-3, -1, -1, 0, 1, 1, 2))
        x = rng.choice((0, 0, 0, 1, -1))
        pos = self._target(scene)[1]
        events = [_motion(pos, self.pointer, False),
                  _ev(pygame.MOUSEWHEEL, x=x, y=y, flipped=False, precise_x=float(x),
                      precise_y=float(y), touch=False)]
        self.pointer = pos
        if rng.random() < 0.3:  # SDL2 also reports the wheel as buttons 4/5
            button = 4 if y > 0 else 5
            events += [_button(pygame.MOUSEBUTTONDOWN, pos, button),
                       _button(pygame.MOUSEBUTTONUP, pos, button)]
        return [Batch(f"wheel ({x}, {y}) at {pos}", events)]

    def _do_mouse_other(self, scene: Any) -> list[Batch]:
        rng = self.rng
        pos = self._target(scene)[1]
        if rng.random() < 0.3:
            event = _motion(pos, self.pointer, rng.random() < 0.3)
            self.pointer = pos
            return [Batch(f"bare motion to {pos}", [event])]
        button = rng.choice((2, 3, 3, 6, 7))
        return [Batch(f"mouse button {button} at {pos}",
                      [_button(pygame.MOUSEBUTTONDOWN, pos, button),
                       _button(pygame.MOUSEBUTTONUP, pos, button)])]

    def _do_window(self, scene: Any) -> list[Batch]:
        rng = self.rng
        if rng.random() < 0.35:
            w, h = rng.randint(1, 4000), rng.randint(1, 3000)
            kind = rng.choice((pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED,
                               pygame.VIDEORESIZE))
            if kind == pygame.VIDEORESIZE:
                event = _ev(kind, size=(w, h), w=w, h=h)
            else:
                event = _ev(kind, x=w, y=h)
            return [Batch(f"{pygame.event.event_name(kind)} {w}x{h}", [event], flip=True)]
        kind = rng.choice(WINDOW_EVENTS)
        attrs = {"x": rng.randint(-100, 2000), "y": rng.randint(-100, 1200)} if (
            kind == pygame.WINDOWMOVED) else {}
        batches = [Batch(pygame.event.event_name(kind), [_ev(kind, **attrs)], flip=True)]
        pairs = {pygame.WINDOWFOCUSLOST: pygame.WINDOWFOCUSGAINED,
                 pygame.WINDOWMINIMIZED: pygame.WINDOWRESTORED,
                 pygame.WINDOWLEAVE: pygame.WINDOWENTER,
                 pygame.WINDOWHIDDEN: pygame.WINDOWSHOWN}
        if kind in pairs and rng.random() < 0.7:
            back = pairs[kind]
            wait = [Batch("  ...away", steps=rng.randint(1, 5)) for _ in range(rng.randint(0, 3))]
            batches += [*wait, Batch(pygame.event.event_name(back), [_ev(back)], flip=True)]
        return batches

    def _do_wait(self, scene: Any) -> list[Batch]:
        steps = self.rng.randint(1, 5)
        return [Batch(f"wait {steps} steps", steps=steps)]

    def _do_quit(self, scene: Any) -> list[Batch]:
        if self.rng.random() < 0.5:
            return [Batch("QUIT", [_ev(pygame.QUIT)])]
        return [Batch("WINDOWCLOSE + QUIT", [_ev(pygame.WINDOWCLOSE), _ev(pygame.QUIT)])]

    # --- kiosk only --------------------------------------------------------------------------
    def _do_corner(self, scene: Any) -> list[Batch]:
        """The operator's gesture: five taps in the top-left corner (opens the PIN pad)."""
        from game.arcade.kiosk import CORNER

        batches = []
        for i in range(5):
            batches += self._tap(f"kiosk corner {i + 1}/5", self._point_in(CORNER))
        return batches

    def _do_pin(self, scene: Any) -> list[Batch]:
        """On the PIN pad: often the right PIN (the app quits and is restarted), else junk;
        while the pad is locked after wrong PINs, time passes without input instead."""
        keys = getattr(scene, "keys", {})
        if not keys:
            return []
        locked = getattr(scene, "locked_for", 0.0)
        if locked > 0:
            frames = max(1, min(round(locked / (5 * STEP)) + 1, 40))
            return [Batch(f"PIN pad locked: wait {i + 1}/{frames}", steps=5)
                    for i in range(frames)]
        digits = KIOSK_PIN if self.rng.random() < 0.6 else "".join(
            self.rng.choice("0123456789") for _ in range(self.rng.randint(1, 6)))
        batches = []
        for key in ["clear", *digits, "ok"]:
            batches += self._tap(f"PIN key {key}", self._point_in(keys[key].rect))
        return batches

    def _do_idle(self, scene: Any) -> list[Batch]:
        """Nobody touches the kiosk: frames of 5 fixed steps each, without input."""
        rng = self.rng
        seconds = rng.choice((self.idle_seconds + 0.5, self.idle_seconds + 0.5, 3.0, 12.0))
        frames = max(1, round(seconds / (5 * STEP)))
        return [Batch(f"idle {i + 1}/{frames}", steps=5) for i in range(frames)]


# --- command line ----------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.monkey",
        description="Random real events into the headless arcade, with checks every frame.")
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=None,
                        help="default: a random seed (printed, so a failure is reproducible)")
    parser.add_argument("--portrait", action="store_true", help="1080×1920 logical screen")
    parser.add_argument("--size", type=str, default=None, help="another logical size, WxH")
    parser.add_argument("--kiosk", action="store_true", help="kiosk mode with short idle times")
    parser.add_argument("--flip-every", type=int, default=25,
                        help="present every Nth frame (1 = every frame; drawing is every frame)")
    parser.add_argument("--data-dir", type=Path, default=None,
                        help="storage folder (default: a fresh temporary one)")
    args = parser.parse_args(argv)
    # A plain ``kill`` ends a long run, cleaning up (SDL would otherwise turn SIGTERM into
    # a QUIT event, which the monkey survives by restarting the app).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    size = PORTRAIT if args.portrait else LANDSCAPE
    if args.size:
        w, h = (int(v) for v in args.size.lower().split("x"))
        size = (w, h)
    print(f"monkey seed={seed} events={args.events} size={size[0]}x{size[1]}"
          f"{' kiosk' if args.kiosk else ''}", flush=True)
    monkey = Monkey(seed, size=size, kiosk=args.kiosk, data_dir=args.data_dir,
                    flip_every=args.flip_every)

    def progress(done: int, rate: float) -> None:
        print(f"  {done:>9} events  {rate:6.0f} events/s  "
              f"restarts={monkey.restarts} games_over={monkey.games_over}", flush=True)

    try:
        monkey.start()
        report = monkey.run(args.events, progress)
    except MonkeyFailure as failure:
        print(failure, file=sys.stderr, flush=True)
        return 1
    finally:
        monkey.close()
    print(report.table(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
