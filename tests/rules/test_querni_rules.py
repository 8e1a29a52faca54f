"""Examples for every numbered rule of ``querni-rules.md`` (Q-1.1 … Q-5.3), one rule per test
(the rule number is in each test's name and docstring)."""

from __future__ import annotations

import random

import pytest

from game.rules.querni import Color, IllegalMove, QuerniState
from tests.support.querni_rules import at

BLUE, RED = Color.BLUE, Color.RED


def refused(state: QuerniState, path: object = None, chain: object = None) -> IllegalMove:
    before = state.to_dict()
    with pytest.raises(IllegalMove) as info:
        state.play(path, chain)  # type: ignore[arg-type]
    assert state.to_dict() == before
    assert str(info.value)  # a sentence a player can read
    return info.value


def numbers(state: QuerniState, color: Color) -> list[int]:
    return sorted(n for c, n in state.pieces.values() if c is color)


# --- Q-1 board, pieces, start ------------------------------------------------------------------


def test_q1_1_board_is_10_columns_by_7_rows() -> None:
    """Q-1.1: squares (col, row), col 0..9, row 0..6; nothing else is on the board."""
    corners = at({(0, 0): "b1", (9, 0): "b2", (0, 6): "r1", (9, 6): "r2"})
    assert set(corners.pieces) == {(0, 0), (9, 0), (0, 6), (9, 6)}
    for off in [(10, 0), (0, 7), (-1, 3), (4, -1)]:
        with pytest.raises(ValueError):
            at({off: "b1"})
    # a piece on the edge cannot step or jump off it
    edge = at({(9, 6): "b1", (8, 5): "r1"})
    assert edge.destinations((9, 6)) == {(8, 6), (9, 5), (7, 4)}  # 2 steps, 1 jump


def test_q1_2_sixteen_numbers_per_colour_each_once() -> None:
    """Q-1.2: numbers 1..16, each at most once per colour; both colours may share a number."""
    state = QuerniState.new(random.Random(5))
    assert numbers(state, BLUE) == list(range(1, 17)) == numbers(state, RED)
    assert len(at({(0, 0): "b7", (5, 5): "r7"}).pieces) == 2
    with pytest.raises(ValueError):
        at({(0, 0): "b7", (5, 5): "b7"})
    for bad in ("b0", "b17", "r-1"):
        with pytest.raises(ValueError):
            at({(0, 0): bad})


def test_q1_3_fixed_start_squares_numbers_shuffled_by_seed() -> None:
    """Q-1.3: BLUE on columns 1..8 of rows 0–1, RED on rows 5–6; numbers shuffled by the RNG,
    so a seed replays the same start and different seeds deal differently."""
    state = QuerniState.new(random.Random(42))
    blue = {sq for sq, (c, _) in state.pieces.items() if c is BLUE}
    red = {sq for sq, (c, _) in state.pieces.items() if c is RED}
    assert blue == {(c, r) for c in range(1, 9) for r in (0, 1)}
    assert red == {(c, r) for c in range(1, 9) for r in (5, 6)}
    assert state == QuerniState.new(random.Random(42))
    deals = {QuerniState.new(random.Random(seed)) for seed in range(20)}
    assert len(deals) == 20
    assert QuerniState.new().pieces.keys() == state.pieces.keys()  # default: an unseeded RNG


def test_q1_4_blue_moves_first() -> None:
    """Q-1.4: BLUE always moves first; a new game has no result and a fresh counter."""
    for seed in range(5):
        state = QuerniState.new(random.Random(seed))
        assert (state.to_move, state.quiet_turns, state.result) == (BLUE, 0, None)
        after = state.play()
        assert after.to_move is RED and after.play().to_move is BLUE


# --- Q-2 goal ---------------------------------------------------------------------------------


def test_q2_removing_all_your_pieces_wins() -> None:
    """Q-2: the first player to remove all 16 (here: all that is left) of their pieces wins."""
    state = at({(0, 0): "b1", (1, 0): "b2", (2, 0): "b3", (5, 5): "r4"})
    assert state.play(chain=(1, 3)).result == "BLUE"
    red = at({(0, 0): "b1", (5, 5): "r4", (6, 5): "r5", (7, 6): "r6"}, RED)
    assert red.play(chain=(4, 6)).result == "RED"


