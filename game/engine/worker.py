"""Background jobs for the frame loop: think in a thread, poll for the answer each frame.

A scene hands a slow function to a :class:`Worker`, which runs it in a daemon thread, and calls
:meth:`Worker.poll` once per update: ``None`` until the job is done, then its :class:`Outcome`
exactly once. One job at a time: ``submit`` and ``cancel`` drop the job in progress (its
``task.cancelled`` is set; it is never interrupted). An error in a job is logged and returned
as the outcome's ``error``, never raised into the frame loop (a cancelled job may stop by
raising, unheard). A job must work on a copy made on the main thread, never on what the frame
loop uses.

The first ``submit`` lowers the interpreter's switch interval (:data:`SWITCH_INTERVAL`): a
job in pure Python holds the GIL, and each time the frame loop gives it up it would wait up to
the default 5 ms to get it back.
"""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

SWITCH_INTERVAL = 0.001
"""Seconds a job may hold the interpreter lock while the frame loop waits for it."""


def prefer_the_frame_loop() -> None:
    """Lower the interpreter's switch interval to :data:`SWITCH_INTERVAL` (never raise it)."""
    if sys.getswitchinterval() > SWITCH_INTERVAL:
        sys.setswitchinterval(SWITCH_INTERVAL)


class Cancelled(Exception):
    """Raised by :meth:`Task.check` in a job that was asked to stop."""


class Task:
    """What a running job sees: the stop request and a way to report progress."""

    def __init__(self) -> None:
        self.cancelled = threading.Event()
        self._progress = 0.0

    def report(self, fraction: float) -> None:
        """How far the job has come, 0.0 .. 1.0 (clamped)."""
        self._progress = min(1.0, max(0.0, float(fraction)))

    @property
    def progress(self) -> float:
        return self._progress

    def check(self) -> None:
        """Raise :class:`Cancelled` if the job was asked to stop (call it between steps)."""
        if self.cancelled.is_set():
            raise Cancelled


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """A finished job: its ``key`` (as given to ``submit``), its ``value`` or its ``error``."""

    key: Hashable
    value: T | None = None
    error: BaseException | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


class _Job(Generic[T]):
    def __init__(self, key: Hashable, function: Callable[[Task], T], name: str) -> None:
        self.key = key
        self.task = Task()
        self.outcome: Outcome[T] | None = None
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(function, name), name=name,
                                       daemon=True)

    def _run(self, function: Callable[[Task], T], name: str) -> None:
        try:
            value = function(self.task)
        except Exception as error:  # noqa: BLE001 - a job's error is reported, never raised
            if self.task.cancelled.is_set():  # it stopped as asked: its outcome is dropped
                log.debug("background job %s (%r) stopped: %r", name, self.key, error)
            else:
                log.exception("background job %s (%r) failed", name, self.key)
            self.outcome = Outcome(self.key, None, error)
        else:
            self.outcome = Outcome(self.key, value, None)
        finally:
            self.done.set()


class Worker(Generic[T]):
    """Runs one job at a time off the frame loop; see the module docstring."""

    def __init__(self, name: str = "worker") -> None:
        self.name = name
        self._job: _Job[T] | None = None
        self.submitted = 0  # jobs started so far (for tests and diagnostics)

    def submit(self, function: Callable[[Task], T], key: Hashable = None) -> None:
        """Start ``function(task)`` in a daemon thread; supersedes the job in progress."""
        self.cancel()
        prefer_the_frame_loop()
        job: _Job[T] = _Job(key, function, f"{self.name}-{self.submitted + 1}")
        self._job = job
        self.submitted += 1
        job.thread.start()

    def poll(self) -> Outcome[T] | None:
        """The finished job's outcome, once; ``None`` while it runs or when there is none.
        Never waits."""
        job = self._job
        if job is None or not job.done.is_set():
            return None
        self._job = None
        return job.outcome

    def cancel(self) -> None:
        """Drop the job in progress (its result is never returned) and ask it to stop."""
        job, self._job = self._job, None
        if job is not None:
            job.task.cancelled.set()

    @property
    def busy(self) -> bool:
        """A job was submitted and its outcome has not been polled yet."""
        return self._job is not None

    @property
    def key(self) -> Hashable:
        """The key of the job in progress (``None`` when idle)."""
        return None if self._job is None else self._job.key

    @property
    def progress(self) -> float:
        """The job in progress's latest report (0.0 when idle or silent)."""
        return 0.0 if self._job is None else self._job.task.progress

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the job in progress finishes (tests, shutdown and a reproducible
        run's demo player, between frames; never in a frame); ``True`` when there is no job
        left running."""
        job = self._job
        return job is None or job.done.wait(timeout)
