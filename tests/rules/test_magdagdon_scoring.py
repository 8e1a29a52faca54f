"""Scoring (M-7)."""

from __future__ import annotations

import dataclasses

import pytest

from game.rules.magdagdon import EMPTY_BOARD, RUIN, Difficulty, ScoreCard, line_combo, score
from tests.rules.magdagdon_support import board_of

P, S, N = Difficulty.PEACEFUL, Difficulty.SURVIVAL, Difficulty.NIGHTMARE


def row_board(*rows: str) -> tuple:
    """Rows given as four-character strings; missing rows are empty."""
    text = " / ".join(list(rows) + ["...."] * (4 - len(rows)))
    return board_of(text)


def test_m7_1_every_number_counts_twice_in_the_base() -> None:
    """M-7.1: row sums plus column sums: each number counted twice."""
    board = board_of("1... / .2.. / ..3R / ....")
    card = score(board, N, 0)
    assert card.base == 2 * (1 + 2 + 3)
    assert [line.sum for line in card.lines] == [1, 2, 3, 0, 1, 2, 3, 0]


def test_m7_1_lines_are_rows_then_columns() -> None:
    board = board_of("1234 / 2... / 3... / 4...")
    card = score(board, N, 0)
    assert len(card.lines) == 8
    assert card.lines[0].sum == 10 and card.lines[4].sum == 10
    assert card.lines[1].sum == 2 and card.lines[5].sum == 2
    # lines can also be read like mappings
    assert card.lines[0]["sum"] == 10 and card.lines[0]["combo"] == "STRAIGHT"
    assert card.lines[0]["bonus"] == 60


@pytest.mark.parametrize(
    ("values", "combo"),
    [
        ((1, 2, 3, 4), "STRAIGHT"),
        ((2, 3, 4, 5), "STRAIGHT"),
        ((3, 4, 5, 6), "STRAIGHT"),
        ((4, 3, 2, 1), "STRAIGHT"),  # descending
        ((6, 5, 4, 3), "STRAIGHT"),
        ((5, 4, 3, 2), "STRAIGHT"),
        ((2, 1, 3, 4), None),  # the four values, not in one direction
        ((1, 2, 4, 3), None),
        ((1, 2, 3, 5), None),
        ((3, 4, 5, 4), None),
        ((6, 6, 6, 6), "FOUR_OF_A_KIND"),
        ((1, 1, 1, 1), "FOUR_OF_A_KIND"),
        ((3, 4, 3, 4), "TWO_PAIRS"),
        ((5, 5, 2, 2), "TWO_PAIRS"),
        ((4, 3, 3, 4), "TWO_PAIRS"),
        ((3, 3, 3, 4), None),  # three and one is not two pairs
        ((3, 3, 4, 5), None),  # one pair only
        ((1, 2, 5, 6), None),
    ],
)
def test_m7_2_combos(values: tuple[int, ...], combo: str | None) -> None:
    """M-7.2: STRAIGHT (ascending or descending), FOUR OF A KIND, TWO PAIRS; else none."""
    assert line_combo(values) == combo
    assert line_combo(values) is None or line_combo(values) in (
        "STRAIGHT",
        "FOUR_OF_A_KIND",
        "TWO_PAIRS",
    )


@pytest.mark.parametrize(
    ("row", "combo", "bonus"),
    [("1234", "STRAIGHT", 60), ("6543", "STRAIGHT", 60), ("2134", None, 0)]
    + [("5555", "FOUR_OF_A_KIND", 40), ("3434", "TWO_PAIRS", 20), ("5522", "TWO_PAIRS", 20)],
)
def test_m7_2_row_combo_bonuses(row: str, combo: str | None, bonus: int) -> None:
    """M-7.2: bonuses +60 / +40 / +20 on a full row (rows read left to right)."""
    card = score(row_board(row), P, 0)
    assert card.lines[0].combo == combo and card.lines[0].bonus == bonus
    assert card.bonuses == bonus
    assert card.total == card.base + bonus


