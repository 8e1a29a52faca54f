"""One thread for the records database: jobs run in the order they were handed in.

The database connection is only ever used by this thread, so no lock guards it and a frame
never waits for a commit: the frame that records a finished game hands the insert in and goes
on (:meth:`Jobs.submit`). A question about the records (a table, the statistics) is a job too:
:meth:`Ticket.wait` blocks until it ran, after everything handed in before it, so an answer
always includes the records recorded before it was asked.
"""

from __future__ import annotations

import atexit
import logging
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable
from typing import Generic, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

EXIT_SECONDS = 1.0
"""How long the end of a run waits for the jobs still queued at most: a database locked by
another program must not hold the exit (the records it could not take stay pending on disk)."""
LINGER = 60.0
"""Seconds the thread waits for the next job before it ends. Every save hands the database a
small job, so while a game is played the thread is there when the game ends (starting one
would cost that frame up to a millisecond); an idle process keeps none."""

_ALL: weakref.WeakSet[Jobs] = weakref.WeakSet()


@atexit.register
def _run_queued_at_exit() -> None:
    """A run that ends without closing its storage still commits the records it queued (the
    thread is a daemon, which the interpreter would otherwise stop mid-queue)."""
    deadline = time.monotonic() + EXIT_SECONDS
    for jobs in list(_ALL):
        jobs.settle(max(0.0, deadline - time.monotonic()))


class Ticket(Generic[T]):
    """A job handed in: :meth:`wait` gives its result (or raises what it raised)."""

    def __init__(self, job: Callable[[], T]) -> None:
        self._job = job
        self._done = threading.Event()
        self._result: T | None = None
        self._error: BaseException | None = None

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def run(self) -> None:
        try:
            self._result = self._job()
        except BaseException as error:  # noqa: BLE001 - handed to whoever waits
            self._error = error
        finally:
            self._done.set()

    def wait(self) -> T:
        self._done.wait()
        if self._error is not None:
            raise self._error
        return self._result  # type: ignore[return-value]

    def succeeded(self) -> bool:
        """Wait, then whether the job ran without an exception."""
        self._done.wait()
        return self._error is None


class Jobs:
    """A first-in first-out queue of jobs and the daemon thread that runs them (started by
    the first job, ended by :meth:`stop` or after :data:`LINGER` idle seconds; a later job
    starts it again)."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._queue: deque[Ticket[object]] = deque()
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self._running: Ticket[object] | None = None
        self._stopping = False
        _ALL.add(self)

    def on_thread(self) -> bool:
        """Whether the caller is the jobs' own thread."""
        return threading.current_thread() is self._thread

    def submit(self, job: Callable[[], T]) -> Ticket[T]:
        """Hand ``job`` in; it runs after every job handed in before. On the jobs' own thread
        it runs at once (a job that asks a question of its own)."""
        ticket = Ticket(job)
        if self.on_thread():
            ticket.run()
            return ticket
        with self._changed:
            self._queue.append(ticket)  # type: ignore[arg-type]
            if self._thread is None:
                self._stopping = False
                self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                self._thread.start()
            else:
                self._changed.notify_all()
        return ticket

    def call(self, job: Callable[[], T]) -> T:
        """Run ``job`` in its turn and wait for its result."""
        return self.submit(job).wait()

    def settle(self, timeout: float | None = None) -> bool:
        """Wait until every job handed in so far has run (at most ``timeout`` seconds);
        whether they all did."""
        if self.on_thread():
            return True
        with self._changed:
            return self._changed.wait_for(
                lambda: not self._queue and self._running is None, timeout)

    def stop(self, timeout: float | None = None) -> bool:
        """Run what is queued, then end the thread (waiting at most ``timeout`` seconds: a
        job stuck on a lock is left to its daemon thread); whether it ended."""
        deadline = None if timeout is None else time.monotonic() + timeout
        settled = self.settle(timeout)
        with self._changed:
            thread = self._thread
            self._stopping = True
            self._changed.notify_all()
        if thread is not None and thread is not threading.current_thread():
            thread.join(None if deadline is None else max(0.0, deadline - time.monotonic()))
            return settled and not thread.is_alive()
        return settled

    def _run(self) -> None:
        while True:
            with self._changed:
                self._running = None
                self._changed.notify_all()
                self._changed.wait_for(lambda: self._queue or self._stopping, LINGER)
                if not self._queue:
                    self._thread = None
                    self._changed.notify_all()
                    return
                ticket = self._running = self._queue.popleft()
            ticket.run()
