"""Behaviour of the QUERNI computer opponent (``game.ai.querni``), not its strength.

Rules are cited by their numbers in ``querni-rules.md``. Every search here has a small node
budget and every seed is fixed; no test measures or asserts a duration (the clock is faked
where time matters).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.querni import LEVELS, Cancelled, choose_turn, context, turn_key
from game.ai.querni.context import Context
from game.ai.querni.evaluate import Parent, after_move, evaluate
from game.ai.querni.geometry import FLIP, MIRROR
from game.ai.querni.plan import solo_plan
from game.ai.querni.position import apply, generate
from game.rules.querni import DRAW_TURNS, Color, IllegalMove, QuerniState

B, R = Color.BLUE, Color.RED
NODES = 400
"""HARD's node budget in these tests: enough for a real (shallow) search, fast."""


def sign_of(state: QuerniState) -> int:
    return 1 if state.to_move is B else -1


def random_states(seed: int, count: int) -> list[QuerniState]:
    """Positions met in seeded random games (a removal taken 7 times in 10 when offered)."""
    rng = random.Random(seed)
    out: list[QuerniState] = []
    while len(out) < count:
        state = QuerniState.new(random.Random(rng.getrandbits(32)))
        while state.result is None:
            out.append(state)
            turns = state.legal_turns()
            removals = [t for t in turns if t[1] is not None]
            state = state.play(*rng.choice(removals if removals and rng.random() < 0.7 else turns))
    return rng.sample(out, count)


def sparse_state(rng: random.Random, per_side: int, quiet: int = 0) -> QuerniState:
    """An end-game position (Q-5): a few pieces of each colour on random squares."""
    squares = rng.sample([(c, r) for c in range(10) for r in range(7)], 2 * per_side)
    pieces = {}
    for i, square in enumerate(squares):
        color = B if i < per_side else R
        pieces[square] = (color, 0)
    for color in (B, R):
        numbers = rng.sample(range(1, 17), per_side)
        mine = [s for s, (c, _) in pieces.items() if c is color]
        for square, number in zip(mine, numbers):
            pieces[square] = (color, number)
    return QuerniState.from_pieces(pieces, rng.choice((B, R)), quiet)


def row_of(color: Color, numbers: list[int], row: int, col: int = 0) -> dict:
    """Pieces side by side on one row from ``col``: linked, so a chain when consecutive."""
    return {(col + i, row): (color, n) for i, n in enumerate(numbers)}


def corpus() -> Iterator[QuerniState]:
    """Openings, mid-games, end-games, and positions one turn from the draw (Q-5.3)."""
    yield QuerniState.new(random.Random(7))
    yield from random_states(11, 12)
    rng = random.Random(3)
    for per_side in (1, 2, 3, 4, 6):
        yield sparse_state(rng, per_side)
    for state in random_states(5, 3):
        yield QuerniState(state.cells, state.to_move, DRAW_TURNS - 1)


def check_turn(state: QuerniState, turn: tuple) -> QuerniState:
    """The turn is legal (``play`` accepts it) and does not lose when a pass would not."""
    after = state.play(*turn)
    assert after.result != state.to_move.opponent.name, (str(state), turn)
    return after


# --- the API -----------------------------------------------------------------------------------


def test_levels_and_exports() -> None:
    assert LEVELS == ("easy", "medium", "hard")
    assert issubclass(Cancelled, Exception)


def test_unknown_level_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        choose_turn(QuerniState.new(random.Random(1)), "expert")


def test_finished_game_raises_illegal_move() -> None:
    over = QuerniState.from_pieces(row_of(B, [1, 2, 3], 0), B).play(None, (1, 3))
    assert over.result == "BLUE"
    for level in LEVELS:
        with pytest.raises(IllegalMove):
            choose_turn(over, level, random.Random(1))


# --- legality ----------------------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_every_turn_is_legal_from_many_positions(level: str) -> None:
    for i, state in enumerate(corpus()):
        turn = choose_turn(state, level, random.Random(i), max_nodes=NODES)
        check_turn(state, turn)


@pytest.mark.parametrize("level", LEVELS)
def test_whole_games_against_medium_stay_legal(level: str) -> None:
    rng = random.Random(2)
    state = QuerniState.new(random.Random(4))
    while state.result is None:
        mover = level if state.to_move is B else "medium"
        state = check_turn(state, choose_turn(state, mover, rng, max_nodes=NODES))


@pytest.mark.parametrize("level", LEVELS)
def test_only_a_pass_is_possible(level: str) -> None:
    """Q-4.6: BLUE's one piece is walled in (no step, no jump) and has no chain."""
    walls = [(1, 0), (0, 1), (1, 1), (2, 0), (0, 2), (2, 2), (2, 1), (1, 2)]
    pieces = {(0, 0): (B, 5)} | {sq: (R, n) for n, sq in enumerate(walls, start=1)}
    state = QuerniState.from_pieces(pieces, B)
    assert state.legal_turns() == [(None, None)]
    assert choose_turn(state, level, random.Random(1), max_nodes=NODES) == (None, None)