# --- Q-3 chains ---------------------------------------------------------------------------------


def test_q3_1_chain_needs_three_consecutive_numbers_each_next_to_the_previous() -> None:
    """Q-3.1: ≥ 3 consecutive numbers of one colour, each adjacent (8 neighbours) to the
    previous number — only to the previous one: 1 and 3 need not touch."""
    diagonal = at({(0, 0): "b1", (1, 1): "b2", (2, 2): "b3"})
    assert diagonal.chains(BLUE) == [(1, 3)]
    bent = at({(4, 3): "b1", (5, 3): "b2", (4, 4): "b3"})  # 3 touches 2 diagonally
    assert bent.chains(BLUE) == [(1, 3)]
    apart = at({(0, 0): "b1", (1, 0): "b2", (3, 0): "b3"})  # 3 does not touch 2
    assert apart.chains(BLUE) == []
    two = at({(0, 0): "b1", (1, 0): "b2"})
    assert two.chains(BLUE) == []
    gap = at({(0, 0): "b1", (1, 0): "b2", (2, 0): "b4"})  # 3 missing
    assert gap.chains(BLUE) == []
    mixed = at({(0, 0): "b1", (1, 0): "r2", (2, 0): "b3", (3, 0): "b2"})  # RED 2 is not BLUE's
    assert mixed.chains(BLUE) == [] and mixed.chains(RED) == []
    ordered = at({(0, 0): "b2", (1, 0): "b1", (2, 0): "b3"})  # 1 2 3 must touch in number order
    assert ordered.chains(BLUE) == []
    red = at({(5, 5): "r14", (6, 6): "r15", (7, 5): "r16"})
    assert red.chains(RED) == [(14, 16)] and red.chains(BLUE) == []


def test_q3_2_any_three_or_more_consecutive_of_a_chain_is_a_chain() -> None:
    """Q-3.2: a player may remove part of a chain, at least 3 consecutive numbers."""
    row = at({(c, 3): f"b{c + 1}" for c in range(5)} | {(9, 6): "r1"})  # BLUE 1..5
    assert row.chains(BLUE) == [(1, 3), (1, 4), (1, 5), (2, 4), (2, 5), (3, 5)]
    after = row.play(chain=(2, 4))
    assert numbers(after, BLUE) == [1, 5] and after.result == "RED"  # 1, 5 can't chain
    longer = at({(c, 3): f"b{c + 1}" for c in range(7)})  # BLUE 1..7
    kept = longer.play(chain=(3, 5))
    assert numbers(kept, BLUE) == [1, 2, 6, 7] and kept.result == "RED"
    middle = longer.play(chain=(1, 4))
    assert numbers(middle, BLUE) == [5, 6, 7] and middle.result is None
    refused(row, chain=(1, 2))  # two numbers are not a chain


def test_q3_3_a_chain_need_not_be_removed_when_it_forms() -> None:
    """Q-3.3: a chain may stay on the board and be removed on a later turn."""
    state = at({(0, 0): "b1", (1, 0): "b2", (2, 0): "b3", (0, 6): "b9", (9, 6): "r1"})
    later = state.play([(0, 6), (1, 6)]).play()  # BLUE moves another piece, RED passes
    assert later.chains(BLUE) == [(1, 3)] and later.to_move is BLUE
    assert numbers(later.play(chain=(1, 3)), BLUE) == [9]


def test_q3_4_a_chain_is_named_by_colour_lowest_and_highest() -> None:
    """Q-3.4: ``(lowest, highest)``, e.g. BLUE 5–8; the refusal names it that way too."""
    state = at({(0, 0): "b5", (1, 0): "b6", (2, 0): "b7", (3, 0): "b8", (9, 6): "r1"})
    assert (5, 8) in state.chains(BLUE)
    error = refused(state, chain=(5, 9))
    assert "BLUE 5–9" in str(error)
    assert error.key == "not_a_chain"
    assert error.params == {"color": "BLUE", "lowest": 5, "highest": 9}


# --- Q-4 a turn ---------------------------------------------------------------------------------


