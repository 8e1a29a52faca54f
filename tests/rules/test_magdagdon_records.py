"""High-score ranking (M-8.2): the best ten, ties keep the earlier entry first."""

from __future__ import annotations

from game.rules.magdagdon import TABLE_SIZE, rank


def test_m8_2_a_new_best_goes_first() -> None:
    assert rank([300, 200, 100], 400) == 0


def test_m8_2_ties_keep_the_earlier_entry_first() -> None:
    assert rank([300, 200, 200, 100], 200) == 3


def test_m8_2_a_table_keeps_the_best_ten() -> None:
    full = list(range(1000, 0, -100))  # ten scores, 1000 .. 100
    assert TABLE_SIZE == 10
    assert rank(full, 150) == 9
    assert rank(full, 100) is None  # equal to the last: the earlier entry stays
    assert rank(full, -5) is None
    assert rank([], -500) == 0
