"""Kiosk mode: nobody but the operator leaves, idle players are let go, attract mode plays.

* Window close, Alt+F4, Esc and F11 never quit or leave fullscreen. Five taps on the top-left
  corner within three seconds open the PIN pad; the right PIN opens the operator's menu.
  The PIN (4–8 digits) is ``--kiosk-pin``'s, else the stored hash; a kiosk that never had one
  asks for one at its first start, one whose stored PIN is lost says how to reset it. Wrong
  PINs lock the pad for longer each time, across restarts too.
* After ``idle_seconds`` untouched, "Still playing?" counts down; then the game is abandoned
  (not recorded) and the title returns; ``attract_seconds`` later the demo plays under TOUCH
  TO PLAY, cycling with the high scores, never recorded. Any touch returns to the title.

Time is counted in fixed update steps (``app.step_hooks``), so tests drive it exactly.
"""

from __future__ import annotations

import logging
import math
import os
import random
import shlex
import sys
from typing import TYPE_CHECKING

import pygame

from game.arcade.demo import DemoDriver
from game.arcade.spec import GameSpec
from game.arcade.storage import utcnow
from game.arcade.storage.settings import LOST, NONE, PinStore
from game.arcade.texts import t
from game.arcade.widgets import palette, text
from game.engine import textlog
from game.engine.display import hide_cursor

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

log = logging.getLogger(__name__)

CORNER = pygame.Rect(0, 0, 140, 140)
EXIT_TAPS, EXIT_WINDOW = 5, 3.0
COUNTDOWN_SECONDS = 10.0
SCORES_SECONDS = 6.0
_REAL_INPUT = (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN, pygame.KEYDOWN, pygame.MOUSEWHEEL)
_REST_OF_A_TOUCH = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP, pygame.FINGERDOWN,
                    pygame.FINGERMOTION, pygame.FINGERUP, pygame.KEYUP)
"""What follows the press of one touch, click or key (SDL2 sends a touch's emulated mouse
button before its FINGERDOWN)."""


def _ends_a_touch(event: pygame.event.Event) -> bool:
    """The last event of a touch (its FINGERUP), a click (its release) or a key press."""
    return event.type in (pygame.FINGERUP, pygame.KEYUP) or (
        event.type == pygame.MOUSEBUTTONUP and not getattr(event, "touch", False))


