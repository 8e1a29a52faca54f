"""The window: a fixed logical resolution that SDL scales (and letterboxes) to the screen.

Everything is laid out in ``LOGICAL_SIZE`` pixels; ``pygame.SCALED`` maps them to the real
window or monitor and converts mouse coordinates back, so no scene ever deals with scaling.
"""

from __future__ import annotations

import logging
import warnings

import pygame

log = logging.getLogger(__name__)

LOGICAL_SIZE: tuple[int, int] = (1920, 1080)


def hide_cursor(hidden: bool) -> None:
    """Hide the pointer (kiosks, touch screens) or show it again."""
    try:
        pygame.mouse.set_visible(not hidden)
    except pygame.error as exc:
        log.warning("could not change cursor visibility (%s)", exc)


class Display:
    """Owns the display surface and the windowed/fullscreen state."""

    def __init__(
        self,
        size: tuple[int, int] = LOGICAL_SIZE,
        fullscreen: bool = False,
        title: str = "",
    ) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.fullscreen = fullscreen
        self.title = title
        self._surface: pygame.Surface | None = None

    @property
    def surface(self) -> pygame.Surface:
        """The logical-size surface to draw on; ``open`` must have been called."""
        if self._surface is None:
            raise RuntimeError("Display.open() has not been called")
        return self._surface

    def open(self) -> pygame.Surface:
        """Create the window (windowed unless ``fullscreen``) and return its surface."""
        flags = pygame.SCALED | (pygame.FULLSCREEN if self.fullscreen else 0)
        pygame.display.set_caption(self.title)
        with warnings.catch_warnings(record=True) as caught:
            # e.g. "no fast renderer available" (software scaling): worth a log line only.
            warnings.simplefilter("always")
            self._surface = pygame.display.set_mode(self.size, flags, vsync=0)
        for warning in caught:
            log.info("display: %s", warning.message)
        return self._surface

    def set_caption(self, title: str) -> None:
        """Change the window title."""
        self.title = title
        pygame.display.set_caption(title)

    def toggle_fullscreen(self) -> bool:
        """Switch windowed ⇄ fullscreen; on failure (e.g. dummy driver) log and stay put."""
        try:
            ok = pygame.display.toggle_fullscreen()
        except pygame.error as exc:
            log.warning("fullscreen toggle not supported here (%s)", exc)
            return self.fullscreen
        # pygame returns 1 on success; 0 / -1 mean the mode did not change.
        if isinstance(ok, int) and ok > 0:
            self.fullscreen = not self.fullscreen
            surface = pygame.display.get_surface()
            if surface is not None:
                self._surface = surface
        else:
            log.warning("fullscreen toggle refused by the video driver")
        return self.fullscreen


def raise_window() -> bool:
    """Bring the game's window to the front (restored if minimised) where the platform lets
    a program do that; False when it cannot (no window, the dummy driver)."""
    try:
        window = pygame.Window.from_display_module()
        window.restore()
        window.focus()
    except (pygame.error, AttributeError) as exc:
        log.info("could not bring the window forward (%s)", exc)
        return False
    return True
