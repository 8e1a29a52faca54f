"""REVIEW: HARD's verdict on every turn of a recorded QUERNI game, one turn at a time in a
worker. No pygame here.

``GameReview.verdicts`` maps a turn's number (from 1, as the move list) to its verdict; the
turn on screen is asked first, then those after it, then those before. A verdict depends on
the position alone (a fixed node budget, a generator seeded by the position), so it is the
same on every machine; the last few games' verdicts are kept (``CACHED_GAMES``). In a
reproducible run the screen waits between frames for the turn it shows and asks about no other.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

from game.ai.querni.review import Verdict, judge_turn
from game.engine.worker import Task, Worker
from game.games.querni.computer import DETERMINISTIC_CAP, DETERMINISTIC_NODES, seeded_rng
from game.games.querni.record import GameRecord
from game.rules.querni import QuerniState

Judge = Callable[..., Verdict]
"""``judge_turn``'s signature (tests give a stand-in)."""

CACHED_GAMES = 8
"""Games whose verdicts stay in memory (a game's are a few hundred bytes per turn)."""
REVIEW_SEED = 0
"""The seed of every verdict's generator (with the position): verdicts never vary."""

_cache: OrderedDict[Hashable, dict[int, Verdict]] = OrderedDict()


def cached_verdicts(record: GameRecord, judge: Hashable = None) -> dict[int, Verdict]:
    """The verdicts kept for ``record``'s game by ``judge`` (its judge and budget; a new,
    empty dict the first time); the least recently reviewed game is forgotten past
    ``CACHED_GAMES``."""
    key = (judge, record.start.cells, record.turns)
    verdicts = _cache.pop(key, None)
    if verdicts is None:
        verdicts = {}
    _cache[key] = verdicts
    while len(_cache) > CACHED_GAMES:
        _cache.popitem(last=False)
    return verdicts


class GameReview:
    """HARD's verdicts on the turns of one recorded game (see the module)."""

    def __init__(self, record: GameRecord, *, deterministic: bool = False,
                 nodes: int = DETERMINISTIC_NODES, judge: Judge = judge_turn) -> None:
        self.record = record
        self.states: list[QuerniState] = record.states()
        self.verdicts: dict[int, Verdict] = cached_verdicts(record, (judge, nodes))
        """Turn number (1 = the first turn) → HARD's verdict on it, for every turn judged."""
        self.deterministic = deterministic
        self.nodes = nodes
        self._judge = judge
        self.worker: Worker[Verdict] = Worker("querni-review")
        self.failed: set[int] = set()

    @property
    def total(self) -> int:
        return len(self.record.turns)

    @property
    def done(self) -> bool:
        """Every turn has its verdict (or could not be judged)."""
        return len(self.verdicts) + len(self.failed) >= self.total

    def asking(self, number: int) -> bool:
        """The verdict on turn ``number`` is being worked out."""
        return self.worker.busy and self.worker.key == number

    def step(self, shown: int) -> None:
        """Once a frame: take a finished verdict in, then ask about the next turn to judge,
        turn ``shown`` first (0: none). Never waits, but in a reproducible run (the module)."""
        if self.deterministic and shown and self.asking(shown):
            self.worker.wait(DETERMINISTIC_CAP + 5.0)
        outcome = self.worker.poll()
        if outcome is not None and isinstance(outcome.key, int):
            if outcome.ok and outcome.value is not None:
                self.verdicts[outcome.key] = outcome.value
            else:
                self.failed.add(outcome.key)
        if self.worker.busy:
            return
        number = self._next(shown)
        if number is not None:
            self._ask(number)
            if self.deterministic:
                self.worker.wait(DETERMINISTIC_CAP + 5.0)
                self.step(shown)

    def _next(self, shown: int) -> int | None:
        """The turn to judge next: ``shown``, then the turns after it, then from the first
        (in a reproducible run only ``shown``)."""
        order = [shown] if self.deterministic else [
            *range(max(1, shown), self.total + 1), *range(1, max(1, shown))]
        return next((n for n in order if 1 <= n <= self.total and n not in self.verdicts
                     and n not in self.failed), None)

    def _ask(self, number: int) -> None:
        state = self.states[number - 1]
        path, chain = self.record.turns[number - 1]
        rng = seeded_rng(REVIEW_SEED, state, "querni-review")
        nodes, judge = self.nodes, self._judge

        def job(task: Task) -> Verdict:
            return judge(state, list(path) if path else None, chain, rng,
                              cancel=task.cancelled, max_nodes=nodes,
                              time_budget=DETERMINISTIC_CAP)

        self.worker.submit(job, key=number)

    def cancel(self) -> None:
        """Stop working (the screen leaves); the verdicts found so far stay."""
        self.worker.cancel()
