"""Navigation by name: scenes ask for "settings" or "magdagdon.play", never import each other.

Each name maps to a factory: either a callable ``(app, **kwargs) -> Scene`` or a lazy
``"package.module:ClassName"`` string, imported when the scene is first opened (so start-up
stays cheap and no screen module imports another). Requests go to the app's scene stack and are
applied after the frame, like every scene change.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from typing import Any

from game.engine.scenes import Scene, SceneStack

Factory = Callable[..., Scene[Any]]


class UnknownScene(KeyError):
    """No scene is registered under that name."""


class Navigator:
    """The registry of scene names and the requests that open them."""

    def __init__(self, app: Any, stack: Callable[[], SceneStack]) -> None:
        self._app = app
        self._stack = stack  # read at every request: the app may replace its stack
        self._factories: dict[str, Factory | str] = {}
        self._held: dict[str, tuple[dict[str, Any], Scene[Any]]] = {}  # ``prepare``'s

    def register(self, name: str, factory: Factory | str) -> None:
        """Make ``name`` openable; ``factory`` is a callable or ``"module:Class"``."""
        if isinstance(factory, str) and ":" not in factory:
            raise ValueError(f"a lazy scene is 'module:Class', not {factory!r}")
        self._factories[name] = factory

    def known(self, name: str) -> bool:
        return name in self._factories

    def names(self) -> tuple[str, ...]:
        return tuple(self._factories)

    def make(self, name: str, **kwargs: Any) -> Scene[Any]:
        """A new scene called ``name``, built with ``kwargs``, or the one ``prepare`` made
        for them; a scene not prepared drops every prepared one (made for a way the player
        did not take, it might show what has changed since)."""
        held = self._held.pop(name, None)
        if held is not None and held[0] == kwargs:
            return held[1]
        self._held.clear()
        return self._new(name, **kwargs)

    def _new(self, name: str, **kwargs: Any) -> Scene[Any]:
        try:
            factory = self._factories[name]
        except KeyError:
            raise UnknownScene(name) from None
        if isinstance(factory, str):
            module, _, cls = factory.partition(":")
            factory = getattr(importlib.import_module(module), cls)
            self._factories[name] = factory
        return factory(self._app, **kwargs)

    def prepare(self, name: str, **kwargs: Any) -> Scene[Any]:
        """Make ``name`` now and build it ahead in the frames to come (``Scene.prepare``,
        ``App.build_ahead``) for ``make`` to hand out when asked for with equal
        ``kwargs``."""
        held = self._held.get(name)
        if held is not None and held[0] == kwargs:
            return held[1]
        scene = self._new(name, **kwargs)
        self._held[name] = (kwargs, scene)
        self._app.build_ahead(self._ahead(name, scene))
        return scene

    def _ahead(self, name: str, scene: Scene[Any]) -> Iterator[None]:
        """``scene``'s steps while it waits: once opened or dropped, its ``enter`` builds."""
        steps = scene.prepare()
        while self._held.get(name, (None, None))[1] is scene:
            if next(steps, steps) is steps:
                return
            yield

    # --- requests (applied after the frame) ---------------------------------------------------
    def push(self, name: str, **kwargs: Any) -> Scene[Any]:
        """Open ``name`` on top (the current scene pauses); returns the new scene."""
        scene = self.make(name, **kwargs)
        self._stack().push(scene)
        return scene

    def replace(self, name: str, **kwargs: Any) -> Scene[Any]:
        """Swap the top scene for ``name``."""
        scene = self.make(name, **kwargs)
        self._stack().replace(scene)
        return scene

    def clear_to(self, name: str, **kwargs: Any) -> Scene[Any]:
        """Close every scene and open ``name`` alone."""
        scene = self.make(name, **kwargs)
        self._stack().clear_to(scene)
        return scene

    def pop(self) -> None:
        """Close the top scene; the one below resumes."""
        self._stack().pop()