def test_q4_1_move_then_remove_either_optional_pass_always_allowed() -> None:
    """Q-4.1: movement first, then removal; either may be left out; a pass is always allowed.
    The chain is checked *after* the movement and must be of the mover's colour."""
    # BLUE 3 steps from e4 to d2 to complete 1–2–3 and removes it in the same turn
    state = at({(1, 0): "b1", (2, 1): "b2", (4, 3): "b3", (8, 0): "b7", (9, 6): "r1"})
    assert state.chains(BLUE) == []
    refused(state, chain=(1, 3))  # not a chain before the movement ...
    refused(state, [(4, 3), (3, 3)], (1, 3))  # ... nor after a movement that does not make it
    done = state.play([(4, 3), (3, 2)], (1, 3))
    assert numbers(done, BLUE) == [7]
    # a movement that breaks a chain makes its removal illegal in the same turn
    chain = at({(0, 0): "b1", (1, 0): "b2", (2, 0): "b3", (9, 6): "r1"})
    refused(chain, [(2, 0), (3, 0)], (1, 3))
    assert chain.play([(2, 0), (3, 0)]).chains(BLUE) == []
    # removal only, movement only, pass
    assert numbers(chain.play(None, (1, 3)), BLUE) == []
    assert chain.play([(0, 0), (0, 1)]).pieces[(0, 1)] == (BLUE, 1)
    assert chain.play().pieces == chain.pieces
    # the chain must be the mover's: RED's 4–6 is not BLUE's to remove
    red_chain = at({(5, 5): "r4", (6, 5): "r5", (7, 5): "r6", (0, 0): "b1"})
    refused(red_chain, chain=(4, 6))
    assert red_chain.play().play(chain=(4, 6)).pieces.keys() == {(0, 0)}


def test_q4_2_one_step_or_one_jump_sequence_never_both() -> None:
    """Q-4.2: a step followed by a jump (or a jump followed by a step) is refused."""
    state = at({(0, 0): "b1", (2, 1): "r1", (2, 0): "r2", (9, 6): "r3"})
    assert state.play([(0, 0), (1, 0)]).pieces[(1, 0)] == (BLUE, 1)  # step
    with_jump = at({(0, 0): "b1", (1, 0): "r1", (9, 6): "r3"})
    assert with_jump.play([(0, 0), (2, 0)]).pieces[(2, 0)] == (BLUE, 1)  # jump
    assert refused(with_jump, [(0, 0), (0, 1), (2, 1)]).key == "step_and_jump"
    assert refused(with_jump, [(0, 0), (2, 0), (3, 0)]).key == "step_and_jump"
    assert refused(with_jump, [(0, 0), (0, 1), (0, 2)]).key == "step_and_jump"  # two steps


