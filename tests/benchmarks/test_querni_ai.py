"""benchmarks.querni_ai's tables: a win belongs to a side, not to a level's name."""

from __future__ import annotations

from benchmarks.querni_ai import GameRecord, report


def _game(pair: tuple[str, str], index: int, result: str) -> GameRecord:
    blue, red = pair if index % 2 == 0 else pair[::-1]
    return GameRecord(pair, index, blue, red, result, 30, {"first": [5.0], "second": [7.0]})


def test_a_level_against_itself_splits_by_side() -> None:
    # BLUE wins every game: with colours swapped each side wins half, whatever the names say
    pair = ("easy", "easy")
    games = [_game(pair, i, "BLUE") for i in range(40)]
    text = report(games, [pair])
    first_row = next(line for line in text.splitlines() if line.startswith("easy-easy "))
    assert first_row.split()[1:6] == ["40", "20", "20", "0", "50.0"]
    lines = text.splitlines()
    blue = next(line for line in lines if line.startswith("easy-easy, easy BLUE"))
    red = next(line for line in lines if line.startswith("easy-easy, easy RED"))
    assert blue.split()[3:6] == ["20", "20", "0"]
    assert red.split()[3:6] == ["20", "0", "20"]


def test_the_first_level_wins_from_both_colours() -> None:
    pair = ("hard", "easy")
    games = [_game(pair, i, "BLUE" if i % 2 == 0 else "RED") for i in range(10)]
    games.append(_game(pair, 10, "DRAW"))
    text = report(games, [pair])
    row = next(line for line in text.splitlines() if line.startswith("hard-easy "))
    assert row.split()[1:6] == ["11", "10", "0", "1", "100.0"]
    blue = next(line for line in text.splitlines() if line.startswith("hard-easy, hard BLUE"))
    assert blue.split()[3:6] == ["6", "5", "0"]
