"""Presenting the logical canvas in the window: one path for every SDL renderer. The canvas's
changed parts are copied into a texture of its own pixel format, drawn into the letterbox with
vsync where the driver has it, filtered linearly except at a whole-number scale (kept sharp).
Only where SDL has no renderer is the window's own surface scaled into (:func:`make_presenter`).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.engine import sdl
from game.engine.window import Rect

log = logging.getLogger(__name__)


class RendererPresenter:
    """Presenting through an SDL renderer (Direct3D, Metal, OpenGL, OpenGL ES or SDL's own
    software renderer, whichever SDL picks): one streaming texture the size of the canvas,
    updated where the canvas changed and drawn into the letterbox. The same code for every
    renderer; only the logged name tells them apart."""

    def __init__(self, window: pygame.Window, vsync: bool) -> None:
        from pygame._sdl2 import video

        self._video = video
        self.window = window
        self.renderer: Any = video.Renderer(window, vsync=vsync)
        self.texture: Any = None
        self.sharp: bool | None = None
        self.name = sdl.renderer_name(window) or "unknown"
        self.vsync = vsync

    def output_size(self) -> tuple[int, int]:
        viewport = self.renderer.get_viewport()
        return viewport.width, viewport.height

    def present(self, canvas: pygame.Surface, box: Rect, sharp: bool, upload: bool,
                areas: Sequence[pygame.Rect] | None = None,
                exists: Callable[[], bool] = lambda: True) -> bool:
        """Show ``canvas`` in ``box``; ``False`` when the window no longer ``exists``, asked
        once the texture is up to date (nothing is left queued for the window then) and just
        before anything is drawn for the window, which asks for its size."""
        if self.texture is None or sharp != self.sharp:
            key = "SDL_RENDER_SCALE_QUALITY"
            before = os.environ.get(key)
            os.environ[key] = "nearest" if sharp else "linear"  # read when a texture is made
            try:
                # from_surface keeps the canvas's pixel format, so update() is a plain copy.
                self.texture = self._video.Texture.from_surface(self.renderer, canvas)
            finally:
                if before is None:
                    del os.environ[key]
                else:
                    os.environ[key] = before
            self.sharp = sharp
        elif upload and areas is None:
            self.texture.update(canvas)
        elif upload and areas is not None:
            for area in areas:  # only what changed: the rest of the texture is still right
                # a tuple, not a Rect: pygame-ce 2.5.8 drops a Rect area's x and y here
                self.texture.update(canvas.subsurface(area), tuple(area))
        if not exists():
            return False
        if tuple(box) != (0, 0, *self.output_size()):  # bars: a back buffer keeps no black
            self.renderer.draw_color = (0, 0, 0, 255)
            self.renderer.clear()
        self.texture.draw(dstrect=box)
        self.renderer.present()
        return True

    def snapshot(self) -> pygame.Surface:
        """What the window shows now, read back from the renderer."""
        picture: pygame.Surface = self.renderer.to_surface()
        return picture

    def release(self) -> None:
        """Free the texture, then the renderer, while SDL is still up (freed after
        ``pygame.quit`` they would free SDL's memory a second time)."""
        self.texture = None
        self.renderer = None


class SurfacePresenter:
    """Fallback where SDL offers no renderer at all: scale into the window's own surface on
    the CPU. Never used beside a renderer (SDL forbids mixing the two on one window)."""

    name = "surface"
    vsync = False

    def __init__(self, window: pygame.Window) -> None:
        self.window = window
        self._size: tuple[int, int] | None = None

    def output_size(self) -> tuple[int, int]:
        return self.window.size

    def present(self, canvas: pygame.Surface, box: Rect, sharp: bool, upload: bool,
                areas: Sequence[pygame.Rect] | None = None,
                exists: Callable[[], bool] = lambda: True) -> bool:
        """Show ``canvas`` in ``box``; ``False`` when the window no longer ``exists``."""
        if not exists():
            return False
        target = self.window.get_surface()
        if target.get_size() != self._size:
            target.fill((0, 0, 0))
            self._size = target.get_size()
        x, y, w, h = box
        if (w, h) == canvas.get_size():
            target.blit(canvas, (x, y))
        elif sharp:
            pygame.transform.scale(canvas, (w, h), target.subsurface(box))
        else:
            pygame.transform.smoothscale(canvas, (w, h), target.subsurface(box))
        self.window.flip()
        return True

    def snapshot(self) -> pygame.Surface:
        """What the window shows now."""
        return self.window.get_surface().copy()

    def release(self) -> None:
        """Nothing of its own to free."""


Presenter = RendererPresenter | SurfacePresenter


def make_presenter(window: pygame.Window, vsync: bool) -> Presenter:
    """A renderer's presenter for ``window`` (with vsync when asked and the driver has it),
    else the surface fallback."""
    for wanted in ((vsync, False) if vsync else (False,)):
        try:
            return RendererPresenter(window, wanted)
        except (pygame.error, ImportError, ValueError) as exc:
            log.info("display: no renderer (vsync=%s): %s", wanted, exc)
    log.warning("display: no SDL renderer; scaling on the CPU")
    return SurfacePresenter(window)
