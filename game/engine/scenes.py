"""Scene base class and the scene stack.

Scene changes are only *requested* during a frame and applied by ``apply_pending`` after it,
so a scene never disappears while its own ``handle``/``update``/``draw`` is still running.
Lifecycle hooks are symmetric: every ``enter`` is matched by one ``exit`` and every ``pause``
by one ``resume`` (or an ``exit``, when the paused scene is cleared away).
"""

from __future__ import annotations

import logging
from collections import deque
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.input import Action

if TYPE_CHECKING:
    from game.engine.app import App

log = logging.getLogger(__name__)

# A scene whose enter() requests another change, forever, would hang apply_pending.
_MAX_CHANGES_PER_FRAME = 1000


class Scene:
    """One screen or overlay. Every hook is a no-op so subclasses override only what they use."""

    transparent: bool = False  # an overlay: the scene below is drawn first

    def __init__(self, app: App | Any) -> None:
        self.app = app

    def enter(self) -> None:
        """Became the top scene for the first time."""

    def exit(self) -> None:
        """Removed from the stack; release what ``enter`` acquired."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene above was popped; this one is on top again."""

    def process_event(self, event: pygame.event.Event) -> None:
        """Raw pygame event, e.g. to feed this scene's pygame-gui UIManager."""

    def handle(self, action: Action) -> None:
        """One translated player action."""

    def update(self, dt: float) -> None:
        """Advance by one fixed step of ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint onto the logical surface."""


class SceneStack:
    """The stack of active scenes; only the top one receives input and updates."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self._pending: deque[tuple[str, Scene | None]] = deque()

    # --- requests (applied after the frame) -------------------------------------------------
    def push(self, scene: Scene) -> None:
        """Request ``scene`` on top; the current top is paused."""
        self._pending.append(("push", scene))

    def pop(self) -> None:
        """Request removal of the top scene; the one below resumes."""
        self._pending.append(("pop", None))

    def replace(self, scene: Scene) -> None:
        """Request swapping the top scene for ``scene``."""
        self._pending.append(("replace", scene))

    def clear_to(self, scene: Scene) -> None:
        """Request removal of every scene, then ``scene`` alone."""
        self._pending.append(("clear_to", scene))

    @property
    def pending(self) -> bool:
        """True while requests wait for ``apply_pending``."""
        return bool(self._pending)

    def apply_pending(self) -> None:
        """Apply queued requests in order, including any made by the hooks they call."""
        applied = 0
        while self._pending:
            applied += 1
            if applied > _MAX_CHANGES_PER_FRAME:
                self._pending.clear()
                raise RuntimeError("scene changes keep requesting scene changes")
            op, scene = self._pending.popleft()
            if op == "push":
                assert scene is not None
                if self._scenes:
                    self._scenes[-1].pause()
                self._scenes.append(scene)
                scene.enter()
            elif op == "pop":
                if not self._scenes:
                    log.warning("pop requested on an empty scene stack; ignored")
                    continue
                self._scenes.pop().exit()
                if self._scenes:
                    self._scenes[-1].resume()
            elif op == "replace":
                assert scene is not None
                if self._scenes:
                    self._scenes.pop().exit()
                self._scenes.append(scene)
                scene.enter()
            elif op == "clear_to":
                assert scene is not None
                while self._scenes:
                    self._scenes.pop().exit()
                self._scenes.append(scene)
                scene.enter()

    # --- queries ----------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        """The scene receiving input, or None when the stack is empty."""
        return self._scenes[-1] if self._scenes else None

    @property
    def scenes(self) -> tuple[Scene, ...]:
        """All scenes, bottom first."""
        return tuple(self._scenes)

    def __len__(self) -> int:
        return len(self._scenes)

    # --- per-frame dispatch -----------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> None:
        """Give a raw event to the top scene only."""
        if self._scenes:
            self._scenes[-1].process_event(event)

    def handle(self, action: Action) -> None:
        """Give an action to the top scene only."""
        if self._scenes:
            self._scenes[-1].handle(action)

    def update(self, dt: float) -> None:
        """Update the top scene only: paused scenes stay frozen."""
        if self._scenes:
            self._scenes[-1].update(dt)

    def visible(self) -> tuple[Scene, ...]:
        """The scenes to draw, bottom first: the top plus everything seen through overlays."""
        if not self._scenes:
            return ()
        start = len(self._scenes) - 1
        while start > 0 and self._scenes[start].transparent:
            start -= 1
        return tuple(self._scenes[start:])

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the lowest visible scene up to the top."""
        for scene in self.visible():
            scene.draw(surface)