class Kiosk:
    """Installed on an app by ``install``; owns the idle clock and the attract cycle."""

    def __init__(self, app: ArcadeApp, pin: str | None = None, idle_seconds: float = 90.0,
                 attract_seconds: float = 30.0, seed: int | None = None) -> None:
        self.app = app
        self.pin = pin
        self.idle_seconds = idle_seconds
        self.attract_seconds = attract_seconds
        self.rng = random.Random(seed)
        self.time = 0.0
        self.idle = 0.0
        self.corner_taps: list[float] = []
        self.attract = False
        self.attract_phase = "play"  # "play", "ending" or "scores"
        self.attract_timer = 0.0
        self.scores_shown = 0
        self.attract_game = -1  # index in app.games of the game attract mode plays now
        self.waking = False  # the rest of the touch that ended attract mode is swallowed
        storage = app.ctx.storage
        self.pins = storage.kiosk_pin if storage is not None else PinStore(None, utcnow)

    def install(self) -> None:
        self.app.quit_on_close = False
        self.app.presence.keep_forward = True  # minimised, hidden or on another desktop: back
        self.app.kiosk = self
        self.app.event_filters.append(self.filter)
        self.app.step_hooks.append(self.step)
        hide_cursor(True)
        if self.pin_lost:
            log.warning("kiosk: the operator PIN is lost (its files are damaged): the operator "
                        "menu stays locked; reset the PIN with: %s", self.reset_command())

    # --- the operator's PIN --------------------------------------------------------------
    @property
    def needs_pin(self) -> bool:
        """No PIN for this run and none ever stored: the operator must choose one first."""
        return not self.pin and self.pins.status == NONE

    @property
    def pin_lost(self) -> bool:
        """No PIN for this run, and the stored one is lost: nobody can open the operator menu
        until the PIN is reset from a shell (:meth:`reset_command`)."""
        return not self.pin and self.pins.status == LOST

    def reset_command(self) -> str:
        """The shell command that resets this kiosk's PIN (run with the kiosk stopped)."""
        program = (os.path.basename(sys.executable) if getattr(sys, "frozen", False)
                   else "python main.py")
        storage = self.app.ctx.storage
        folder = f" --data-dir {shlex.quote(str(storage.data_dir))}" if storage else ""
        return f"{program} --reset-pin{folder}"

    def ask_for_pin(self) -> None:
        """Open the PIN pad in its "choose a PIN" mode (it cannot be closed without one)."""
        self.app.nav.push("pin_pad", kiosk=self, mode="set")

    def set_pin(self, pin: str) -> None:
        """Store the operator's new PIN, hashed (``ValueError`` unless 4–8 digits)."""
        if not self.pins.set_pin(pin):
            log.warning("kiosk: the operator PIN could not be written to disk (kept for this run)")
        log.info("kiosk: the operator PIN was set")

    def operator_menu(self) -> None:
        """The right PIN: the operator's menu (replacing the pad)."""
        log.info("kiosk: the operator opened the menu")
        self.app.nav.replace("operator", kiosk=self)

    def offered_ids(self) -> list[str]:
        """The ids of the games this kiosk offers (the operator's choice; all by default)."""
        chosen = self.app.ctx.settings.kiosk_games
        ids = [spec.id for spec in self.app.games]
        offered = [game_id for game_id in ids if chosen is None or game_id in chosen]
        return offered or ids

    def offered(self) -> tuple[GameSpec, ...]:
        ids = self.offered_ids()
        return tuple(spec for spec in self.app.games if spec.id in ids)

    def check_pin(self, entered: str) -> bool:
        """Whether ``entered`` is the operator's PIN (compared in constant time); a wrong one
        counts towards the next lockout, and while locked every PIN is refused."""
        return self.pins.attempt(entered, self.pin)

    def pin_locked_for(self) -> float:
        """Seconds until the PIN pad takes PINs again (0: now)."""
        return self.pins.locked_for()

    # --- input ---------------------------------------------------------------------------
    def filter(self, event: pygame.event.Event) -> bool:
        """True consumes the event. Demo taps pass untouched and never count as a player."""
        if event.type in (pygame.QUIT, pygame.WINDOWCLOSE):
            return True  # only the operator's PIN quits a kiosk
        if getattr(event, "source", None) == "demo":
            return False
        if self.waking:
            self.waking = event.type in _REST_OF_A_TOUCH and not _ends_a_touch(event)
            if event.type in _REST_OF_A_TOUCH:
                return True
        if event.type not in _REAL_INPUT and not (
                event.type == pygame.MOUSEMOTION and any(getattr(event, "buttons", ()))):
            return False
        self.idle = 0.0
        if self.attract:
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN, pygame.KEYDOWN):
                self.stop_attract()
                self.waking = True
            return True  # the touch that wakes the kiosk does nothing else
        if event.type == pygame.MOUSEBUTTONDOWN and CORNER.collidepoint(event.pos):
            self._corner_tap()
        return False

    def _corner_tap(self) -> None:
        self.corner_taps = [s for s in self.corner_taps if self.time - s <= EXIT_WINDOW]
        self.corner_taps.append(self.time)
        if len(self.corner_taps) >= EXIT_TAPS:
            self.corner_taps.clear()
            if self._top_name() != "pin_pad":
                self.app.nav.push("pin_pad", kiosk=self, mode="lost" if self.pin_lost else "exit")

    # --- time ----------------------------------------------------------------------------
    def step(self, dt: float) -> None:
        self.time += dt
        if self.attract:
            self._attract_step(dt)
            return
        self.idle += dt
        top = self._top_name()
        if top in ("still_playing", "pin_pad") or self.app.stack.pending:
            return
        if top == "title":
            if self.idle >= self.attract_seconds and self.app.ctx.settings.kiosk_attract:
                self.start_attract()
        elif self.idle >= self.idle_seconds:
            self.app.nav.push("still_playing", seconds=COUNTDOWN_SECONDS, on_timeout=self.abandon)

    def _top_name(self) -> str | None:
        """The kind of the top scene, as the kiosk cares: its ``kiosk_role``."""
        return getattr(self.app.stack.top, "kiosk_role", None)

    def abandon(self) -> None:
        """Nobody answered: the games in progress are dropped unrecorded (M-2.2 spirit) and the
        title returns."""
        storage = self.app.ctx.storage
        if storage is not None:
            for spec in self.app.games:
                storage.clear_game(spec.id)
        self.idle = 0.0
        self._restore_language()
        self.app.nav.clear_to("title")

    def _restore_language(self) -> None:
        """A visitor may have switched the language: the next one finds the kiosk's own."""
        default = self.app.ctx.settings.kiosk_language
        if default and default != self.app.ctx.settings.language:
            self.app.ctx.settings.language = default
            self.app.set_language(default)

    # --- attract mode --------------------------------------------------------------------
    def start_attract(self) -> None:
        self.attract = True
        self.app.ctx.demo_is_attract = True
        self._attract_game()

    def _attract_game(self) -> None:
        """The next game in turn plays itself, a random variant."""
        games = self.offered()
        self.attract_game = (self.attract_game + 1) % len(games)
        spec = games[self.attract_game]
        self.attract_phase = "play"
        self.app.demo = DemoDriver(self.app, games, spec.id, seed=self.rng.randrange(1 << 30),
                                   interval=10, report=self._attract_game_over)
        variant = self.rng.choice(spec.variants).id
        self.app.nav.clear_to(spec.scene_name("play"), variant=variant)

    def _attract_game_over(self, line: str) -> None:
        self.attract_phase = "ending"
        self.attract_timer = 4.0  # let the score count up, then the tables

    def _attract_step(self, dt: float) -> None:
        if self.attract_phase == "play":
            return
        self.attract_timer -= dt
        if self.attract_timer > 0:
            return
        spec = self.offered()[self.attract_game % len(self.offered())]
        if self.scores_shown < len(spec.variants) and self.attract_phase in ("ending", "scores"):
            self.attract_phase = "scores"
            variant = spec.variants[self.scores_shown].id
            self.scores_shown += 1
            self.attract_timer = SCORES_SECONDS
            self.app.nav.clear_to("scores", game_id=spec.id, variant=variant)
        else:
            self.scores_shown = 0
            self._attract_game()

    def stop_attract(self) -> None:
        self.attract = False
        self.app.ctx.demo_is_attract = False
        self.app.demo = None
        self.idle = 0.0
        self._restore_language()
        self.app.nav.clear_to("title")

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """TOUCH TO PLAY, drifting slowly so no pixel stays lit for hours (burn-in)."""
        if not self.attract:
            return
        w, h = surface.get_size()
        pulse = 0.5 + 0.5 * math.sin(self.time * 3)
        label = t("kiosk.touch_to_play")
        size = text.fit_size(label, "display", 96, w - 2 * BANNER_EDGE - BANNER_PAD[0])
        rendered = text.render(label, "display", size, palette.GOLD)
        box = attract_banner((w, h), rendered.get_size(), self.time)
        pygame.draw.rect(surface, palette.DANGER_DARK, box, border_radius=30)
        pygame.draw.rect(surface, palette.GOLD, box, 4 + int(4 * pulse), border_radius=30)
        textlog.covered(surface, box, partly=True)  # it floats over the game, hiding it
        rect = rendered.get_rect(center=box.center)
        surface.blit(rendered, rect)
        textlog.text(surface, label, rect, box=box, image=rendered)


BANNER_EDGE = 24
"""Logical pixels the attract banner keeps from the screen's edges wherever it drifts."""
BANNER_PAD = (80, 40)
"""The banner's room around its label."""


def attract_banner(screen: tuple[int, int], label: tuple[int, int], time: float) -> pygame.Rect:
    """Where TOUCH TO PLAY's banner is at ``time``: drifting over a quarter of the screen's
    width and 30 % of its height each way, never closer than ``BANNER_EDGE`` to an edge."""
    w, h = screen
    box = pygame.Rect((0, 0), (label[0] + BANNER_PAD[0], label[1] + BANNER_PAD[1]))
    room_x = max(0.0, (w - 2 * BANNER_EDGE - box.width) / 2)
    room_y = max(0.0, (h - 2 * BANNER_EDGE - box.height) / 2)
    box.center = (round(w / 2 + math.sin(time * 0.21) * min(w * 0.25, room_x)),
                  round(h / 2 + math.sin(time * 0.13) * min(h * 0.3, room_y)))
    return box
