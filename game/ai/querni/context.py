"""Per-call state of one ``choose_turn``: budgets, cancellation and every cache, none of it
global, so calls in two threads share nothing mutable; each cache is capped."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Protocol, TypeVar

clock: Callable[[], float] = time.perf_counter
"""The clock every budget reads; tests replace it (``monkeypatch``) with a fake one."""

CACHE_CAP = 100_000
"""Entries kept per cache before it is emptied: a few tens of MB at most."""

TT_CAP = 200_000
"""Transposition-table entries (keys are ints, values small tuples): roughly 40 MB at most."""

CHECK_EVERY = 16
"""Nodes between two looks at the cancel flag and the clock (a node is 20–100 µs)."""

Chain = tuple[int, int]
Turn = tuple[int, int, Chain | None]
"""A turn on the engine's position: the moved piece's start and end cells (``-1, -1``: no
movement) and the chain removed (see ``position``)."""
Segments = tuple[tuple[tuple[int, int], ...], int, bool]
"""``position.segments``: the live runs of numbers, the dead count, whether any run lives."""
TTEntry = tuple[int, float, int, Turn]
"""A transposition-table entry (``search``): depth, value, bound flag and best turn."""

K = TypeVar("K")
V = TypeVar("V")


class Cancelled(Exception):
    """Raised by ``choose_turn`` when its ``cancel`` flag was set (the player left the game)."""


class OutOfBudget(Exception):
    """The search spent its nodes or its time; the driver keeps the best turn found so far."""


class CancelFlag(Protocol):
    def is_set(self) -> bool: ...


class Context:
    """Budgets and caches of one call; ``tick`` is called once per node searched."""

    def __init__(
        self,
        cancel: CancelFlag | None = None,
        max_nodes: int | None = None,
        time_budget: float | None = None,
    ) -> None:
        self.cancel = cancel
        self.max_nodes = max_nodes
        self.start = clock()
        self.deadline = None if time_budget is None else self.start + time_budget
        self.nodes = 0
        self.segments: dict[int, Segments] = {}
        self.dp: dict[tuple[float, ...], float] = {}
        self.removals: dict[tuple[tuple[Chain, ...], int], tuple[Chain, ...]] = {}
        self.tt: dict[int, TTEntry] = {}

    def tick(self) -> None:
        """Count a node; raise ``Cancelled`` or ``OutOfBudget`` when it is time to stop."""
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise OutOfBudget
        if self.nodes % CHECK_EVERY == 0:
            self.check()

    def check(self) -> None:
        """Look at the cancel flag and the clock, and let other threads run a moment (the
        search holds the GIL; the game loop must keep its frame rate). Alone (a benchmark, a
        tool) the pause is skipped: it would hand the core to other processes."""
        if threading.active_count() > 1:
            time.sleep(0)
        self.check_cancel()
        if self.deadline is not None and clock() >= self.deadline:
            raise OutOfBudget

    def check_cancel(self) -> None:
        """Raise ``Cancelled`` if the cancel flag is set."""
        if self.cancel is not None and self.cancel.is_set():
            raise Cancelled("the turn was cancelled")

    @contextmanager
    def unbounded(self) -> Iterator[None]:
        """Suspend the node and time budgets (not cancellation): the root's turns must all be
        listed, or there would be nothing to choose from."""
        saved = self.max_nodes, self.deadline
        self.max_nodes = self.deadline = None
        try:
            yield
        finally:
            self.max_nodes, self.deadline = saved

    @contextmanager
    def capped(self, nodes: int | None, seconds: float | None) -> Iterator[None]:
        """Within the block, stop after at most ``nodes`` more nodes and ``seconds`` more
        seconds (``None``: no extra limit), inside the call's own budgets."""
        saved = self.max_nodes, self.deadline
        if nodes is not None:
            cap = self.nodes + nodes
            self.max_nodes = cap if self.max_nodes is None else min(self.max_nodes, cap)
        if seconds is not None:
            cap_t = clock() + seconds
            self.deadline = cap_t if self.deadline is None else min(self.deadline, cap_t)
        try:
            yield
        finally:
            self.max_nodes, self.deadline = saved

    def elapsed(self) -> float:
        return clock() - self.start


def remember(cache: dict[K, V], key: K, value: V, cap: int = CACHE_CAP) -> V:
    """Store ``value`` under ``key``, emptying the cache first when it is full; return value."""
    if len(cache) >= cap:
        cache.clear()
    cache[key] = value
    return value
