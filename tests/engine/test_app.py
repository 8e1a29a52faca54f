"""The App shell on a fake clock: frames, dispatch order, screenshots and the bench report."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.engine.app import App, AppConfig
from game.engine.input import Action
from game.engine.loop import STEP, FakeClock
from game.engine.scenes import Scene
from game.engine.testing import make_app, post_key, post_tap, post_touch_tap, run_frames

RED = (200, 20, 20)


class Probe(Scene):
    """Fills the screen red and records what reaches it."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.actions: list[Action] = []
        self.updates: list[float] = []
        self.draws = 0
        self.alphas: list[float] = []

    def handle(self, action: Action) -> None:
        self.actions.append(action)

    def update(self, dt: float) -> None:
        self.updates.append(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1
        self.alphas.append(self.app.alpha)
        surface.fill(RED)


def start(app: App) -> Probe:
    probe = Probe(app)
    app.stack.push(probe)
    app.stack.apply_pending()
    return probe


def test_app_builds_its_parts() -> None:
    app = make_app()
    assert isinstance(app.clock, FakeClock)
    assert app.surface.get_size() == (1920, 1080)
    assert app.display.fullscreen is False
    assert len(app.stack) == 0
    assert (app.frame, app.running, app.frame_times) == (0, True, [])
    assert app.started_at == 0.0


def test_run_stops_after_the_requested_frames_and_saves_a_screenshot(tmp_path: Path) -> None:
    shot = tmp_path / "title.png"
    app = make_app(frames=4, screenshot=str(shot))
    probe = Probe(app)
    app.stack.push(probe)  # pushed before run(), as main.py does
    assert app.run() == 0
    assert app.frame == 4
    assert probe.draws == 4
    saved = pygame.image.load(str(shot))
    assert saved.get_size() == (1920, 1080)
    assert saved.get_at((960, 540))[:3] == RED


def test_run_with_an_empty_stack_returns_at_once() -> None:
    app = make_app(frames=10)
    assert app.run() == 0
    assert app.frame == 0


def test_run_ends_when_the_last_scene_pops() -> None:
    app = make_app(frames=100)

    class OneShot(Scene):
        def draw(self, surface: pygame.Surface) -> None:
            self.app.stack.pop()

    app.stack.push(OneShot(app))
    app.run()
    assert app.frame == 1


def test_quit_ends_the_run() -> None:
    app = make_app(frames=100)

    class Quitter(Probe):
        def handle(self, action: Action) -> None:
            super().handle(action)
            if action.kind == "quit":
                self.app.quit()

    probe = Quitter(app)
    app.stack.push(probe)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()
    assert app.frame == 1
    assert probe.actions == [Action("quit")]


def test_window_close_quits_even_if_no_scene_handles_it() -> None:
    app = make_app(frames=100)
    probe = Probe(app)
    app.stack.push(probe)
    pygame.event.post(pygame.event.Event(pygame.WINDOWCLOSE))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()
    assert app.frame == 1
    assert probe.actions == [Action("quit")]  # the scene still hears it (e.g. to autosave)


def test_quit_on_close_can_be_left_to_the_scenes() -> None:
    app = make_app(frames=3)
    probe = Probe(app)
    app.stack.push(probe)
    app.quit_on_close = False
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()
    assert app.frame == 3
    assert probe.actions == [Action("quit")]


def test_events_reach_the_top_scene_translated() -> None:
    app = make_app()
    probe = start(app)
    post_tap((300, 400))
    post_key("space")
    run_frames(app, 1)
    assert probe.actions == [
        Action("press", pos=(300, 400)),
        Action("release", pos=(300, 400)),
        Action("key", key="space"),
    ]


def test_touch_tap_reaches_the_scene_as_one_tap() -> None:
    app = make_app()
    probe = start(app)
    post_touch_tap((1000, 600))
    run_frames(app, 1)
    assert [a.kind for a in probe.actions] == ["press", "release"]


def test_f11_is_handled_by_the_app() -> None:
    app = make_app()
    probe = start(app)
    post_key("f11")
    run_frames(app, 1)  # the dummy driver refuses fullscreen: logged, not raised
    assert probe.actions == []
    assert app.surface.get_size() == (1920, 1080)


def test_updates_follow_the_fake_clock() -> None:
    app = make_app()
    probe = start(app)
    run_frames(app, 10)
    assert probe.updates == [STEP] * 10
    app.clock.advance(2.5 * STEP)
    app.run_frame()
    assert len(probe.updates) == 12
    assert probe.alphas[-1] == pytest.approx(0.5)
    app.clock.advance(10.0)  # a stall: capped catch-up
    app.run_frame()
    assert len(probe.updates) == 17


def test_bench_and_frames_runs_do_one_update_per_frame() -> None:
    app = make_app(frames=6, bench=True)
    probe = start(app)
    app.run()  # the fake clock never moves, yet the demo advances
    assert probe.updates == [STEP] * 6
    assert len(app.frame_times) == 6


def test_fixed_steps_can_be_enabled_for_frames_runs() -> None:
    app = make_app(frames=3)
    probe = start(app)
    app.fixed_steps_per_frame = True
    app.run()
    assert len(probe.updates) == 3


def test_frames_run_follows_the_clock_by_default() -> None:
    app = make_app(frames=3)
    probe = start(app)
    app.run()
    assert probe.updates == []  # the fake clock did not move


def test_scene_changes_apply_after_the_frame() -> None:
    app = make_app()
    first = start(app)

    class Pusher(Probe):
        def update(self, dt: float) -> None:
            super().update(dt)
            self.app.stack.push(second)

    second = Probe(app)
    app.stack.replace(Pusher(app))
    app.stack.apply_pending()
    pusher = app.stack.top
    assert isinstance(pusher, Pusher)
    run_frames(app, 1)
    assert pusher.draws == 1  # drew its own frame before the push took effect
    assert app.stack.top is second
    assert first.draws == 0


def test_startup_ms_runs_from_construction_to_the_first_frame() -> None:
    app = make_app()
    assert app.startup_ms == 0.0
    start(app)
    app.clock.advance(0.25)
    app.run_frame()
    assert app.startup_ms == pytest.approx(250.0)
    app.clock.advance(1.0)
    app.run_frame()
    assert app.startup_ms == pytest.approx(250.0)


def test_bench_report_format() -> None:
    app = make_app(bench=True, frames=5)
    start(app)
    app.run()
    report = app.bench_report()
    pattern = (
        r"frames=5 startup_ms=\d+\.\d median_ms=\d+\.\d\d p99_ms=\d+\.\d\d "
        r"max_ms=\d+\.\d\d rss_mb=\d+\.\d renderer=\w+"
    )
    assert re.fullmatch(pattern, report), report


def test_bench_report_statistics_exclude_the_first_frame() -> None:
    app = make_app(bench=True)
    app.frame = 5
    app.frame_times = [500.0, 4.0, 1.0, 3.0, 2.0]
    fields = dict(part.split("=") for part in app.bench_report().split())
    assert fields["median_ms"] == "2.50"
    assert fields["p99_ms"] == "4.00"
    assert fields["max_ms"] == "4.00"
    assert float(fields["rss_mb"]) >= 0.0


def test_bench_report_without_frames() -> None:
    report = make_app(bench=True).bench_report()
    assert report.startswith("frames=0 startup_ms=0.0 median_ms=0.00")


def test_new_ui_manager_uses_logical_size() -> None:
    app = make_app()
    manager = app.new_ui_manager()
    assert tuple(manager.window_resolution) == (1920, 1080)
    themed = app.new_ui_manager({"button": {"colours": {"normal_bg": "#224466"}}})
    assert tuple(themed.window_resolution) == (1920, 1080)


def test_app_config_defaults() -> None:
    config = AppConfig()
    assert config.fullscreen is False and config.frames is None and config.screenshot is None
    assert config.bench is False and config.size == (1920, 1080)
    assert config.title == ""  # the engine knows no game: the arcade names the window


def test_real_clock_default() -> None:
    app = App(AppConfig(frames=2))
    start(app)
    assert app.run() == 0
    assert app.frame == 2


def test_shutdown_closes_pygame_and_a_new_app_can_start() -> None:
    app = make_app(frames=1)
    start(app)
    app.run()
    app.shutdown()
    assert not pygame.get_init()
    again = make_app(frames=1)
    start(again)
    assert again.run() == 0


# --- work ahead (``App.build_ahead``) --------------------------------------------------------
class Slow(Scene):
    """Its update takes ``spent`` seconds of the fake clock."""

    spent = 0.0

    def update(self, dt: float) -> None:
        self.app.clock.advance(self.spent)


def test_work_ahead_runs_after_the_frame_s_scene_changes_and_across_frames() -> None:
    from game.engine.app import AHEAD_STEPS

    app = make_app()
    probe = start(app)
    done: list[tuple[int, int]] = []

    def steps(name: int):
        for index in range(AHEAD_STEPS):
            done.append((name, index))
            yield

    app.build_ahead(steps(1))
    app.build_ahead(steps(2))
    assert done == []  # nothing runs until a frame has done its own work
    run_frames(app, 1)
    assert done == [(1, index) for index in range(AHEAD_STEPS)]  # a frame's share only
    run_frames(app, 2)
    assert done == [(1, i) for i in range(AHEAD_STEPS)] + [(2, i) for i in range(AHEAD_STEPS)]
    assert probe.updates  # the frames went on as ever


def test_a_frame_that_used_its_time_runs_no_work_ahead() -> None:
    from game.engine.app import AHEAD_BUDGET

    app = make_app()
    slow = Slow(app)
    slow.spent = AHEAD_BUDGET * 1.01
    app.stack.push(slow)
    app.stack.apply_pending()
    done: list[int] = []

    def step() -> None:  # each takes 40 % of the budget; the steps never end
        app.clock.advance(AHEAD_BUDGET * 0.4)
        done.append(1)

    app.build_ahead(iter(step, 0))
    run_frames(app, 3)
    assert done == []
    slow.spent = 0.0  # steps start at 0, 40 % and 80 % of the budget
    run_frames(app, 1)
    assert done == [1, 1, 1]


def test_work_for_later_waits_for_every_other_step_even_one_given_after_it() -> None:
    app = make_app()
    start(app)
    done: list[str] = []

    def first():
        done.append("first")
        yield

    def later():
        done.append("later 1")
        app.build_ahead(first())  # given while the later work runs: it goes before the rest
        yield
        done.append("later 2")
        yield

    app.build_ahead(later(), later=True)
    app.build_ahead(first())
    run_frames(app, 1)
    assert done == ["first", "later 1", "first", "later 2"]
