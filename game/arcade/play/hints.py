"""HINT as every game has it: the advisor is asked about the position on screen in the
background, its answer is shown until the position changes or HINT is pressed again, each
position hinted counts once in the game's session, and an answer already in is shown again at
once. A game gives the question (an :class:`Asker`) and what to make of an answer; the flow
is written once, here."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, Protocol, TypeVar

K = TypeVar("K", bound=Hashable)
A = TypeVar("A")
K_contra = TypeVar("K_contra", bound=Hashable, contravariant=True)
A_co = TypeVar("A_co", covariant=True)


class Asker(Protocol[K_contra, A_co]):
    """One question at a time about one position, answered off the frame."""

    def ask(self, key: K_contra) -> None:
        """Start thinking about the position ``key`` (dropping any other question)."""

    def asking(self, key: K_contra) -> bool:
        """A question about ``key`` is being thought about."""

    def answer(self, key: K_contra) -> tuple[bool, A_co | None]:
        """``(True, answer)`` once the answer about ``key`` is in (``None``: it failed);
        ``(False, None)`` otherwise. An answer about another key is dropped."""

    def cancel(self) -> None:
        """Stop thinking."""

    @property
    def busy(self) -> bool:
        """A question, about any position, is being thought about."""

    def wait(self, timeout: float) -> bool:
        """Block until the question in progress is answered (tests, tools; never a frame)."""


class Shown(Generic[K, A]):
    """An answer on screen: for which position, and the answer itself."""

    def __init__(self, key: K, answer: A) -> None:
        self.key = key
        self.answer = answer


THINKING_DOTS_PER_SECOND = 3


class HintFlow(Generic[K, A]):
    """HINT's view state for one play screen: the answer shown, the last answer, which
    position was counted, and when the question was asked (the thinking dots)."""

    def __init__(self, asker: Asker[K, A], counted: Callable[[], None],
                 failed: Callable[[], None], shown: Callable[[], None]) -> None:
        """``counted``: a position is hinted for the first time (the session counts it and
        is saved); ``failed``: the advisor could not answer; ``shown``: an answer appears
        (a sound, the note it replaces)."""
        self.asker = asker
        self._counted = counted
        self._failed = failed
        self._shown = shown
        self.shown: Shown[K, A] | None = None
        self.asked_at = 0.0
        self._last: Shown[K, A] | None = None
        self._counted_key: K | None = None

    def thinking(self, key: K) -> bool:
        """The advisor is working on the position ``key``."""
        return self.asker.asking(key)

    def showing(self, key: K) -> A | None:
        """The answer shown for the position ``key``, if any."""
        return self.shown.answer if self.shown is not None and self.shown.key == key else None

    def press(self, key: K, now: float) -> None:
        """HINT pressed on the position ``key`` (at time ``now``): ask, or show the answer
        already in, or put the shown answer away."""
        if self.shown is not None and self.shown.key == key:
            self.shown = None  # a second press puts it away
            return
        if self.asker.asking(key):
            return
        if self._last is not None and self._last.key == key:
            self._show(self._last)
            return
        self.asker.ask(key)
        self.asked_at = now

    def poll(self, key: K, available: bool) -> None:
        """Once a step: take the advisor's answer about ``key`` if it is in and a hint may be
        shown now; drop a shown answer or a question about another position."""
        if self.shown is not None and self.shown.key != key:
            self.shown = None
        if self.asker.busy and not self.asker.asking(key):
            self.asker.cancel()  # the game moved on: the question no longer applies
        done, answer = self.asker.answer(key)
        if not done or not available:
            return
        if answer is None:
            self._failed()
            return
        self._last = Shown(key, answer)
        self._show(self._last)

    def put_away(self) -> None:
        """A move puts the shown answer away (the question, if any, goes on)."""
        self.shown = None

    def forget(self) -> None:
        """A new game: nothing shown, asked, kept or counted."""
        self.asker.cancel()
        self.shown = self._last = None
        self._counted_key = None
        self.asked_at = 0.0

    def dots(self, now: float) -> str:
        """The thinking dots after the question was asked: one to three, cycling."""
        return "." * (1 + int((now - self.asked_at) * THINKING_DOTS_PER_SECOND) % 3)

    def _show(self, shown: Shown[K, A]) -> None:
        self.shown = shown
        self._shown()
        if self._counted_key != shown.key:  # each position hinted counts once
            self._counted_key = shown.key
            self._counted()
