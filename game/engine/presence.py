"""The game's window kept on screen when it must be (a kiosk), brought forward when asked, and
noticed when it is gone.

* **Kept forward** (``keep_forward``): a minimised or hidden window comes back at once, on
  SDL's events and every :data:`CHECK_SECONDS` in case none came; under X11 through
  :mod:`game.engine.x11` (SDL's show and restore can wait forever for a window manager that
  keeps the window hidden).
* **Kept on top**: X11's :class:`game.engine.x11keep.Keeper` every :data:`KEEP_SECONDS`;
  elsewhere always-on-top and re-activated (:mod:`game.engine.win32keep`).
* **Brought forward on request** (:meth:`WindowPresence.bring_forward`): a second copy of the
  game asks the first to come to the front.
* **Lost** (X11 only): a destroyed window shows as X errors on it, a killed connection as an
  I/O error (survived: ``x11``); the app then opens a new window (a kiosk,
  :mod:`game.engine.rebuild`) or saves and ends, before it draws again.

The X11 and Windows helpers are imported only where they serve: ``x11`` for a window on an
X server, the keepers for a kept-forward one.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.engine import sdl
from game.engine.display import Display

if TYPE_CHECKING:
    from game.engine import x11
    from game.engine.x11keep import Keeper

log = logging.getLogger(__name__)

CHECK_SECONDS = 1.0
"""How often a kept-forward window is asked whether it is still on screen."""
KEEP_SECONDS = 0.25
"""How often a kept-forward window is checked for being covered, moved, resized or unfocused
(a few round trips to the X server: cheap)."""
RETRY_SECONDS = 0.5
"""The shortest time between two attempts to bring the window forward."""
ERROR_LOG_SECONDS = 60.0
"""X errors caught (and survived) are logged at most this often."""
_HIDING = {pygame.WINDOWMINIMIZED: "minimised", pygame.WINDOWHIDDEN: "hidden"}


class WindowPresence:
    """Watches ``display``'s window; ``clock`` is the app's (seconds, monotonic)."""

    def __init__(self, display: Display, clock: Callable[[], float]) -> None:
        self.display = display
        self.clock = clock
        self.keep_forward = False
        self.brought_forward = 0  # attempts so far (the log says why)
        self._x11: tuple[int, int] | None = None  # SDL's X connection and the window's X id
        self._forward: x11.Forward | None = None
        self._keeper: Keeper | None = None
        self._kept_at: float | None = None
        self._checked_at: float | None = None
        self._brought_at: float | None = None
        self._released = False
        self._errors_logged: tuple[int, float | None] = (0, None)  # X errors logged, when
        window = display.window
        if window is not None and pygame.display.get_driver() == "x11":
            from game.engine import x11

            self._x11 = sdl.x11_window(window)
            if self._x11 is not None and x11.catch_errors():
                x11.survive_connection_loss(self._x11[0])
                x11.watch(self._x11[1])
                self._forward = x11.Forward(self._x11[1])
                pygame.register_quit(self.release)  # before the display's own (last in, first)
                display.window_exists = self.exists

    @property
    def lost(self) -> bool:
        """Whether the window was destroyed under the game (X11: requests on it fail, or the
        connection to the X server broke)."""
        if self._x11 is None:
            return False
        from game.engine import x11

        return x11.lost(self._x11[1]) or x11.connection_lost(self._x11[0])

    def exists(self) -> bool:
        """Whether a kept-forward window still exists, asked of the X server (one round trip)
        before each present: Mesa's software GL reads the size of a destroyed window as
        whatever its stack held and may clear a buffer that size (seconds) before the loss
        shows anywhere else. Other windows are taken to exist."""
        if not self.keep_forward or self._forward is None:
            return True
        if not self.lost:
            self._forward.viewable()  # a window that is gone fails: ``lost`` says so
        return not self.lost

    @property
    def connection_lost(self) -> bool:
        """Whether the game's connection to the X server broke (``xdotool windowkill``, the
        X server gone): a new window needs SDL's video started again (asked now: SDL's own
        requests on a dead connection may wait forever)."""
        if self._x11 is None:
            return False
        from game.engine import x11

        return not x11.answers(self._x11[0])

    def can_reopen(self) -> bool:
        """Whether a new window can be made for a lost one: not when the X server itself is
        gone (SDL's video would be stopped for nothing, its other connection failing too)."""
        if self._x11 is None:
            return True
        from game.engine import x11

        return not x11.connection_lost(self._x11[0]) or x11.server_answers()

    def watch(self, event: pygame.event.Event) -> None:
        """Each event, once mapped by the display: a hidden kept-forward window comes back."""
        why = _HIDING.get(event.type)
        source = getattr(event, "window", None)  # None: posted by a test, about ours
        if why is not None and self.keep_forward and source in (None, self.display.window):
            if self._forward is not None:  # a destroyed window is unmapped first: whether it
                self._forward.viewable()  # still exists is asked now, not at the next look
            self.bring_forward(f"the window was {why}")

    def poll(self) -> None:
        """Once a frame: a kept-forward window that is not on screen is brought forward; X
        errors caught since the last look are logged."""
        if self._x11 is not None:
            self._log_errors()
        if not self.keep_forward or self.lost:
            return
        now = self.clock()
        if self._kept_at is None or not 0 <= now - self._kept_at < KEEP_SECONDS:
            self._kept_at = now
            self._keep_on_top()
        if self._checked_at is not None and 0 <= now - self._checked_at < CHECK_SECONDS:
            return
        self._checked_at = now
        if not self.shown():
            self.bring_forward("the window was not on screen")

    def _keep_on_top(self) -> None:
        """Over every other window, on the whole monitor, with the focus (see the module)."""
        window = self.display.window
        if window is None or not self.display.fullscreen or self.display.headless:
            return
        if self._forward is None:
            from game.engine import win32keep

            if win32keep.keep(window):
                self.display.damaged = True
            return
        if self._keeper is None:
            from game.engine.x11keep import Keeper

            self._keeper = Keeper(self._forward, managed=sdl.window_manager() is not False)
        wrong = self._keeper.check(self.display.monitor().bounds)
        if wrong == ["not shown"]:
            self.bring_forward("the window was not on screen")
        elif wrong:
            log.info("display: the window was %s: put back on top", "; ".join(wrong))
            self.display.damaged = True

    def _log_errors(self) -> None:
        """Say in the log that X errors were caught (at most once per
        :data:`ERROR_LOG_SECONDS`): they are survived, since Xlib's default handler would end
        the game over a request on a window another program destroyed, but an operator
        should see that they happen."""
        from game.engine import x11

        logged, at = self._errors_logged
        if x11.error_count() == logged:
            return
        now = self.clock()
        if at is not None and 0 <= now - at < ERROR_LOG_SECONDS:
            return
        count, latest = x11.errors()
        self._errors_logged = (count, now)
        log.warning("display: %d X errors caught and survived (the latest: %s)",
                    count - logged, ", ".join(
                        f"code {code} request {request}.{minor} on 0x{resource:x}"
                        for code, request, minor, resource in latest[-3:]))

    def shown(self) -> bool:
        """Whether the window is on screen (``True`` when that cannot be told)."""
        window = self.display.window
        if window is None:
            return True
        if self._forward is not None:
            return self._forward.viewable() is not False
        flags = sdl.window_flags(window)
        if flags is None:
            return True
        return bool(flags & sdl.WINDOW_SHOWN) and not flags & (
            sdl.WINDOW_HIDDEN | sdl.WINDOW_MINIMIZED)

    def bring_forward(self, why: str) -> bool:
        """Show, restore and raise the window (at most once per :data:`RETRY_SECONDS`);
        ``True`` when it was asked to come forward."""
        window = self.display.window
        now = self.clock()
        if window is None or self.lost or (
                self._brought_at is not None and 0 <= now - self._brought_at < RETRY_SECONDS):
            return False
        self._brought_at = now
        self.brought_forward += 1
        log.info("display: %s: bringing it forward", why)
        if self._forward is not None:  # a kiosk's window goes on every desktop too
            done = self._forward.bring(all_desktops=self.keep_forward)
        else:
            done = _bring_with_sdl(window)
        self.display.damaged = True
        return done

    def release(self) -> None:
        """At the end of the run, before the window is destroyed (also from ``pygame.quit``)."""
        if self._released:
            return
        self._released = True
        if self._x11 is not None and self.lost:
            from game.engine import x11

            x11.unblock_hide(*self._x11)
        if self._forward is not None:
            self._forward.close()


def _bring_with_sdl(window: pygame.Window) -> bool:
    """SDL's way (not X11): show a hidden window, restore a minimised one (never a maximised
    or fullscreen one: restoring would shrink it), raise and focus it."""
    flags = sdl.window_flags(window)
    try:
        if flags is not None and not flags & sdl.WINDOW_SHOWN:
            window.show()
        if flags is None or flags & sdl.WINDOW_MINIMIZED:
            window.restore()
        window.focus()
    except (pygame.error, AttributeError) as exc:
        log.info("display: could not bring the window forward (%s)", exc)
        return False
    return True
