"""EASY and MEDIUM, who look one turn ahead, on the internal turns of ``position.py``; HARD
plans its own turns to the end of its race (``plan.py``) and checks the plan with a search
(``search.choose``).
"""

from __future__ import annotations

import random

from .context import Context, Turn
from .position import WIN
from .search import Child, children

MISS_CHANCE = 0.6
"""EASY overlooks the chains it could remove this often (never a winning one)."""

NOTICE_SHARE = 0.5
"""EASY looks at this share of its pieces each turn; the others' moves go unseen."""

NOISE = 1.5
"""EASY's misjudgement, in turns (standard deviation of the noise added to each value)."""

SENSIBLE_MARGIN = 2.0
"""EASY only plays turns valued within this many turns of the best one it sees. The four
figures make EASY a beginner a newcomer can beat while MEDIUM beats it nearly always
(issue 48; ``python -m benchmarks.querni_ai --pairs hard-easy,hard-medium,medium-easy``)."""


def _winning(kids: list[Child]) -> Child | None:
    """A turn that wins at once (Q-5.1), if any: every level takes it."""
    return next((kid for kid in kids if kid[4] == WIN), None)


def _best(kids: list[Child], rng: random.Random) -> Turn:
    """The highest-valued turn, ties broken by ``rng``."""
    top = max(kid[0] for kid in kids)
    return rng.choice([kid[1] for kid in kids if kid[0] >= top - 1e-9])


def easy(cells: tuple[int, ...], sign: int, quiet: int, ctx: Context, rng: random.Random) -> Turn:
    """A plausible beginner: sees only some of its pieces, misses chains now and then, misjudges
    a little, but never plays a turn far worse than the best it sees nor a losing removal."""
    kids = children(cells, sign, quiet, 0, ctx)
    won = _winning(kids)
    if won is not None:
        return won[1]
    starts = sorted({kid[1][0] for kid in kids if kid[1][0] >= 0})
    seen = {s for s in starts if rng.random() < NOTICE_SHARE} or set(starts[:1])
    pool = [kid for kid in kids if kid[1][0] < 0 or kid[1][0] in seen]
    quiet_pool = [kid for kid in pool if kid[1][2] is None]
    if len(quiet_pool) < len(pool) and rng.random() < MISS_CHANCE:
        pool = quiet_pool
    top = max(kid[0] for kid in pool)
    sensible = [kid for kid in pool if kid[0] >= top - SENSIBLE_MARGIN]
    noisy = [(kid[0] + rng.gauss(0.0, NOISE), i) for i, kid in enumerate(sensible)]
    return sensible[max(noisy)[1]][1]


def medium(cells: tuple[int, ...], sign: int, quiet: int, ctx: Context, rng: random.Random) -> Turn:
    """Always removes a chain when one helps (no new dead number, Q-5.2), else plays the turn
    that leaves the best position by the evaluation, one turn deep."""
    kids = children(cells, sign, quiet, 0, ctx)
    won = _winning(kids)
    if won is not None:
        return won[1]
    removing = [kid for kid in kids if kid[1][2] is not None]
    return _best(removing or kids, rng)
