"""The MAGDAGDON advisor: its advice is legal, leaves the game alone, orders its options,
finds the best move where it is known (hand-checked boards, brute force on near-full
boards) and explains itself with translatable keys. Seeds are fixed; no timing is asserted."""

from __future__ import annotations

import random
import threading
from collections import Counter
from collections.abc import Callable
from functools import cache
from itertools import product
from typing import Any

import pytest

from game.ai import autoplay
from game.ai.advisor import REASONS, Advice, Option, advise, expected_final
from game.rules.magdagdon import (
    RUIN,
    Difficulty,
    IllegalMove,
    MagdagdonGame,
    legal_cells,
    required_placements,
    score,
)
from tests.rules.magdagdon_support import ALL_DIFFICULTIES, board_of, game_with, state

Board = tuple[Any, ...]


def apply_step(game: MagdagdonGame, step: tuple[Any, ...]) -> None:
    """One step of ``Advice.steps`` through the public API (as the UI applies them)."""
    kind, *args = step
    actions: dict[str, Callable[..., Any]] = {
        "place": game.place,
        "unplace": game.unplace,
        "confirm": game.confirm,
        "accept": game.accept_magdagdon,
        "adjust": game.adjust,
        "reroll": game.reroll,
    }
    action = actions[kind]
    action(*args)


def options_of(advice: Advice) -> list[Advice | Option]:
    return [advice, *advice.alternatives]


def check_advice(advice: Advice) -> None:
    """Shape, order and explanation of any advice."""
    options = options_of(advice)
    assert len(advice.alternatives) <= 2
    for better, worse in zip(options, options[1:]):
        assert better.expected >= worse.expected
    if advice.alternatives:
        assert advice.gain == pytest.approx(advice.expected - advice.alternatives[0].expected)
    else:
        assert advice.gain == 0.0
    for option in options:
        assert option.reason in REASONS
        assert all(isinstance(v, (int, str)) for v in option.reason_params.values())
        REASONS[option.reason].format(**option.reason_params)  # the template's fields exist
        assert option.steps
        assert option.steps[-1][0] in ("confirm", "accept", "reroll")


def follow(game: MagdagdonGame, advice: Advice) -> None:
    """Apply the steps; a REROLL ends them, anything else ends the turn."""
    for step in advice.steps:
        apply_step(game, step)
    assert not game.in_turn or advice.steps[-1][0] == "reroll"


def wander(game: MagdagdonGame, rng: random.Random) -> None:
    """Tentative placements a player might have made before asking (M-3.2)."""
    for _ in range(rng.randint(1, 3)):
        moves = [(d, c) for d in game.unplaced for c in sorted(game.legal_cells_for(d))]
        if not moves:
            return
        game.place(*rng.choice(moves))


# --- legality and purity ------------------------------------------------------------------------


@pytest.mark.parametrize("difficulty", ALL_DIFFICULTIES, ids=lambda d: d.name)
def test_advice_is_always_legal(difficulty: Difficulty) -> None:
    """Whole seeded games played by the advice, often after tentative placements (M-3.4),
    through MAGDAGDON turns (M-6) and powers (M-5): every step is accepted by the rules, and
    a turn played as advised is worth what the advice expected (the review loses nothing)."""
    seen: Counter[str] = Counter()
    for seed in range(4):
        game = MagdagdonGame(difficulty, rng=random.Random(seed))
        rng = random.Random(seed + 99)
        while not game.is_over:
            game.roll()
            while game.in_turn:
                if not game.is_magdagdon and rng.random() < 0.5:
                    wander(game, rng)
                advice = advise(game)
                check_advice(advice)
                seen.update(step[0] for step in advice.steps)
                follow(game, advice)
                if not game.in_turn:
                    assert expected_final(game) == pytest.approx(advice.expected)
    assert seen["place"] and seen["confirm"]
    if difficulty is not Difficulty.NIGHTMARE:
        assert seen["adjust"] + seen["reroll"]


@pytest.mark.slow
def test_advice_during_magdagdon_and_after_tentative_dice() -> None:
    """Seeded mid-game situations of every kind: the steps (alternatives too) are legal from
    the position asked about."""
    kinds: Counter[str] = Counter()
    for seed in range(30):
        difficulty = ALL_DIFFICULTIES[seed % 3]
        game = MagdagdonGame(difficulty, rng=random.Random(1000 + seed))
        rng = random.Random(seed)
        for _ in range(rng.randint(0, 5)):
            if game.is_over:
                break
            game.roll()
            while game.in_turn:
                follow(game, advise(game))
        if game.is_over:
            continue
        game.roll()
        if game.is_magdagdon:
            kinds["magdagdon"] += 1
        elif rng.random() < 0.7:
            wander(game, rng)
            kinds["tentative"] += 1
        advice = advise(game)
        check_advice(advice)
        for option in options_of(advice):
            copy = MagdagdonGame.from_dict(game.to_dict(), rng=random.Random(0))
            for step in option.steps:
                apply_step(copy, step)
    assert kinds["tentative"] >= 5


