"""Save round trip: ``to_dict`` / ``MagdagdonGame.from_dict`` (API), mid-turn included."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from game.rules.magdagdon import RUIN, Difficulty, MagdagdonGame
from tests.rules.magdagdon_support import RandomPlayer, board_of, game_with

P, S, N = Difficulty.PEACEFUL, Difficulty.SURVIVAL, Difficulty.NIGHTMARE


def through_json(data: dict) -> Any:
    return json.loads(json.dumps(data))


def mid_turn_game(seed: int = 11) -> MagdagdonGame:
    """A PEACEFUL game after a few turns, with a ruin, a power used and dice on the board."""
    game = MagdagdonGame(P, rng=random.Random(seed))
    game.roll([3, 3, 4, 6])
    game.place(0, 5)
    game.place(1, 6)
    game.confirm()
    game.roll([6, 6, 6, 6])
    game.accept_magdagdon(15)
    game.roll()
    game.reroll([0, 1, 2, 3], [3, 4, 4, 5])
    game.place(1, 7)  # 4 right of the 3 at cell 6
    game.place(3, 11)  # 5 below the 4
    return game


def same_game(a: MagdagdonGame, b: MagdagdonGame) -> None:
    assert a.difficulty is b.difficulty
    assert a.board == b.board and a.dice == b.dice
    assert list(a.placed.items()) == list(b.placed.items())
    assert (a.powers_used, a.turns, a.in_turn, a.is_over) == (
        b.powers_used,
        b.turns,
        b.in_turn,
        b.is_over,
    )
    assert a.is_magdagdon == b.is_magdagdon and a.view() == b.view()
    assert a.score() == b.score()


def test_round_trip_mid_turn_through_json_is_exact() -> None:
    game = mid_turn_game()
    data = game.to_dict()
    text = json.dumps(data)  # JSON-safe
    assert json.loads(text) == data
    again = MagdagdonGame.from_dict(json.loads(text))
    same_game(game, again)
    assert again.to_dict() == data
    assert again.board[15] is RUIN
    assert list(again.placed) == [1, 3]  # placement order kept


@pytest.mark.parametrize("difficulty", [P, S, N])
def test_round_trip_at_every_step_of_a_game(difficulty: Difficulty) -> None:
    game = MagdagdonGame(difficulty, rng=random.Random(5))
    player = RandomPlayer(5)
    snapshots = [game.to_dict()]
    while not game.is_over:
        player.play_turn(game, check=False)
        snapshots.append(game.to_dict())
    for data in snapshots:
        assert MagdagdonGame.from_dict(through_json(data)).to_dict() == data


def test_round_trip_does_not_share_state() -> None:
    game = mid_turn_game()
    data = game.to_dict()
    again = MagdagdonGame.from_dict(data)
    again.unplace(3)
    assert game.placed == {1: 7, 3: 11}
    assert data["placed"] == [[1, 7], [3, 11]]


def test_rng_continues_the_same_dice_stream_after_restore() -> None:
    game = mid_turn_game(seed=2024)
    restored = MagdagdonGame.from_dict(through_json(game.to_dict()))
    # same powers and turns on both: every random draw must agree
    assert game.reroll([0, 2]) == restored.reroll([0, 2])
    for g in (game, restored):
        g.confirm()
    for _ in range(5):
        if game.is_over:
            break
        assert game.roll() == restored.roll()
        for g in (game, restored):
            if g.is_magdagdon:
                g.accept_magdagdon(g.board.index(None))
            else:
                for die, cell in g.hint():
                    g.place(die, cell)
                g.confirm()
        assert game.to_dict() == restored.to_dict()


def test_rng_stream_restored_between_turns_matches_an_uninterrupted_game() -> None:
    a = MagdagdonGame(S, rng=random.Random(77))
    b = MagdagdonGame(S, rng=random.Random(77))
    first = a.roll()
    assert b.roll() == first
    for g in (a, b):
        if g.is_magdagdon:
            g.accept_magdagdon(0)
        else:
            for die, cell in g.hint():
                g.place(die, cell)
            g.confirm()
    b = MagdagdonGame.from_dict(through_json(b.to_dict()))
    assert a.roll() == b.roll()


def test_from_dict_with_explicit_rng() -> None:
    data = mid_turn_game().to_dict()
    rng = random.Random(3)
    game = MagdagdonGame.from_dict(data, rng=rng)
    assert game.rng is rng


# --- rejections ---------------------------------------------------------------------------------


def base_data() -> dict:
    return copy.deepcopy(mid_turn_game().to_dict())


def mutate(**changes: Any) -> dict:
    data = base_data()
    for key, value in changes.items():
        data[key] = value
    return data


def _without(key: str) -> dict:
    data = base_data()
    del data[key]
    return data


def _board_cell(index: int, value: Any) -> dict:
    data = base_data()
    data["board"][index] = value
    return data


BAD: list[tuple[str, Any]] = [
    ("not a dict", []),
    ("None", None),
    ("die placed on an occupied cell", mutate(placed=[[1, 5]])),
    ("die placed on a ruin", mutate(placed=[[1, 15]])),
    ("powers_used above PEACEFUL's 3", mutate(powers_used=4)),
    ("powers_used negative", mutate(powers_used=-1)),
    ("a die value 7", mutate(dice=[3, 4, 7, 5])),
    ("a die value 0", mutate(dice=[3, 4, 0, 5])),
    ("three dice", mutate(dice=[3, 4, 4])),
    ("a board value 7", _board_cell(0, 7)),
    ("a board value 0", _board_cell(0, 0)),
    ("a board string '3'", _board_cell(0, "3")),
    ("a board string 'ruin'", _board_cell(0, "ruin")),
    ("a board bool", _board_cell(0, True)),
    ("a board float", _board_cell(0, 3.0)),
    ("board of 15", mutate(board=[None] * 15)),
    ("board of 17", mutate(board=[None] * 17)),
    ("board not a list", mutate(board="." * 16)),
    ("placement not legal: not connected", mutate(placed=[[1, 0]])),
    ("placement not legal: value too far", mutate(placed=[[3, 7]])),
    ("placements in an illegal order", mutate(placed=[[3, 11], [1, 7]])),
    ("same die placed twice", mutate(placed=[[1, 7], [1, 3]])),
    ("die index 4", mutate(placed=[[4, 7]])),
    ("placement as dict", mutate(placed={"1": 7})),
    ("placement triple", mutate(placed=[[1, 7, 0]])),
    ("placements without dice", mutate(dice=[], placed=[[1, 7]])),
    ("version 2", mutate(version=2)),
    ("version 0", mutate(version=0)),
    ("version '1'", mutate(version="1")),
    ("version None", mutate(version=None)),
    ("version True", mutate(version=True)),
    ("version 1.0", mutate(version=1.0)),
    ("difficulty unknown", mutate(difficulty="EASY")),
    ("difficulty int", mutate(difficulty=1)),
    ("difficulty None", mutate(difficulty=None)),
    ("dice not a list", mutate(dice="3445")),
    ("dice dict", mutate(dice={"0": 3})),
    ("turns a string", mutate(turns="2")),
    ("turns a float", mutate(turns=2.0)),
    ("turns negative", mutate(turns=-1)),
    ("turns above the filled cells", mutate(turns=4)),
    ("powers_used a float", mutate(powers_used=1.0)),
    ("powers_used True", mutate(powers_used=True)),
    ("turns True", mutate(turns=True)),
    ("dice with a bool", mutate(dice=[3, True, 4, 5])),
    ("placed die True", mutate(placed=[[True, 7]])),
    ("placed cell True", mutate(placed=[[1, True]])),
    ("placed cell 16", mutate(placed=[[1, 16]])),
    ("damaged rng", mutate(rng=[3, [1, 2, 3], None])),
    ("rng not a list", mutate(rng="seed")),
    ("unknown key", mutate(extra=1)),
    ("missing version", _without("version")),
    ("missing difficulty", _without("difficulty")),
    ("missing board", _without("board")),
    ("missing dice", _without("dice")),
    ("missing placed", _without("placed")),
    ("missing powers_used", _without("powers_used")),
    ("missing turns", _without("turns")),
]


@pytest.mark.parametrize("data", [d for _, d in BAD], ids=[n for n, _ in BAD])
def test_from_dict_rejects_malformed_data_with_value_error(data: Any) -> None:
    with pytest.raises(ValueError):
        MagdagdonGame.from_dict(data)


def test_from_dict_rejects_too_many_powers_per_difficulty() -> None:
    for difficulty, too_many in ((S, 2), (N, 1), (P, 4)):
        with pytest.raises(ValueError):
            game_with(difficulty, board_of("3... / .... / .... / ...."), powers_used=too_many)
        game_with(difficulty, board_of("3... / .... / .... / ...."), powers_used=too_many - 1)


def test_from_dict_rejects_dice_in_a_finished_game() -> None:
    board = board_of("3456 / 3456 / 3456 / 3456")
    with pytest.raises(ValueError):
        game_with(P, board, dice=[1, 1, 1, 1], turns=8)
    assert game_with(P, board, turns=8).is_over


def test_from_dict_accepts_the_base_data() -> None:
    """Guard: the rejection cases above differ from valid data only in the named detail."""
    data = base_data()
    assert MagdagdonGame.from_dict(data).to_dict() == data
    data.pop("rng")
    game = MagdagdonGame.from_dict(data)
    assert "rng" not in game.to_dict()


IMPOSSIBLE_BOARDS = [
    ("neighbours 1 and 6 (M-4.3)", "16.. / .... / .... / ...."),
    ("numbers not connected (M-1.3)", "3... / .... / .... / ...3"),
    ("numbers connected only through a ruin (M-4.4)", "3R3. / .... / .... / ...."),
]


@pytest.mark.parametrize(
    "text", [t for _, t in IMPOSSIBLE_BOARDS], ids=[n for n, _ in IMPOSSIBLE_BOARDS]
)
def test_from_dict_rejects_boards_that_play_cannot_reach(text: str) -> None:
    with pytest.raises(ValueError):
        game_with(P, board_of(text))
