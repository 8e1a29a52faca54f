"""The storage's executor (:class:`Lane`): jobs run in the order handed in, a question waits
for the jobs before it, a job's error goes to whoever waits for it, an idle thread ends (a later
job starts another), a keyed job replaces the one waiting under its key, and the drain at exit
gives up after its deadline."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from game.arcade.storage import jobs
from game.arcade.storage.jobs import Lane, succeeded

GUARD = 30.0


def test_jobs_run_in_order_and_a_question_waits_for_those_before_it() -> None:
    queue = Lane("test-jobs")
    gate = threading.Event()
    done: list[int] = []
    queue.submit(lambda: gate.wait(GUARD))
    for i in range(5):
        queue.submit(lambda i=i: done.append(i))
    asked = queue.submit(lambda: list(done))
    assert not asked.done()  # held behind the first job
    gate.set()
    assert asked.result() == [0, 1, 2, 3, 4]
    queue.settle()
    assert done == [0, 1, 2, 3, 4]
    queue.stop()


def test_an_error_goes_to_whoever_waits_and_the_next_jobs_run() -> None:
    queue = Lane("test-jobs")

    def broken() -> None:
        raise ValueError("no")

    failed = queue.submit(broken)
    assert queue.call(lambda: 7) == 7
    with pytest.raises(ValueError):
        failed.result()
    assert succeeded(failed) is False and succeeded(queue.submit(lambda: None))
    queue.stop()


def test_a_job_that_asks_the_queue_runs_at_once() -> None:
    queue = Lane("test-jobs")
    assert queue.call(lambda: queue.call(lambda: "inner") + " outer") == "inner outer"
    queue.stop()


def test_an_idle_thread_ends_and_the_next_job_starts_another(
        monkeypatch: pytest.MonkeyPatch) -> None:
    queue = Lane("test-jobs", linger=0.01)
    first = queue.call(threading.current_thread)
    first.join(GUARD)
    assert not first.is_alive()  # nothing more to do: gone
    second = queue.call(threading.current_thread)
    assert second is not first and second.name == "test-jobs"
    queue.stop()


def test_a_keyed_job_replaces_the_one_waiting_under_its_key() -> None:
    queue = Lane("test-jobs")
    gate = threading.Event()
    done: list[str] = []
    queue.submit(lambda: gate.wait(GUARD))
    old = queue.put("save", lambda: done.append("old"))
    queue.put("other", lambda: done.append("other"))
    queue.put("save", lambda: done.append("new"))  # newest bytes win, in the order asked
    kept = queue.put("other", lambda: done.append("late"), replace=False)
    gate.set()
    queue.settle()
    assert done == ["other", "new"] and old.cancelled() and kept.cancelled()
    queue.stop()


def test_the_drain_at_exit_gives_up_after_its_deadline_and_the_thread_is_a_daemon() -> None:
    """A job stuck on another program's lock does not hold the end of the run."""
    queue = Lane("test-jobs")
    gate = threading.Event()
    stuck = queue.submit(lambda: gate.wait(GUARD))
    started = time.monotonic()
    assert jobs.drain(0.2) is False
    assert time.monotonic() - started < 1.0
    assert all(t.daemon for t in threading.enumerate() if t.name == "test-jobs")
    gate.set()
    assert stuck.result(GUARD) is True and jobs.drain(GUARD) is True
    queue.stop()


def test_a_job_for_later_runs_in_its_time_keeps_the_thread_and_a_cancelled_one_never_runs(
) -> None:
    """A failed commit is tried again in a few seconds on the database's own thread."""
    queue = Lane("test-jobs", linger=0.01)
    done: list[str] = []
    started = time.monotonic()
    soon = queue.later(0.3, lambda: done.append("soon"))
    dropped = queue.later(0.2, lambda: done.append("dropped"))
    assert dropped.cancel()
    queue.submit(lambda: done.append("now"))
    assert soon.result(GUARD) is None and time.monotonic() - started >= 0.3
    assert done == ["now", "soon"]  # the thread lingered for it past its 10 ms
    queue.stop()


def test_a_lane_is_a_standard_executor_map_and_shutdown_cancelling_what_waits() -> None:
    queue = Lane("test-jobs")
    assert list(queue.map(lambda x: x * 2, [1, 2, 3])) == [2, 4, 6]
    gate = threading.Event()
    queue.submit(lambda: gate.wait(GUARD))
    waiting = queue.submit(lambda: "never")
    queue.shutdown(wait=False, cancel_futures=True)
    assert waiting.cancelled()
    gate.set()
    with Lane("test-jobs") as scoped:
        done = scoped.submit(lambda: "ran")
    assert done.result() == "ran"  # the with block waited for it


def test_every_thread_of_the_storage_and_the_venue_link_is_a_lanes() -> None:
    """One way to work off the frame: no module but ``jobs.py`` starts a thread, a timer or a
    pool of its own (each would need its own drain at exit)."""
    root = Path(__file__).resolve().parents[3] / "game" / "arcade"
    makers = ("threading.Thread(", "threading.Timer(", "Thread(target", "ThreadPoolExecutor",
              "atexit.register")
    found = [f"{path.relative_to(root)}: {maker}"
             for path in sorted([*root.glob("storage/*.py"), *root.glob("fleet/*.py")])
             if path.name != "jobs.py"
             for maker in makers if maker in path.read_text("utf-8")]
    assert found == []
