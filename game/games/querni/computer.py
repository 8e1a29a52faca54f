"""The computer opponent and the HINT advisor as QUERNI's screens use them, without pygame:
``game.ai.querni.choose_turn`` in a worker, asked about one immutable committed position and
answered only while the game is still there (the job's key).

With ``deterministic`` (``--frames``, ``--bench``, the tests: one update per frame) HARD
searches a fixed number of nodes and every level's random choices come from a generator seeded
by the game's seed and the position, so ``--seed N`` replays the same turns; the scene waits
for the answer however many frames it takes. In real play HARD searches for its time budget.
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Callable, Hashable
from typing import TypedDict

from game.ai.querni import HARD_TIME_BUDGET, choose_turn
from game.engine.worker import Task, Worker
from game.games.querni.session import computer_kind
from game.rules.querni import Chain, Path, QuerniState

log = logging.getLogger(__name__)

Choice = tuple[Path | None, Chain | None]
ChooseTurn = Callable[..., Choice]


class Budget(TypedDict, total=False):
    """How long the engine may think about one question (``choose_turn``'s limits)."""

    max_nodes: int
    time_budget: float


DETERMINISTIC_NODES = 30_000
"""HARD's node budget in reproducible runs, chosen to play about as strongly as the 0.6 s time
budget of real play (about as many nodes as it searches in that time on a loaded 2-core
machine)."""
DETERMINISTIC_CAP = 30.0
"""Seconds a node-budget search may take at most: far above what it needs, so the node budget
alone decides the turn even on a slow, loaded machine (what makes it reproducible)."""
HINT_TIME_BUDGET = HARD_TIME_BUDGET
"""Seconds HARD thinks about a hint in real play: HARD's own budget, so HINT suggests what HARD
would play and a player who follows it wins as often as HARD does (issue 48;
``docs/benchmarks.md``)."""
HINT_NODES = DETERMINISTIC_NODES
"""HARD's node budget for a hint in reproducible runs: the computer's own at HARD."""


def seeded_rng(seed: int | None, state: QuerniState, purpose: str) -> random.Random:
    """The generator for one question: from the run's seed (``None``: fresh randomness), the
    position and what is asked, so a replayed run asks with the same numbers."""
    if seed is None:
        return random.Random()
    position = json.dumps(state.to_dict(), sort_keys=True)
    return random.Random(f"querni-ai|{seed}|{purpose}|{position}")


class Asker(Worker[Choice]):
    """One engine question at a time about one position, in a worker (see the module)."""

    def __init__(self, name: str, level: str, *, deterministic: bool = False,
                 seed: int | None = None, choose: ChooseTurn | None = None,
                 time_budget: float | None = None, nodes: int = DETERMINISTIC_NODES) -> None:
        super().__init__(name)
        self.level = level
        self.deterministic = deterministic
        self.seed = seed
        self._choose = choose
        self._time_budget = time_budget
        self._nodes = nodes

    def ask(self, state: QuerniState, key: Hashable) -> None:
        """Start thinking about ``state`` (dropping any other question). ``choose`` is the
        engine's ``choose_turn`` unless another was given (tests)."""
        rng = seeded_rng(self.seed, state, self.name)
        choose, level = self._choose or choose_turn, self.level
        budget: Budget = {}
        if self.deterministic:
            budget = {"max_nodes": self._nodes, "time_budget": DETERMINISTIC_CAP}
        elif self._time_budget is not None:
            budget = {"time_budget": self._time_budget}

        def job(task: Task) -> Choice:
            return choose(state, level, rng, cancel=task.cancelled, **budget)

        self.submit(job, key=key)

    def asking(self, key: Hashable) -> bool:
        """A question about ``key`` is being thought about."""
        return self.busy and self.key == key

    def answer(self, key: Hashable) -> tuple[bool, Choice | None]:
        """``(True, choice)`` once the answer about ``key`` is in (``choice`` None when the
        engine failed: its error was logged by the worker); ``(False, None)`` otherwise. An
        answer about another key is dropped."""
        if self.deterministic and self.asking(key):
            # a reproducible run: the answer is part of the frame sequence, whatever the
            # machine's speed (the search is bounded by nodes, not by time)
            self.wait(DETERMINISTIC_CAP + 5.0)
        outcome = self.poll()
        if outcome is None or outcome.key != key:
            return False, None
        if not outcome.ok or outcome.value is None:
            return True, None
        return True, outcome.value


def fallback_turn(state: QuerniState) -> Choice:
    """A legal turn when the engine failed (it never should): the first removal, else the
    first movement, else a pass."""
    turns = state.legal_turns()
    removal = next((turn for turn in turns if turn[1] is not None), None)
    move = next((turn for turn in turns if turn[0] is not None), None)
    chosen = removal or move or (None, None)
    return chosen[0], chosen[1]


class ComputerPlayer:
    """The computer at ``level`` as a ``players.Player``: on its turn ``choose`` asks the
    engine in a worker and returns ``None`` (thinking) until the turn is decided, then the
    turn once; the play scene plays it at a person's pace."""

    takes_input = False

    def __init__(self, level: str, *, deterministic: bool = False, seed: int | None = None,
                 choose: ChooseTurn | None = None) -> None:
        self.level = level
        self.kind = computer_kind(level)
        self.asker = Asker(f"querni-{level}", level, deterministic=deterministic, seed=seed,
                           choose=choose, time_budget=HARD_TIME_BUDGET)

    def choose(self, state: QuerniState) -> Choice | None:
        """The turn for ``state`` once decided; ``None`` while thinking. Never waits."""
        done, choice = self.asker.answer(state)
        if done:
            if choice is None:
                log.warning("the computer could not decide; it plays the first legal turn")
                return fallback_turn(state)
            return choice
        if not self.asker.asking(state):
            self.asker.ask(state, state)
        return None

    def cancel(self) -> None:
        """Drop the turn being thought about (the scene left or paused; asked again later)."""
        self.asker.cancel()