def test_q4_3_step_one_square_in_8_directions_to_an_empty_square() -> None:
    """Q-4.3: any of the 8 neighbours, if empty; never two squares, never onto a piece."""
    lone = at({(4, 3): "b1"})
    around = {(4 + dc, 3 + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if dc or dr}
    assert lone.destinations((4, 3)) == around
    for to in around:
        assert lone.play([(4, 3), to]).pieces == {to: (BLUE, 1)}
    assert refused(lone, [(4, 3), (4, 5)]).key == "nothing_to_jump"
    assert refused(lone, [(4, 3), (5, 5)]).key == "too_far"
    crowded = at({(4, 3): "b1", (5, 3): "b2", (4, 4): "r1"})
    assert refused(crowded, [(4, 3), (5, 3)]).key == "occupied"
    assert refused(crowded, [(4, 3), (4, 4)]).key == "occupied"
    assert (5, 4) in crowded.destinations((4, 3))


def test_q4_4_jump_over_one_adjacent_piece_of_either_colour_in_a_straight_line() -> None:
    """Q-4.4: over exactly one adjacent piece (any colour), orthogonally or diagonally, onto the
    empty square right behind it, which must be on the board; jumped pieces stay."""
    state = at({(4, 3): "b1", (5, 3): "b2", (4, 4): "r1", (3, 2): "r2", (6, 5): "r3"})
    # over own BLUE 2 east, over RED 1 north, over RED 2 south-west
    ends = state.destinations((4, 3))
    assert {(6, 3), (4, 5), (2, 1)} <= ends
    after = state.play([(4, 3), (6, 3)])
    assert after.pieces[(5, 3)] == (BLUE, 2) and after.pieces[(6, 3)] == (BLUE, 1)
    assert refused(state, [(4, 3), (2, 3)]).key == "nothing_to_jump"  # nothing at d4
    # two pieces in a row cannot be jumped; the landing square must be empty
    blocked = at({(4, 3): "b1", (5, 3): "r1", (6, 3): "r2"})
    assert refused(blocked, [(4, 3), (6, 3)]).key == "occupied"
    assert refused(blocked, [(4, 3), (7, 3)]).key == "too_far"
    assert (6, 3) not in blocked.destinations((4, 3)) and (7, 3) not in blocked.destinations((4, 3))
    # a knight-like hop is no jump; a jump off the board is impossible
    assert refused(state, [(4, 3), (6, 4)]).key == "too_far"
    edge = at({(1, 0): "b1", (0, 0): "r1"})
    assert edge.jump_paths((1, 0)) == []


def test_q4_5_jump_sequence_changes_direction_never_lands_twice_nor_back_home() -> None:
    """Q-4.5: several jumps by one piece, any direction each time; no square landed on twice
    and (decision) never back on the start square; the player may stop after any jump."""
    # a1 → c1 (east over b1) → e3 (north-east over d2) → c5 (north-west over d4)
    zig = at({(0, 0): "b1", (1, 0): "r1", (3, 1): "r2", (3, 3): "b3", (9, 6): "b2"})
    path = [(0, 0), (2, 0), (4, 2), (2, 4)]
    paths = zig.jump_paths((0, 0))
    assert path in paths
    assert path[:2] in paths and path[:3] in paths  # the player may stop after any jump
    assert zig.destinations((0, 0)) == {(0, 1), (1, 1), (2, 0), (4, 2), (2, 4)}
    moved = zig.play(path)
    assert moved.pieces[(2, 4)] == (BLUE, 1) and (0, 0) not in moved.pieces
    assert zig.play(path[:3]).pieces[(4, 2)] == (BLUE, 1)
    # jumping straight back over b1 would land on the start square
    assert refused(zig, [(0, 0), (2, 0), (0, 0)]).key == "back_to_start"
    assert refused(zig, [*path, (4, 2)]).key == "landed_twice"  # back over d4
    # a square of four pieces around e3..g5: e3 → g3 → g5 → e5, and e5 → e3 closes the loop
    square = at({(4, 2): "b1", (5, 2): "r1", (6, 3): "r2", (5, 4): "r3", (4, 3): "r4"})
    loop = [(4, 2), (6, 2), (6, 4), (4, 4)]
    assert loop in square.jump_paths((4, 2))
    assert refused(square, [*loop, (4, 2)]).key == "back_to_start"
    assert refused(square, [(4, 2), (6, 2), (6, 4), (6, 2)]).key == "landed_twice"
    assert (4, 2) not in square.destinations((4, 2))
    assert all(len(set(p)) == len(p) for p in square.jump_paths((4, 2)))
    assert sorted(p[-1] for p in square.jump_paths((4, 2))) == sorted(
        [(6, 2), (6, 4), (4, 4), (4, 4), (6, 4), (6, 2)]
    )


def test_q4_6_a_player_with_nothing_to_do_can_still_pass() -> None:
    """Q-4.6 (the automatic pass is the app's): a blocked player with no chain has only the
    pass, and ``play()`` with neither part is accepted."""
    boxed = at(
        {
            (0, 0): "b1",
            (1, 0): "r1",
            (2, 0): "r2",
            (0, 1): "r3",
            (1, 1): "r4",
            (0, 2): "r5",
            (2, 2): "r6",
            (9, 6): "r7",
        }  # fmt: skip
    )
    assert boxed.destinations((0, 0)) == frozenset()
    assert boxed.legal_turns() == [(None, None)]
    assert boxed.play().to_move is RED


# --- Q-5 end of the game ------------------------------------------------------------------------


def test_q5_1_a_removal_leaving_no_pieces_wins_at_once() -> None:
    """Q-5.1: the winner is decided at the removal; the opponent gets no further turn."""
    state = at({(3, 3): "b7", (4, 4): "b8", (5, 3): "b9", (0, 6): "r1", (1, 6): "r2"})
    won = state.play([(5, 3), (5, 4)], (7, 9))  # a movement first does not matter
    assert won.result == "BLUE" and won.pieces.keys() == {(0, 6), (1, 6)}
    assert won.legal_turns() == []
    assert refused(won).key == "game_over"


def test_q5_2_a_removal_leaving_pieces_that_can_never_chain_loses() -> None:
    """Q-5.2: loss when the numbers left hold no three consecutive integers (decision) —
    the spec's example: 1–3 and 5–16 removed over several turns leave {4}."""
    blue = {(c, 0): f"b{c + 1}" for c in range(3)}  # 1 2 3
    blue |= {(c, 2): f"b{c + 5}" for c in range(8)}  # 5..12
    blue |= {(c, 4): f"b{c + 13}" for c in range(4)}  # 13..16
    blue |= {(9, 6): "b4"}
    state = at(blue | {(0, 6): "r1"})
    state = state.play(chain=(1, 3)).play()
    assert state.result is None  # 4..16 left: 5 6 7 can still chain
    state = state.play(chain=(5, 12)).play()
    assert state.result is None
    lost = state.play(chain=(13, 16))
    assert numbers(lost, BLUE) == [4] and lost.result == "RED"
    # three consecutive numbers left anywhere on the board keep the game going
    spread = at(
        {(0, 0): "b1", (1, 0): "b2", (2, 0): "b3", (9, 0): "b4", (5, 3): "b5", (0, 6): "b6"}
    )
    assert spread.play(chain=(1, 3)).result is None
    gaps = at({(0, 0): "b1", (1, 0): "b2", (2, 0): "b3", (9, 0): "b5", (5, 3): "b7"})
    assert gaps.play(chain=(1, 3)).result == "RED"  # {5, 7}
    red = at({(0, 6): "r10", (1, 6): "r11", (2, 6): "r12", (9, 6): "r14", (0, 0): "b1"}, RED)
    assert red.play(chain=(10, 12)).result == "BLUE"
    # a movement alone never ends the game, even with no chainable numbers
    assert at({(0, 0): "b1", (5, 5): "b9"}).play([(0, 0), (1, 1)]).result is None


def test_q5_3_sixty_turns_without_removal_draw_counter_restarts_at_each_removal() -> None:
    """Q-5.3: 30 rounds (60 turns, passes and movements alike) without a removal draw; every
    removal restarts the counter."""
    state = at({(0, 0): "b1", (1, 0): "b2", (2, 0): "b3", (4, 4): "b4", (9, 6): "r1"})
    assert state.play().quiet_turns == 1
    assert state.play([(4, 4), (4, 5)]).quiet_turns == 1
    late = at({(0, 0): "b1", (1, 0): "b2", (2, 0): "b3", (4, 4): "b4", (9, 6): "r1"}, quiet=59)
    drawn = late.play()
    assert (drawn.result, drawn.quiet_turns) == ("DRAW", 60)
    assert drawn.legal_turns() == [] and refused(drawn).key == "game_over"
    assert late.play([(4, 4), (4, 5)]).result == "DRAW"
    # a removal on the 60th turn restarts the counter instead (1..3 leaves 4, and 4 alone
    # loses; so remove 1..3 with 4, 5, 6 still on the board)
    keep = at(
        {
            (0, 0): "b1",
            (1, 0): "b2",
            (2, 0): "b3",
            (5, 3): "b4",
            (6, 3): "b5",
            (7, 3): "b6",
            (9, 6): "r1",
        },  # fmt: skip
        quiet=59,
    )
    reset = keep.play(chain=(1, 3))
    assert (reset.result, reset.quiet_turns) == (None, 0)
    # from the start: 59 passes keep the game going, the 60th draws
    game = QuerniState.new(random.Random(1))
    for turn in range(59):
        game = game.play()
        assert game.result is None and game.quiet_turns == turn + 1
    assert game.play().result == "DRAW"
