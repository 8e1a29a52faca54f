"""The records database's thread: jobs run in the order handed in, a question waits for the
jobs before it, a job's error goes to whoever waits for it, and an idle thread ends (a later
job starts another)."""

from __future__ import annotations

import threading

import pytest

from game.arcade.storage import jobs
from game.arcade.storage.jobs import Jobs

GUARD = 30.0


def test_jobs_run_in_order_and_a_question_waits_for_those_before_it() -> None:
    queue = Jobs("test-jobs")
    gate = threading.Event()
    done: list[int] = []
    queue.submit(lambda: gate.wait(GUARD))
    for i in range(5):
        queue.submit(lambda i=i: done.append(i))
    asked = queue.submit(lambda: list(done))
    assert not asked.done  # held behind the first job
    gate.set()
    assert asked.wait() == [0, 1, 2, 3, 4]
    queue.settle()
    assert done == [0, 1, 2, 3, 4]
    queue.stop()


def test_an_error_goes_to_whoever_waits_and_the_next_jobs_run() -> None:
    queue = Jobs("test-jobs")

    def broken() -> None:
        raise ValueError("no")

    failed = queue.submit(broken)
    assert queue.call(lambda: 7) == 7
    with pytest.raises(ValueError):
        failed.wait()
    assert failed.succeeded() is False and queue.submit(lambda: None).succeeded()
    queue.stop()


def test_a_job_that_asks_the_queue_runs_at_once() -> None:
    queue = Jobs("test-jobs")
    assert queue.call(lambda: queue.call(lambda: "inner") + " outer") == "inner outer"
    queue.stop()


def test_an_idle_thread_ends_and_the_next_job_starts_another(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jobs, "LINGER", 0.01)
    queue = Jobs("test-jobs")
    first = queue.call(threading.current_thread)
    first.join(GUARD)
    assert not first.is_alive()  # nothing more to do: gone
    second = queue.call(threading.current_thread)
    assert second is not first and second.name == "test-jobs"
    queue.stop()
