"""The ``game.rules.querni`` API of ``rules-api.md``: names, types, immutability, the
decisions the spec leaves open, malformed input, saving, and purity (no pygame)."""

from __future__ import annotations

import copy
import dataclasses
import enum
import json
import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.rules.querni import Color, IllegalMove, QuerniState
from tests.support.querni_rules import at

ROOT = Path(__file__).resolve().parents[2]
BLUE, RED = Color.BLUE, Color.RED


CHAIN = {(0, 0): "b1", (1, 0): "b2", (2, 0): "b3", (4, 4): "b4", (9, 6): "r1", (8, 6): "r2"}


# --- purity and names ------------------------------------------------------------------------


@pytest.mark.slow
def test_importing_querni_does_not_import_pygame() -> None:
    code = (
        "import sys\n"
        "from game.rules.querni import QuerniState, Color, IllegalMove\n"
        "assert QuerniState.new().legal_turns()\n"
        "bad = sorted(n for n in sys.modules if n == 'pygame' or n.startswith('pygame.')\n"
        "             or n.startswith('pygame_gui'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "", f"querni import pulled in: {result.stdout.strip()}"


def test_public_names() -> None:
    from game.rules import magdagdon, querni

    assert issubclass(Color, enum.Enum) and [c.name for c in Color] == ["BLUE", "RED"]
    assert BLUE.opponent is RED and RED.opponent is BLUE
    assert issubclass(IllegalMove, ValueError)
    assert querni.IllegalMove is magdagdon.IllegalMove  # one refusal type for both games
    for name in ("new", "from_pieces", "from_dict"):
        assert callable(getattr(QuerniState, name))


# --- immutability --------------------------------------------------------------------------------


def test_state_is_immutable_and_hashable() -> None:
    state = QuerniState.new(random.Random(3))
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.to_move = RED  # type: ignore[misc]
    with pytest.raises(TypeError):
        state.pieces[(0, 0)] = (BLUE, 1)  # type: ignore[index]
    same = QuerniState.new(random.Random(3))
    assert state == same and hash(state) == hash(same) and {state: 1}[same] == 1
    assert state != state.play() and len({state, same, state.play()}) == 2
    assert pickle.loads(pickle.dumps(state)) == state
    assert copy.deepcopy(state) == state and copy.copy(state) == state


def test_returned_lists_are_fresh() -> None:
    """Callers may change what they get back without changing the state."""
    state = at(CHAIN)
    turns = state.legal_turns()
    for path, _ in turns:
        if path:
            path.clear()
    turns.clear()
    assert state.legal_turns() == at(CHAIN).legal_turns()
    state.chains(BLUE).clear()
    assert state.chains(BLUE) == [(1, 3)]
    start = QuerniState.new(random.Random(1))
    paths = start.jump_paths((1, 0))
    assert paths == [[(1, 0), (3, 2)], [(1, 0), (1, 2)]]
    paths[0].clear()
    assert start.jump_paths((1, 0)) == [[(1, 0), (3, 2)], [(1, 0), (1, 2)]]


# --- decisions ----------------------------------------------------------------------------------


def test_destinations_and_jump_paths_of_squares_without_a_movable_piece() -> None:
    """Decision: empty square, the opponent's piece, a finished game → empty; a malformed or
    off-board square → IllegalMove (a ValueError)."""
    state = at(CHAIN)
    assert state.destinations((5, 5)) == frozenset() and state.jump_paths((5, 5)) == []
    assert state.destinations((9, 6)) == frozenset() and state.jump_paths((9, 6)) == []
    assert state.play().destinations((9, 6)) == {(9, 5), (8, 5), (7, 6)}
    won = at({(0, 0): "b1", (1, 0): "b2", (2, 0): "b3", (9, 6): "r1"}).play(chain=(1, 3))
    assert won.result == "BLUE" and won.destinations((9, 6)) == frozenset()
    for bad in [(10, 0), (0, -1), "a1", (1,), (1, 2, 3), (1.0, 2), None, (True, 0)]:
        with pytest.raises(IllegalMove):
            state.destinations(bad)  # type: ignore[arg-type]
        with pytest.raises(IllegalMove):
            state.jump_paths(bad)  # type: ignore[arg-type]
    assert state.destinations([4, 4]) == state.destinations((4, 4))  # type: ignore[arg-type]


def test_chains_read_the_position_for_either_colour() -> None:
    """Decision: ``chains`` is a reading of the board, whoever moves and even after the end."""
    state = at(CHAIN | {(7, 5): "r3"})
    assert state.chains(BLUE) == [(1, 3)] and state.chains(RED) == [(1, 3)]
    assert state.play().chains(BLUE) == [(1, 3)]
    with pytest.raises(ValueError):
        state.chains("BLUE")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("path", "key"),
    [
        ([(4, 4)], "path_too_short"),
        ([], "path_too_short"),
        ("e5f5", "bad_path"),
        ({(4, 4), (4, 5)}, "bad_path"),
        ([(4, 4), (10, 4)], "not_a_square"),
        ([(4, 4), None], "not_a_square"),
        ([(5, 5), (5, 6)], "no_piece"),
        ([(9, 6), (9, 5)], "not_your_piece"),
        ([(4, 4), (4, 4)], "too_far"),
    ],
)
def test_malformed_paths_are_refused(path: Any, key: str) -> None:
    """Decision: a path of one square (or none) is not a movement: pass ``None`` instead."""
    state = at(CHAIN)
    with pytest.raises(IllegalMove) as info:
        state.play(path)
    assert info.value.key == key


