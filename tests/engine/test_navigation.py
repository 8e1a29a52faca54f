"""Navigation by name (``engine.navigation``): lazy factories, requests applied after the frame."""

from __future__ import annotations

from collections.abc import Iterator

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


# --- scenes built ahead (``Navigator.prepare``) ----------------------------------------------
class Ahead(Named):
    """Its ``prepare`` counts its steps."""

    def __init__(self, app: object, label: str = "") -> None:
        super().__init__(app, label)
        self.steps = 0

    def prepare(self) -> Iterator[None]:
        for _ in range(3):
            self.steps += 1
            yield


class Jobs:
    """An app's ``build_ahead``: the steps handed to it, run when the test says."""

    def __init__(self) -> None:
        self.jobs: list[Iterator[object]] = []

    def build_ahead(self, steps: Iterator[object]) -> None:
        self.jobs.append(steps)

    def run(self) -> None:
        for job in self.jobs:
            for _ in job:
                pass


def ahead_navigator() -> tuple[Navigator, SceneStack, Jobs]:
    stack, app = SceneStack(), Jobs()
    nav = Navigator(app, lambda: stack)
    nav.register("ahead", Ahead)
    nav.register("named", Named)
    return nav, stack, app


def test_a_prepared_scene_is_built_in_the_app_s_work_ahead_and_opened_when_asked_for() -> None:
    nav, stack, app = ahead_navigator()
    scene = nav.prepare("ahead", label="x")
    assert isinstance(scene, Ahead) and scene.steps == 0 and len(app.jobs) == 1
    assert nav.prepare("ahead", label="x") is scene and len(app.jobs) == 1  # once
    app.run()
    assert scene.steps == 3
    assert nav.push("ahead", label="x") is scene
    assert nav.push("ahead", label="x") is not scene  # handed out once


def test_a_prepared_scene_asked_for_with_other_arguments_is_a_new_one() -> None:
    nav, _, app = ahead_navigator()
    scene = nav.prepare("ahead", label="x")
    other = nav.push("ahead", label="y")
    assert other is not scene and other.label == "y"  # type: ignore[attr-defined]
    app.run()
    assert scene.steps == 0  # dropped: its steps stop


def test_another_scene_opened_first_drops_every_prepared_one() -> None:
    nav, _, app = ahead_navigator()
    first = nav.prepare("ahead", label="x")
    nav.register("second", Ahead)
    second = nav.prepare("second")
    next(app.jobs[0])  # one step of the first, then the player went elsewhere
    nav.push("named")
    app.run()
    assert (first.steps, second.steps) == (1, 0)  # type: ignore[attr-defined]
    assert nav.push("ahead", label="x") is not first and nav.push("second") is not second


def test_opening_one_prepared_scene_keeps_the_others() -> None:
    nav, _, app = ahead_navigator()
    nav.register("second", Ahead)
    first = nav.prepare("ahead", label="x")
    second = nav.prepare("second")
    assert nav.push("ahead", label="x") is first
    app.run()
    assert (first.steps, second.steps) == (0, 3)  # type: ignore[attr-defined]
    assert nav.push("second") is second
