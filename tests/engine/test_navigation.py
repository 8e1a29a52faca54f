"""Navigation by name (``engine.navigation``): lazy factories, requests applied after the frame."""

from __future__ import annotations

import pytest

from game.engine.navigation import Navigator, UnknownScene
from game.engine.scenes import Scene, SceneStack


class Named(Scene[object]):
    def __init__(self, app: object, label: str = "") -> None:
        super().__init__(app)
        self.label = label


def navigator() -> tuple[Navigator, SceneStack]:
    stack = SceneStack()
    nav = Navigator("the app", lambda: stack)
    nav.register("named", Named)
    nav.register("lazy", "tests.engine.test_navigation:Named")
    return nav, stack


def test_push_builds_by_name_and_applies_after_the_frame() -> None:
    nav, stack = navigator()
    scene = nav.push("named", label="one")
    assert len(stack) == 0 and stack.pending
    stack.apply_pending()
    assert stack.top is scene and scene.app == "the app" and scene.label == "one"


def test_a_lazy_factory_is_imported_on_first_use() -> None:
    nav, stack = navigator()
    scene = nav.push("lazy", label="two")
    stack.apply_pending()
    assert isinstance(scene, Named) and scene.label == "two"


def test_replace_clear_to_and_pop() -> None:
    nav, stack = navigator()
    nav.push("named", label="a")
    nav.push("named", label="b")
    stack.apply_pending()
    nav.replace("named", label="c")
    stack.apply_pending()
    assert [s.label for s in stack.scenes] == ["a", "c"]  # type: ignore[attr-defined]
    nav.clear_to("named", label="d")
    stack.apply_pending()
    assert [s.label for s in stack.scenes] == ["d"]  # type: ignore[attr-defined]
    nav.pop()
    stack.apply_pending()
    assert len(stack) == 0


def test_unknown_names_and_bad_factories_are_refused() -> None:
    nav, _ = navigator()
    with pytest.raises(UnknownScene):
        nav.make("nowhere")
    with pytest.raises(ValueError):
        nav.register("broken", "no.colon.here")
    assert nav.known("named") and not nav.known("nowhere")
    assert set(nav.names()) == {"named", "lazy"}


def test_the_stack_is_read_at_every_request() -> None:
    holder = {"stack": SceneStack()}
    nav = Navigator(None, lambda: holder["stack"])
    nav.register("named", Named)
    holder["stack"] = fresh = SceneStack()  # e.g. the crash net starts a new stack
    nav.push("named")
    assert fresh.pending