@pytest.mark.parametrize("level", LEVELS)
def test_never_a_losing_removal(level: str) -> None:
    """Q-5.2: removing BLUE 1–3 would leave {4, 5}, which can never chain: that loses."""
    pieces = row_of(B, [1, 2, 3], 0) | {(7, 3): (B, 4), (0, 6): (B, 5)}
    pieces |= row_of(R, [1, 2, 5, 7], 6, 4)
    state = QuerniState.from_pieces(pieces, B)
    assert (None, (1, 3)) in state.legal_turns()
    for seed in range(5):
        path, chain = choose_turn(state, level, random.Random(seed), max_nodes=NODES)
        assert chain is None
        check_turn(state, (path, chain))


@pytest.mark.parametrize("level", LEVELS)
def test_takes_a_winning_removal(level: str) -> None:
    """Q-5.1: BLUE's last pieces 4–9 form a chain: removing all of it wins at once (the
    sub-chains would not), and every level — EASY included — takes it."""
    pieces = row_of(B, [4, 5, 6, 7, 8, 9], 0) | row_of(R, [1, 2, 3, 9], 6, 3)
    state = QuerniState.from_pieces(pieces, B, quiet_turns=DRAW_TURNS - 1)
    for seed in range(5):
        turn = choose_turn(state, level, random.Random(seed), max_nodes=NODES)
        assert state.play(*turn).result == "BLUE"


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_moves_then_removes_to_win(level: str) -> None:
    """Q-4.1, Q-5.1: RED 3 is one step from completing RED 1–3, its last pieces."""
    pieces = {(5, 6): (R, 1), (6, 6): (R, 2), (8, 4): (R, 3)} | row_of(B, [2, 3, 4], 0)
    state = QuerniState.from_pieces(pieces, R)
    assert not state.chains(R)
    for seed in range(3):
        turn = choose_turn(state, level, random.Random(seed), max_nodes=NODES)
        assert state.play(*turn).result == "RED"


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_takes_a_helpful_removal(level: str) -> None:
    """MEDIUM always removes a chain that leaves no dead number (Q-5.2); so does HARD here."""
    state = QuerniState.new(random.Random(3))
    pieces = dict(state.pieces)
    blue = {n: sq for sq, (c, n) in pieces.items() if c is B}
    # swap numbers so that BLUE 1, 2, 3 stand side by side on row 0
    for i, n in enumerate((1, 2, 3)):
        target = (1 + i, 0)
        other = pieces[target][1]
        pieces[blue[n]], pieces[target] = (B, other), (B, n)
        blue[other], blue[n] = blue[n], target
    state = QuerniState.from_pieces(pieces, B)
    assert (1, 3) in state.chains(B)
    _, chain = choose_turn(state, level, random.Random(0), max_nodes=NODES)
    assert chain is not None


# --- cancellation and budgets --------------------------------------------------------------


class FlagAfter:
    """A cancel flag that turns set after ``n`` looks: cancellation mid-search, no threads."""

    def __init__(self, n: int) -> None:
        self.left = n

    def is_set(self) -> bool:
        self.left -= 1
        return self.left < 0


@pytest.mark.parametrize("level", LEVELS)
def test_cancel_set_before_the_call(level: str) -> None:
    flag = threading.Event()
    flag.set()
    with pytest.raises(Cancelled):
        choose_turn(QuerniState.new(random.Random(1)), level, random.Random(1), cancel=flag)


def test_cancel_during_the_search() -> None:
    state = random_states(8, 1)[0]
    with pytest.raises(Cancelled):
        choose_turn(state, "hard", random.Random(1), cancel=FlagAfter(20), time_budget=1e9)


def test_cancel_from_another_thread() -> None:
    """The game's exit sets the Event while the worker thread searches without limits."""
    state = QuerniState.new(random.Random(9))
    flag = threading.Event()
    seen: list[BaseException] = []
    started = threading.Event()

    class Watched:
        def is_set(self) -> bool:
            started.set()
            return flag.is_set()

    def work() -> None:
        try:
            choose_turn(state, "hard", random.Random(1), cancel=Watched(), time_budget=1e9)
        except BaseException as error:  # the test inspects it
            seen.append(error)

    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    assert started.wait(30)
    flag.set()
    worker.join(30)
    assert not worker.is_alive()
    assert len(seen) == 1 and isinstance(seen[0], Cancelled)