def test_the_game_is_not_changed_and_its_dice_are_untouched() -> None:
    """``advise`` and ``expected_final`` read a copy: the state is the same after, and the
    game's dice generator is where a twin's is that nobody advised (same future rolls)."""
    for difficulty in ALL_DIFFICULTIES:
        game = MagdagdonGame(difficulty, rng=random.Random(5))
        twin = MagdagdonGame(difficulty, rng=random.Random(5))
        while not game.is_over:
            for g in (game, twin):
                g.roll()
            before = state(game)
            advise(game)
            expected_final(game)
            assert state(game) == before
            for g in (game, twin):
                autoplay.play_turn(g)
            assert game.to_dict() == twin.to_dict()
            expected_final(game)
            assert game.to_dict() == twin.to_dict()


def test_advise_needs_a_turn() -> None:
    game = MagdagdonGame(Difficulty.SURVIVAL, rng=random.Random(1))
    with pytest.raises(ValueError):
        advise(game)
    assert expected_final(game) == pytest.approx(expected_final(game))


def test_threads_get_the_same_advice() -> None:
    """Shared caches are safe: advice from several threads equals advice in sequence."""
    games = []
    for seed in range(6):
        game = MagdagdonGame(ALL_DIFFICULTIES[seed % 3], rng=random.Random(seed))
        game.roll()
        games.append(game)
    alone = [advise(g) for g in games]
    together: list[Advice | None] = [None] * len(games)

    def work(i: int) -> None:
        together[i] = advise(games[i])

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(games))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert together == alone


# --- hand-checked boards ----------------------------------------------------------------------

STRAIGHT_AND_FOUR = "1234/2234/3334/.444"
"""Cell 12 takes a 3 or a 4 (neighbours 3 and 4, M-4.3); a 4 completes column 1 as a
STRAIGHT (1-2-3-4, +60) and row 4 as FOUR OF A KIND (+40)."""

STRAIGHT_ONLY = "1234/2234/3334/.445"
"""Same, but row 4 would be 4-4-4-5: a 4 only completes the column STRAIGHT (+60)."""

DEAD_CELL = "1.45/2345/3345/.445"
"""Cell 1 sits between a 1, a 4 and a 3: no value can ever go there (M-4.3)."""


def test_the_last_cell_completes_the_straight() -> None:
    """M-7.2: with a 3 and a 4 in the roll, the 4 goes on cell 12 (+100 in combos)."""
    game = game_with(Difficulty.NIGHTMARE, board_of(STRAIGHT_AND_FOUR), dice=(3, 6, 4, 3))
    advice = advise(game)
    assert advice.steps == (("place", 2, 12), ("confirm",))
    assert advice.reason == "completes_column"
    assert advice.reason_params == {"combo": "STRAIGHT", "line": 1}
    final = board_of("1234/2234/3334/4444")
    assert advice.expected == score(final, Difficulty.NIGHTMARE, 0).total


def test_an_adjust_worth_its_penalty() -> None:
    """M-5.2, M-5.5: SURVIVAL, dice 3 3 3 6: +1 on a 3 gains 100 + 2 points for a 70-point
    penalty, so the advice is the power, then the 4 on cell 12."""
    game = game_with(Difficulty.SURVIVAL, board_of(STRAIGHT_AND_FOUR), dice=(3, 3, 3, 6))
    advice = advise(game)
    assert advice.steps[0] == ("adjust", 0, 1)
    assert advice.steps[1:] == (("place", 0, 12), ("confirm",))
    assert advice.reason == "power_adjust"
    assert advice.reason_params == {"value": 3, "to": 4, "penalty": 70}
    final = board_of("1234/2234/3334/4444")
    assert advice.expected == score(final, Difficulty.SURVIVAL, 1).total
    assert advice.gain > 0


