"""Frame pacing on a fake clock: the loop waits instead of spinning, draws at most once per
update step, slows down on an untouched screen and not in bench/frames runs; and taps in
window pixels reach the scenes in logical pixels at any window size."""

from __future__ import annotations

import pygame
import pytest

from game.engine.app import App, AppConfig
from game.engine.input import Action
from game.engine.loop import STEP, FakeClock, FixedStepLoop
from game.engine.pacing import AMBIENT_EVERY, IDLE_AFTER, STILL_EVERY, Pacer
from game.engine.scenes import Scene
from game.engine.testing import make_app, post_key, post_tap, run_frames
from game.engine.window import letterbox, to_window


class Probe(Scene):
    def __init__(self, app: App, still: bool = False, moving: bool = False) -> None:
        super().__init__(app)
        self.still = still
        self.moving = moving
        self.draws = 0
        self.updates = 0
        self.actions: list[Action] = []
        self.counter = 0  # scene state that an F11 round trip must keep

    def handle(self, action: Action) -> None:
        self.actions.append(action)

    def update(self, dt: float) -> None:
        self.updates += 1

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1
        surface.fill((10, 20, 30))


def start(app: App, **kwargs) -> Probe:
    probe = Probe(app, **kwargs)
    app.stack.push(probe)
    app.stack.apply_pending()
    return probe


def clock(app: App) -> FakeClock:
    assert isinstance(app.clock, FakeClock)
    return app.clock


# --- the loop waits ----------------------------------------------------------------------
def test_until_next_counts_down_to_the_next_step() -> None:
    fake = FakeClock()
    loop = FixedStepLoop(clock=fake)
    assert loop.until_next() == pytest.approx(STEP)
    fake.advance(STEP / 4)
    assert loop.until_next() == pytest.approx(0.75 * STEP)
    fake.advance(STEP)
    assert loop.until_next() == 0.0
    assert loop.tick()[0] == 1
    assert loop.until_next() == pytest.approx(0.75 * STEP)


def test_a_frame_with_nothing_due_waits_for_the_next_step_instead_of_spinning() -> None:
    app = make_app()
    probe = start(app)
    app.run_frame()  # the first frame draws (there is nothing on screen yet) …
    draws = probe.draws
    for _ in range(5):  # … then, with the clock standing still, nothing is due
        app.run_frame()
    assert probe.updates == 0 and probe.draws == draws  # no update, no draw …
    assert clock(app).sleeps == 6  # … and every pass slept
    assert clock(app).last_sleep == pytest.approx(STEP)


def test_a_wait_is_only_the_rest_of_the_step() -> None:
    app = make_app()
    start(app)
    clock(app).advance(STEP * 1.25)
    app.run_frame()
    assert clock(app).last_sleep == pytest.approx(0.75 * STEP)


def test_the_real_loop_sleeps_with_time_sleep(monkeypatch: pytest.MonkeyPatch) -> None:
    slept: list[float] = []
    monkeypatch.setattr("time.sleep", slept.append)
    app = App(AppConfig())
    start(app)
    for _ in range(20):  # a pass that overran its step (a loaded CI machine) has nothing to wait
        app.run_frame()  # for; the next ones, which only pretend to sleep, do
        if len(slept) >= 2:
            break
    assert slept and all(0 < s <= STEP + 1e-6 for s in slept)


@pytest.mark.parametrize("config", [{"bench": True, "frames": 30}, {"frames": 30}])
def test_bench_and_frames_runs_never_wait_and_draw_every_frame(config) -> None:
    app = make_app(**config)
    probe = start(app)
    app.run()
    assert clock(app).sleeps == 0
    assert probe.draws == 30 and app.draws == 30
    assert app.display.vsync is False


# --- what gets drawn ---------------------------------------------------------------------
def test_at_most_one_draw_per_update_step() -> None:
    app = make_app()
    probe = start(app)
    run_frames(app, 10)
    assert probe.updates == 10 and probe.draws == 10
    clock(app).advance(3 * STEP)  # a late frame catches up three steps, draws once
    app.run_frame()
    assert probe.updates == 13 and probe.draws == 11


def test_an_untouched_screen_is_redrawn_slowly_and_input_brings_full_rate_back() -> None:
    app = make_app()
    probe = start(app)
    idle = round(IDLE_AFTER / STEP)
    run_frames(app, idle)
    assert probe.draws == idle  # full rate while it may still be moving after input
    before = probe.draws
    run_frames(app, 60)
    assert probe.draws - before == 60 // AMBIENT_EVERY  # 12 a second
    post_tap((100, 100))
    before = probe.draws
    run_frames(app, 30)
    assert probe.draws - before == 30  # touched: full rate again