def test_time_budget_with_a_fake_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each look at the clock advances it 10 ms: a 0.5 s budget must end the search (no node
    budget), and the turn found by then is legal."""
    now = [0.0]

    def fake() -> float:
        now[0] += 0.01
        return now[0]

    monkeypatch.setattr(context, "clock", fake)
    state = random_states(13, 1)[0]
    turn = choose_turn(state, "hard", random.Random(1), time_budget=0.5)
    check_turn(state, turn)
    assert now[0] < 5.0  # the fake clock's time: about 50 looks, not a real duration


@pytest.mark.parametrize("budget", [{"max_nodes": 0}, {"max_nodes": 1}, {"time_budget": 0.0}])
def test_a_budget_too_small_to_search_still_gives_a_legal_turn(budget: dict) -> None:
    """The root's turns are always listed and valued: HARD then plays the best of them."""
    for state in random_states(17, 5):
        check_turn(state, choose_turn(state, "hard", random.Random(1), **budget))


# --- determinism and threads -------------------------------------------------------------------


def test_same_seed_and_node_budget_same_turn() -> None:
    """The game's ``--demo --seed N`` replays: same rng seed and node budget, same turn."""
    for state in random_states(21, 4):
        for level in LEVELS:
            first = choose_turn(state, level, random.Random(5), max_nodes=NODES)
            assert choose_turn(state, level, random.Random(5), max_nodes=NODES) == first


def test_concurrent_calls_do_not_interfere() -> None:
    states = random_states(31, 4)
    alone = [choose_turn(s, "hard", random.Random(2), max_nodes=NODES) for s in states]
    results: dict[int, tuple] = {}

    def work(i: int) -> None:
        results[i] = choose_turn(states[i], "hard", random.Random(2), max_nodes=NODES)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(states))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [results[i] for i in range(len(states))] == alone


# --- internals the engine relies on --------------------------------------------------------


def test_generated_turns_are_legal_and_cover_every_movement() -> None:
    """Every internal turn is a rules turn (Q-4), and every movement end is generated."""
    for state in random_states(41, 60):
        legal = {turn_key(p, c) for p, c in state.legal_turns()}
        mine = generate(state.cells, sign_of(state), Context())[0]
        assert set(mine) <= legal
        assert {t[:2] for t in mine} == {t[:2] for t in legal}


def mirrored(cells: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(cells[MIRROR[i]] for i in range(70))


def flipped(cells: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(-cells[FLIP[i]] for i in range(70))


def test_evaluation_respects_the_symmetries() -> None:
    """The left–right mirror, and the vertical flip with colours swapped, change no value."""
    for state in random_states(51, 40):
        s = sign_of(state)
        value = evaluate(state.cells, s, Context())
        assert evaluate(mirrored(state.cells), s, Context()) == pytest.approx(value)
        assert evaluate(flipped(state.cells), -s, Context()) == pytest.approx(value)


def test_incremental_evaluation_matches_the_full_one() -> None:
    for state in random_states(61, 25):
        s = sign_of(state)
        ctx = Context()
        turns, pos, mask = generate(state.cells, s, ctx)
        parent = Parent(state.cells, s)
        for turn in turns:
            if turn[0] >= 0 and turn[2] is None:
                cells = apply(state.cells, 0, pos, mask, turn, ctx)[0]
                number = state.cells[turn[0]] * s
                quick = after_move(parent, number, turn[0], turn[1], cells, ctx)
                assert quick == pytest.approx(evaluate(cells, -s, Context()))


def test_solo_plan_counts_the_turns_to_finish() -> None:
    """BLUE 3 stands four squares from BLUE 2 with nothing to jump: three steps, the last with
    the removal of 1–3 (Q-5.1); the plan's first turn is a movement towards that."""
    pieces = {(0, 0): (B, 1), (1, 0): (B, 2), (5, 0): (B, 3)}
    pieces |= {(9, 6): (R, 1), (8, 6): (R, 2), (7, 6): (R, 5)}
    state = QuerniState.from_pieces(pieces, B)
    firsts, length = solo_plan(state.cells, 1, Context(), 4, 16, 12)
    assert length == 3
    assert firsts and all(t[0] >= 0 and t[2] is None for t in firsts)
    assert set(firsts) <= set(generate(state.cells, 1, Context())[0])


def test_solo_plan_within_a_node_budget_is_a_legal_first_turn() -> None:
    for state in random_states(71, 6):
        s = sign_of(state)
        legal = {turn_key(p, c) for p, c in state.legal_turns()}
        for nodes in (1, 50, 2000):
            firsts, _ = solo_plan(state.cells, s, Context(max_nodes=nodes), 8, 64, 12)
            assert set(firsts) <= legal


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), per_side=st.integers(1, 16), level=st.sampled_from(LEVELS))
def test_property_any_end_game_gets_a_legal_turn(seed: int, per_side: int, level: str) -> None:
    rng = random.Random(seed)
    state = sparse_state(rng, per_side, rng.choice((0, 30, DRAW_TURNS - 1)))
    check_turn(state, choose_turn(state, level, rng, max_nodes=200))
