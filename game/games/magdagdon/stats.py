"""MAGDAGDON's statistics, computed from the stored records alone (no second source of truth):
per difficulty the games played, best, mean and median score, ruins and powers per game, the
score histogram, and the last 50 scores with their running mean. Pure Python (no pygame), so
the figures are tested against hand-computed ones."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.arcade.storage import Record

RECENT = 50
"""How many of the latest games the line chart shows."""
BIN = 50
"""Points per histogram bar (scores run from about −300 to 544, M-7.6)."""


@dataclass(frozen=True)
class VariantStats:
    """The figures of one difficulty (``games == 0``: nothing played yet)."""

    variant: str
    games: int
    best: int | None
    mean: float | None
    median: float | None
    ruins_per_game: float | None
    powers_per_game: float | None
    histogram: tuple[tuple[int, int], ...]  # (lowest score of the bar, games in it)
    recent: tuple[int, ...]  # the last RECENT scores, oldest first
    running_mean: tuple[float, ...]  # the mean of all games up to each of ``recent``
    with_hints: int  # games played with the advisor's hints


def histogram(scores: Sequence[int], width: int = BIN) -> tuple[tuple[int, int], ...]:
    """Bars of ``width`` points from the lowest bar holding a score to the highest, empty bars
    included (so the shape reads right)."""
    if not scores:
        return ()
    low = math.floor(min(scores) / width) * width
    high = math.floor(max(scores) / width) * width
    counts = {start: 0 for start in range(low, high + width, width)}
    for value in scores:
        counts[math.floor(value / width) * width] += 1
    return tuple(sorted(counts.items()))


def variant_stats(variant: str, records: Iterable[Record]) -> VariantStats:
    """The figures of ``variant`` from its records, oldest first (``Record`` objects)."""
    rows = [r for r in records if r.variant == variant]
    scores = [int(r.get("score", 0)) for r in rows]
    if not rows:
        return VariantStats(variant, 0, None, None, None, None, None, (), (), (), 0)
    count = len(rows)
    recent = scores[-RECENT:]
    running: list[float] = []
    total = sum(scores[:-len(recent)]) if len(recent) < count else 0
    seen = count - len(recent)
    for value in recent:
        total += value
        seen += 1
        running.append(total / seen)
    return VariantStats(
        variant=variant,
        games=count,
        best=max(scores),
        mean=statistics.fmean(scores),
        median=float(statistics.median(scores)),
        ruins_per_game=sum(int(r.get("ruins", 0)) for r in rows) / count,
        powers_per_game=sum(int(r.get("powers", 0)) for r in rows) / count,
        histogram=histogram(scores),
        recent=tuple(recent),
        running_mean=tuple(running),
        with_hints=sum(1 for r in rows if r.get("hints", 0)),
    )


def all_stats(variants: Sequence[str], records: Sequence[Record]) -> dict[str, VariantStats]:
    """Every difficulty's figures (records oldest first, as storage returns them)."""
    return {variant: variant_stats(variant, records) for variant in variants}
