"""MAGDAGDON's statistics from the stored records alone (no second source of truth), pure
Python so the figures are tested against hand-computed ones. Every figure comes from how many
games ended on each score (ruins, powers and hinted games added up) and the last 50 scores:
:func:`stored_stats` asks storage for exactly that per difficulty; :func:`variant_stats` works
it out of a list of records."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.games.magdagdon import GAME_ID

if TYPE_CHECKING:
    from game.arcade.storage import Record, Storage

RECENT = 50
"""How many of the latest games the line chart shows."""
BIN = 50
"""Points per histogram bar (scores run from about −300 to 544, M-7.6)."""
SUMS = ("ruins", "powers", "hinted")
"""What is added up per score: the record facets of the spec (``hinted``: 1 with hints)."""
Scores = Mapping[int, tuple[int, ...]]
"""Per score: (games, and the sums of :data:`SUMS`)."""


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
    return histogram_of(Counter(scores), width)


def histogram_of(counts: Mapping[int, int], width: int = BIN) -> tuple[tuple[int, int], ...]:
    """:func:`histogram` of the scores counted in ``counts`` (score → games)."""
    if not counts:
        return ()
    low = math.floor(min(counts) / width) * width
    high = math.floor(max(counts) / width) * width
    bars = {start: 0 for start in range(low, high + width, width)}
    for value, games in counts.items():
        bars[math.floor(value / width) * width] += games
    return tuple(sorted(bars.items()))


def _median(counts: Mapping[int, int], total: int) -> float:
    """The median of the scores counted in ``counts`` (as ``statistics.median`` gives it)."""
    middle = [(total - 1) // 2, total // 2]
    found: list[int] = []
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        while len(found) < 2 and middle[len(found)] < seen:
            found.append(value)
    return (found[0] + found[1]) / 2


def figures(variant: str, scores: Scores, recent: Sequence[int]) -> VariantStats:
    """The figures of ``variant`` from its games per score and its last scores (oldest
    first, at most :data:`RECENT`)."""
    counts = {value: row[0] for value, row in scores.items() if row[0] > 0}
    count = sum(counts.values())
    if not count:
        return VariantStats(variant, 0, None, None, None, None, None, (), (), (), 0)
    total = sum(value * games for value, games in counts.items())
    ruins, powers, hinted = (sum(row[i] for row in scores.values()) for i in (1, 2, 3))
    recent = list(recent[-RECENT:])
    running: list[float] = []
    before, seen = total - sum(recent), count - len(recent)
    for value in recent:
        before += value
        seen += 1
        running.append(before / seen)
    return VariantStats(
        variant=variant,
        games=count,
        best=max(counts),
        mean=total / count,
        median=_median(counts, count),
        ruins_per_game=ruins / count,
        powers_per_game=powers / count,
        histogram=histogram_of(counts),
        recent=tuple(recent),
        running_mean=tuple(running),
        with_hints=hinted,
    )


def variant_stats(variant: str, records: Iterable[Record]) -> VariantStats:
    """The figures of ``variant`` from its records, oldest first (``Record`` objects)."""
    rows = [r for r in records if r.variant == variant]
    scores: dict[int, list[int]] = {}
    for row in rows:
        sums = scores.setdefault(int(row.get("score", 0)), [0, 0, 0, 0])
        sums[0] += 1
        sums[1] += int(row.get("ruins", 0))
        sums[2] += int(row.get("powers", 0))
        sums[3] += 1 if row.get("hints", 0) else 0
    recent = [int(r.get("score", 0)) for r in rows[-RECENT:]]
    return figures(variant, {value: tuple(row) for value, row in scores.items()}, recent)


def all_stats(variants: Sequence[str], records: Sequence[Record]) -> dict[str, VariantStats]:
    """Every difficulty's figures (records oldest first, as storage returns them)."""
    return {variant: variant_stats(variant, records) for variant in variants}


def stored_stats(storage: Storage | None, variants: Sequence[str]) -> dict[str, VariantStats]:
    """Every difficulty's figures, asked of ``storage`` (no records: nothing played)."""
    if storage is None:
        return {variant: figures(variant, {}, ()) for variant in variants}
    scores: dict[str, dict[int, tuple[int, ...]]] = {variant: {} for variant in variants}
    for group in storage.tally(GAME_ID, by=("variant", "score"), sums=SUMS):
        variant, value = group.key
        if variant in scores and isinstance(value, int):
            scores[variant][value] = (group.games, *group.sums)
    return {variant: figures(variant, scores[variant],
                             [int(r.get("score", 0)) for r in
                              storage.records(GAME_ID, variant, last=RECENT)]
                             if scores[variant] else ())
            for variant in variants}
