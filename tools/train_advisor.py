"""Train the MAGDAGDON advisor's value network offline (TD(0) on afterstates, self-play).

    python -m tools.train_advisor --minimum 3 --games 200000 --out /tmp/min3.json
    python -m tools.train_advisor --pack /tmp/min2.json /tmp/min3.json --allowance 2 \
        --allowance-json /tmp/allowance.json --eval-games 2000
    python -m tools.train_advisor --pack /tmp/min2.json /tmp/min3.json \
        --allowance-json /tmp/allowance.json

One network per normal minimum (M-2): 2 (PEACEFUL, SURVIVAL) and 3 (NIGHTMARE). Self-play
uses no powers; ``--allowance`` then measures, per difficulty, how much the powers still in
hand are worth on average (the advisor's power allowance). ``--pack`` writes the weights
module ``game/ai/advisor/weights.py``. Standard library only; seeded, so runs are repeatable.
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import sys
import time
import zlib
from array import array
from pathlib import Path
from typing import Any

from benchmarks.advisor import apply_step
from game.ai.advisor import advise, expected_final
from game.ai.advisor.core import CELLS, EMPTY, RUINED, Vals, board_points, encode
from game.ai.advisor.model import use_valuer
from game.ai.advisor.network import BASES, PHYSICAL, TABLE, Network, hand_tables, tied
from game.ai.advisor.value import Valuer
from game.rules.magdagdon import Difficulty, MagdagdonGame

ROOT = Path(__file__).resolve().parent.parent
WEIGHTS_MODULE = ROOT / "game" / "ai" / "advisor" / "weights.py"
SCALE = 16
"""Weights are stored as int16 in 1/16 points."""

FOR_MINIMUM = {2: Difficulty.SURVIVAL, 3: Difficulty.NIGHTMARE}


def apply(vals: Vals, path: tuple[tuple[int, int], ...]) -> Vals:
    cells = list(vals)
    for value, cell in path:
        cells[cell] = value
    return tuple(cells)


def roll(rng: random.Random) -> tuple[int, ...]:
    return tuple(sorted(rng.randint(1, 6) for _ in range(4)))


class Trainer:
    """TD(0) on the boards between turns: V(board) moves toward the value of the board the
    policy (best by V) reaches after the next roll; finished boards are exact."""

    def __init__(self, valuer: Valuer, alpha: float) -> None:
        self.valuer = valuer
        self.net = valuer.network
        self.alpha = alpha
        self.ties = {name: [tied(name, i) for i in range(TABLE)] for name in BASES}
        self.names = [name for name, _ in PHYSICAL]

    def step(self, vals: Vals, rng: random.Random) -> tuple[Vals, float]:
        """One turn by the current policy: the next board and its value."""
        best = self.valuer.expand(vals, roll(rng), 0, keep=1)
        if best:
            value, path = best[0]
            return apply(vals, path), value
        value, cell = self.valuer.ruin_values(vals, 0)[0]
        cells = list(vals)
        cells[cell] = RUINED
        return tuple(cells), value

    def update(self, vals: Vals, target: float) -> float:
        """Move V(vals) toward ``target``; returns the error before the move."""
        net = self.net
        error = target - net.learned(vals)
        delta = self.alpha * error
        for name, index in zip(self.names, net.indices(vals)):
            table = net.tables[name]
            for j in self.ties[name][index]:
                table[j] += delta
        net.bias[vals.count(EMPTY)] += delta
        return error

    def game(self, rng: random.Random, learn: bool = True) -> tuple[int, float]:
        """One self-play game; returns the final points and the mean squared TD error."""
        vals: Vals = (EMPTY,) * CELLS
        squares, count = 0.0, 0
        while EMPTY in vals:
            nxt, value = self.step(vals, rng)
            if learn and vals.count(EMPTY) >= 2:
                error = self.update(vals, value)
                squares += error * error
                count += 1
            vals = nxt
        return board_points(vals), squares / max(count, 1)


def evaluate(valuer: Valuer, games: int, seed: int) -> float:
    """Mean final points of the greedy-by-V policy over fixed seeds (no learning)."""
    trainer = Trainer(valuer, 0.0)
    total = 0
    for i in range(games):
        points, _ = trainer.game(random.Random(seed * 1_000_003 + i), learn=False)
        total += points
    return total / games


def save(net: Network, path: Path, meta: dict[str, Any]) -> None:
    data = {"tables": net.tables, "bias": net.bias, "meta": meta}
    path.write_text(json.dumps(data))


def load(path: Path) -> Network:
    data = json.loads(path.read_text())
    return Network(data["tables"], data["bias"])


def train(args: argparse.Namespace) -> None:
    difficulty = FOR_MINIMUM[args.minimum]
    net = load(Path(args.resume)) if args.resume else Network(hand_tables())
    valuer = Valuer(difficulty, net)
    trainer = Trainer(valuer, args.alpha)
    rng = random.Random(args.seed)
    start = time.perf_counter()
    points_sum, error_sum, done = 0.0, 0.0, 0
    baseline = evaluate(valuer, args.eval_games, 7)
    print(f"start: eval {baseline:.1f}", flush=True)
    for i in range(1, args.games + 1):
        if args.decay and i % args.decay == 0:
            trainer.alpha *= 0.5
        points, error = trainer.game(rng)
        points_sum += points
        error_sum += error
        done += 1
        if i % args.report == 0:
            mean_eval = evaluate(valuer, args.eval_games, 7)
            print(
                f"{i} games {time.perf_counter() - start:.0f}s alpha {trainer.alpha:.4g} "
                f"self-play {points_sum / done:.1f} td-rmse {(error_sum / done) ** 0.5:.1f} "
                f"eval {mean_eval:.1f}",
                flush=True,
            )
            points_sum, error_sum, done = 0.0, 0.0, 0
            save(net, Path(args.out), {"minimum": args.minimum, "games": i})
    save(net, Path(args.out), {"minimum": args.minimum, "games": args.games})


# --- measuring the value with powers ----------------------------------------------------------


def play_advised(difficulty: Difficulty, seed: int) -> tuple[list[tuple[int, int, float]], int]:
    """One game played by ``advise``; returns (empty cells, powers left, predicted value) at
    every board between turns, and the final score."""
    game = MagdagdonGame(difficulty, rng=random.Random(seed))
    records = []
    while not game.is_over:
        vals = encode(game.board)
        records.append((vals.count(EMPTY), game.powers_left, expected_final(game)))
        game.roll()
        while game.in_turn:
            for step in advise(game).steps:
                apply_step(game, step)
    return records, game.score().total


def measure(difficulty: Difficulty, games: int, seed: int) -> dict[tuple[int, int], list[float]]:
    """Residuals (final − predicted) per (empty cells, powers left) over advised games; also
    prints how well the value predicts the final score (bias and RMSE per stage)."""
    residuals: dict[tuple[int, int], list[float]] = {}
    finals = []
    for i in range(games):
        records, final = play_advised(difficulty, seed * 1_000_003 + i)
        finals.append(final)
        for empties, left, predicted in records:
            residuals.setdefault((empties, left), []).append(final - predicted)
    print(f"{difficulty.name}: {games} advised games, mean final {sum(finals) / games:.1f}")
    print("  empty  left      n    bias    rmse")
    for (empties, left), values in sorted(residuals.items(), reverse=True):
        bias = sum(values) / len(values)
        rmse = (sum(v * v for v in values) / len(values)) ** 0.5
        print(f"  {empties:>5} {left:>5} {len(values):>6} {bias:>7.1f} {rmse:>7.1f}")
    return residuals


def fit_allowance(
    difficulty: Difficulty,
    residuals: dict[tuple[int, int], list[float]],
    current: list[list[float]],
) -> list[list[float]]:
    """New allowance = current + mean residual per (empty cells, powers left), smoothed over
    neighbouring stages (a stage seen fewer than 30 times keeps the value of the stage with
    one empty cell less), never negative, never less than with fewer powers, and zero with
    no power left or a finished board (nothing left to use them on)."""
    out = [[0.0] * (CELLS + 1) for _ in range(difficulty.powers + 1)]
    for left in range(1, difficulty.powers + 1):
        for empties in range(1, CELLS + 1):
            values: list[float] = []
            for e in (empties - 1, empties, empties + 1):
                values += residuals.get((e, left), [])
            if len(values) >= 30:
                raw = current[left][empties] + sum(values) / len(values)
            else:  # too rare to measure (e.g. two powers spent on the first turn)
                raw = out[left][empties - 1]
            out[left][empties] = max(raw, out[left - 1][empties], 0.0)
    return out


def allowance(args: argparse.Namespace) -> None:
    """Iterate: measure the residuals of advised games, refit the allowance, repeat."""
    networks = {2: load(Path(args.pack[0])), 3: load(Path(args.pack[1]))}
    path = Path(args.allowance_json)
    chosen = [Difficulty.parse(args.difficulty)] if args.difficulty else list(Difficulty)
    for difficulty in chosen:
        network = networks[difficulty.minimum]
        if not difficulty.powers:
            use_valuer(difficulty, Valuer(difficulty, network))
            measure(difficulty, args.eval_games, args.seed)
            continue
        table = json.loads(path.read_text()) if path.exists() else {}
        current = table.get(difficulty.name) or [[0.0] * (CELLS + 1)] * (difficulty.powers + 1)
        for round_ in range(args.allowance):
            use_valuer(difficulty, Valuer(difficulty, network, current))
            residuals = measure(difficulty, args.eval_games, args.seed + round_)
            current = fit_allowance(difficulty, residuals, current)
            print(f"  allowance round {round_ + 1}:")
            for left, row in enumerate(current):
                print(f"    {left} left: " + " ".join(f"{x:.0f}" for x in row), flush=True)
        table = json.loads(path.read_text()) if path.exists() else {}  # others may have written
        table[difficulty.name] = current
        path.write_text(json.dumps(table))
        if args.allowance > 1:
            use_valuer(difficulty, Valuer(difficulty, network, current))
            measure(difficulty, args.eval_games, args.seed + args.allowance)


# --- packing -----------------------------------------------------------------------------------


def encode_network(net: Network) -> str:
    """Tables and bias as int16 (1/16 points), zlib, base64: small and stdlib-only."""
    values = array("h")
    for name in BASES:
        values.extend(_clip(round(w * SCALE)) for w in net.tables[name])
    values.extend(_clip(round(b * SCALE)) for b in net.bias)
    if sys.byteorder != "little":
        values.byteswap()
    return base64.b64encode(zlib.compress(values.tobytes(), 9)).decode("ascii")


def _clip(value: int) -> int:
    return max(-32768, min(32767, value))


def pack(paths: list[str], allowance_path: str | None) -> None:
    """Write ``weights.py`` from trained networks (minimum 2 first, then 3)."""
    blobs = {}
    for minimum, path in zip((2, 3), paths):
        blobs[minimum] = encode_network(load(Path(path)))
    allowance = json.loads(Path(allowance_path).read_text()) if allowance_path else {}
    lines = [
        '"""Learned weights of the advisor\'s value networks, written by',
        "``tools/train_advisor.py --pack`` (do not edit by hand): int16 in 1/16 points, zlib,",
        "base64; one network per normal minimum (M-2). Python, not JSON, so that the bundle",
        '(which collects every module of ``game``) ships it without a data-file entry.',
        "",
        "ALLOWANCE: per difficulty, per powers left, per number of empty cells, what the powers",
        'still in hand are worth on average, measured on advised games (whole points)."""',
        "",
        f"SCALE = {SCALE}",
        "",
        "NETWORKS: dict[int, str] = {",
    ]
    for minimum, blob in blobs.items():
        lines.append(f"    {minimum}: (")
        for k in range(0, len(blob), 88):
            lines.append(f'        "{blob[k : k + 88]}"')
        lines.append("    ),")
    lines.append("}")
    lines.append("")
    lines.append("ALLOWANCE: dict[str, list[list[float]]] = {")
    for name, rows in allowance.items():
        lines.append(f'    "{name}": [')
        for row in rows:
            lines.append("        [" + ", ".join(str(round(x)) for x in row) + "],")
        lines.append("    ],")
    lines.append("}")
    WEIGHTS_MODULE.write_text("\n".join(lines) + "\n")
    print(f"wrote {WEIGHTS_MODULE} ({WEIGHTS_MODULE.stat().st_size} bytes)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minimum", type=int, choices=(2, 3), default=3)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--alpha", type=float, default=0.005)
    parser.add_argument("--decay", type=int, default=0, help="halve alpha every N games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--report", type=int, default=5000)
    parser.add_argument("--eval-games", type=int, default=500)
    parser.add_argument("--resume", help="start from these weights (JSON)")
    parser.add_argument("--out", default="advisor-weights.json")
    parser.add_argument("--pack", nargs=2, metavar=("MIN2_JSON", "MIN3_JSON"))
    parser.add_argument("--allowance-json", help="the measured allowance (read and written)")
    parser.add_argument(
        "--allowance", type=int, default=0, help="with --pack: measure and refit N rounds"
    )
    parser.add_argument("--difficulty", help="with --allowance: only this difficulty")
    args = parser.parse_args(argv)
    if args.pack and args.allowance:
        allowance(args)
        return 0
    if args.pack:
        pack(args.pack, args.allowance_json)
        return 0
    train(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
