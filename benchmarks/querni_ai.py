"""Strength and speed of the QUERNI computer opponent: ``python -m benchmarks.querni_ai``.

1. For each pair of levels (``--pairs``, default hard-medium and medium-easy) plays ``--games``
   seeded games to their end. Games 2k and 2k+1 start from the same shuffled position (seed
   ``--seed``, k) with the colours swapped, so neither level gets the better deal.
2. Prints, per pair, the wins, losses and draws (Q-5.3, 30 rounds without a removal), the
   share of the decided games the first level won, and the mean number of turns per game.
   A win is the first *side*'s, not the first level's name, so a level against itself
   (``easy-easy``) shows how evenly it splits.
3. Prints, per pair, the same from each colour: the first level as BLUE (who moves first,
   Q-1.4) and as RED.
4. Prints, per pair and side, the milliseconds ``choose_turn`` took per move: p50, p95, max.

HARD searches with its default time budget unless ``--budget-ms`` (time) or ``--max-nodes``
(deterministic) says otherwise. ``--jobs N`` plays games in N processes: timings are then
taken while N games share the machine's cores, and any other load on the machine shows too.
Figures only: nothing here asserts a speed or a strength, and the test suite never runs it.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field

from game.ai.querni import LEVELS, choose_turn
from game.rules.querni import Color, QuerniState

DEFAULT_PAIRS = "hard-medium,medium-easy"


@dataclass
class GameRecord:
    """One finished game: who played BLUE and RED, the result, turns and per-move times."""

    pair: tuple[str, str]
    index: int
    blue: str
    red: str
    result: str
    turns: int
    ms: dict[str, list[float]] = field(default_factory=dict)

    @property
    def first_is_blue(self) -> bool:
        """The pair's first level played BLUE (even games) rather than RED."""
        return self.index % 2 == 0

    @property
    def first_won(self) -> bool:
        """The pair's first level (by side, not by name: a level may meet itself) won."""
        return self.result == ("BLUE" if self.first_is_blue else "RED")


def play_game(
    pair: tuple[str, str], index: int, seed: int, budget: float | None, max_nodes: int | None
) -> GameRecord:
    """Game ``index`` of ``pair``: the first level is BLUE in even games, RED in odd ones."""
    first, second = pair
    blue, red = (first, second) if index % 2 == 0 else (second, first)
    state = QuerniState.new(random.Random(f"querni-ai {seed} {index // 2}"))
    rngs = {
        Color.BLUE: random.Random(f"{seed} {index} blue"),
        Color.RED: random.Random(f"{seed} {index} red"),
    }
    level = {Color.BLUE: blue, Color.RED: red}
    side = {Color.BLUE: "first" if index % 2 == 0 else "second"}
    side[Color.RED] = "second" if index % 2 == 0 else "first"
    ms: dict[str, list[float]] = {"first": [], "second": []}
    turns = 0
    while state.result is None:
        mover = state.to_move
        start = time.perf_counter()
        path, chain = choose_turn(
            state, level[mover], rngs[mover], max_nodes=max_nodes, time_budget=budget
        )
        ms[side[mover]].append((time.perf_counter() - start) * 1000)
        state = state.play(path, chain)
        turns += 1
    return GameRecord(pair, index, blue, red, state.result, turns, ms)


def _play(task: tuple[tuple[str, str], int, int, float | None, int | None]) -> GameRecord:
    return play_game(*task)


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of ``values`` (``share`` in 0..1)."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(share * len(ordered) + 0.5) - 1))
    return ordered[rank]


def parse_pairs(text: str) -> list[tuple[str, str]]:
    pairs = []
    for item in text.split(","):
        a, _, b = item.strip().partition("-")
        if a not in LEVELS or b not in LEVELS:
            raise argparse.ArgumentTypeError(f"a pair is two levels like hard-medium, not {item!r}")
        pairs.append((a, b))
    return pairs