@pytest.mark.parametrize(
    "chain", [(1, 2), (0, 2), (15, 17), (3, 1), (True, 3), "1-3", (1,), (1, 2, 3), 1, (1.0, 3.0)]
)
def test_malformed_chains_are_refused(chain: Any) -> None:
    with pytest.raises(IllegalMove) as info:
        at(CHAIN).play(chain=chain)
    assert info.value.key == "bad_chain"


def test_paths_and_chains_may_be_lists() -> None:
    """JSON gives lists: ``[[4, 4], [4, 5]]`` and ``[1, 3]`` are accepted like tuples."""
    state = at(CHAIN)
    assert state.play([[4, 4], [4, 5]], [1, 3]) == state.play([(4, 4), (4, 5)], (1, 3))


def test_to_move_alternates_even_on_the_last_turn() -> None:
    """Decision: a finished game's ``to_move`` is the player who would have moved next."""
    won = at({(0, 0): "b1", (1, 0): "b2", (2, 0): "b3", (9, 6): "r1"}).play(chain=(1, 3))
    assert won.to_move is RED and won.is_over


# --- from_pieces ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "pieces",
    [
        {(10, 0): (BLUE, 1)},
        {(0, 7): (BLUE, 1)},
        {(-1, 0): (BLUE, 1)},
        {(0, 0): (BLUE, 0)},
        {(0, 0): (BLUE, 17)},
        {(0, 0): (BLUE, 3), (1, 1): (BLUE, 3)},
        {(0, 0): ("BLUE", 1)},
        {(0, 0): (BLUE, 1.0)},
        {(0, 0): (BLUE, True)},
        {(0, 0): (BLUE,)},
        {(0, 0): BLUE},
        {(0.0, 0): (BLUE, 1)},
        {(0, 0, 0): (BLUE, 1)},
        {"a1": (BLUE, 1)},
        [((0, 0), (BLUE, 1))],
        None,
    ],
)
def test_from_pieces_refuses_malformed_positions(pieces: Any) -> None:
    with pytest.raises(ValueError):
        QuerniState.from_pieces(pieces, BLUE)


@pytest.mark.parametrize(
    ("to_move", "quiet", "kw"),
    [
        ("BLUE", 0, {}),
        (None, 0, {}),
        (BLUE, -1, {}),
        (BLUE, 61, {}),
        (BLUE, True, {}),
        (BLUE, 3.0, {}),
        (BLUE, 0, {"result": "blue"}),
        (BLUE, 5, {"result": "BLUE"}),
        (BLUE, 5, {"result": "DRAW"}),
        (BLUE, 60, {"result": "RED"}),
    ],
)
def test_from_pieces_refuses_bad_side_counter_or_result(to_move: Any, quiet: Any, kw: Any) -> None:
    with pytest.raises(ValueError):
        QuerniState.from_pieces({(0, 0): (BLUE, 1)}, to_move, quiet, **kw)


def test_from_pieces_decisions_on_counter_and_result() -> None:
    """Decision: the position alone never wins or loses (that happens at a removal); 60 quiet
    turns is the draw of Q-5.3; ``result=`` restores a finished game."""
    assert QuerniState.from_pieces({}, BLUE).result is None
    lonely = QuerniState.from_pieces({(0, 0): (BLUE, 4)}, RED, 12)
    assert (lonely.result, lonely.quiet_turns, lonely.to_move) == (None, 12, RED)
    assert QuerniState.from_pieces({(0, 0): (BLUE, 4)}, RED, 60).result == "DRAW"
    won = QuerniState.from_pieces({(0, 0): (RED, 4)}, RED, 0, result="BLUE")
    assert won.result == "BLUE" and won.legal_turns() == []
    assert QuerniState.from_pieces({(0, 0): (BLUE, 1)}, BLUE).pieces == {(0, 0): (BLUE, 1)}
    # lists are accepted as the (Color, number) value
    assert QuerniState.from_pieces({(0, 0): [BLUE, 1]}, BLUE).pieces == {(0, 0): (BLUE, 1)}


# --- saving -------------------------------------------------------------------------------------


