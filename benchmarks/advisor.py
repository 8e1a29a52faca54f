"""Strength and speed of the MAGDAGDON advisor: ``python -m benchmarks.advisor``.

Plays seeded games per difficulty with three players and prints, per difficulty × player,
the final score's mean, median and standard deviation, ruins per game, its mean over
greedy's, and for the advisor the time per decision (one ``advise`` call): wall time p50,
p95 and max, and CPU time p95 and max (wall time minus the waiting on a busy machine):

- ``advisor``: applies ``game.ai.advisor.advise`` until the turn ends (asking again after a
  REROLL), powers included;
- ``greedy``: each turn, the placement with the most points right after the turn (M-7 on the
  unfinished board; ties: the first found), no powers; MAGDAGDON ruins the first empty cell;
- ``random``: random legal placements (after the required dice, one more with probability
  1/2 while any fits), no powers; MAGDAGDON ruins a random empty cell.

Game ``i`` of every player and difficulty starts from the same seeded dice generator
(``--seed``). Timings depend on the machine and its load: figures only, nothing is asserted,
and the test suite never runs this.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from game.ai.advisor import advise
from game.ai.advisor.core import encode
from game.ai.advisor.network import Network, hand_tables
from game.rules.magdagdon import RUIN, Difficulty, MagdagdonGame

PLAYERS = ("advisor", "greedy", "random")


@dataclass
class Tally:
    """Results of one player on one difficulty."""

    scores: list[int] = field(default_factory=list)
    ruins: list[int] = field(default_factory=list)
    decisions: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.scores += other.scores
        self.ruins += other.ruins
        self.decisions += other.decisions
        self.cpu += other.cpu


# --- players ---------------------------------------------------------------------------------


def apply_step(game: MagdagdonGame, step: tuple[object, ...]) -> None:
    """One advisor step through the public API."""
    kind, *args = step
    if kind == "place":
        game.place(*args)  # type: ignore[arg-type]
    elif kind == "unplace":
        game.unplace(*args)  # type: ignore[arg-type]
    elif kind == "confirm":
        game.confirm()
    elif kind == "accept":
        game.accept_magdagdon(*args)  # type: ignore[arg-type]
    elif kind == "adjust":
        game.adjust(*args)  # type: ignore[arg-type]
    elif kind == "reroll":
        game.reroll(*args)  # type: ignore[arg-type]
    else:
        raise ValueError(f"unknown step {step!r}")


def advisor_turn(game: MagdagdonGame, tally: Tally, _: random.Random) -> None:
    """Roll, then ask and apply until the turn is over (a REROLL asks again)."""
    game.roll()
    while game.in_turn:
        start, cpu = time.perf_counter(), time.process_time()
        advice = advise(game)
        tally.decisions.append(time.perf_counter() - start)
        tally.cpu.append(time.process_time() - cpu)
        for step in advice.steps:
            apply_step(game, step)


_POINTS_NOW = Network(hand_tables())
"""A network whose value is exactly the board's points so far (M-7): greedy's yardstick."""


def greedy_turn(game: MagdagdonGame, tally: Tally, _: random.Random) -> None:
    """The placement with the most points right after the turn; no powers."""
    game.roll()
    vals = encode(game.board)
    best = _POINTS_NOW.expand(vals, tuple(sorted(game.dice)), game.required, keep=1)
    if not best:
        game.accept_magdagdon(game.board.index(None))
        return
    free = list(range(4))
    for value, cell in best[0][1]:
        die = next(d for d in free if game.dice[d] == value)
        free.remove(die)
        game.place(die, cell)
    game.confirm()


def random_turn(game: MagdagdonGame, tally: Tally, rng: random.Random) -> None:
    """Random legal placements; dead ends start the turn over from the rules' hint."""
    game.roll()
    if game.is_magdagdon:
        game.accept_magdagdon(rng.choice([i for i, c in enumerate(game.board) if c is None]))
        return
    while True:
        moves = [(d, c) for d in game.unplaced for c in sorted(game.legal_cells_for(d))]
        if game.can_confirm and (not moves or rng.random() < 0.5):
            break
        if not moves:
            for die in list(game.placed):
                if die in game.placed:
                    game.unplace(die)
            for die, cell in game.hint() or []:
                game.place(die, cell)
            continue
        game.place(*rng.choice(moves))
    game.confirm()


