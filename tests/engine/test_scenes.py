"""Scene stack: deferred changes, symmetric lifecycle, dispatch to the top, overlays."""

from __future__ import annotations

import pygame
import pytest

from game.engine.input import Action
from game.engine.scenes import Scene, SceneStack


class Recorder(Scene):
    """Logs every hook call as "name.hook" into a shared list."""

    def __init__(self, name: str, log: list[str], transparent: bool = False) -> None:
        super().__init__(app=None)
        self.name = name
        self.log = log
        self.transparent = transparent

    def enter(self) -> None:
        self.log.append(f"{self.name}.enter")

    def exit(self) -> None:
        self.log.append(f"{self.name}.exit")

    def pause(self) -> None:
        self.log.append(f"{self.name}.pause")

    def resume(self) -> None:
        self.log.append(f"{self.name}.resume")

    def handle(self, action: Action) -> None:
        self.log.append(f"{self.name}.handle:{action.kind}")

    def update(self, dt: float) -> None:
        self.log.append(f"{self.name}.update")

    def draw(self, surface: pygame.Surface) -> None:
        self.log.append(f"{self.name}.draw")


@pytest.fixture
def log() -> list[str]:
    return []


def test_base_scene_hooks_are_no_ops() -> None:
    scene = Scene(app="the app")
    assert scene.app == "the app"
    assert scene.transparent is False
    scene.enter()
    scene.pause()
    scene.resume()
    assert scene.intercept(Action("press", pos=(1, 2))) is False
    scene.handle(Action("press", pos=(1, 2)))
    scene.update(1 / 60)
    scene.draw(pygame.Surface((4, 4)))
    scene.exit()


def test_requests_wait_for_apply_pending(log: list[str]) -> None:
    stack = SceneStack()
    a = Recorder("a", log)
    stack.push(a)
    assert len(stack) == 0 and stack.top is None and stack.pending
    assert log == []
    stack.apply_pending()
    assert stack.top is a and stack.scenes == (a,) and not stack.pending
    assert log == ["a.enter"]


def test_push_and_pop_lifecycle(log: list[str]) -> None:
    stack = SceneStack()
    a, b = Recorder("a", log), Recorder("b", log)
    stack.push(a)
    stack.apply_pending()
    stack.push(b)
    stack.apply_pending()
    assert stack.scenes == (a, b)
    stack.pop()
    stack.apply_pending()
    assert stack.scenes == (a,)
    assert log == ["a.enter", "a.pause", "b.enter", "b.exit", "a.resume"]


def test_replace_lifecycle(log: list[str]) -> None:
    stack = SceneStack()
    a, b, c = (Recorder(n, log) for n in "abc")
    stack.push(a)
    stack.push(b)
    stack.apply_pending()
    log.clear()
    stack.replace(c)
    stack.apply_pending()
    assert stack.scenes == (a, c)
    assert log == ["b.exit", "c.enter"]  # the scene below is neither paused nor resumed


def test_clear_to_exits_top_down(log: list[str]) -> None:
    stack = SceneStack()
    a, b, c, d = (Recorder(n, log) for n in "abcd")
    for scene in (a, b, c):
        stack.push(scene)
    stack.apply_pending()
    log.clear()
    stack.clear_to(d)
    stack.apply_pending()
    assert stack.scenes == (d,)
    assert log == ["c.exit", "b.exit", "a.exit", "d.enter"]


def test_several_requests_in_one_frame_apply_in_order(log: list[str]) -> None:
    stack = SceneStack()
    a, b, c = (Recorder(n, log) for n in "abc")
    stack.push(a)
    stack.push(b)
    stack.pop()
    stack.push(c)
    stack.apply_pending()
    assert stack.scenes == (a, c)
    assert log == ["a.enter", "a.pause", "b.enter", "b.exit", "a.resume", "a.pause", "c.enter"]


def test_requests_made_by_hooks_apply_in_the_same_frame(log: list[str]) -> None:
    stack = SceneStack()
    b = Recorder("b", log)

    class Redirect(Recorder):
        def enter(self) -> None:
            super().enter()
            stack.replace(b)

    stack.push(Redirect("a", log))
    stack.apply_pending()
    assert stack.scenes == (b,)
    assert log == ["a.enter", "a.exit", "b.enter"]


def test_endless_scene_changes_are_stopped(log: list[str]) -> None:
    stack = SceneStack()

    class Loop(Recorder):
        def enter(self) -> None:
            stack.replace(Loop("x", log))

    stack.push(Loop("x", log))
    with pytest.raises(RuntimeError):
        stack.apply_pending()
    assert not stack.pending


def test_pop_on_empty_stack_is_ignored() -> None:
    stack = SceneStack()
    stack.pop()
    stack.apply_pending()
    assert len(stack) == 0


def test_input_and_update_go_to_the_top_only(log: list[str]) -> None:
    stack = SceneStack()
    a, b = Recorder("a", log), Recorder("b", log)
    stack.push(a)
    stack.push(b)
    stack.apply_pending()
    log.clear()
    stack.handle(Action("key", key="accept"))
    stack.update(1 / 60)
    assert log == ["b.handle:key", "b.update"]


def test_empty_stack_dispatch_is_harmless() -> None:
    stack = SceneStack()
    stack.handle(Action("quit"))
    stack.update(1 / 60)
    stack.draw(pygame.Surface((4, 4)))
    assert stack.visible() == ()


def test_transparent_overlay_draws_the_scenes_below(log: list[str]) -> None:
    stack = SceneStack()
    a = Recorder("a", log)
    b = Recorder("b", log)
    c = Recorder("c", log, transparent=True)
    d = Recorder("d", log, transparent=True)
    for scene in (a, b, c, d):
        stack.push(scene)
    stack.apply_pending()
    log.clear()
    stack.draw(pygame.Surface((4, 4)))
    assert log == ["b.draw", "c.draw", "d.draw"]  # stops at the first opaque scene


def test_opaque_scene_hides_the_scenes_below(log: list[str]) -> None:
    stack = SceneStack()
    a, b = Recorder("a", log), Recorder("b", log)
    stack.push(a)
    stack.push(b)
    stack.apply_pending()
    log.clear()
    stack.draw(pygame.Surface((4, 4)))
    assert log == ["b.draw"]


def test_transparent_class_attribute_is_respected(log: list[str]) -> None:
    class Overlay(Scene):
        transparent = True

        def draw(self, surface: pygame.Surface) -> None:
            log.append("overlay.draw")

    stack = SceneStack()
    stack.push(Recorder("a", log))
    stack.push(Overlay(app=None))
    stack.apply_pending()
    log.clear()
    stack.draw(pygame.Surface((4, 4)))
    assert log == ["a.draw", "overlay.draw"]
