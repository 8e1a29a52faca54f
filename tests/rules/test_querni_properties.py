"""Hypothesis properties of the QUERNI rules, checked against the independent reference of
``tests.support.querni_rules``: chains, destinations and jump paths; every listed turn is
accepted and does what the rules say; random (mostly malformed) turns are refused exactly when
the reference refuses them; ``play`` never changes the state it is called on; saves
round-trip."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.querni import Color, IllegalMove, QuerniState
from tests.support.querni_rules import (
    RefBoard,
    board_of,
    ref_chains,
    ref_ends,
    ref_jump_paths,
    ref_play,
    ref_turn_keys,
    turn_keys,
)

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ALL_SQUARES = [(c, r) for r in range(7) for c in range(10)]


@st.composite
def boards(draw: st.DrawFn) -> RefBoard:
    """Positions of any shape, usually crowded into a box (jumps) with numbers dealt in runs
    along king walks (chains) — the cases where the rules are easiest to get wrong."""
    width, height = draw(st.integers(3, 10)), draw(st.integers(3, 7))
    left, bottom = draw(st.integers(0, 10 - width)), draw(st.integers(0, 7 - height))
    box = [(c, r) for c in range(left, left + width) for r in range(bottom, bottom + height)]
    board: RefBoard = {}
    for colour in ("BLUE", "RED"):
        count = draw(st.integers(0, 16))
        numbers = draw(st.permutations(range(1, 17)))[:count]
        if draw(st.booleans()):
            numbers = sorted(numbers)  # consecutive numbers ...
        here = None
        for n in numbers:
            free = [sq for sq in box if sq not in board]
            if not free:
                break
            near = [
                sq
                for sq in free
                if here is not None and abs(sq[0] - here[0]) <= 1 and abs(sq[1] - here[1]) <= 1
            ]
            # ... usually next to the previous one: chains
            pool = near if near and draw(st.integers(0, 3)) else free
            here = draw(st.sampled_from(pool))
            board[here] = (colour, n)
    return board


@st.composite
def states(draw: st.DrawFn) -> QuerniState:
    board = draw(boards())
    pieces = {sq: (Color(c), n) for sq, (c, n) in board.items()}
    return QuerniState.from_pieces(
        pieces, draw(st.sampled_from([Color.BLUE, Color.RED])), draw(st.integers(0, 59))
    )


def snapshot(state: QuerniState) -> tuple[Any, ...]:
    return (state.cells, dict(state.pieces), state.to_move, state.quiet_turns, state.result,
            hash(state), json.dumps(state.to_dict()))  # fmt: skip


def agrees(state: QuerniState, new: QuerniState, expected: tuple[RefBoard, int, str | None]):
    board, quiet, result = expected
    assert board_of(new) == board
    assert (new.quiet_turns, new.result) == (quiet, result)
    assert new.to_move is state.to_move.opponent


@SETTINGS
@given(states())
@pytest.mark.slow
def test_chains_are_the_consecutive_king_adjacent_runs(state: QuerniState) -> None:
    """Q-3.1, Q-3.2 for both colours."""
    board = board_of(state)
    for colour in Color:
        assert state.chains(colour) == ref_chains(board, colour.name)


@SETTINGS
@given(states())
@pytest.mark.slow
def test_destinations_and_jump_paths_match_the_reference(state: QuerniState) -> None:
    """Q-4.3..Q-4.5 for every square: the mover's pieces by the rules, the rest empty."""
    board = board_of(state)
    for sq in board:
        if board[sq][0] == state.to_move.name:
            assert state.destinations(sq) == ref_ends(board, sq)
            paths = state.jump_paths(sq)
            assert sorted(paths) == sorted(ref_jump_paths(board, sq))
            assert len({tuple(p) for p in paths}) == len(paths)
        else:
            assert state.destinations(sq) == frozenset() and state.jump_paths(sq) == []


