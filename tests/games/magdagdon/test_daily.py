"""The daily challenge's dice come from the date alone (written here: they must never change,
or a day's players would no longer share their rolls)."""

from __future__ import annotations

import hashlib
from collections import Counter
from datetime import date

import pytest

from game.games.magdagdon.daily import DailyDice, die, parse_date
from game.rules.magdagdon import Difficulty, MagdagdonGame

FIXED = {
    "2026-12-01": [3, 4, 6, 5, 5, 6, 6, 1],
    "2027-01-01": [1, 4, 6, 3, 1, 6, 6, 5],
    "2026-02-28": [4, 5, 3, 3, 6, 2, 6, 4],
}


@pytest.mark.parametrize(("day", "dice"), FIXED.items())
def test_fixed_dates_give_fixed_dice(day: str, dice: list[int]) -> None:
    assert [die(parse_date(day), n) for n in range(8)] == dice


def test_the_derivation_is_sha256_of_the_date_and_the_count() -> None:
    digest = hashlib.sha256(b"MAGDAGDON daily 2026-12-01 #0").digest()
    first = next(b for b in digest if b < 252)
    assert die(date(2026, 12, 1), 0) == first % 6 + 1 == 3


def test_a_daily_game_rolls_the_days_dice_and_resumes_where_it_was() -> None:
    game = MagdagdonGame(Difficulty.SURVIVAL, DailyDice(date(2026, 12, 1)))
    assert game.roll() == (3, 4, 6, 5)
    for die_index, cell in game.hint() or []:
        game.place(die_index, cell)
    game.confirm()
    assert game.roll() == (5, 6, 6, 1)
    again = DailyDice(date(2026, 12, 1), drawn=8)
    assert [again.randint(1, 6) for _ in range(2)] == [die(date(2026, 12, 1), n) for n in (8, 9)]


def test_faces_are_evenly_likely() -> None:
    counts = Counter(die(date(2026, 1, 1 + n % 28), n) for n in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 <= c <= 1150 for c in counts.values())


@pytest.mark.parametrize("text", ["2026-1-1", "01.12.2026", "2026-13-01", "", "today"])
def test_bad_dates_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_date(text)
