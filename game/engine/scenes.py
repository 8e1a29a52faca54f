"""Scene base class and the scene stack.

Scene changes are only *requested* during a frame and applied by ``apply_pending`` after it,
so a scene never disappears while its own ``handle``/``update``/``draw`` is still running.
Lifecycle hooks are symmetric: every ``enter`` is matched by one ``exit`` and every ``pause``
by one ``resume`` (or an ``exit``, when the paused scene is cleared away).
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import pygame

from game.engine.input import Action

if TYPE_CHECKING:
    import pygame_gui

log = logging.getLogger(__name__)

# A scene whose enter() requests another change, forever, would hang apply_pending.
_MAX_CHANGES_PER_FRAME = 1000


AppT = TypeVar("AppT")

class Scene(Generic[AppT]):
    """One screen or overlay. Every hook is a no-op so subclasses override only what they use.

    Input arrives through one channel (``engine.router``): a pointer gesture goes either to
    ``intercept`` (the scene takes the whole gesture, e.g. a tap that only skips an animation),
    or to the scene's pygame-gui ``ui`` (a button under the finger), or to ``handle`` — never
    to two of them. ``AppT`` is the application type the scene runs in.
    """

    transparent: bool = False  # an overlay: the scene below is drawn first
    still: bool = False  # nothing on it moves by itself: untouched, it is redrawn only rarely
    # Something plays out without input (the computer's piece flying): every step is drawn,
    # even on an untouched screen. A property in scenes that have such motion.
    moving: bool = False

    def __init__(self, app: AppT) -> None:
        self.app = app
        self.ui: pygame_gui.UIManager | None = None  # this scene's buttons, if it has any

    def enter(self) -> None:
        """Became the top scene for the first time."""

    def prepare(self) -> Iterator[None]:
        """Build ahead, a step per ``yield``, what ``enter`` and the first draw need (buttons,
        pictures), while another scene is still on top (``Navigator.prepare``); ``enter``
        must still work however few steps ran. Nothing by default."""
        return iter(())

    def exit(self) -> None:
        """Removed from the stack; release what ``enter`` acquired."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene above was popped; this one is on top again."""

    def intercept(self, action: Action) -> bool:
        """Offered every pointer press first; True takes the whole gesture (press to release)
        away from the buttons and from ``handle``."""
        return False

    def handle(self, action: Action) -> None:
        """One translated player action that no button took."""

    def update(self, dt: float) -> None:
        """Advance by one fixed step of ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint onto the logical surface."""

    def damage(self) -> list[pygame.Rect] | None:
        """Asked before each draw of a scene that is alone on screen: the parts of the canvas
        this draw changes compared with the last (``engine.damage``); ``None``, the default,
        for all of it."""
        return None


class SceneStack:
    """The stack of active scenes; only the top one receives input and updates."""

    def __init__(self) -> None:
        self._scenes: list[Scene[Any]] = []
        self._pending: deque[tuple[str, Scene[Any] | None]] = deque()

    # --- requests (applied after the frame) -------------------------------------------------
    def push(self, scene: Scene[Any]) -> None:
        """Request ``scene`` on top; the current top is paused."""
        self._pending.append(("push", scene))

    def pop(self) -> None:
        """Request removal of the top scene; the one below resumes."""
        self._pending.append(("pop", None))

    def replace(self, scene: Scene[Any]) -> None:
        """Request swapping the top scene for ``scene``."""
        self._pending.append(("replace", scene))

    def clear_to(self, scene: Scene[Any]) -> None:
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
    def top(self) -> Scene[Any] | None:
        """The scene receiving input, or None when the stack is empty."""
        return self._scenes[-1] if self._scenes else None

    @property
    def scenes(self) -> tuple[Scene[Any], ...]:
        """All scenes, bottom first."""
        return tuple(self._scenes)

    def __len__(self) -> int:
        return len(self._scenes)

    # --- per-frame dispatch -----------------------------------------------------------------
    def handle(self, action: Action) -> None:
        """Give an action to the top scene only."""
        if self._scenes:
            self._scenes[-1].handle(action)

    def update(self, dt: float) -> None:
        """Update the top scene only: paused scenes stay frozen."""
        if self._scenes:
            self._scenes[-1].update(dt)

    def visible(self) -> tuple[Scene[Any], ...]:
        """The scenes to draw, bottom first: the top plus everything seen through overlays."""
        if not self._scenes:
            return ()
        start = len(self._scenes) - 1
        while start > 0 and self._scenes[start].transparent:
            start -= 1
        return tuple(self._scenes[start:])

    def draw(self, surface: pygame.Surface,
             scenes: Sequence[Scene[Any]] | None = None) -> None:
        """Draw from the lowest visible scene up to the top (or ``scenes`` of them)."""
        for scene in self.visible() if scenes is None else scenes:
            scene.draw(surface)
