"""Work off the frame: :class:`Lane`, the one executor of the storage and the venue link.

A lane is a :class:`concurrent.futures.Executor` running its jobs in order on one daemon thread
(a ``ThreadPoolExecutor``'s threads are joined at exit: the end of a run would wait as long as a
job waits for another program's lock). A job :meth:`~Lane.put` under a key replaces the one
still waiting under it (a save's newest bytes); one handed in :meth:`~Lane.later` joins the
queue when its time comes (a failed commit tried again). The thread starts with a job and ends
after ``linger`` idle seconds. :func:`drain` runs once at exit and gives every lane together
:data:`EXIT_SECONDS` (a record it cannot commit then stays in its save for the next start).
"""

from __future__ import annotations

import atexit
import heapq
import importlib
import itertools
import threading
import time
import weakref
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, Future
from functools import partial
from typing import Any, ParamSpec, TypeVar

T = TypeVar("T")
P = ParamSpec("P")
Job = tuple[Future[Any], Callable[[], Any]]

EXIT_SECONDS = 1.0
RECORDS_LINGER = 60.0
"""Idle seconds before a database thread ends: while a game is played it is there when the game
ends (starting one costs that frame up to a millisecond); an idle process keeps none."""
SAVES_LINGER = 5.0
"""Idle seconds before the save writer ends (a player moves every few seconds)."""

_LANES: weakref.WeakSet[Lane] = weakref.WeakSet()
_unique = itertools.count()


class Lane(Executor):
    """Jobs in order on one daemon thread. ``drained``: whether :func:`drain` waits for this
    lane (not for one running a loop until told to stop)."""

    def __init__(self, name: str, linger: float = RECORDS_LINGER, drained: bool = True) -> None:
        self.name, self.linger = name, linger
        self._queue: dict[Hashable, Job] = {}
        self._timed: list[tuple[float, int, Future[Any], Callable[[], Any]]] = []  # a heap
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self._running = self._stopping = self._given_up = False
        if drained:
            _LANES.add(self)

    def on_thread(self) -> bool:
        return threading.current_thread() is self._thread

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        """Run ``fn`` after every job handed in before; at once on the lane's own thread (a job
        asking a question of its own)."""
        job = partial(fn, *args, **kwargs)
        if not self.on_thread():
            return self.put(("job", next(_unique)), job)
        future: Future[T] = Future()
        _run(future, job)
        return future

    def put(self, key: Hashable, job: Callable[[], T], replace: bool = True) -> Future[T]:
        """Queue ``job`` under ``key``: the job still waiting under it is cancelled (without
        ``replace``, this one is, and the one waiting wins)."""
        future: Future[T] = Future()
        with self._changed:
            waiting = self._queue.get(key)
            if waiting is not None:
                if not replace:
                    future.cancel()
                    return future
                del self._queue[key]
                waiting[0].cancel()
            self._queue[key] = (future, job)
            self._wake()
        return future

    def later(self, seconds: float, job: Callable[[], T]) -> Future[T]:
        """Queue ``job`` in ``seconds`` (cancel its future to drop it)."""
        future: Future[T] = Future()
        with self._changed:
            heapq.heappush(self._timed, (time.monotonic() + seconds, next(_unique), future, job))
            self._wake()
        return future

    def _wake(self) -> None:
        if self._thread is None:
            self._stopping = self._given_up = False
            self._thread = threading.Thread(target=self._work, name=self.name, daemon=True)
            self._thread.start()
        self._changed.notify_all()

    def call(self, fn: Callable[[], T]) -> T:
        return self.submit(fn).result()

    def idle(self) -> bool:
        """Nothing queued or running (or its owner gave up waiting for it)."""
        with self._changed:
            return self._given_up or not (self._queue or self._running)

    def settle(self, timeout: float | None = None) -> bool:
        """Wait at most ``timeout`` seconds for every job handed in so far; whether they ran."""
        if self.on_thread():
            return True
        with self._changed:
            return self._changed.wait_for(lambda: not (self._queue or self._running), timeout)

    def stop(self, timeout: float | None = None) -> bool:
        """Run what is queued, then end the thread within ``timeout`` seconds (a job stuck on a
        lock is left to its daemon thread); whether it ended. A later job starts another."""
        deadline = None if timeout is None else time.monotonic() + timeout
        settled = self.settle(timeout)
        with self._changed:
            thread, self._stopping = self._thread, True
            self._changed.notify_all()
        if thread is not None and thread is not threading.current_thread():
            thread.join(None if deadline is None else max(0.0, deadline - time.monotonic()))
            settled = settled and not thread.is_alive()
        with self._changed:
            self._given_up = not settled and self._thread is not None
        return settled

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._changed:
            if cancel_futures:
                for future, _ in self._queue.values():
                    future.cancel()
                self._queue.clear()
            self._stopping = True
            self._changed.notify_all()
        if wait:
            self.stop()

    def _work(self) -> None:
        while True:
            with self._changed:
                self._running = False
                self._changed.notify_all()
                picked = self._next()
                if picked is None:
                    for *_, future, _job in self._timed:
                        future.cancel()
                    self._timed.clear()
                    self._thread = None
                    self._changed.notify_all()
                    return
                self._running = True
            _run(*picked)

    def _next(self) -> Job | None:
        """The next job, waited for (the lock held); ``None``: end the thread."""
        idle_until = time.monotonic() + self.linger
        while True:
            now = time.monotonic()
            while self._timed and self._timed[0][0] <= now:
                _, number, future, job = heapq.heappop(self._timed)
                self._queue[("later", number)] = (future, job)
            if self._queue:
                return self._queue.pop(next(iter(self._queue)))
            if self._stopping or (not self._timed and now >= idle_until):
                return None
            self._changed.wait((self._timed[0][0] if self._timed else idle_until) - now)


def _run(future: Future[T], job: Callable[[], T]) -> None:
    if future.set_running_or_notify_cancel():
        try:
            future.set_result(job())
        except BaseException as error:  # noqa: BLE001 - handed to whoever waits
            future.set_exception(error)


def import_ahead(lane: str, *modules: str) -> Future[None]:
    """Import ``modules`` on a lane named ``lane`` of their own, so that what needs them next
    (opening the records, a screen a tap opens) does not import them on the frame; the main
    thread waits for a module only if it needs it before it is in."""
    def run() -> None:
        for module in modules:
            importlib.import_module(module)

    return Lane(lane, linger=0.0).submit(run)


def succeeded(future: Future[Any]) -> bool:
    """Wait, then whether the job ran without an exception."""
    return not future.cancelled() and future.exception() is None


@atexit.register
def drain(seconds: float = EXIT_SECONDS) -> bool:
    """Run what every lane has queued, at most ``seconds`` in all (a job of one lane may queue
    one on another: until all are idle); whether they all are."""
    deadline = time.monotonic() + seconds
    while True:
        lanes = [lane for lane in list(_LANES) if not lane.on_thread()]
        if all(lane.idle() for lane in lanes):
            return True
        for lane in lanes:
            if not lane.settle(max(0.0, deadline - time.monotonic())):
                return False
