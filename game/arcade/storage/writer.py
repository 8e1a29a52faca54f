"""The background writer: the autosave after a move is written off the frame.

A tap must never wait for two fsyncs (~1 ms here, tens of ms on a slow disk), so
``JsonStore.write_later`` hands the bytes to a :class:`Writer` and returns at once. Only the
newest bytes queued for a name are written, in the order the names were asked for. Every other
store method first waits until what was queued is written (:meth:`Writer.settle`), so reads,
deletes and writes see the files in the order they were asked for.
"""

from __future__ import annotations

import atexit
import logging
import threading
import weakref
from collections.abc import Callable

log = logging.getLogger(__name__)

Item = bytes | Callable[[], object] | None
"""What is queued for a name: its bytes, ``None`` (remove the file), or an action that the
writer thread runs in the name's turn (a write that must wait for something else)."""

LINGER = 5.0
"""Seconds the writer thread waits for the next save before it ends. A player moves every few
seconds: the next autosave finds the thread waiting instead of starting one (a thread's start
waits ~0.25 ms, one in ten 0.7 ms, on the frame that answers the move: a notify, 0.04 ms); a
game left alone keeps no thread."""

_WRITERS: weakref.WeakSet[Writer] = weakref.WeakSet()


@atexit.register
def _write_queued_at_exit() -> None:
    """A run that ends without closing its store (an error past the frame loop's own
    recovery) still writes what it queued: writer threads are daemons, which the interpreter
    would otherwise stop mid-queue."""
    for writer in list(_WRITERS):
        writer.settle()


class Writer:
    """Writes queued bytes in order, the newest per name (``None``: remove the file; an
    action: run it), on a thread that runs while there is something to write and
    :data:`LINGER` seconds after (``stop`` ends it at once)."""

    def __init__(self, write: Callable[[str, Item], object]) -> None:
        self._write = write
        self._changed = threading.Condition(threading.RLock())
        self._queue: dict[str, Item] = {}  # in the order asked, each name once
        self._thread: threading.Thread | None = None  # while something is written, or lingers
        self._writing = False  # the thread holds bytes taken from the queue
        self._stopping = False
        _WRITERS.add(self)

    def put_if_idle(self, name: str, raw: Item) -> bool:
        """:meth:`put`, unless something is queued for ``name`` already (which wins);
        whether it was put."""
        with self._changed:
            if name in self._queue:
                return False
            self.put(name, raw)
            return True

    def put(self, name: str, raw: Item) -> None:
        with self._changed:
            self._queue.pop(name, None)  # what was queued for it is out of date
            self._queue[name] = raw
            if self._thread is None:
                self._stopping = False
                self._thread = threading.Thread(target=self._run, name="save-writer",
                                                daemon=True)
                self._thread.start()
            else:
                self._changed.notify_all()

    def settle(self) -> None:
        """Wait until everything queued is written (at once on the writer's own thread: a
        write may keep a copy first, through the store's waiting methods)."""
        if threading.current_thread() is self._thread:
            return
        with self._changed:
            while self._queue or self._writing:
                self._changed.wait()

    def stop(self) -> None:
        """Write what is queued, then end the thread (a later ``put`` starts another)."""
        self.settle()
        with self._changed:
            thread = self._thread
            self._stopping = True
            self._changed.notify_all()
        if thread is not None and thread is not threading.current_thread():
            thread.join()

    def _run(self) -> None:
        while True:
            with self._changed:
                self._writing = False
                if not self._queue:
                    self._changed.notify_all()  # settled
                    self._changed.wait_for(lambda: self._queue or self._stopping, LINGER)
                if not self._queue:
                    self._thread = None
                    self._changed.notify_all()
                    return
                name = next(iter(self._queue))
                raw = self._queue.pop(name)
                self._writing = True
            try:
                self._write(name, raw)
            except Exception:  # noqa: BLE001 - a bug here must not lose the next saves
                log.exception("the writer thread could not write %s", name)
