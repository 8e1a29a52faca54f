"""Properties of the QUERNI turn controller over random positions (Hypothesis, derandomized so
every run checks the same cases):

* gestures round trip (Q-6.1..Q-6.3): a turn from ``legal_turns`` — and every jump sequence
  from ``jump_paths`` — replayed as a person's taps through a fresh controller plays exactly
  ``state.play(path, chain)``;
* the controller never holds an illegal view (Q-4, Q-3): after any sequence of random taps,
  drags, keys and buttons the shown position is ``state`` or ``state.moved(path)``, exactly
  the legal next squares are lit, chain ends and the chosen chain come from ``chains``, a
  refusal changes nothing, and every committed turn is the rules' ``play``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.games.querni.controller import TurnController
from game.games.querni.events import (
    REFUSAL_KEYS,
    ChainChosen,
    ChainEndPicked,
    ChainModeChanged,
    JumpStopped,
    Moved,
    Refusal,
    Selected,
    TurnEnded,
)
from game.games.querni.gestures import Gesture, GestureKind, perform, play_turn
from game.rules.querni import Color, QuerniState, Square, must_pass

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
ALL_SQUARES: list[Square] = [(c, r) for r in range(7) for c in range(10)]


@st.composite
def crowded(draw: st.DrawFn) -> QuerniState:
    """Positions crowded into a box (jumps, blocked pieces) with numbers dealt in runs along
    king walks (chains, long chains with sub-chains)."""
    width, height = draw(st.integers(3, 10)), draw(st.integers(3, 7))
    left, bottom = draw(st.integers(0, 10 - width)), draw(st.integers(0, 7 - height))
    box = [(c, r) for c in range(left, left + width) for r in range(bottom, bottom + height)]
    pieces: dict[Square, tuple[Color, int]] = {}
    for color in (Color.BLUE, Color.RED):
        numbers = list(draw(st.permutations(range(1, 17))))[: draw(st.integers(1, 16))]
        if draw(st.booleans()):
            numbers.sort()
        here: Square | None = None
        for n in numbers:
            free = [sq for sq in box if sq not in pieces]
            if not free:
                break
            near = [
                sq for sq in free if here and max(abs(sq[0] - here[0]), abs(sq[1] - here[1])) == 1
            ]
            usually_near = bool(near) and draw(st.integers(0, 3)) > 0
            here = draw(st.sampled_from(near if usually_near else free))
            pieces[here] = (color, n)
    return QuerniState.from_pieces(
        pieces, draw(st.sampled_from(list(Color))), draw(st.integers(0, 59))
    )


@st.composite
def midgames(draw: st.DrawFn) -> QuerniState:
    """A real game: the start position, then random turns (removals preferred)."""
    rng = random.Random(draw(st.integers(0, 2**20)))
    state = QuerniState.new(rng)
    for _ in range(draw(st.integers(0, 60))):
        turns = state.legal_turns()
        removals = [t for t in turns if t[1] is not None]
        state = state.play(*rng.choice(removals if removals and rng.random() < 0.7 else turns))
        if state.result is not None:
            break
    return state


positions = st.one_of(crowded(), crowded(), midgames())


# --- gestures round trip ----------------------------------------------------------------------


def sample_turns(state: QuerniState) -> list[tuple[Any, Any]]:
    """Up to 25 turns with a removal (movement first when there is one) and 25 without."""
    turns = state.legal_turns()
    rng = random.Random(len(turns))
    chains = [t for t in turns if t[1] is not None]
    others = [t for t in turns if t[1] is None]
    return rng.sample(chains, min(25, len(chains))) + rng.sample(others, min(25, len(others)))


def replays(state: QuerniState, path: Any, chain: Any) -> None:
    c = TurnController(state)
    results = play_turn(c, path, chain)
    assert not any(isinstance(r, Refusal) for r in results), (path, chain, results)
    turn = results[-1]
    assert isinstance(turn, TurnEnded)
    assert turn.state == state.play(path, chain) == c.state
    assert turn.turn == (path, chain)
    kinds = [type(r) for r in results[:-1]]
    moves = [Selected] + [Moved] * (len(path) - 1) if path else []
    chooses = [ChainModeChanged, ChainEndPicked, ChainChosen] if chain else []
    assert kinds == moves + chooses


@SETTINGS
@given(positions)
def test_gestures_for_every_listed_turn_play_exactly_that_turn(state: QuerniState) -> None:
    for path, chain in sample_turns(state):
        replays(state, path, chain)


@SETTINGS
@given(crowded())
def test_every_jump_sequence_can_be_tapped_landing_by_landing(state: QuerniState) -> None:
    mover = state.to_move
    rng = random.Random(hash(state.cells))
    starts = [sq for sq, (color, _) in state.pieces.items() if color is mover]
    for start in rng.sample(starts, min(4, len(starts))):
        paths = state.jump_paths(start)
        for path in rng.sample(paths, min(15, len(paths))):
            replays(state, path, None)


# --- the controller never holds an illegal view -------------------------------------------------


def view(c: TurnController) -> tuple[Any, ...]:
    return (c.state, c.path, c.selected, c.movement_open, c.chain_mode, c.chain_first, c.chain)


def check(c: TurnController) -> None:
    """Everything the scene draws is what the rules say."""
    state, path = c.state, list(c.path)
    mover = state.to_move
    assert c.shown == (state.moved(path) if path else state)
    assert all(sq not in c.shown.pieces for sq in c.trail)  # marks are empty squares
    if c.is_over:
        assert not (c.lit_steps or c.lit_jumps or c.chain_candidates or c.chain_marks(True))
        return
    if c.selected is not None:
        assert c.shown.pieces[c.selected][0] is mover
    origin = path[0] if path else c.selected
    lit_jumps_expected: set[Square] = set()
    if origin is not None and not c.chain_mode and (not path or c.movement_open):
        prefix = path or [origin]
        lit_jumps_expected = {
            p[-1]
            for p in state.jump_paths(origin)
            if p[:-1] == prefix
        }
    assert c.lit_jumps == lit_jumps_expected
    assert c.movement_open == bool(path and lit_jumps_expected)
    if origin is not None and not path and not c.chain_mode:
        near = {
            d
            for d in state.destinations(origin)
            if max(abs(d[0] - origin[0]), abs(d[1] - origin[1])) == 1
        }
        assert c.lit_steps == near
    else:
        assert c.lit_steps == frozenset()
    assert (c.lit_steps | c.lit_jumps) <= state.destinations(origin) if origin else True
    chains = c.shown.chains(mover)
    assert list(c.removable_chains) == chains
    where = {n: c.shown.where(mover, n) for n in range(1, 17)}
    assert c.chain_marks(True) == {where[n] for lo, hi in chains for n in range(lo, hi + 1)}
    if not c.chain_mode:
        assert c.chain is None and c.chain_first is None and not c.chain_candidates
        return
    assert path == [] or not c.movement_open
    if c.chain is not None:
        assert c.chain in chains
        assert c.chain_squares == tuple(where[n] for n in range(c.chain[0], c.chain[1] + 1))
    if c.chain_first is not None:
        first = c.shown.pieces[c.chain_first][1]
        others = {hi if lo == first else lo for lo, hi in chains if first in (lo, hi)}
        assert c.chain_candidates == {where[n] for n in others}
    else:
        assert c.chain_candidates == {where[n] for chain in chains for n in chain}


@st.composite
def gesture(draw: st.DrawFn, c: TurnController) -> Gesture:
    """A gesture a player might make now, usually on something lit or on an own piece."""
    mover = c.to_move
    own = [sq for sq, (color, _) in c.shown.pieces.items() if color is mover]
    lit = sorted(c.lit_steps | c.lit_jumps | c.chain_candidates)
    origin = c.path[0] if c.path else c.selected
    near: list[Square] = []  # the piece in hand, where it has been, where it might go
    if origin is not None and c.selected is not None:
        here = c.selected
        near = [here, *c.path, *sorted(c.state.destinations(origin))]
        near += [(here[0] + dc, here[1] + dr) for dc in (-2, 0, 2) for dr in (-2, 0, 2)]
        near = [sq for sq in near if 0 <= sq[0] < 10 and 0 <= sq[1] < 7]
    jumps = sorted(c.lit_jumps)
    pools = [p for p in (jumps, jumps, lit, near, own, ALL_SQUARES) if p]
    if c.movement_open:  # tap on, stop, or land where it has been
        pools = [jumps, [c.path[-1]], list(c.path), near]
    square = draw(st.sampled_from(draw(st.sampled_from(pools))))
    kinds = [GestureKind.TAP] * 6 + [GestureKind.DRAG] * 2 + list(GestureKind)
    if c.has_moved and not c.movement_open and not c.chain_mode:  # little left but buttons
        kinds = [GestureKind.TAP, GestureKind.SELECT_CHAIN, GestureKind.UNDO, GestureKind.END_MOVE]
    kind = draw(st.sampled_from(kinds))
    if kind is GestureKind.DRAG:
        frm = c.selected if c.selected is not None and draw(st.booleans()) else square
        return Gesture(kind, frm, draw(st.sampled_from(lit or ALL_SQUARES)))
    if kind is GestureKind.END_MOVE:
        return Gesture(kind, confirm_pass=draw(st.booleans()))
    return Gesture(kind, square)


@settings(SETTINGS, max_examples=80)
@given(positions, st.data())
@pytest.mark.slow
def test_random_gestures_never_leave_an_illegal_view(
    state: QuerniState, data: st.DataObject
) -> None:
    c = TurnController(state)
    check(c)
    for _ in range(data.draw(st.integers(1, 30))):
        g = data.draw(gesture(c))
        if data.draw(st.integers(0, 9)) == 0:
            c.move_cursor(data.draw(st.sampled_from(["up", "down", "left", "right"])))
            g = Gesture(GestureKind.TAP, c.cursor)
        before = view(c)
        stuck = must_pass(c.state)
        result = perform(c, g)
        if isinstance(result, Refusal):
            assert result.key in REFUSAL_KEYS, result
            assert view(c) == before  # a refusal changes nothing (but the trail)
        if isinstance(result, TurnEnded):
            assert result.state == result.before.play(*result.turn)
            assert result.automatic == (g.kind is GestureKind.AUTO_PASS)
            assert not result.automatic or stuck  # only when stuck
        check(c)
        if c.is_over:
            break


MID_JUMP_KEYS = {"landed_twice", "back_to_start", "one_jump_at_a_time", "occupied",
                 "already_moved", "too_far", "nothing_to_jump", "step_and_jump"}  # fmt: skip


@SETTINGS
@given(crowded(), st.data())
def test_jump_sequences_with_mis_taps_stops_and_ends(
    state: QuerniState, data: st.DataObject
) -> None:
    """Q-6.1, Q-4.5 tap by tap: on along a lit landing, a mis-tap (refused, nothing changes,
    the sequence stays open), or a stop on the piece; END MOVE plays the path as tapped."""
    mover = state.to_move
    starts = [sq for sq, (color, _) in state.pieces.items()
              if color is mover and state.jump_paths(sq)]  # fmt: skip
    if not starts:
        return
    start = data.draw(st.sampled_from(starts))
    c = TurnController(state)
    assert isinstance(c.tap(start), Selected)
    assert isinstance(c.tap(data.draw(st.sampled_from(sorted(c.lit_jumps)))), Moved)
    while c.movement_open:
        check(c)
        here = c.path[-1]
        ring = [
            (here[0] + dc, here[1] + dr) for dc in (-2, -1, 0, 1, 2) for dr in (-2, -1, 0, 1, 2)
        ]
        pools = [sorted(c.lit_jumps), [here], list(c.path), sorted(state.destinations(start)),
                 [sq for sq in ring if 0 <= sq[0] < 10 and 0 <= sq[1] < 7]]  # fmt: skip
        square = data.draw(st.sampled_from(data.draw(st.sampled_from(pools))))
        before = view(c)
        result = c.tap(square)
        if isinstance(result, Refusal):
            assert result.key in MID_JUMP_KEYS, result
            assert view(c) == before and c.movement_open
        elif square == here:
            assert isinstance(result, JumpStopped) and not c.movement_open
        else:
            assert isinstance(result, Moved) and result.jumped is not None
            assert result.can_jump_on == c.movement_open
    check(c)
    path = list(c.path)
    assert path in state.jump_paths(start)
    turn = c.end_move()
    assert isinstance(turn, TurnEnded) and turn.state == state.play(path)
