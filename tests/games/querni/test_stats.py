"""QUERNI's statistics against figures computed by hand on a small record set."""

from __future__ import annotations

import pytest

from game.arcade.storage import Record
from game.games.querni.stats import all_stats, human_colour

TWO = {"BLUE": "human", "RED": "human"}
VS_HARD_AS_RED = {"BLUE": "computer:hard", "RED": "human"}


def rec(i: int, variant: str, result: str, turns: int, players: dict[str, str]) -> Record:
    fields = {"result": result, "reason": "all_removed" if result != "DRAW" else "quiet_rounds",
              "turns": turns, "players": players}
    return Record(f"q{i}", f"2026-11-{1 + i:02d}T10:00:00Z", variant, "", fields)


RECORDS = [
    rec(0, "two_players", "BLUE", 40, TWO),
    rec(1, "two_players", "RED", 50, TWO),
    rec(2, "two_players", "BLUE", 30, TWO),
    rec(3, "vs_hard", "RED", 20, VS_HARD_AS_RED),  # the person (RED) won
    rec(4, "vs_hard", "BLUE", 24, VS_HARD_AS_RED),  # the computer won
    rec(5, "vs_hard", "DRAW", 60, VS_HARD_AS_RED),
]


def test_two_people_count_wins_by_colour() -> None:
    two = all_stats(["two_players"], RECORDS)["two_players"]
    assert (two.games, two.first, two.second, two.draws) == (3, 2, 1, 0)
    assert two.mean_turns == pytest.approx(40) and not two.versus_computer


def test_against_the_computer_wins_are_the_persons() -> None:
    hard = all_stats(["vs_hard"], RECORDS)["vs_hard"]
    assert (hard.games, hard.first, hard.second, hard.draws) == (3, 1, 1, 1)
    assert hard.mean_turns == pytest.approx((20 + 24 + 60) / 3) and hard.versus_computer


def test_an_unplayed_variant_and_who_is_human() -> None:
    empty = all_stats(["vs_easy"], RECORDS)["vs_easy"]
    assert empty.games == 0 and empty.mean_turns is None
    assert human_colour(VS_HARD_AS_RED) == "RED" and human_colour(TWO) is None