def test_an_adjust_not_worth_its_penalty() -> None:
    """M-5.5: the same +1 gains only 60 + 2 points here: not worth 70 in SURVIVAL, worth 10
    in PEACEFUL."""
    survival = game_with(Difficulty.SURVIVAL, board_of(STRAIGHT_ONLY), dice=(3, 3, 3, 6))
    assert advise(survival).steps == (("place", 0, 12), ("confirm",))
    peaceful = game_with(Difficulty.PEACEFUL, board_of(STRAIGHT_ONLY), dice=(3, 3, 3, 6))
    assert advise(peaceful).steps[0] == ("adjust", 0, 1)


def test_magdagdon_ruins_the_dead_cell() -> None:
    """M-6.3: nothing fits cell 12 (needs a 3 or a 4) and cell 1 can never be filled: the
    least harmful ruin is cell 1, which keeps column 1's STRAIGHT possible."""
    game = game_with(Difficulty.NIGHTMARE, board_of(DEAD_CELL), dice=(1, 1, 6, 6))
    assert game.is_magdagdon
    advice = advise(game)
    assert advice.steps == (("accept", 1),)
    assert advice.reason == "dead_cell_ruin"
    assert advice.reason_params == {"row": 1, "column": 2}


def test_magdagdon_rescued_by_a_power() -> None:
    """M-6.2: PEACEFUL, dice 1 1 6 6 on the same board: +1 on a 6 is impossible, −1 gives a
    5 that fits nowhere either, but a REROLL of a die can bring the 4 that completes the
    STRAIGHT; the advice weighs the powers against the ruin and explains a rescue when it
    picks one."""
    game = game_with(Difficulty.PEACEFUL, board_of(DEAD_CELL), dice=(1, 1, 6, 6))
    advice = advise(game)
    check_advice(advice)
    kinds = {option.steps[0][0] for option in options_of(advice)}
    assert "accept" in kinds or advice.steps[0][0] == "reroll"
    if advice.steps[0][0] in ("adjust", "reroll"):
        assert advice.reason.startswith("rescue_")


def test_tentative_dice_are_kept_when_the_plan_keeps_them() -> None:
    """M-3.4: a tentative die already on the advised cell stays; a wrong one is picked up."""
    board = board_of(STRAIGHT_AND_FOUR)
    right = game_with(Difficulty.NIGHTMARE, board, dice=(3, 6, 4, 3), placed=[(2, 12)])
    assert advise(right).steps == (("confirm",),)
    wrong = game_with(Difficulty.NIGHTMARE, board, dice=(3, 6, 4, 3), placed=[(0, 12)])
    assert advise(wrong).steps == (("unplace", 0), ("place", 2, 12), ("confirm",))


# --- brute force on near-full boards ------------------------------------------------------------

ORDERED_ROLLS = Counter(tuple(sorted(r)) for r in product(range(1, 7), repeat=4))


def plans(board: Board, dice: tuple[int, ...], need: int) -> set[Board]:
    """Every board a legal sequence of ``need``..4 dice reaches (M-3, M-4), by brute force."""
    out: set[Board] = set()

    def grow(current: Board, left: tuple[int, ...], placed: int) -> None:
        if placed >= need:
            out.add(current)
        for i, value in enumerate(left):
            for cell in legal_cells(current, value):
                cells = list(current)
                cells[cell] = value
                grow(tuple(cells), left[:i] + left[i + 1 :], placed + 1)

    grow(board, dice, 0)
    return out


def ruined(board: Board) -> list[Board]:
    """Every board accepting MAGDAGDON can leave (M-6.3)."""
    out = []
    for cell, content in enumerate(board):
        if content is None:
            cells = list(board)
            cells[cell] = RUIN
            out.append(tuple(cells))
    return out


@cache
def exact(board: Board, difficulty: Difficulty, used: int) -> float:
    """Exact expected final score between turns, no powers: every roll of 4d6, every plan."""
    if None not in board:
        return score(board, difficulty, used).total
    need = required_placements(board, difficulty)
    total = 0.0
    for dice, count in ORDERED_ROLLS.items():
        options = plans(board, dice, need) or ruined(board)
        total += count * max(exact(b, difficulty, used) for b in options)
    return total / 1296


def exact_turn(board: Board, dice: tuple[int, ...], difficulty: Difficulty, used: int) -> float:
    options = plans(board, dice, required_placements(board, difficulty)) or ruined(board)
    return max(exact(b, difficulty, used) for b in options)


