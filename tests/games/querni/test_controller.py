"""The QUERNI turn controller, interaction by interaction (Q-6.1..Q-6.4, Q-4, Q-5), on small
positions built with ``QuerniState.from_pieces``. The properties over random positions are in
``test_controller_properties``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.games.querni.controller import (
    DEFAULT_CURSOR,
    QUIET_ROUNDS_TO_DRAW,
    Direction,
    TurnController,
)
from game.games.querni.events import (
    REFUSAL_KEYS,
    ChainChosen,
    ChainEndPicked,
    ChainEndReleased,
    ChainModeChanged,
    CursorMoved,
    Deselected,
    JumpStopped,
    Moved,
    PassConfirmationNeeded,
    Refusal,
    Result,
    Selected,
    TurnEnded,
    Undone,
)
from game.games.querni.gestures import Gesture, GestureKind, gestures_for_turn, play_turn
from game.rules.querni import ALL_REMOVED, NO_CHAIN_LEFT, QUIET_ROUNDS, Color
from tests.support.querni_rules import at

ROOT = Path(__file__).resolve().parents[3]
BLUE, RED = Color.BLUE, Color.RED


def refused(result: Result, key: str, **params: object) -> Refusal:
    """``result`` is a refusal with that key (and those params, if given)."""
    assert isinstance(result, Refusal), result
    assert result.key == key, result
    assert result.key in REFUSAL_KEYS
    for k, v in params.items():
        assert result.params[k] == v, result
    return result


def ended(result: Result) -> TurnEnded:
    assert isinstance(result, TurnEnded), result
    return result


# A jump maze for BLUE 1 on a1 = (0, 0): steps to b1 and a2; one first jump (over RED 1) to
# c3; from there on to e5 (over RED 2) or c5 (over BLUE 2); e5 → c5 (over RED 3); c5 → e3.
JUMPS = {
    (0, 0): "b1",
    (1, 1): "r1",
    (3, 3): "r2",
    (2, 3): "b2",
    (3, 4): "r3",
}
FULL_JUMP = [(0, 0), (2, 2), (4, 4), (2, 4), (4, 2)]

# BLUE 1..5 in a line on row 1 (the chain 1–5 and its sub-chains), BLUE 6 alone, RED 1.
LINE = {
    (0, 0): "b1",
    (1, 0): "b2",
    (2, 0): "b3",
    (3, 0): "b4",
    (4, 0): "b5",
    (9, 6): "b6",
    (5, 5): "r1",
}

# BLUE 1, 2 on a4, b4 and BLUE 3 on d4: stepping 3 to c4 (or c3, c5) makes the chain 1–3.
ALMOST = {(0, 3): "b1", (1, 3): "b2", (3, 3): "b3", (8, 6): "r1", (9, 6): "r2", (7, 6): "r3"}


# --- selecting ----------------------------------------------------------------------


def test_q6_1_a_tap_on_your_piece_lights_its_steps_and_first_jumps_apart() -> None:
    c = TurnController(at(JUMPS))
    result = c.tap((0, 0))
    assert result == Selected((0, 0), 1, None)
    assert c.selected == (0, 0)
    assert c.lit_steps == {(1, 0), (0, 1)}
    assert c.lit_jumps == {(2, 2)}  # only the first landing, not the whole sequence
    assert c.path == () and not c.has_moved
    assert c.shown == c.state


def test_q6_1_tapping_the_piece_again_puts_it_down_and_another_switches() -> None:
    c = TurnController(at({**JUMPS, (9, 0): "b3"}))
    c.tap((0, 0))
    assert c.tap((9, 0)) == Selected((9, 0), 3, previous=(0, 0))
    assert c.lit_steps == {(8, 0), (8, 1), (9, 1)} and c.lit_jumps == frozenset()
    assert c.tap((9, 0)) == Deselected((9, 0))
    assert c.selected is None and c.lit_steps == frozenset()


def test_q6_1_taps_on_what_is_not_lit_say_why() -> None:
    c = TurnController(at(JUMPS))
    refused(c.tap((1, 1)), "not_your_piece", square="b2", number=1, color="RED")
    refused(c.tap((5, 5)), "empty_square", square="f6")
    c.tap((0, 0))
    refused(c.tap((1, 1)), "not_your_piece")  # still not yours with a piece in hand
    refused(c.tap((5, 0)), "too_far", square="f1", start="a1")  # the rules' reason
    refused(c.tap((2, 0)), "nothing_to_jump", square="c1")  # two away, nothing between
    refused(c.tap((4, 4)), "one_jump_at_a_time", square="e5")  # reachable, landing by landing
    assert c.selected == (0, 0) and c.path == ()  # a refused tap changes nothing


def test_q6_1_a_piece_that_cannot_move_is_refused_and_the_selection_kept() -> None:
    boxed = {(0, 6): "b3", (1, 6): "r1", (0, 5): "r2", (1, 5): "r3", (2, 6): "r4", (0, 4): "r5",
             (2, 4): "r6"}  # fmt: skip
    c = TurnController(at({**boxed, (9, 0): "b1"}))
    c.tap((9, 0))
    refused(c.tap((0, 6)), "piece_blocked", square="a7", number=3)
    assert c.selected == (9, 0)


def test_q6_1_a_step_moves_the_piece_and_ends_the_movement() -> None:
    state = at(JUMPS)
    c = TurnController(state)
    c.tap((0, 0))
    result = c.tap((1, 0))
    assert result == Moved(start=(0, 0), frm=(0, 0), to=(1, 0), jumped=None, can_jump_on=False)
    assert not result.is_jump
    assert c.path == ((0, 0), (1, 0)) and c.selected == (1, 0)
    assert c.shown == state.moved([(0, 0), (1, 0)])
    assert c.lit_steps == frozenset() and c.lit_jumps == frozenset()
    # one step, nothing more; every board tap now says so (UNDO to move otherwise).
    refused(c.tap((2, 0)), "already_moved", square="c1")
    refused(c.tap((1, 0)), "already_moved")
    refused(c.tap((2, 3)), "already_moved")
    refused(c.tap((1, 1)), "not_your_piece")
    assert c.pending_turn == ([(0, 0), (1, 0)], None)


# --- jump sequences tap by tap ------------------------------------------


def test_q6_1_a_jump_sequence_tap_by_tap_lights_each_next_landing() -> None:
    state = at(JUMPS)
    c = TurnController(state)
    c.tap((0, 0))
    first = c.tap((2, 2))
    assert first == Moved((0, 0), (0, 0), (2, 2), jumped=(1, 1), can_jump_on=True)
    assert first.is_jump and c.movement_open
    assert c.lit_steps == frozenset()  # no step after a jump
    assert c.lit_jumps == {(4, 4), (2, 4)}  # never back on a1
    assert c.tap((4, 4)) == Moved((0, 0), (2, 2), (4, 4), (3, 3), True)
    assert c.lit_jumps == {(2, 4)}  # c3 was landed on already
    assert c.tap((2, 4)) == Moved((0, 0), (4, 4), (2, 4), (3, 4), True)
    assert c.lit_jumps == {(4, 2)}
    last = c.tap((4, 2))
    assert last == Moved((0, 0), (2, 4), (4, 2), (3, 3), can_jump_on=False)  # nowhere left
    assert not c.movement_open and c.lit_jumps == frozenset()
    assert c.path == tuple(FULL_JUMP) and c.selected == (4, 2)
    assert c.jumped == ((1, 1), (3, 3), (3, 4), (3, 3))
    assert c.shown == state.moved(FULL_JUMP)
    refused(c.tap((6, 0)), "already_moved")


def test_q4_5_mid_jump_no_landing_twice_nor_back_on_the_start() -> None:
    c = TurnController(at(JUMPS))
    for sq in FULL_JUMP[:3]:
        c.tap(sq)
    refused(c.tap((2, 2)), "landed_twice", square="c3")
    refused(c.tap((0, 0)), "back_to_start", square="a1")
    refused(c.tap((2, 3)), "already_moved")  # another own piece
    refused(c.tap((3, 3)), "occupied")  # an opponent's piece: not a landing
    refused(c.tap((9, 6)), "too_far")
    # A mis-tap keeps the sequence open: the player may still tap on.
    assert c.movement_open and c.lit_jumps == {(2, 4)}


def test_q6_1_the_player_may_stop_after_any_jump() -> None:
    state = at(JUMPS)
    c = TurnController(state)
    c.tap((0, 0))
    c.tap((2, 2))
    assert c.tap((2, 2)) == JumpStopped((2, 2))  # a tap on the jumping piece stops
    assert not c.movement_open and c.lit_jumps == frozenset()
    refused(c.tap((4, 4)), "already_moved")
    turn = ended(c.end_move())
    assert turn.path == ((0, 0), (2, 2)) and turn.state == state.play([(0, 0), (2, 2)])


def test_q6_3_end_move_mid_jump_plays_the_path_so_far() -> None:
    state = at(JUMPS)
    c = TurnController(state)
    for sq in FULL_JUMP[:3]:
        c.tap(sq)
    turn = ended(c.end_move())
    assert turn.path == tuple(FULL_JUMP[:3]) and turn.jumped == ((1, 1), (3, 3))
    assert turn.state == state.play(FULL_JUMP[:3])


# --- dragging --------------------------------------------------------------------------------


def test_q6_1_dragging_a_piece_onto_a_lit_square_moves_it() -> None:
    state = at(JUMPS)
    c = TurnController(state)
    assert c.drag((0, 0), (2, 2)) == Moved((0, 0), (0, 0), (2, 2), (1, 1), True)
    assert c.drag((2, 2), (2, 4)) == Moved((0, 0), (2, 2), (2, 4), (2, 3), True)  # on
    refused(c.drag((2, 3), (2, 5)), "already_moved", square="c4")


def test_a_refused_drag_changes_nothing() -> None:
    c = TurnController(at({**JUMPS, (9, 0): "b3", (8, 0): "b4"}))
    c.tap((9, 0))
    refused(c.drag((0, 0), (4, 4)), "one_jump_at_a_time")
    refused(c.drag((0, 0), (2, 3)), "too_far")
    refused(c.drag((9, 0), (8, 0)), "occupied", square="i1")  # onto an own piece
    refused(c.drag((1, 1), (2, 0)), "not_your_piece")
    refused(c.drag((5, 5), (5, 6)), "empty_square")
    assert c.selected == (9, 0) and c.path == ()
    assert c.drag((0, 0), (0, 0)) == Selected((0, 0), 1, (9, 0))  # no travel: a tap


def test_q6_2_dragging_from_one_chain_end_to_the_other_chooses_the_chain() -> None:
    c = TurnController(at(LINE))
    c.select_chain()
    assert c.drag((4, 0), (1, 0)) == ChainChosen((2, 5), ((1, 0), (2, 0), (3, 0), (4, 0)))
    refused(c.drag((0, 0), (1, 0)), "chain_mismatch", number=2, first=1)
    assert c.chain == (2, 5)  # unchanged by the refused drag


# --- chains ---------------------------------------------------------------------------


def test_q6_2_select_chain_lights_every_chain_end_then_only_the_completing_ones() -> None:
    c = TurnController(at(LINE))
    assert c.tap((0, 0)) == Selected((0, 0), 1)
    assert c.select_chain() == ChainModeChanged(on=True)
    assert c.chain_mode and c.selected is None  # the unmoved piece is put down
    line = {(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)}
    assert c.chain_candidates == line  # 1–5 and its sub-chains: every piece ends one
    assert c.tap((0, 0)) == ChainEndPicked((0, 0), 1)
    assert c.chain_first == (0, 0)
    assert c.chain_candidates == {(2, 0), (3, 0), (4, 0)}  # 1–3, 1–4, 1–5
    refused(c.tap((1, 0)), "chain_mismatch", square="b1", number=2, first=1)
    refused(c.tap((9, 6)), "not_chain_end", number=6)  # in no chain at all
    result = c.tap((4, 0))
    assert result == ChainChosen((1, 5), ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)))
    assert c.chain == (1, 5) and c.chain_first is None
    assert c.chain_squares == ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))
    assert c.pending_turn == (None, (1, 5))


def test_q6_2_either_end_first_and_q3_2_a_sub_chain_of_a_longer_chain() -> None:
    c = TurnController(at(LINE))
    c.select_chain()
    c.tap((3, 0))  # 4 first …
    assert c.chain_candidates == {(0, 0), (1, 0)}  # 1–4 and 2–4
    assert c.tap((1, 0)) == ChainChosen((2, 4), ((1, 0), (2, 0), (3, 0)))  # … then 2
    state = c.state
    turn = ended(c.end_move())
    assert turn.chain == (2, 4) and turn.removed == ((1, 0), (2, 0), (3, 0))
    assert turn.state == state.play(None, (2, 4))
    assert turn.state.numbers(BLUE) == {1, 5, 6}


def test_q6_2_tapping_the_first_end_again_lets_it_go_and_a_new_tap_restarts() -> None:
    c = TurnController(at(LINE))
    c.select_chain()
    c.tap((0, 0))
    assert c.tap((0, 0)) == ChainEndReleased((0, 0), 1)
    assert c.chain_first is None and len(c.chain_candidates) == 5
    c.tap((0, 0))
    c.tap((2, 0))
    assert c.chain == (1, 3)
    assert c.tap((4, 0)) == ChainEndPicked((4, 0), 5)  # a chosen chain: a lit end restarts
    assert c.chain is None and c.chain_candidates == {(0, 0), (1, 0), (2, 0)}


def test_q6_2_taps_in_chain_mode_that_are_not_lit() -> None:
    c = TurnController(at(LINE))
    c.select_chain()
    refused(c.tap((5, 5)), "not_your_piece", number=1, color="RED")
    refused(c.tap((5, 0)), "empty_square", square="f1")
    refused(c.tap((9, 6)), "not_chain_end", square="j7", number=6)


def test_q6_2_select_chain_needs_a_chain_and_toggles_off_dropping_the_choice() -> None:
    c = TurnController(at(JUMPS))
    refused(c.select_chain(), "no_chain", color="BLUE")
    assert not c.can_select_chain and not c.chain_mode
    c = TurnController(at(LINE))
    c.select_chain()
    c.tap((0, 0))
    c.tap((2, 0))
    assert c.select_chain() == ChainModeChanged(on=False)
    assert not c.chain_mode and c.chain is None and c.chain_candidates == frozenset()
    assert c.tap((4, 0)) == Selected((4, 0), 5)  # taps select pieces again


def test_q6_2_a_chain_the_movement_made_and_select_chain_stops_a_jump() -> None:
    c = TurnController(at(ALMOST))
    refused(c.select_chain(), "no_chain")
    c.tap((3, 3))
    c.tap((2, 3))
    assert c.can_select_chain and c.removable_chains == ((1, 3),)
    c.select_chain()
    c.tap((2, 3))
    c.tap((0, 3))
    assert c.pending_turn == ([(3, 3), (2, 3)], (1, 3))

    c = TurnController(at(JUMPS))
    c.tap((0, 0))
    c.tap((2, 2))
    assert not c.can_select_chain  # BLUE 1 and 2 make no chain


def test_q6_2_select_chain_mid_jump_stops_the_sequence() -> None:
    pieces = {**JUMPS, (0, 1): "b3", (0, 2): "b4", (1, 3): "b5", (4, 6): "r4"}
    c = TurnController(at(pieces))  # BLUE 3–5 stand chained on a2, a3, b4
    c.tap((0, 0))
    c.tap((2, 2))
    assert c.movement_open
    assert c.select_chain() == ChainModeChanged(on=True, stopped_jump=True)
    assert not c.movement_open and c.lit_jumps == frozenset()
    assert c.select_chain() == ChainModeChanged(on=False)
    refused(c.tap((4, 4)), "already_moved")  # the movement stays stopped; UNDO to redo it


def test_q6_2_end_move_with_one_chain_end_only_is_refused() -> None:
    c = TurnController(at(LINE))
    c.select_chain()
    c.tap((1, 0))
    assert not c.can_end_move
    refused(c.end_move(), "chain_incomplete", first=2, first_square="b1")
    c.tap((3, 0))
    assert c.can_end_move


def test_show_chains_marks_removable_chains_of_the_position_shown() -> None:
    c = TurnController(at(ALMOST))
    assert c.chain_marks(True) == frozenset()
    c.tap((3, 3))
    c.tap((2, 3))  # the tentative step makes 1–3
    assert c.chain_marks(True) == {(0, 3), (1, 3), (2, 3)}
    assert c.chain_marks(False) == frozenset()  # the setting is off
    c.undo()
    assert c.chain_marks(True) == frozenset()
    assert TurnController(at(LINE)).chain_marks() == {(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)}


# --- UNDO and END MOVE -----------------------------------------------------------------


def test_q6_3_undo_restores_the_turn_start() -> None:
    state = at(ALMOST)
    c = TurnController(state)
    refused(c.undo(), "nothing_to_undo")
    assert not c.can_undo
    c.tap((3, 3))
    c.tap((2, 3))
    c.select_chain()
    c.tap((0, 3))
    c.tap((2, 3))
    assert c.can_undo
    assert c.undo() == Undone(None, (1, 3), ((3, 3), (2, 3)))  # the chain first, the step stays
    assert not c.chain_mode and c.chain is None and c.chain_candidates == frozenset()
    assert c.path == ((3, 3), (2, 3))
    assert c.undo() == Undone(((3, 3), (2, 3)), None, ())
    assert c.shown == state and c.path == () and c.selected == (3, 3)  # still in hand
    assert c.undo() == Undone(None, None)  # a mere selection goes too
    assert c.selected is None and not c.can_undo


def test_q6_3_undo_steps_back_one_landing_or_the_chain_at_a_time() -> None:
    # issue 48: a jump sequence comes back landing by landing, the chain before it
    state = at({**JUMPS, (7, 0): "b3", (8, 0): "b4", (9, 0): "b5"})  # the chain 3–5
    c = TurnController(state)
    c.tap((0, 0))
    for square in FULL_JUMP[1:]:
        c.tap(square)
    assert c.path == tuple(FULL_JUMP)
    assert c.select_chain() == ChainModeChanged(on=True)
    c.tap((7, 0))
    chosen = c.tap((9, 0))
    assert isinstance(chosen, ChainChosen) and c.chain == (3, 5)
    undone = c.undo()
    assert undone == Undone(None, (3, 5), tuple(FULL_JUMP)) and undone.back_to is None
    assert c.path == tuple(FULL_JUMP) and not c.chain_mode
    for n in range(len(FULL_JUMP) - 1, 1, -1):
        undone = c.undo()
        assert undone == Undone(tuple(FULL_JUMP[: n + 1]), None, tuple(FULL_JUMP[:n]))
        assert undone.back_to == FULL_JUMP[n - 1]
        assert c.path == tuple(FULL_JUMP[:n]) and c.movement_open
        assert FULL_JUMP[n] in c.lit_jumps  # the landing taken back is offered again
        assert c.shown == state.moved(FULL_JUMP[:n])
    undone = c.undo()
    assert undone == Undone(tuple(FULL_JUMP[:2]), None, ()) and undone.back_to == (0, 0)
    assert c.path == () and c.selected == (0, 0) and c.shown == state
    assert (2, 2) in c.lit_jumps
    assert c.undo() == Undone(None, None) and c.selected is None
    refused(c.undo(), "nothing_to_undo")


def test_q6_3_end_move_commits_through_the_rules_and_nothing_is_undone_after() -> None:
    state = at({**ALMOST, (5, 0): "b5", (7, 0): "b6", (9, 0): "b7"})  # 5–7 may chain later
    c = TurnController(state)
    c.tap((3, 3))
    c.tap((2, 3))
    c.select_chain()
    c.tap((2, 3))
    c.tap((0, 3))
    turn = ended(c.end_move())
    assert turn.mover is BLUE and turn.before == state
    assert turn.state == state.play([(3, 3), (2, 3)], (1, 3)) == c.state
    assert turn.path == ((3, 3), (2, 3)) and turn.chain == (1, 3)
    assert turn.turn == ([(3, 3), (2, 3)], (1, 3))
    assert turn.removed == ((0, 3), (1, 3), (2, 3)) and turn.jumped == ()
    assert not turn.passed and not turn.automatic and not turn.game_over
    refused(c.undo(), "nothing_to_undo")
    assert c.state == turn.state


def test_q4_1_a_voluntary_pass_needs_confirmation() -> None:
    state = at(JUMPS)
    c = TurnController(state)
    c.tap((0, 0))  # a piece in hand is still nothing done
    assert c.can_end_move and c.pending_turn == (None, None)
    assert c.end_move() == PassConfirmationNeeded()
    assert c.state == state and c.selected == (0, 0)  # the question changed nothing
    turn = ended(c.end_move(confirm_pass=True))
    assert turn.passed and not turn.automatic and turn.path is None and turn.chain is None
    assert turn.state == state.play(None, None) and c.to_move is RED


# --- trail marks -----------------------------------------------------------------------


def test_q6_4_trail_marks_after_end_move_until_the_next_board_tap() -> None:
    pieces = {**JUMPS, (6, 6): "r4"}
    c = TurnController(at(pieces))
    for sq in FULL_JUMP:
        c.tap(sq)
    c.end_move()
    assert c.trail == {(0, 0), (2, 2), (4, 4), (2, 4)}  # left and jumped through, now empty
    assert all(sq not in c.shown.pieces for sq in c.trail)
    c.move_cursor("left")
    c.select_chain()  # a button (refused here: RED has no chain) is no board tap
    assert c.trail
    refused(c.tap((9, 0)), "empty_square")  # any tap on the board, even refused
    assert c.trail == frozenset()


def test_q6_4_a_removed_chain_is_marked_and_a_pass_marks_nothing() -> None:
    c = TurnController(at({**LINE, (6, 6): "r2", (7, 6): "r3"}))
    c.select_chain()
    c.tap((0, 0))
    c.tap((2, 0))
    c.end_move()
    assert c.trail == {(0, 0), (1, 0), (2, 0)}
    c.end_move(confirm_pass=True)  # RED passes without touching the board
    assert c.trail == frozenset()


def test_q6_4_drag_and_enter_are_taps_on_the_board_too() -> None:
    c = TurnController(at({**LINE, (6, 6): "r2"}))
    c.tap((4, 0))
    c.tap((5, 0))
    c.end_move()
    assert c.trail == {(4, 0)}
    c.press_cursor()
    assert c.trail == frozenset()
    c.tap((5, 5))
    c.tap((5, 4))
    c.end_move()
    assert c.trail == {(5, 5)}
    c.drag((5, 0), (6, 0))
    assert c.trail == frozenset()


# --- automatic pass ------------------------------------------------------------------


BOXED = {(0, 0): "b1", (1, 0): "r1", (0, 1): "r2", (1, 1): "r3", (2, 0): "r4", (0, 2): "r5",
         (2, 2): "r6"}  # fmt: skip


def test_q4_6_a_player_with_nothing_to_do_passes_automatically() -> None:
    state = at(BOXED)
    c = TurnController(state)
    assert c.must_pass
    assert gestures_for_turn(state, None, None) == [Gesture(GestureKind.AUTO_PASS)]
    turn = ended(c.auto_pass())
    assert turn.passed and turn.automatic and turn.state == state.play()
    assert c.to_move is RED and not c.must_pass
    refused(c.auto_pass(), "not_stuck", color="RED")


def test_q4_6_a_chain_alone_is_something_to_do() -> None:
    walled = [(1, 1), (2, 0), (2, 1), (0, 2), (1, 2), (2, 2), (3, 0), (3, 2), (0, 3), (2, 3)]
    pieces = {sq: f"r{n}" for n, sq in enumerate(walled, start=1)}
    state = at({**pieces, (0, 0): "b1", (1, 0): "b2", (0, 1): "b3"})  # 1–3 walled in a corner
    assert state.legal_turns() == [(None, None), (None, (1, 3))]
    c = TurnController(state)
    assert not c.must_pass
    refused(c.auto_pass(), "not_stuck", color="BLUE")
    refused(c.tap((0, 0)), "piece_blocked", number=1)
    assert c.can_select_chain


# --- the END MOVE result says how the game ended ---------------------------------------


def test_q5_1_removing_the_last_pieces_wins() -> None:
    c = TurnController(at(ALMOST))
    play_turn(c, [(3, 3), (2, 3)], None)
    c.end_move(confirm_pass=True)  # RED passes
    c.select_chain()
    c.tap((0, 3))
    c.tap((2, 3))
    turn = ended(c.end_move())
    assert turn.game_over and turn.outcome is not None
    assert (turn.outcome.winner, turn.outcome.reason) == (BLUE, ALL_REMOVED)
    assert c.is_over and c.outcome == turn.outcome and c.pieces_left(BLUE) == 0
    assert c.trail == {(0, 3), (1, 3), (2, 3)}


def test_q5_2_a_removal_leaving_no_chain_possible_loses() -> None:
    c = TurnController(at({**LINE, (6, 6): "r2", (7, 6): "r3"}))
    c.select_chain()
    c.tap((0, 0))
    c.tap((4, 0))
    turn = ended(c.end_move())  # leaves BLUE 6 alone
    assert turn.outcome is not None
    assert (turn.outcome.winner, turn.outcome.reason) == (RED, NO_CHAIN_LEFT)


def test_q5_3_the_sixtieth_quiet_turn_draws_and_the_counters() -> None:
    c = TurnController(at(JUMPS, quiet=59))
    assert c.quiet_turns == 59 and c.quiet_rounds == 29 and QUIET_ROUNDS_TO_DRAW == 30
    assert c.pieces_left(BLUE) == 2 and c.pieces_left(RED) == 3
    c.tap((0, 0))
    c.tap((1, 0))
    turn = ended(c.end_move())
    assert turn.outcome is not None and turn.outcome.reason == QUIET_ROUNDS
    assert turn.outcome.winner is None and c.quiet_rounds == 30


def test_after_the_game_every_command_is_refused_and_the_last_marks_stay() -> None:
    c = TurnController(at(ALMOST))
    play_turn(c, [(3, 3), (2, 3)], (1, 3))
    assert c.is_over and c.trail
    for result in (
        c.tap((5, 5)),
        c.drag((8, 6), (8, 5)),
        c.select_chain(),
        c.undo(),
        c.end_move(),
        c.end_move(confirm_pass=True),
        c.auto_pass(),
        c.press_cursor(),
    ):
        refused(result, "game_over")  # fmt: skip
    assert c.trail == {(3, 3), (0, 3), (1, 3), (2, 3)}
    assert not (c.can_end_move or c.can_undo or c.can_select_chain or c.must_pass)
    assert c.chain_marks(True) == frozenset() and c.lit_steps == frozenset()


# --- keyboard --------------------------------------------------------------------------------


def test_keyboard_cursor_moves_stops_at_the_edge_and_enter_taps() -> None:
    c = TurnController(at(JUMPS))
    assert c.cursor == DEFAULT_CURSOR
    for _ in range(4):
        c.move_cursor(Direction.LEFT)
    assert c.move_cursor("left") == CursorMoved((0, 3), moved=False)
    for _ in range(3):
        c.move_cursor("down")
    assert c.cursor == (0, 0)
    assert c.press_cursor() == Selected((0, 0), 1)
    c.move_cursor("up")
    assert c.press_cursor() == Moved((0, 0), (0, 0), (0, 1), None, False)
    assert c.move_cursor("up", flipped=True) == CursorMoved((0, 0), moved=True)
    assert c.move_cursor("right", flipped=True) == CursorMoved((0, 0), moved=False)


def test_keys_by_their_input_names() -> None:
    c = TurnController(at(LINE), cursor=(1, 0))
    assert c.press_key("accept") == Selected((1, 0), 2)
    assert c.press_key("right") == CursorMoved((2, 0), moved=True)
    assert c.press_key("chain") == ChainModeChanged(on=True)
    assert c.press_key("undo") == Undone(None, None)
    c.press_key("accept")
    assert c.press_key("back") == Undone(None, None)
    assert c.press_key("end_move") == PassConfirmationNeeded()
    assert c.press_key("pause") is None and c.press_key("reroll") is None


def test_off_board_squares_are_refused_with_the_rules_key() -> None:
    c = TurnController(at(JUMPS))
    refused(c.tap((10, 0)), "not_a_square")
    refused(c.drag((0, 0), (0, -1)), "not_a_square")
    with pytest.raises(ValueError):
        TurnController(at(JUMPS), cursor=(3, 9))


# --- gestures --------------------------------------------------------------------------------


def test_gestures_for_turn_are_a_persons_taps() -> None:
    state = at(ALMOST)
    tap = Gesture.tap
    assert gestures_for_turn(state, [(3, 3), (2, 3)], (1, 3)) == [
        tap((3, 3)), tap((2, 3)), Gesture(GestureKind.SELECT_CHAIN), tap((0, 3)), tap((2, 3)),
        Gesture(GestureKind.END_MOVE),
    ]  # fmt: skip
    assert gestures_for_turn(state, None, None) == [
        Gesture(GestureKind.END_MOVE, confirm_pass=True)
    ]
    jumps = gestures_for_turn(at(JUMPS), FULL_JUMP, None)
    assert [g.square for g in jumps[:-1]] == FULL_JUMP
    with pytest.raises(ValueError):
        gestures_for_turn(state, None, (4, 6))


def test_the_controller_never_imports_pygame() -> None:
    code = (
        "import sys; import game.games.querni.gestures, game.games.querni.controller; "
        "sys.exit('pygame' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, timeout=60)
    assert done.returncode == 0
