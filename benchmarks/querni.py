"""Speed of the QUERNI rules: ``python -m benchmarks.querni``.

1. Builds one fixed, seeded corpus of positions met in real random games (start positions,
   mid-games with chains on the board, end-games with few pieces).
2. Times ``legal_turns()`` over the corpus (best of several repeats) and reports calls per
   second and turns listed per second.
3. Times full random games (each turn chosen from ``legal_turns()``, a removal taken 7 times
   in 10 when one is offered) until a result or the 60-quiet-turn draw.

Figures only: nothing here asserts a speed, and the test suite never runs it.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter

from benchmarks.timing import best_time, options
from game.rules.querni import QuerniState

CORPUS_SEED = 20240601
CORPUS_SIZE = 2000


def random_game(seed: int, record: list[QuerniState] | None = None) -> QuerniState:
    """One seeded random game to its end; ``record`` collects every position met."""
    rng = random.Random(seed ^ 0x5EED)
    state = QuerniState.new(random.Random(seed))
    while state.result is None:
        if record is not None:
            record.append(state)
        turns = state.legal_turns()
        removals = [t for t in turns if t[1] is not None]
        state = state.play(*rng.choice(removals if removals and rng.random() < 0.7 else turns))
    return state


def build_corpus(size: int = CORPUS_SIZE, seed: int = CORPUS_SEED) -> list[QuerniState]:
    rng = random.Random(seed)
    corpus: list[QuerniState] = []
    while len(corpus) < size:
        random_game(rng.getrandbits(32), corpus)
    return corpus[:size]


def main(argv: list[str] | None = None) -> int:
    args = options(__doc__.splitlines()[0], CORPUS_SIZE, 100).parse_args(argv)

    t0 = time.perf_counter()
    corpus = build_corpus(args.size)
    built = time.perf_counter() - t0
    listed = [len(s.legal_turns()) for s in corpus]
    with_chain = sum(1 for s in corpus if s.chains(s.to_move))
    print(
        f"corpus: {len(corpus)} positions (seed {CORPUS_SEED}, built in {built:.2f} s), "
        f"{with_chain} with a chain to remove, turns per position: "
        f"min {min(listed)}, mean {sum(listed) / len(listed):.0f}, max {max(listed)}"
    )
    start = QuerniState.new(random.Random(0))
    print(f"start position (seed 0): perft 1 = {len(start.legal_turns())}")

    def run_legal() -> None:
        for s in corpus:
            s.legal_turns()

    t = best_time(run_legal, args.repeats)
    print(
        f"legal_turns: {len(corpus) / t:,.0f} calls/s ({t / len(corpus) * 1e6:.0f} us/call), "
        f"{sum(listed) / t:,.0f} turns listed/s"
    )

    def run_destinations() -> None:
        for s in corpus:
            for square, (color, _) in s.pieces.items():
                if color is s.to_move:
                    s.destinations(square)

    t = best_time(run_destinations, args.repeats)
    print(f"destinations of every movable piece: {len(corpus) / t:,.0f} positions/s")

    results: Counter = Counter()

    def run_games() -> None:
        results.clear()
        for i in range(args.games):
            end = random_game(i)
            results[end.result] += 1

    t = best_time(run_games, args.repeats)
    print(
        f"random games: {args.games / t:,.1f} games/s ({t / args.games * 1e3:.2f} ms/game), "
        f"results {dict(sorted(results.items()))}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