def test_m7_2_column_straight_read_top_to_bottom_either_way() -> None:
    """M-7.2: columns read top to bottom; 6-5-4-3 downwards is a (descending) straight."""
    board = board_of("6... / 5... / 4... / 3...")
    card = score(board, N, 0)
    assert card.lines[4].combo == "STRAIGHT" and card.lines[4].bonus == 60
    assert card.lines[0].combo is None  # the rows are not full
    board = board_of("1... / 3... / 2... / 4...")
    assert score(board, N, 0).lines[4].combo is None


def test_m7_2_one_bonus_per_line() -> None:
    """M-7.2: a line earns one combo bonus only (the highest that applies)."""
    board = board_of("3434 / 4343 / 3434 / 4343")
    card = score(board, N, 0)
    assert all(line.combo == "TWO_PAIRS" and line.bonus == 20 for line in card.lines)
    assert card.bonuses == 8 * 20


def test_m7_2_incomplete_line_gets_no_combo_but_its_sum() -> None:
    board = row_board("123.")
    card = score(board, N, 0)
    assert card.lines[0].combo is None and card.lines[0].sum == 6 and card.bonuses == 0


def test_m7_3_line_with_a_ruin_gets_no_combo_but_its_sum() -> None:
    """M-7.3: a line containing a ruin scores the sum of its numbers, no combo."""
    board = board_of("555R / 5... / 5... / 5...")
    card = score(board, N, 0)
    assert card.lines[0].sum == 15 and card.lines[0].combo is None and card.lines[0].bonus == 0
    assert card.lines[4].combo == "FOUR_OF_A_KIND"  # column 0 is all fives
    assert card.base == 2 * 5 * 6
    assert card.ruin_penalty == 15
    assert card.total == 60 + 40 - 15


def test_m7_4_ruins_then_power_penalty() -> None:
    """M-7.4: −15 per ruin, then the power penalty."""
    board = board_of("3456 / 3456 / R456 / 345R")
    card = score(board, P, 2)
    assert card.ruin_penalty == 30 and card.power_penalty == 30
    assert card.ruins == 2


def test_m7_5_total_formula_and_negative_scores() -> None:
    """M-7.5: total = base + bonuses − ruin penalties − power penalty; may be negative."""
    board = board_of("1RRR / RRRR / RRRR / RRRR")
    card = score(board, S, 1)
    assert (card.base, card.bonuses, card.ruin_penalty, card.power_penalty) == (2, 0, 225, 70)
    assert card.total == 2 - 225 - 70 == -293
    assert score(EMPTY_BOARD, P, 3).total == -70


def test_m7_6_worked_example_544() -> None:
    """M-7.6: rows 3 4 5 6 four times → 144 + 240 + 160 = 544, the highest possible."""
    board = board_of("3456 / 3456 / 3456 / 3456")
    card = score(board, N, 0)
    assert card.base == 144
    assert [line.combo for line in card.lines[:4]] == ["STRAIGHT"] * 4
    assert [line.combo for line in card.lines[4:]] == ["FOUR_OF_A_KIND"] * 4
    assert card.bonuses == 400
    assert (card.ruin_penalty, card.power_penalty) == (0, 0)
    assert card.total == 544


def test_m7_6_544_also_descending_and_in_columns() -> None:
    assert score(board_of("6543 / 6543 / 6543 / 6543"), P, 0).total == 544
    assert score(board_of("3333 / 4444 / 5555 / 6666"), P, 0).total == 544
    assert score(board_of("1234 / 1234 / 1234 / 1234"), P, 0).total == 2 * 40 + 400


def test_scorecard_is_a_frozen_dataclass_of_ints() -> None:
    card = score(board_of("3456 / 3456 / 3456 / 345R"), P, 1)
    assert dataclasses.is_dataclass(card) and isinstance(card, ScoreCard)
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.total = 0  # type: ignore[misc]
    for name in ("base", "bonuses", "ruin_penalty", "power_penalty", "total"):
        assert type(getattr(card, name)) is int
    assert all(type(line.sum) is int and type(line.bonus) is int for line in card.lines)


def test_score_accepts_lists_and_is_deterministic() -> None:
    board = board_of("3456 / 3456 / 3456 / 345R")
    assert score(list(board), P, 0) == score(board, P, 0)
    assert board[15] is RUIN
