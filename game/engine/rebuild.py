"""A new window for one destroyed under the game (a kiosk's), the picture back first.

A window alone destroyed (``xdotool windowclose``): SDL's video still runs, so only a new
window and renderer are made on the same canvas (:meth:`Display.replace_window`), and the dead
one is destroyed after (SDL may wait on it). A connection cut (``xdotool windowkill``): SDL's
video starts again on a new connection, the canvas's last picture carried over so the new
window shows it at once; fonts and images are not SDL video's and live on. The log says how
long the picture took to come back.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import pygame

from game.engine.display import Display
from game.engine.presence import WindowPresence

log = logging.getLogger(__name__)

_SHOWING = (pygame.WINDOWSHOWN, pygame.WINDOWEXPOSED, pygame.WINDOWSIZECHANGED,
            pygame.WINDOWRESIZED)
"""The events of a new window kept (the display presents again on them); any other, its
focus and the pointer entering it, is no player's input."""


def reopen(display: Display, presence: WindowPresence, clock: Callable[[], float]
           ) -> tuple[Display, WindowPresence] | None:
    """A new window like ``display``'s lost one, and its presence (kept forward as the old
    one was); None when no new window could be made."""
    started = time.monotonic()
    restart = presence.connection_lost
    try:
        if restart:
            display = _restart_video(display, presence)
            shown = time.monotonic()
        else:
            old = display.replace_window()
            shown = time.monotonic()
            presence.release()  # the dead window's destruction must not wait for an answer
            if old is not None:
                _destroy(old)
    except pygame.error as error:
        log.warning("no new window (%s)", error)
        return None
    # The new window's focus and pointer events are no input; its exposure is kept: it shows
    # the picture again once the window manager has framed the window.
    showing = [event.type for event in pygame.event.get() if event.type in _SHOWING]
    for kind in showing:
        pygame.event.post(pygame.event.Event(kind))
    renewed = WindowPresence(display, clock)
    renewed.keep_forward = presence.keep_forward
    log.info("display: the game shows in a new window %.0f ms after the old one was found "
             "lost (%s)", (shown - started) * 1000,
             "SDL's video started again" if restart else "window and renderer only")
    return display, renewed


def _restart_video(old: Display, presence: WindowPresence) -> Display:
    """SDL's video stopped and started again, and a new display opened with the canvas's
    last picture."""
    try:
        picture: pygame.Surface | None = old.surface.copy()
    except (pygame.error, RuntimeError):
        picture = None
    presence.release()
    old.release()
    pygame.display.quit()
    display = Display(old.size, old.fullscreen, old.title, vsync=old.vsync,
                      remembered_window=old.remembered_window)
    display.geometry_listeners = old.geometry_listeners
    pygame.display.init()
    display.open(picture)
    return display


def _destroy(window: pygame.Window) -> None:
    try:
        window.destroy()
    except pygame.error:
        pass
