"""One input channel (``engine.router``): a gesture reaches a button or the scene, never both."""

from __future__ import annotations

import pygame
import pygame_gui

from game.engine.app import App
from game.engine.input import Action
from game.engine.scenes import Scene
from game.engine.testing import make_app, post_drag, post_key, post_tap, post_touch_tap, run_frames

BUTTON = pygame.Rect(100, 100, 300, 120)


class Panel(Scene[App]):
    """A scene with one pygame-gui button; records what reaches it."""

    def __init__(self, app: App, taking: bool = False) -> None:
        super().__init__(app)
        self.taking = taking  # intercept every press (as during an animation)
        self.actions: list[Action] = []
        self.clicks = 0
        self.intercepted = 0

    def enter(self) -> None:
        self.ui = self.app.new_ui_manager()
        self.button = pygame_gui.elements.UIButton(BUTTON, "OK", self.ui,
                                                   command=lambda _data: self.click())

    def click(self) -> None:
        self.clicks += 1

    def intercept(self, action: Action) -> bool:
        if self.taking:
            self.intercepted += 1
        return self.taking

    def handle(self, action: Action) -> None:
        self.actions.append(action)

    def update(self, dt: float) -> None:
        assert self.ui is not None
        self.ui.update(dt)


def start(**kwargs: bool) -> tuple[App, Panel]:
    app = make_app()
    panel = Panel(app, **kwargs)
    app.stack.push(panel)
    app.stack.apply_pending()
    run_frames(app, 2)
    return app, panel


def kinds(panel: Panel) -> list[str]:
    return [a.kind for a in panel.actions]


def test_a_tap_on_a_button_fires_it_once_and_the_scene_sees_nothing() -> None:
    app, panel = start()
    post_tap(BUTTON.center)
    run_frames(app, 2)
    assert panel.clicks == 1
    assert kinds(panel) == []
    app.shutdown()


def test_a_touch_tap_on_a_button_fires_it_once() -> None:
    app, panel = start()
    post_touch_tap(BUTTON.center)
    run_frames(app, 2)
    assert panel.clicks == 1
    assert kinds(panel) == []
    app.shutdown()


def test_a_tap_beside_the_button_goes_to_the_scene_only() -> None:
    app, panel = start()
    post_tap((1200, 700))
    run_frames(app, 2)
    assert panel.clicks == 0
    assert kinds(panel) == ["press", "release"]
    app.shutdown()


def test_a_drag_from_the_board_onto_a_button_does_not_fire_it() -> None:
    app, panel = start()
    post_drag((1200, 700), BUTTON.center)
    run_frames(app, 2)
    assert panel.clicks == 0
    assert kinds(panel)[0] == "press" and kinds(panel)[-1] == "release"
    app.shutdown()


def test_a_press_on_a_button_dragged_off_is_the_buttons_gesture() -> None:
    app, panel = start()
    post_drag(BUTTON.center, (1200, 700))
    run_frames(app, 2)
    assert kinds(panel) == []  # the scene never sees a gesture that began on a button
    app.shutdown()


def test_an_intercepted_press_takes_the_whole_gesture() -> None:
    app, panel = start(taking=True)
    post_tap(BUTTON.center)
    post_tap((1200, 700))
    run_frames(app, 2)
    assert panel.intercepted == 2
    assert panel.clicks == 0  # the button under the finger does not fire on release
    assert kinds(panel) == []
    app.shutdown()


def test_a_disabled_button_still_covers_the_board_under_it() -> None:
    app, panel = start()
    panel.button.disable()
    post_tap(BUTTON.center)
    run_frames(app, 2)
    assert panel.clicks == 0
    assert kinds(panel) == []
    app.shutdown()


def test_keys_reach_the_scene() -> None:
    app, panel = start()
    post_key("space")
    post_key("a")
    run_frames(app, 1)
    assert panel.actions == [Action("key", key="space"), Action("key", key="a")]
    app.shutdown()


def test_a_slider_move_calls_its_on_change() -> None:
    app, panel = start()
    assert panel.ui is not None
    slider = pygame_gui.elements.UIHorizontalSlider(pygame.Rect(100, 400, 600, 60), 50, (0, 100),
                                                    panel.ui)
    seen: list[int] = []
    slider.on_change = seen.append  # type: ignore[attr-defined]
    pygame.event.post(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, value=70,
                                         ui_element=slider, ui_object_id="#slider"))
    run_frames(app, 1)
    assert seen == [70]
    app.shutdown()