def _row(label: str, games: list[GameRecord]) -> tuple[str, ...]:
    """One results row: the first level's wins, losses and draws over ``games``."""
    wins = sum(1 for g in games if g.first_won)
    draws = sum(1 for g in games if g.result == "DRAW")
    losses = len(games) - wins - draws
    decided = wins + losses
    return (
        label,
        str(len(games)),
        str(wins),
        str(losses),
        str(draws),
        f"{100 * wins / decided:.1f}" if decided else "-",
        f"{100 * draws / len(games):.1f}",
        f"{sum(g.turns for g in games) / len(games):.1f}" if games else "-",
    )


def report(records: Iterable[GameRecord], pairs: list[tuple[str, str]]) -> str:
    """The three aligned tables: results per pair, the same per colour of the first level,
    then milliseconds per move."""
    by_pair: dict[tuple[str, str], list[GameRecord]] = {p: [] for p in pairs}
    for record in records:
        by_pair[record.pair].append(record)
    head = ("win% decided", "draw%", "mean turns")
    rows: list[tuple[str, ...]] = [("pair", "games", "wins", "losses", "draws", *head)]
    colours: list[tuple[str, ...]] = [("pair, first as", "games", "wins", "losses", "draws",
                                       *head)]
    times: list[tuple[str, ...]] = [("pair", "level", "moves", "p50 ms", "p95 ms", "max ms")]
    for (a, b), games in by_pair.items():
        if not games:
            continue
        rows.append(_row(f"{a}-{b}", games))
        colours.append(_row(f"{a}-{b}, {a} BLUE", [g for g in games if g.first_is_blue]))
        colours.append(_row(f"{a}-{b}, {a} RED", [g for g in games if not g.first_is_blue]))
        for side, level in (("first", a), ("second", b)):
            ms = [m for g in games for m in g.ms[side]]
            if not ms:
                continue
            times.append(
                (
                    f"{a}-{b}",
                    level,
                    str(len(ms)),
                    f"{percentile(ms, 0.5):.1f}",
                    f"{percentile(ms, 0.95):.1f}",
                    f"{max(ms):.1f}",
                )
            )
    return _table(rows) + "\n\n" + _table(colours) + "\n\n" + _table(times)


def _table(rows: list[tuple[str, ...]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for n, row in enumerate(rows):
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
        lines.append("  ".join(cells))
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pair of levels")
    parser.add_argument("--seed", type=int, default=1, help="seed of the start positions")
    parser.add_argument("--pairs", type=parse_pairs, default=parse_pairs(DEFAULT_PAIRS))
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    parser.add_argument("--budget-ms", type=float, default=None, help="HARD's time budget")
    parser.add_argument("--max-nodes", type=int, default=None, help="HARD's node budget")
    args = parser.parse_args(argv)
    budget = None if args.budget_ms is None else args.budget_ms / 1000
    tasks = [
        (p, i, args.seed, budget, args.max_nodes) for p in args.pairs for i in range(args.games)
    ]
    start = time.perf_counter()
    records: list[GameRecord] = []
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            for record in pool.imap_unordered(_play, tasks):
                records.append(record)
                _progress(len(records), len(tasks), start)
    else:
        for task in tasks:
            records.append(_play(task))
            _progress(len(records), len(tasks), start)
    records.sort(key=lambda r: (args.pairs.index(r.pair), r.index))
    elapsed = time.perf_counter() - start
    print(
        f"{args.games} games per pair, seed {args.seed}, jobs {args.jobs}, HARD budget "
        f"{'default' if budget is None else f'{args.budget_ms:.0f} ms'}"
        f"{'' if args.max_nodes is None else f', {args.max_nodes} nodes'}; "
        f"wall time {elapsed:.0f} s"
    )
    print("wins/losses are the first level's of each pair; draws are Q-5.3 (30 quiet rounds)\n")
    print(report(records, args.pairs))
    return 0


def _progress(done: int, total: int, start: float) -> None:
    if done % 10 == 0 or done == total:
        print(f"  {done}/{total} games, {time.perf_counter() - start:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
