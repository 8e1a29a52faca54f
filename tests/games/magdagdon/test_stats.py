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
