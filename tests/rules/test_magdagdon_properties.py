"""Hypothesis properties of the MAGDAGDON rules, checked against naive references."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.rules.magdagdon import (
    RUIN,
    Difficulty,
    IllegalMove,
    can_place_minimum,
    find_sequence,
    is_connected,
    legal_cells,
    score,
    score_range,
)
from tests.rules.magdagdon_support import (
    ALL_DIFFICULTIES,
    board_of,
    check_invariants,
    game_with,
    is_num,
    naive_can_place,
    naive_connected,
    naive_is_legal_sequence,
    naive_legal_cells,
    play_random_game,
    reference_score,
    state,
)

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOWER = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

cells = st.one_of(st.none(), st.integers(1, 6), st.just(RUIN))
arbitrary_boards = st.lists(cells, min_size=16, max_size=16).map(tuple)


@st.composite
def played_boards(draw: st.DrawFn) -> tuple[Any, ...]:
    """Boards reachable by play: numbers placed on legal cells, ruins on any empty cell.

    The ruin rate varies so that narrow ruin-walled corridors (where the order of the dice
    matters most) come up often.
    """
    board: list[Any] = [None] * 16
    ruin_rate = draw(st.integers(1, 6))
    for _ in range(draw(st.integers(0, 16))):
        empty = [i for i, c in enumerate(board) if c is None]
        if not empty:
            break
        value = draw(st.integers(1, 6))
        legal = sorted(naive_legal_cells(board, value))
        if legal and draw(st.integers(0, 9)) >= ruin_rate:
            board[draw(st.sampled_from(legal))] = value
        else:
            board[draw(st.sampled_from(empty))] = RUIN
    return tuple(board)


boards = st.one_of(played_boards(), arbitrary_boards)
dice_lists = st.lists(st.integers(1, 6), min_size=0, max_size=4)
four_dice = st.lists(st.integers(1, 6), min_size=4, max_size=4)


# --- legality ---------------------------------------------------------------------------------


@FAST
@given(board=boards, value=st.integers(1, 6))
@pytest.mark.slow
def test_legal_cells_matches_the_rule_text(board: tuple, value: int) -> None:
    """M-4: the fast legal_cells equals a cell-by-cell reading of M-4.1..M-4.4."""
    assert legal_cells(board, value) == naive_legal_cells(board, value)


@FAST
@given(board=played_boards(), dice=four_dice, ops=st.lists(st.integers(0, 15), max_size=3))
@pytest.mark.slow
def test_every_legal_cell_accepts_place_and_every_other_refuses(
    board: tuple, dice: list[int], ops: list[int]
) -> None:
    """M-4 / API: legal_cells_for(d) is exactly the set of cells where place(d, c) succeeds."""
    assume(None in board)
    game = game_with(Difficulty.PEACEFUL, board, dice=dice)
    for i, op in enumerate(ops):  # some tentative dice first, so M-4.5 is exercised too
        legal = sorted(game.legal_cells_for(i))
        if legal:
            game.place(i, legal[op % len(legal)])
    for die in game.unplaced:
        legal = game.legal_cells_for(die)
        for cell in range(16):
            before = state(game)
            if cell in legal:
                game.place(die, cell)
                assert game.placed[die] == cell
                assert game.unplace(die) == (die,)  # the last die: no cascade
                assert state(game) == before
            else:
                try:
                    game.place(die, cell)
                except IllegalMove:
                    pass
                else:
                    raise AssertionError(f"die {die} placed on non-legal cell {cell}")
                assert state(game) == before


# --- the sequence search ----------------------------------------------------------------------


@FAST
@given(board=boards, dice=dice_lists, minimum=st.integers(0, 5))
@pytest.mark.slow
def test_can_place_minimum_agrees_with_brute_force(
    board: tuple, dice: list[int], minimum: int
) -> None:
    """M-6.1: the fast search equals a brute-force search over dice orders and cells."""
    assert can_place_minimum(board, dice, minimum) == naive_can_place(board, dice, minimum)


# Positions where a search that memoises too coarsely (e.g. mixing up two die values in its
# memo key) wrongly answers False; found by mutating the search. All are True.
MEMO_TRAPS = [
    ("RR.. / .RRR / ...R / 1111", [6, 1, 2, 3], 3),
    ("R1.. / R1RR / .21. / 12.R", [3, 1, 4, 2], 3),
    ("R2R. / 211R / RR1R / ..1.", [3, 2, 5, 1], 3),
    ("654R / RR.R / .R.. / .R.R", [3, 2, 4, 2], 4),
    ("6RR3 / 5443 / RRR. / ....", [1, 3, 2, 4], 4),
    (".55R / .R6R / ..66 / ..6R", [2, 4, 3, 4], 4),
    ("..R5 / .R45 / .R.6 / ....", [5, 4, 2, 6], 3),
    ("333. / 4RR. / 5R.. / 56.R", [4, 6, 5, 2], 4),
    (".RR. / RR.. / 5R.. / 66.R", [5, 1, 4, 6], 3),
]


@pytest.mark.parametrize(("text", "dice", "minimum"), MEMO_TRAPS)
def test_m6_1_can_place_minimum_on_order_sensitive_corridors(
    text: str, dice: list[int], minimum: int
) -> None:
    """M-6.1 / M-4.5: only particular orders work in these ruin-walled corridors."""
    board = board_of(text)
    assert naive_can_place(board, dice, minimum)
    assert can_place_minimum(board, dice, minimum)
    found = find_sequence(board, dice, minimum)
    assert found is not None
    assert naive_is_legal_sequence(board, [(dice[d], c) for d, c in found])


@FAST
@given(board=boards, dice=dice_lists, minimum=st.integers(1, 5))
@pytest.mark.slow
def test_can_place_minimum_is_monotone_in_minimum(
    board: tuple, dice: list[int], minimum: int
) -> None:
    """M-6.1: if m dice can be placed then m − 1 can (stop one die earlier)."""
    if can_place_minimum(board, dice, minimum):
        assert can_place_minimum(board, dice, minimum - 1)


@FAST
@given(board=boards, dice=dice_lists, minimum=st.integers(0, 4))
@pytest.mark.slow
def test_find_sequence_returns_a_legal_sequence(
    board: tuple, dice: list[int], minimum: int
) -> None:
    found = find_sequence(board, dice, minimum)
    assert (found is not None) == can_place_minimum(board, dice, minimum)
    if found is not None:
        assert len(found) == minimum
        assert len({d for d, _ in found}) == minimum
        assert naive_is_legal_sequence(board, [(dice[d], c) for d, c in found])


# --- games --------------------------------------------------------------------------------------

action = st.tuples(st.sampled_from(["place", "unplace"]), st.integers(0, 3), st.integers(0, 99))


@FAST
@given(board=played_boards(), dice=four_dice, actions=st.lists(action, max_size=14))
@pytest.mark.slow
def test_tentative_placements_always_replay_legally(
    board: tuple, dice: list[int], actions: list[tuple[str, int, int]]
) -> None:
    """M-3.5: after any sequence of place / unplace the tentative dice, replayed in order from
    the committed board, are a legal sequence, and the view stays one connected field."""
    assume(None in board)
    game = game_with(Difficulty.PEACEFUL, board, dice=dice)
    for kind, die, pick in actions:
        if kind == "place" and die not in game.placed:
            legal = sorted(game.legal_cells_for(die))
            if legal:
                game.place(die, legal[pick % len(legal)])
        elif kind == "unplace" and die in game.placed:
            back = game.unplace(die)
            assert back[0] == die and not set(back) & set(game.placed)
        moves = [(game.dice[d], c) for d, c in game.placed.items()]
        assert naive_is_legal_sequence(game.board, moves)
        if naive_connected(board):
            assert is_connected(game.view())


@SLOWER
@given(seed=st.integers(0, 2**32 - 1), difficulty=st.sampled_from(ALL_DIFFICULTIES))
def test_random_games_stay_connected_and_end_within_16_turns(
    seed: int, difficulty: Difficulty
) -> None:
    """M-1.3, M-3.6, M-8.1: numbers always form one connected field; every turn fills at
    least one cell, so a game ends in at most 16 turns."""
    game = play_random_game(difficulty, seed, check=False)
    assert game.is_over and 1 <= game.turns <= 16
    assert is_connected(game.board) and naive_connected(game.board)
    check_invariants(game)


@FAST
@given(board=boards, difficulty=st.sampled_from(ALL_DIFFICULTIES), data=st.data())
@pytest.mark.slow
def test_score_identities(board: tuple, difficulty: Difficulty, data: st.DataObject) -> None:
    """M-7.1 / M-7.5: total = base + bonuses − ruin penalty − power penalty; base = 2 × sum."""
    powers = data.draw(st.integers(0, difficulty.powers))
    card = score(board, difficulty, powers)
    assert card.total == card.base + card.bonuses - card.ruin_penalty - card.power_penalty
    assert card.base == 2 * sum(c for c in board if is_num(c))
    assert card.bonuses == sum(line.bonus for line in card.lines)
    ref = reference_score(board, difficulty, powers)
    for key in ("base", "bonuses", "ruin_penalty", "power_penalty", "total"):
        assert getattr(card, key) == ref[key]
    assert [(ln.sum, ln.combo, ln.bonus) for ln in card.lines] == ref["lines"]
    assert card.ruin_penalty == 15 * sum(1 for c in board if c is RUIN)


@FAST
@given(board=boards, difficulty=st.sampled_from(ALL_DIFFICULTIES), data=st.data())
@pytest.mark.slow
def test_every_score_lies_in_its_difficultys_range(board: tuple, difficulty: Difficulty,
                                                   data: st.DataObject) -> None:
    """M-7.5, M-7.6: no board and no use of the powers scores outside ``score_range`` (the
    bounds the venue's server holds a kiosk's scores to)."""
    low, high = score_range(difficulty)
    powers = data.draw(st.integers(0, difficulty.powers))
    assert low <= score(board, difficulty, powers).total <= high


def test_the_range_is_reached_at_both_ends() -> None:
    """M-7.6: the worked example is the highest score; the lowest is every cell a ruin with
    every power used."""
    for difficulty in ALL_DIFFICULTIES:
        low, high = score_range(difficulty)
        assert score(board_of("3456 / 3456 / 3456 / 3456"), difficulty, 0).total == high
        assert score((RUIN,) * 16, difficulty, difficulty.powers).total == low
