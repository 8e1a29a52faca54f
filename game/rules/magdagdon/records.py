"""High-score tables (M-8.2): where a new score ranks among the best ten."""

from __future__ import annotations

from collections.abc import Sequence

TABLE_SIZE = 10
"""M-8.2: each table keeps the best 10."""


def rank(scores: Sequence[int], new: int, size: int = TABLE_SIZE) -> int | None:
    """The 0-based place ``new`` takes in ``scores`` (best first), or ``None`` when it misses
    the best ``size``. Ties keep the earlier entry first (M-8.2), so a new score goes below
    every equal one."""
    position = sum(1 for score in scores if score >= new)
    return position if position < size else None