@SETTINGS
@given(states())
@pytest.mark.slow
def test_jump_sequences_never_land_twice_nor_back_home(state: QuerniState) -> None:
    """Q-4.5: every real jump sequence extended by one more jump back onto its start or an
    earlier landing (with a piece to jump over) is refused, and for that reason."""
    board = board_of(state)
    for sq, (colour, _) in board.items():
        if colour != state.to_move.name:
            continue
        for path in state.jump_paths(sq):
            here = path[-1]
            for i, back in enumerate(path[:-1]):
                dc, dr = back[0] - here[0], back[1] - here[1]
                over = (here[0] + dc // 2, here[1] + dr // 2)
                if {abs(dc), abs(dr)} <= {0, 2} and over in board and over != sq:
                    try:
                        state.play([*path, back])
                    except IllegalMove as error:
                        assert error.key == ("back_to_start" if i == 0 else "landed_twice")
                    else:
                        raise AssertionError(f"{[*path, back]} was accepted")


@SETTINGS
@given(states())
@pytest.mark.slow
def test_every_listed_turn_is_accepted_and_does_what_the_rules_say(state: QuerniState) -> None:
    """legal_turns = the reference's turns; each is played exactly as the rules text says, and
    ``play`` leaves the original state untouched."""
    turns = state.legal_turns()
    board = board_of(state)
    mover = state.to_move.name
    assert turn_keys(turns) == ref_turn_keys(board, mover)
    before = snapshot(state)
    for path, chain in turns[:: max(1, len(turns) // 300)]:  # ≤ ~300 per example: time
        new = state.play(path, chain)
        expected = ref_play(board, mover, state.quiet_turns, path, chain)
        assert expected is not None, (path, chain)
        agrees(state, new, expected)
    assert snapshot(state) == before


squares = st.one_of(
    st.sampled_from(ALL_SQUARES),
    st.tuples(st.integers(-2, 11), st.integers(-2, 8)),
    st.sampled_from([None, "a1", (1,), (1, 2, 3), (True, 1), (1.0, 2.0), [3, 3]]),
)
paths = st.one_of(
    st.none(),
    st.lists(squares, max_size=5),
    st.sampled_from(["e5", 7, {(1, 1): (2, 2)}]),
)
chains = st.one_of(
    st.none(),
    st.tuples(st.integers(-1, 18), st.integers(-1, 18)),
    st.sampled_from([(1,), (1, 2, 3), "1-3", (True, 3), [1, 3], (1.0, 3.0)]),
)


def near(square: tuple[int, int]) -> list[tuple[int, int]]:
    return [(square[0] + dc, square[1] + dr) for dc in range(-2, 3) for dr in range(-2, 3)]


@st.composite
def attempts(draw: st.DrawFn) -> tuple[QuerniState, Any, Any]:
    """A state and a turn: junk, a real piece of the mover with random landings, or a near miss
    — a real jump sequence or listed turn with one landing changed, added or dropped and a
    random chain — so that every refusal (landing twice, back home, …) comes up."""
    state = draw(states())
    path, chain = draw(paths), draw(chains)
    mine = [sq for sq, (c, _) in state.pieces.items() if c is state.to_move]
    kind = draw(st.integers(0, 3))
    if mine and kind == 1:
        start = draw(st.sampled_from(mine))
        landing = st.one_of(st.sampled_from(near(start)), st.sampled_from(ALL_SQUARES))
        path = [start, *draw(st.lists(landing, max_size=4))]
    elif mine and kind >= 2:
        start = draw(st.sampled_from(mine))
        real = state.jump_paths(start) + [[start, end] for end in state.destinations(start)]
        path = list(draw(st.sampled_from(real))) if real else [start]
        how = draw(st.integers(0, 3))
        if how == 1:
            path.append(draw(st.sampled_from(near(path[-1]))))
        elif how == 2 and len(path) > 1:
            path[draw(st.integers(1, len(path) - 1))] = draw(st.sampled_from(near(path[-1])))
        elif how == 3:
            path = path[:-1]
        turns = [t for t in state.legal_turns() if t[1] is not None]
        if turns and kind == 3:
            path, chain = draw(st.sampled_from(turns))
    if draw(st.booleans()):
        chain = draw(st.tuples(st.integers(1, 14), st.integers(3, 16)))
    return state, path, chain


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(attempts())
@pytest.mark.slow
def test_random_turns_are_refused_exactly_when_the_rules_refuse_them(attempt: Any) -> None:
    state, path, chain = attempt
    before = snapshot(state)
    board = board_of(state)
    ref_path = path
    if isinstance(path, list):  # the package takes squares as 2-lists too (JSON)
        ref_path = [tuple(s) if isinstance(s, list) else s for s in path]
    ref_chain = tuple(chain) if isinstance(chain, list) else chain
    expected = ref_play(board, state.to_move.name, state.quiet_turns, ref_path, ref_chain)
    try:
        new = state.play(path, chain)
    except IllegalMove as error:
        assert expected is None, (path, chain, str(error))
    else:
        assert expected is not None, (path, chain)
        agrees(state, new, expected)
    assert snapshot(state) == before


@SETTINGS
@given(states(), st.sampled_from([None, "BLUE", "RED", "DRAW"]))
@pytest.mark.slow
def test_to_dict_from_dict_round_trip(state: QuerniState, result: str | None) -> None:
    quiet = {None: state.quiet_turns, "BLUE": 0, "RED": 0, "DRAW": 60}[result]
    state = QuerniState.from_pieces(state.pieces, state.to_move, quiet, result=result)
    data = state.to_dict()
    again = QuerniState.from_dict(json.loads(json.dumps(data)))
    assert again == state and hash(again) == hash(state)
    assert again.to_dict() == data
    assert dict(again.pieces) == dict(state.pieces)