@pytest.mark.slow
def test_a_still_screen_is_redrawn_twice_a_second() -> None:
    app = make_app()
    probe = start(app, still=True)
    run_frames(app, round(IDLE_AFTER / STEP) + 1)
    before = probe.draws
    run_frames(app, 120)
    assert probe.draws - before == 120 // STILL_EVERY


@pytest.mark.slow
def test_what_plays_out_by_itself_is_drawn_at_full_rate_on_an_untouched_screen() -> None:
    """The computer's piece flies with nobody touching the screen: every step is drawn, and
    the step after it lands (the picture at rest), then the slow redraw again."""
    app = make_app()
    probe = start(app)
    run_frames(app, round(IDLE_AFTER / STEP) + 1)
    assert app.pacer.idle
    probe.moving = True
    before = probe.draws
    run_frames(app, 30)
    assert probe.draws - before == 30 and app.pacer.idle  # motion is not input
    probe.moving = False
    before = probe.draws
    run_frames(app, 1)
    assert probe.draws == before + 1  # at rest, shown at once
    before = probe.draws
    run_frames(app, 60)
    assert probe.draws - before == 60 // AMBIENT_EVERY


def test_a_scene_change_counts_as_activity() -> None:
    app = make_app()
    start(app)
    run_frames(app, round(IDLE_AFTER / STEP) + 10)
    assert app.pacer.idle
    second = Probe(app)
    app.stack.push(second)
    run_frames(app, 3)
    assert second.draws == 2 and not app.pacer.idle


def test_a_minimised_window_is_not_drawn_and_a_restored_one_is() -> None:
    app = make_app()
    probe = start(app)
    run_frames(app, 2)
    pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
    before = probe.draws
    run_frames(app, 20)
    assert probe.draws == before and probe.updates == 22  # the game goes on, unseen
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))
    run_frames(app, 1)
    assert probe.draws == before + 1


def test_pacer_rules() -> None:
    pacer = Pacer(idle_after=1.0, ambient_every=4)
    assert pacer.should_draw(0, still=False, forced=True)
    assert not pacer.should_draw(0, still=False)
    assert pacer.should_draw(1, still=False)
    pacer.drew()
    for _ in range(60):
        pacer.should_draw(1, still=False)
    assert pacer.idle
    pacer.drew()
    assert [pacer.should_draw(1, still=False) for _ in range(4)] == [False, False, False, True]
    assert pacer.should_draw(1, still=True, moving=True)  # idle, but something moves
    pacer.activity()
    assert not pacer.idle and pacer.should_draw(1, still=True)


# --- work for an untouched screen --------------------------------------------------------
def _job(app: App, log: list[tuple[str, int]], key: str):
    """A job that notes its key and the pass it ran in."""
    return lambda: log.append((key, app.frame))


@pytest.mark.parametrize("window", [(1366, 768), (1280, 1024), (1920, 1200), (2560, 1080),
                                    (3840, 2160), (800, 450)])
@pytest.mark.parametrize("touch", [False, True])
def test_taps_in_window_pixels_reach_the_scene_in_logical_pixels(window, touch) -> None:
    app = make_app()
    probe = start(app)
    assert app.display.window is not None
    app.display.window.size = window
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=window[0], y=window[1]))
    run_frames(app, 1)
    box = letterbox((1920, 1080), window)
    tolerance = max(1, round(1920 / box[2]))
    for target in ((960, 540), (120, 80), (1800, 1000), (0, 0), (1919, 1079)):
        x, y = to_window(target, box, (1920, 1080))
        probe.actions.clear()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1,
                                             touch=touch))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1,
                                             touch=touch))
        run_frames(app, 1)
        assert [a.kind for a in probe.actions] == ["press", "release"]
        for action in probe.actions:
            assert action.pos is not None
            assert abs(action.pos[0] - target[0]) <= tolerance
            assert abs(action.pos[1] - target[1]) <= tolerance


def test_portrait_taps_land_too() -> None:
    app = make_app(size=(1080, 1920))
    probe = start(app)
    assert app.display.window is not None
    app.display.window.size = (1920, 1080)  # a portrait layout on a landscape screen
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1920, y=1080))
    run_frames(app, 1)
    box = letterbox((1080, 1920), (1920, 1080))
    x, y = to_window((540, 1800), box, (1080, 1920))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    run_frames(app, 1)
    assert probe.actions[0].pos is not None
    assert abs(probe.actions[0].pos[0] - 540) <= 2 and abs(probe.actions[0].pos[1] - 1800) <= 2


def test_f11_round_trip_keeps_the_canvas_and_the_scene() -> None:
    app = make_app()
    probe = start(app)
    probe.counter = 7
    canvas = app.surface
    post_key("f11")
    run_frames(app, 1)
    assert app.display.fullscreen
    post_key("f11")
    run_frames(app, 1)
    assert not app.display.fullscreen
    assert app.surface is canvas and app.stack.top is probe and probe.counter == 7
    assert probe.actions == []  # F11 is the app's, not the scene's
