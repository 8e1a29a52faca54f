"""Speed of the MAGDAGDON rules: ``python -m benchmarks.rules``.

1. Builds one fixed, seeded corpus of mid-game situations (board, 4 dice, required minimum)
   reached by real random play in all three difficulties, MAGDAGDON rolls included.
2. Checks that ``can_place_minimum`` agrees with a naive reference on the whole corpus.
3. Times both (best of several repeats) and full random games per second with ``hint()``.

Figures only: nothing here asserts a speed, and the test suite never runs it.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from benchmarks.timing import best_time, options
from game.ai import autoplay
from game.rules.magdagdon import (
    RUIN,
    Difficulty,
    MagdagdonGame,
    can_place_minimum,
)

Situation = tuple[tuple[Any, ...], tuple[int, ...], int]

CORPUS_SEED = 20240601
CORPUS_SIZE = 3000


# --- the naive reference ---------------------------------------------------------------------


def _neighbours(cell: int) -> list[int]:
    row, col = divmod(cell, 4)
    out = []
    if row > 0:
        out.append(cell - 4)
    if row < 3:
        out.append(cell + 4)
    if col > 0:
        out.append(cell - 1)
    if col < 3:
        out.append(cell + 1)
    return out


def _is_number(cell: object) -> bool:
    return type(cell) is int and 1 <= cell <= 6


def naive_legal(board: list[Any], value: int, cell: int) -> bool:
    """M-4 for one cell, straight from the rule text."""
    if board[cell] is not None:
        return False
    touching = [board[n] for n in _neighbours(cell) if _is_number(board[n])]
    if not touching and any(_is_number(c) for c in board):
        return False
    return all(abs(value - n) <= 1 for n in touching)


def naive_can_place_minimum(board: Sequence[Any], dice: Sequence[int], minimum: int) -> bool:
    """Plain recursive search: each unused die, each legal cell, recurse. No memo, no masks."""
    cells = list(board)

    def search(unused: list[int], need: int) -> bool:
        if need <= 0:
            return True
        for i, value in enumerate(unused):
            rest = unused[:i] + unused[i + 1 :]
            for cell in range(16):
                if naive_legal(cells, value, cell):
                    cells[cell] = value
                    ok = search(rest, need - 1)
                    cells[cell] = None
                    if ok:
                        return True
        return False

    return search(list(dice), minimum)


# --- the corpus --------------------------------------------------------------------------------


def build_corpus(size: int = CORPUS_SIZE, seed: int = CORPUS_SEED) -> list[Situation]:
    """Situations at the start of real turns (after the roll), from seeded random play.

    The player places random legal dice (so boards are varied, not hint-shaped), sometimes
    uses a power, and accepts MAGDAGDON when it comes; every post-roll and post-power
    situation is recorded with the required minimum of the committed board.
    """
    rng = random.Random(seed)
    corpus: list[Situation] = []
    difficulties = list(Difficulty)
    game_no = 0
    while len(corpus) < size:
        difficulty = difficulties[game_no % len(difficulties)]
        game = MagdagdonGame(difficulty, rng=random.Random(rng.getrandbits(32)))
        game_no += 1
        while not game.is_over and len(corpus) < size:
            game.roll()
            corpus.append((game.board, game.dice, game.required))
            if game.powers_left and rng.random() < 0.25:
                die = rng.randrange(4)
                if game.dice[die] < 6:
                    game.adjust(die, 1)
                else:
                    game.reroll([die])
                corpus.append((game.board, game.dice, game.required))
            if game.is_magdagdon:
                empty = [i for i, c in enumerate(game.board) if c is None]
                game.accept_magdagdon(rng.choice(empty))
                continue
            while not game.can_confirm:
                options = [(d, c) for d in game.unplaced for c in game.legal_cells_for(d)]
                if options and len(game.placed) < 4:
                    game.place(*rng.choice(options))
                else:  # a dead end: start the turn's placements over from a known sequence
                    autoplay.redo_turn(game)
            game.confirm()
    return corpus[:size]


# --- timing ------------------------------------------------------------------------------------


def hint_game(seed: int, difficulty: Difficulty) -> int:
    """One full game played by ``hint()``; returns the final score."""
    game = MagdagdonGame(difficulty, rng=random.Random(seed))
    chooser = random.Random(seed ^ 0x5EED)
    while not game.is_over:
        game.roll()
        if game.is_magdagdon:
            empty = [i for i, c in enumerate(game.board) if c is None]
            game.accept_magdagdon(chooser.choice(empty))
            continue
        for die, cell in game.hint():
            game.place(die, cell)
        game.confirm()
    return game.score().total


def main(argv: list[str] | None = None) -> int:
    args = options(__doc__.splitlines()[0], CORPUS_SIZE, 300).parse_args(argv)

    t0 = time.perf_counter()
    corpus = build_corpus(args.size)
    built = time.perf_counter() - t0
    magdagdon = sum(1 for b, d, m in corpus if not can_place_minimum(b, d, m))
    ruined = sum(1 for b, _, _ in corpus if RUIN in b)
    by_minimum: dict[int, int] = {}
    for _, _, m in corpus:
        by_minimum[m] = by_minimum.get(m, 0) + 1
    print(
        f"corpus: {len(corpus)} situations (seed {CORPUS_SEED}, built in {built:.2f} s), "
        f"{magdagdon} MAGDAGDON, {ruined} with ruins, by minimum {dict(sorted(by_minimum.items()))}"
    )
    mismatches = [
        (b, d, m)
        for b, d, m in corpus
        if can_place_minimum(b, d, m) != naive_can_place_minimum(b, d, m)
    ]
    if mismatches:
        print(f"agreement: FAILED on {len(mismatches)} situations, first: {mismatches[0]}")
        return 1
    print(f"agreement: fast and naive agree on all {len(corpus)} situations")

    def run_fast() -> None:
        for b, d, m in corpus:
            can_place_minimum(b, d, m)

    def run_naive() -> None:
        for b, d, m in corpus:
            naive_can_place_minimum(b, d, m)

    fast = best_time(run_fast, args.repeats) / len(corpus) * 1e6
    naive = best_time(run_naive, args.repeats) / len(corpus) * 1e6
    print(
        f"can_place_minimum: fast {fast:.1f} us/call, naive {naive:.1f} us/call, "
        f"ratio {naive / fast:.1f}x"
    )

    difficulties = list(Difficulty)

    def run_games() -> None:
        for i in range(args.games):
            hint_game(i, difficulties[i % 3])

    games = best_time(run_games, args.repeats)
    print(
        f"full games (hint player, all difficulties): {args.games / games:.0f} games/s "
        f"({games / args.games * 1e3:.2f} ms/game)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