def near_full_positions(empties: int, count: int, seed: int) -> list[tuple[Difficulty, Board]]:
    """Boards from seeded advisor games, taken when ``empties`` cells are left."""
    out: list[tuple[Difficulty, Board]] = []
    k = 0
    while len(out) < count:
        difficulty = ALL_DIFFICULTIES[k % 3]
        game = MagdagdonGame(difficulty, rng=random.Random(seed * 1000 + k))
        k += 1
        while not game.is_over and game.board.count(None) > empties:
            game.roll()
            while game.in_turn:
                follow(game, advise(game))
        if game.board.count(None) == empties:
            out.append((difficulty, game.board))
    return out


@pytest.mark.parametrize("empties", [1, 2, 3])
@pytest.mark.slow
def test_brute_force_on_near_full_boards(empties: int) -> None:
    """With 1–3 empty cells and no powers left, the advisor's expected score is the exact
    expectation over every later roll (brute force), and its plan reaches it: it places
    extra dice exactly when they help and ruins the right cell on MAGDAGDON."""
    rng = random.Random(empties)
    positions = near_full_positions(empties, {1: 6, 2: 6, 3: 3}[empties], seed=empties)
    for difficulty, board in positions:
        if empties == 3 and difficulty is Difficulty.NIGHTMARE:
            difficulty = Difficulty.SURVIVAL  # 2 of 3 required: the network is not needed
        used = difficulty.powers
        for _ in range(3):
            dice = tuple(rng.randint(1, 6) for _ in range(4))
            game = game_with(difficulty, board, dice=dice, powers_used=used)
            advice = advise(game)
            best = exact_turn(board, tuple(sorted(dice)), difficulty, used)
            assert advice.expected == pytest.approx(best)
            follow(game, advice)
            assert exact(game.board, difficulty, used) == pytest.approx(best)


@pytest.mark.parametrize("empties", [0, 1, 2])
def test_expected_final_is_exact_near_the_end(empties: int) -> None:
    """Between turns with at most two cells left and no power in hand, ``expected_final``
    is the exact expectation (brute force); a finished game is its final score (M-7.5)."""
    for difficulty, board in near_full_positions(empties, 4, seed=20 + empties):
        game = game_with(difficulty, board, powers_used=difficulty.powers)
        assert expected_final(game) == pytest.approx(exact(board, difficulty, difficulty.powers))


@pytest.mark.slow
def test_brute_force_with_the_survival_power() -> None:
    """SURVIVAL, one cell left, the power unused: the advice is the best of placing,
    accepting, every −1/+1 and every REROLL, each valued exactly (M-5, M-6)."""
    rng = random.Random(8)
    for _, board in near_full_positions(1, 4, seed=8):
        for _ in range(3):
            dice = tuple(rng.randint(1, 6) for _ in range(4))
            game = game_with(Difficulty.SURVIVAL, board, dice=dice)
            best = max(
                exact_turn(board, tuple(sorted(dice)), Difficulty.SURVIVAL, 0),
                _best_power(board, dice),
            )
            assert advise(game).expected == pytest.approx(best)


def _best_power(board: Board, dice: tuple[int, ...]) -> float:
    """The exact value of the best power in SURVIVAL with one cell left (no power after)."""
    s = Difficulty.SURVIVAL
    values = []
    for i, value in enumerate(dice):
        for delta in (-1, 1):
            if 1 <= value + delta <= 6:
                changed = list(dice)
                changed[i] = value + delta
                values.append(exact_turn(board, tuple(sorted(changed)), s, 1))
    for mask in range(1, 16):
        chosen = [i for i in range(4) if mask >> i & 1]
        total = 0.0
        for new in product(range(1, 7), repeat=len(chosen)):
            rolled = list(dice)
            for i, v in zip(chosen, new):
                rolled[i] = v
            total += exact_turn(board, tuple(sorted(rolled)), s, 1)
        values.append(total / 6 ** len(chosen))
    return max(values)


def test_illegal_steps_would_be_refused() -> None:
    """The test's step runner really goes through the rules (a wrong step raises)."""
    game = game_with(Difficulty.NIGHTMARE, board_of(STRAIGHT_AND_FOUR), dice=(3, 6, 4, 3))
    with pytest.raises(IllegalMove):
        apply_step(game, ("place", 1, 12))


def test_every_reason_is_documented_with_its_template() -> None:
    """The module docstring lists every reason key with its English template (the source
    of the translation catalogues), and nothing else."""
    import game.ai.advisor as advisor

    doc = " ".join((advisor.__doc__ or "").split())
    for key, template in REASONS.items():
        assert f'``{key}``: "{template}"' in doc
    assert doc.count('``: "') == len(REASONS)
