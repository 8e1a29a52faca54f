"""The background worker: frames never wait for a job; cancel, supersede, errors, progress.

Jobs here block on ``threading.Event``s the test holds, so "the frame did not wait" is shown
by frames (on a fake clock) running on while the job is provably still inside its function.
The only blocking calls are the test's own ``Worker.wait`` with a generous timeout.
"""

from __future__ import annotations

import logging
import threading

import pygame
import pytest

from game.engine.app import App
from game.engine.scenes import Scene
from game.engine.testing import make_app, run_frames
from game.engine.worker import Cancelled, Outcome, Task, Worker

TIMEOUT = 10.0  # only a broken test ever waits this long


class Held:
    """A job that signals it started, then waits until the test releases it."""

    def __init__(self, value: object = "done") -> None:
        self.value = value
        self.started = threading.Event()
        self.release = threading.Event()
        self.saw_cancel = False

    def __call__(self, task: Task) -> object:
        self.started.set()
        while not self.release.wait(0.005):
            if task.cancelled.is_set():
                self.saw_cancel = True
        return self.value


class Poller(Scene):
    """Polls its worker once per update, as a scene does, and counts its updates."""

    def __init__(self, app: App, worker: Worker[object]) -> None:
        super().__init__(app)
        self.worker = worker
        self.updates = 0
        self.outcomes: list[Outcome[object]] = []

    def update(self, dt: float) -> None:
        self.updates += 1
        outcome = self.worker.poll()
        if outcome is not None:
            self.outcomes.append(outcome)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))


@pytest.fixture
def poller():
    app = make_app()
    scene = Poller(app, Worker("test"))
    app.stack.push(scene)
    app.stack.apply_pending()
    yield app, scene
    scene.worker.cancel()
    app.shutdown()


@pytest.mark.slow
def test_frames_run_on_while_a_job_is_held(poller) -> None:
    app, scene = poller
    job = Held("answer")
    scene.worker.submit(job, key="k")
    assert job.started.wait(TIMEOUT)
    run_frames(app, 120)  # two seconds of frames on the fake clock; the job is still held
    assert scene.updates == 120 and app.frame == 120
    assert scene.outcomes == [] and scene.worker.busy and scene.worker.key == "k"
    assert not job.release.is_set()  # the job never got past its wait: no frame waited
    job.release.set()
    assert scene.worker.wait(TIMEOUT)
    run_frames(app, 1)
    assert scene.outcomes == [Outcome("k", "answer", None)]
    run_frames(app, 5)
    assert len(scene.outcomes) == 1 and not scene.worker.busy  # an outcome comes once


def test_poll_never_waits_and_is_none_while_running() -> None:
    worker: Worker[object] = Worker()
    assert worker.poll() is None and not worker.busy and worker.key is None
    job = Held()
    worker.submit(job)
    assert job.started.wait(TIMEOUT)
    for _ in range(1000):
        assert worker.poll() is None
    job.release.set()
    assert worker.wait(TIMEOUT)
    outcome = worker.poll()
    assert outcome is not None and outcome.ok and outcome.value == "done"


def test_cancel_drops_the_result_and_asks_the_job_to_stop() -> None:
    worker: Worker[object] = Worker()
    job = Held()
    worker.submit(job, key=1)
    assert job.started.wait(TIMEOUT)
    worker.cancel()
    assert not worker.busy and worker.poll() is None
    deadline = threading.Event()
    for _ in range(int(TIMEOUT / 0.01)):  # the job sees the request at its next check
        if job.saw_cancel:
            break
        deadline.wait(0.01)
    assert job.saw_cancel
    job.release.set()
    assert worker.wait(TIMEOUT)
    assert worker.poll() is None  # its result is dropped


def test_a_new_job_supersedes_the_old_one() -> None:
    worker: Worker[object] = Worker()
    old, new = Held("old"), Held("new")
    worker.submit(old, key="old")
    assert old.started.wait(TIMEOUT)
    worker.submit(new, key="new")
    assert worker.key == "new" and worker.submitted == 2
    old.release.set()  # the old one finishes first: nobody hears of it
    new.release.set()
    assert worker.wait(TIMEOUT)
    outcome = worker.poll()
    assert outcome == Outcome("new", "new", None)
    assert worker.poll() is None


def test_an_error_is_captured_logged_and_returned(poller, caplog) -> None:
    app, scene = poller

    def broken(task: Task) -> object:
        raise RuntimeError("the advisor fell over")

    with caplog.at_level(logging.ERROR, logger="game.engine.worker"):
        scene.worker.submit(broken, key="x")
        assert scene.worker.wait(TIMEOUT)
        run_frames(app, 2)  # the frame loop carries on
    [outcome] = scene.outcomes
    assert not outcome.ok and isinstance(outcome.error, RuntimeError) and outcome.key == "x"
    assert outcome.value is None
    assert "the advisor fell over" in caplog.text


def test_progress_is_reported_while_the_job_runs() -> None:
    worker: Worker[object] = Worker()
    halfway, release = threading.Event(), threading.Event()

    def job(task: Task) -> object:
        task.report(0.5)
        halfway.set()
        release.wait(TIMEOUT)
        task.report(7)  # clamped
        return task.progress

    assert worker.progress == 0.0
    worker.submit(job)
    assert halfway.wait(TIMEOUT)
    assert worker.progress == 0.5
    release.set()
    assert worker.wait(TIMEOUT)
    outcome = worker.poll()
    assert outcome is not None and outcome.value == 1.0 and worker.progress == 0.0


def test_threads_are_daemons() -> None:
    worker: Worker[object] = Worker("daemon-check")
    job = Held()
    worker.submit(job)
    assert job.started.wait(TIMEOUT)
    threads = [t for t in threading.enumerate() if t.name.startswith("daemon-check")]
    assert threads and all(t.daemon for t in threads)
    job.release.set()
    assert worker.wait(TIMEOUT)


def test_a_job_makes_the_interpreter_hand_the_lock_back_sooner() -> None:
    import sys

    from game.engine import worker as module

    before = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.005)
        worker: Worker[object] = Worker()
        worker.submit(lambda task: None)
        assert sys.getswitchinterval() == pytest.approx(module.SWITCH_INTERVAL)
        assert worker.wait(TIMEOUT)
        sys.setswitchinterval(0.0005)
        worker.submit(lambda task: None)  # never raised
        assert sys.getswitchinterval() == pytest.approx(0.0005)
        assert worker.wait(TIMEOUT)
    finally:
        sys.setswitchinterval(before)


def test_a_job_that_stops_when_cancelled_is_not_an_error(caplog) -> None:
    worker: Worker[object] = Worker()
    started, go_on = threading.Event(), threading.Event()

    def job(task: Task) -> object:
        started.set()
        assert go_on.wait(TIMEOUT)
        task.check()  # raises Cancelled: it was asked to stop
        return "never"

    with caplog.at_level(logging.DEBUG, logger="game.engine.worker"):
        worker.submit(job)
        assert started.wait(TIMEOUT)
        thread = next(t for t in threading.enumerate() if t.name == "worker-1")
        worker.cancel()
        go_on.set()
        thread.join(TIMEOUT)
    assert not thread.is_alive() and worker.poll() is None
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert any("stopped" in r.getMessage() and "Cancelled" in r.getMessage()
               for r in caplog.records)
    task = Task()
    task.check()  # not cancelled: nothing happens
    task.cancelled.set()
    with pytest.raises(Cancelled):
        task.check()
