"""HARD's REVIEW verdicts on played games: ``python -m benchmarks.querni_review``.

Plays ``--games`` seeded games of ``--level`` (BLUE) against HARD (RED), every turn decided
with HARD's reproducible node budget, and judges each turn as REVIEW does
(``game.ai.querni.review.judge_turn``). Prints, per level, how many turns the verdict marks
(``CLEARLY_WORSE`` and half of it) at search depths 1, 2 and 3 after the judged turn, and the
seconds one verdict took (mean and max). The figures behind ``VERDICT_DEPTH`` and
``CLEARLY_WORSE``; nothing here asserts anything, and the test suite never runs it.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from game.ai.querni import choose_turn, turn_key
from game.ai.querni.review import CLEARLY_WORSE, judge_turn, turn_value
from game.games.querni.computer import DETERMINISTIC_CAP, DETERMINISTIC_NODES
from game.rules.querni import Color, QuerniState

DEPTHS = (1, 2, 3)


def play(seed: int, level: str, losses: dict[tuple[str, int], list[float]],
         seconds: list[float]) -> tuple[int, str | None]:
    """One game from the shuffled start ``seed``: every turn judged; its turns and result."""
    state = QuerniState.new(random.Random(seed))
    levels = {Color.BLUE: level, Color.RED: "hard"}
    turns = 0
    while state.result is None and turns < 400:
        mover = levels[state.to_move]
        path, chain = choose_turn(state, mover, random.Random(f"{seed} {turns}"),
                                  max_nodes=DETERMINISTIC_NODES, time_budget=DETERMINISTIC_CAP)
        start = time.perf_counter()
        verdict = judge_turn(state, path, chain, random.Random(f"review {seed} {turns}"),
                             max_nodes=DETERMINISTIC_NODES, time_budget=DETERMINISTIC_CAP)
        seconds.append(time.perf_counter() - start)
        for depth in DEPTHS:
            loss = 0.0
            if not verdict.same:
                loss = max(0.0, turn_value(state, turn_key(*verdict.best), depth=depth)
                           - turn_value(state, turn_key(path, chain), depth=depth))
            losses.setdefault((mover, depth), []).append(loss)
        state = state.play(list(path) if path else None, chain)
        turns += 1
    return turns, state.result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0, help="the first start position's seed")
    parser.add_argument("--level", default="medium", choices=("easy", "medium", "hard"))
    args = parser.parse_args(argv)
    losses: dict[tuple[str, int], list[float]] = {}
    seconds: list[float] = []
    for seed in range(args.seed, args.seed + args.games):
        turns, result = play(seed, args.level, losses, seconds)
        print(f"game seed={seed} turns={turns} result={result}", flush=True)
    for (mover, depth), values in sorted(losses.items()):
        marked = sum(value >= CLEARLY_WORSE for value in values)
        half = sum(value >= CLEARLY_WORSE / 2 for value in values)
        print(f"{mover} depth={depth} turns={len(values)} marked={marked} "
              f"over_half_threshold={half}")
    mean = sum(seconds) / max(1, len(seconds))
    print(f"verdict_s mean={mean:.2f} max={max(seconds, default=0.0):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