def saved_states() -> list[QuerniState]:
    start = QuerniState.new(random.Random(9))
    return [
        start,
        start.play(),
        at(CHAIN, RED, 17),
        QuerniState.from_pieces({}, RED, 60),
        at({(0, 0): "b1", (1, 0): "b2", (2, 0): "b3", (9, 6): "r1"}).play(chain=(1, 3)),
    ]


@pytest.mark.parametrize("index", range(5))
def test_to_dict_round_trip_through_json(index: int) -> None:
    state = saved_states()[index]
    data = state.to_dict()
    text = json.dumps(data)
    again = QuerniState.from_dict(json.loads(text))
    assert again == state and again.to_dict() == data
    assert data["version"] == 1 and data["game"] == "QUERNI"


def test_from_dict_accepts_pieces_in_any_order() -> None:
    data = QuerniState.new(random.Random(2)).to_dict()
    data["pieces"].reverse()
    assert QuerniState.from_dict(data) == QuerniState.new(random.Random(2))


def _broken(change: Any) -> dict[str, Any]:
    data = at(CHAIN, RED, 3).to_dict()
    change(data)
    return data


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "save",
        _broken(lambda d: d.update(version=2)),
        _broken(lambda d: d.update(version="1")),
        _broken(lambda d: d.update(version=True)),
        _broken(lambda d: d.update(game="MAGDAGDON")),
        _broken(lambda d: d.pop("pieces")),
        _broken(lambda d: d.update(extra=1)),
        _broken(lambda d: d.update(pieces={})),
        _broken(lambda d: d["pieces"].append([0, 0, "BLUE", 9])),  # a1 is taken
        _broken(lambda d: d["pieces"].append([5, 5, "BLUE", 1])),  # BLUE 1 twice
        _broken(lambda d: d["pieces"].append([10, 0, "BLUE", 9])),
        _broken(lambda d: d["pieces"].append([5, 5, "blue", 9])),
        _broken(lambda d: d["pieces"].append([5, 5, "BLUE", 17])),
        _broken(lambda d: d["pieces"].append([5, 5, "BLUE"])),
        _broken(lambda d: d["pieces"].append([[5], 5, "BLUE", 9])),
        _broken(lambda d: d["pieces"].append("e6 BLUE 9")),
        _broken(lambda d: d.update(to_move="GREEN")),
        _broken(lambda d: d.update(to_move=None)),
        _broken(lambda d: d.update(quiet_turns=-1)),
        _broken(lambda d: d.update(quiet_turns=61)),
        _broken(lambda d: d.update(quiet_turns="3")),
        _broken(lambda d: d.update(result="TIE")),
        _broken(lambda d: d.update(result="DRAW")),  # a draw needs 60 quiet turns
        _broken(lambda d: d.update(result="BLUE")),  # a win comes with a removal: 0
    ],
)
def test_from_dict_refuses_malformed_data(data: Any) -> None:
    with pytest.raises(ValueError):
        QuerniState.from_dict(data)


def test_string_diagram() -> None:
    text = str(QuerniState.new(random.Random(0)))
    assert text.splitlines()[0].startswith("7 ") and "BLUE to move" in text


# --- what the UI asks instead of recomputing: the position after a movement, the outcome ------


def test_q4_1_moved_shows_the_movement_alone_with_the_same_side_to_move() -> None:
    state = at({(0, 0): "b1", (1, 0): "b2", (3, 1): "b3", (9, 6): "r1"})
    after = state.moved([(3, 1), (2, 1)])
    assert after.to_move is BLUE and after.quiet_turns == state.quiet_turns
    assert after.pieces[(2, 1)] == (BLUE, 3) and (3, 1) not in after.pieces
    assert after.chains(BLUE) == [(1, 3)]  # the chain the movement opened, before END MOVE
    assert state.play([(3, 1), (2, 1)], (1, 3)).result == "BLUE"


def test_q4_1_moved_refuses_what_play_refuses() -> None:
    state = at({(0, 0): "b1", (9, 6): "r1"})
    with pytest.raises(IllegalMove):
        state.moved([(0, 0), (5, 5)])
    with pytest.raises(IllegalMove):
        state.moved([(9, 6), (8, 6)])  # not BLUE's piece


def test_q5_outcome_says_who_won_and_why() -> None:
    assert at(CHAIN).outcome is None
    win = at({(0, 0): "b1", (1, 0): "b2", (2, 0): "b3", (9, 6): "r1"}).play(None, (1, 3))
    assert win.outcome.result == "BLUE" and win.outcome.winner is BLUE
    assert win.outcome.reason == "all_removed"
    loss = at({(0, 0): "b1", (1, 0): "b2", (2, 0): "b3", (5, 5): "b5", (9, 6): "r1"}).play(
        None, (1, 3))
    assert loss.outcome.result == "RED" and loss.outcome.winner is RED
    assert loss.outcome.reason == "no_chain_left"
    draw = at(CHAIN, quiet=59).play()
    assert draw.outcome.result == "DRAW" and draw.outcome.winner is None
    assert draw.outcome.reason == "quiet_rounds"