TURNS: dict[str, Callable[[MagdagdonGame, Tally, random.Random], None]] = {
    "advisor": advisor_turn,
    "greedy": greedy_turn,
    "random": random_turn,
}


# --- running ---------------------------------------------------------------------------------


def game_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def play(player: str, difficulty: Difficulty, seeds: Sequence[int]) -> Tally:
    """Games of one player; returns their tally."""
    tally = Tally()
    turn = TURNS[player]
    for seed in seeds:
        game = MagdagdonGame(difficulty, rng=random.Random(seed))
        chooser = random.Random(seed ^ 0x5EED)
        while not game.is_over:
            turn(game, tally, chooser)
        tally.scores.append(game.score().total)
        tally.ruins.append(sum(1 for c in game.board if c is RUIN))
    return tally


def _job(args: tuple[str, str, list[int]]) -> tuple[str, str, Tally]:
    player, name, seeds = args
    return player, name, play(player, Difficulty[name], seeds)


def run(
    difficulties: Sequence[Difficulty], games: int, seed: int, jobs: int
) -> dict[tuple[str, str], Tally]:
    """Every player on every difficulty, split into chunks over ``jobs`` processes."""
    chunks = max(1, min(games, jobs * 4))
    tasks = []
    for difficulty in difficulties:
        for player in PLAYERS:
            for k in range(chunks):
                seeds = [game_seed(seed, i) for i in range(k, games, chunks)]
                tasks.append((player, difficulty.name, seeds))
    results: dict[tuple[str, str], Tally] = {}
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            done = list(pool.map(_job, tasks))
    else:
        done = [_job(task) for task in tasks]
    for player, name, tally in done:
        results.setdefault((name, player), Tally()).add(tally)
    return results


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(results: dict[tuple[str, str], Tally], difficulties: Sequence[Difficulty]) -> None:
    header = (
        f"{'difficulty':<10} {'player':<8} {'games':>6} {'mean':>7} {'median':>7} {'stdev':>6} "
        f"{'ruins/g':>7} {'vs greedy':>9} {'ms p50':>7} {'ms p95':>7} {'ms max':>7} "
        f"{'cpu p95':>7} {'cpu max':>7} {'decisions':>9}"
    )
    print(header)
    print("-" * len(header))
    for difficulty in difficulties:
        greedy = statistics.fmean(results[(difficulty.name, "greedy")].scores)
        for player in PLAYERS:
            tally = results[(difficulty.name, player)]
            mean = statistics.fmean(tally.scores)
            line = (
                f"{difficulty.name:<10} {player:<8} {len(tally.scores):>6} {mean:>7.1f} "
                f"{statistics.median(tally.scores):>7.1f} {statistics.pstdev(tally.scores):>6.1f} "
                f"{statistics.fmean(tally.ruins):>7.2f} {mean / greedy:>8.2f}x"
            )
            if tally.decisions:
                ms = [d * 1e3 for d in tally.decisions]
                cpu = [d * 1e3 for d in tally.cpu]
                line += (
                    f" {percentile(ms, 0.5):>7.1f} {percentile(ms, 0.95):>7.1f} "
                    f"{max(ms):>7.1f} {percentile(cpu, 0.95):>7.1f} {max(cpu):>7.1f} "
                    f"{len(ms):>9}"
                )
            print(line)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per difficulty")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--difficulty", choices=[d.name.lower() for d in Difficulty], help="only this one"
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    difficulties = [Difficulty.parse(args.difficulty)] if args.difficulty else list(Difficulty)
    start = time.perf_counter()
    results = run(difficulties, args.games, args.seed, args.jobs)
    report(results, difficulties)
    print(
        f"{args.games} games per difficulty and player, seed {args.seed}, {args.jobs} job(s), "
        f"{time.perf_counter() - start:.0f} s; ms = wall time per decision (what a player waits),"
        " cpu = the process's CPU time (the same without the machine's other load)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
