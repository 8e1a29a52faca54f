"""MAGDAGDON's statistics against figures computed by hand on a small record set."""

from __future__ import annotations

import pytest

from game.arcade.storage import Record
from game.games.magdagdon.stats import RECENT, all_stats, histogram, variant_stats


def rec(i: int, variant: str, score: int, ruins: int = 0, powers: int = 0, hints: int = 0):
    fields = {"score": score, "turns": 16, "powers": powers, "ruins": ruins}
    if hints:
        fields["hints"] = hints
    return Record(f"id{i}", f"2026-11-{1 + i:02d}T10:00:00Z", variant, "", fields)


RECORDS = [
    rec(0, "PEACEFUL", 100, ruins=2, powers=1),
    rec(1, "NIGHTMARE", -30, ruins=5),
    rec(2, "PEACEFUL", 300, ruins=0, powers=3, hints=2),
    rec(3, "PEACEFUL", 140, ruins=1, powers=0),
    rec(4, "PEACEFUL", 260, ruins=1, powers=2),
]


def test_figures_per_difficulty_by_hand() -> None:
    peaceful = variant_stats("PEACEFUL", RECORDS)
    assert peaceful.games == 4 and peaceful.best == 300
    assert peaceful.mean == pytest.approx((100 + 300 + 140 + 260) / 4)  # 200
    assert peaceful.median == pytest.approx((140 + 260) / 2)  # 200
    assert peaceful.ruins_per_game == pytest.approx(4 / 4)
    assert peaceful.powers_per_game == pytest.approx(6 / 4)
    assert peaceful.with_hints == 1
    assert peaceful.recent == (100, 300, 140, 260)
    assert peaceful.running_mean == pytest.approx((100, 200, 180, 200))


def test_a_difficulty_without_games() -> None:
    empty = all_stats(["SURVIVAL"], RECORDS)["SURVIVAL"]
    assert empty.games == 0 and empty.best is None and empty.histogram == ()


def test_histogram_bars_include_empty_ones_and_negative_scores() -> None:
    assert histogram([-30, 0, 49, 50, 160]) == (
        (-50, 1), (0, 2), (50, 1), (100, 0), (150, 1))
    nightmare = variant_stats("NIGHTMARE", RECORDS)
    assert nightmare.histogram == ((-50, 1),)


def test_the_running_mean_counts_games_before_the_last_fifty() -> None:
    many = [rec(i, "SURVIVAL", score=i) for i in range(RECENT + 10)]
    stats = variant_stats("SURVIVAL", many)
    assert len(stats.recent) == RECENT and stats.recent[0] == 10
    assert stats.running_mean[0] == pytest.approx(sum(range(11)) / 11)
    assert stats.running_mean[-1] == pytest.approx(sum(range(RECENT + 10)) / (RECENT + 10))


def test_game_over_statistics_button_opens_this_games_tab_and_back(app) -> None:
    """STATISTICS is reachable from the game-over screen (a tap), on MAGDAGDON's tab; BACK
    (Esc) returns to the game-over screen."""
    import random

    from game.ai import autoplay
    from game.arcade.scenes.scores import StatsScene
    from game.engine.testing import post_key, post_tap
    from game.rules.magdagdon import Difficulty, MagdagdonGame
    from tests.support import settle

    app.ctx.settings.last_game = "querni"  # the tab follows the game just played, not this
    app.nav.push("magdagdon.play", variant="PEACEFUL")
    settle(app)
    game = autoplay.finish(MagdagdonGame(Difficulty.PEACEFUL, random.Random(3)))
    app.nav.push("magdagdon.game_over", game=game, rank=None)
    settle(app)
    over = app.stack.top
    over.time = 100.0  # the count-up is over
    post_tap(over.b_stats.rect.center)
    settle(app, 3)
    stats = app.stack.top
    assert isinstance(stats, StatsScene) and stats.game.id == "magdagdon"
    post_key("escape")
    settle(app, 3)
    assert app.stack.top is over


# --- asked of storage: the same figures as the old whole-list computation ------------------------
def old_variant_stats(variant: str, records: list[Record]) -> tuple:
    """The figures as they were computed from every record before storage was asked for
    groups (that code, kept as the reference), as a plain tuple."""
    import statistics

    rows = [r for r in records if r.variant == variant]
    scores = [int(r.get("score", 0)) for r in rows]
    if not rows:
        return (variant, 0, None, None, None, None, None, (), (), (), 0)
    count = len(rows)
    recent = scores[-RECENT:]
    running: list[float] = []
    total = sum(scores[:-len(recent)]) if len(recent) < count else 0
    seen = count - len(recent)
    for value in recent:
        total += value
        seen += 1
        running.append(total / seen)
    return (variant, count, max(scores), statistics.fmean(scores),
            float(statistics.median(scores)),
            sum(int(r.get("ruins", 0)) for r in rows) / count,
            sum(int(r.get("powers", 0)) for r in rows) / count, histogram(scores),
            tuple(recent), tuple(running), sum(1 for r in rows if r.get("hints", 0)))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_stored_figures_equal_the_old_figures_from_every_record(tmp_path, seed: int) -> None:
    """Issue 38, point 12: the screen asks storage for games per score and the last scores,
    never for every record; a seeded set of records gives exactly the old figures."""
    import random

    from game.games.magdagdon.stats import stored_stats
    from tests.support.arcade import storage_holding

    rng = random.Random(seed)
    records = []
    for i in range(rng.randint(150, 600)):
        variant = rng.choice(["PEACEFUL", "SURVIVAL", "NIGHTMARE", "NIGHTMARE"])
        records.append(rec(i, variant, rng.choice([rng.randint(-300, 544), 120, 121]),
                           ruins=rng.randint(0, 6), powers=rng.randint(0, 1),
                           hints=rng.choice([0, 0, 0, 1, 4])))
    records = [Record(f"s{seed}r{i}", f"2026-11-{1 + i % 28:02d}T10:00:00Z", r.variant, "",
                      r.fields) for i, r in enumerate(records)]
    storage = storage_holding(tmp_path, {"magdagdon": records})
    variants = ["PEACEFUL", "SURVIVAL", "NIGHTMARE"]
    stored = stored_stats(storage, variants)
    for variant in variants:
        assert tuple(vars(stored[variant]).values()) == old_variant_stats(variant, records)
    assert all_stats(variants, storage.records("magdagdon")) == stored
    assert stored_stats(None, ["PEACEFUL"])["PEACEFUL"].games == 0
