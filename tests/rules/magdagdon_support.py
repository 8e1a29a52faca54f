"""Helpers for the MAGDAGDON rules tests: a board notation, naive references written straight
from ``magdagdon-rules.md`` (independent of the package's bit masks), a game builder and a
seeded random player that checks invariants after every step.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from typing import Any

from game.ai import autoplay
from game.rules.magdagdon import RUIN, Difficulty, IllegalMove, MagdagdonGame

ALL_DIFFICULTIES = (Difficulty.PEACEFUL, Difficulty.SURVIVAL, Difficulty.NIGHTMARE)


# --- board notation ---------------------------------------------------------------------------


def board_of(text: str) -> tuple[Any, ...]:
    """A board from text: ``.`` empty, ``R`` ruin, ``1``..``6`` numbers; spaces and ``/`` ignored.

    ``board_of("3456/3456/..../R...")`` is rows 0..3 top to bottom, columns left to right.
    """
    cells: list[Any] = []
    for ch in text:
        if ch in " /\n\t|":
            continue
        if ch == ".":
            cells.append(None)
        elif ch in "Rr":
            cells.append(RUIN)
        elif ch in "123456":
            cells.append(int(ch))
        else:
            raise ValueError(f"bad board character {ch!r}")
    if len(cells) != 16:
        raise ValueError(f"board text has {len(cells)} cells")
    return tuple(cells)


def is_num(cell: object) -> bool:
    return type(cell) is int and 1 <= cell <= 6


def neighbours(cell: int) -> list[int]:
    """Up, down, left, right (M-4.2), computed from row/column, no wrap-around."""
    row, col = divmod(cell, 4)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + dr, col + dc
        if 0 <= r < 4 and 0 <= c < 4:
            out.append(r * 4 + c)
    return out


# --- naive references ---------------------------------------------------------------------------


def naive_legal(board: Sequence[Any], value: int, cell: int) -> bool:
    """M-4.1..M-4.4, cell by cell, exactly as the rule text reads."""
    if board[cell] is not None:  # M-4.1
        return False
    numbers_nearby = [board[n] for n in neighbours(cell) if is_num(board[n])]
    board_has_number = any(is_num(c) for c in board)
    if board_has_number and not numbers_nearby:  # M-4.2 (ruins are not numbers, M-4.4)
        return False
    return all(abs(value - n) <= 1 for n in numbers_nearby)  # M-4.3


def naive_legal_cells(board: Sequence[Any], value: int) -> frozenset[int]:
    return frozenset(c for c in range(16) if naive_legal(board, value, c))


def naive_is_legal_sequence(board: Sequence[Any], moves: Iterable[tuple[int, int]]) -> bool:
    """(value, cell) pairs placed one after another from ``board`` (M-4.5)."""
    cells = list(board)
    for value, cell in moves:
        if not naive_legal(cells, value, cell):
            return False
        cells[cell] = value
    return True


def naive_can_place(board: Sequence[Any], dice: Sequence[int], minimum: int) -> bool:
    """Brute force over dice orders and legal cells (M-6.1).

    The only shortcut is a memo of (board, remaining dice) positions already searched, which
    cannot change the answer; it keeps hypothesis examples quick on nearly empty boards.
    """
    memo: dict[tuple[Any, ...], bool] = {}

    def search(cells: list[Any], left: tuple[int, ...], need: int) -> bool:
        if need <= 0:
            return True
        key = (tuple(id(c) if c is RUIN else c for c in cells), left, need)
        if key in memo:
            return memo[key]
        found = False
        for i, value in enumerate(left):
            for cell in range(16):
                if naive_legal(cells, value, cell):
                    cells[cell] = value
                    found = search(cells, left[:i] + left[i + 1 :], need - 1)
                    cells[cell] = None
                    if found:
                        break
            if found:
                break
        memo[key] = found
        return found

    if minimum > len(dice):
        return False
    return search(list(board), tuple(sorted(dice)), minimum)


def naive_connected(board: Sequence[Any]) -> bool:
    """The numbers form one orthogonally connected field (M-1.3); vacuously true if none."""
    numbers = [i for i, c in enumerate(board) if is_num(c)]
    if not numbers:
        return True
    seen = {numbers[0]}
    todo = [numbers[0]]
    while todo:
        cell = todo.pop()
        for n in neighbours(cell):
            if is_num(board[n]) and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(numbers)


def naive_consistent(board: Sequence[Any]) -> bool:
    """Every two orthogonally adjacent numbers differ by at most 1 (M-4.3 kept forever)."""
    return all(
        abs(board[c] - board[n]) <= 1
        for c in range(16)
        for n in neighbours(c)
        if is_num(board[c]) and is_num(board[n])
    )


LINE_CELLS = [[r * 4 + c for c in range(4)] for r in range(4)] + [
    [r * 4 + c for r in range(4)] for c in range(4)
]
PENALTIES = {
    Difficulty.PEACEFUL: [0, 10, 30, 70],
    Difficulty.SURVIVAL: [0, 70],
    Difficulty.NIGHTMARE: [0],
}


def reference_combo(values: Sequence[Any]) -> str | None:
    """M-7.2 from the text: straight (either direction), four of a kind, two pairs."""
    if not all(is_num(v) for v in values):
        return None
    if list(values) in ([1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6]) or list(values)[::-1] in (
        [1, 2, 3, 4],
        [2, 3, 4, 5],
        [3, 4, 5, 6],
    ):
        return "STRAIGHT"
    if len(set(values)) == 1:
        return "FOUR_OF_A_KIND"
    if len(set(values)) == 2 and all(list(values).count(v) == 2 for v in set(values)):
        return "TWO_PAIRS"
    return None


BONUS = {"STRAIGHT": 60, "FOUR_OF_A_KIND": 40, "TWO_PAIRS": 20, None: 0}


def reference_score(board: Sequence[Any], difficulty: Difficulty, powers_used: int) -> dict:
    lines = []
    for cells in LINE_CELLS:
        values = [board[c] for c in cells]
        combo = reference_combo(values)
        lines.append((sum(v for v in values if is_num(v)), combo, BONUS[combo]))
    base = sum(s for s, _, _ in lines)
    bonuses = sum(b for _, _, b in lines)
    ruins = 15 * sum(1 for c in board if c is RUIN)
    power = PENALTIES[difficulty][powers_used]
    return {
        "base": base,
        "bonuses": bonuses,
        "ruin_penalty": ruins,
        "power_penalty": power,
        "total": base + bonuses - ruins - power,
        "lines": lines,
    }


# --- games ------------------------------------------------------------------------------------


def game_with(
    difficulty: Difficulty,
    board: Sequence[Any],
    *,
    dice: Sequence[int] = (),
    placed: Sequence[tuple[int, int]] = (),
    powers_used: int = 0,
    turns: int = 0,
    seed: int = 0,
) -> MagdagdonGame:
    """A game in a chosen position, built through the public save format."""
    data = {
        "version": 1,
        "difficulty": difficulty.name,
        "board": ["RUIN" if c is RUIN else c for c in board],
        "dice": list(dice),
        "placed": [[d, c] for d, c in placed],
        "powers_used": powers_used,
        "turns": turns,
    }
    return MagdagdonGame.from_dict(data, rng=random.Random(seed))


def state(game: MagdagdonGame) -> dict:
    """Everything observable about a game, for 'nothing changed' comparisons."""
    return {
        "dict": game.to_dict(),
        "board": game.board,
        "dice": game.dice,
        "placed": list(game.placed.items()),
        "powers_used": game.powers_used,
        "turns": game.turns,
        "rng": game.rng.getstate() if hasattr(game.rng, "getstate") else None,
    }


def check_invariants(game: MagdagdonGame) -> None:
    """Every rule-level invariant that must hold between any two public calls."""
    d = game.difficulty
    board = game.board
    assert isinstance(board, tuple) and len(board) == 16
    assert all(c is None or c is RUIN or is_num(c) for c in board)
    assert naive_connected(board), board
    assert naive_consistent(board), board
    empties = sum(1 for c in board if c is None)
    assert game.is_over == (empties == 0)
    assert 0 <= game.powers_used <= d.powers
    assert game.powers_left == d.powers - game.powers_used
    assert 0 <= game.turns <= 16 - empties
    assert game.required == min(d.minimum, empties)
    if game.in_turn:
        assert len(game.dice) == 4 and all(is_num(v) for v in game.dice)
        cells = list(game.placed.values())
        assert len(set(cells)) == len(cells)
        assert all(board[c] is None for c in cells)
        moves = [(game.dice[die], cell) for die, cell in game.placed.items()]
        assert naive_is_legal_sequence(board, moves)  # M-3.5 invariant
        view = game.view()
        assert naive_connected(view) and naive_consistent(view)
        assert game.is_magdagdon == (not naive_can_place(board, game.dice, game.required))
        assert game.can_confirm == (len(game.placed) >= game.required)
        for die in game.unplaced:
            assert game.legal_cells_for(die) == naive_legal_cells(view, game.dice[die])
    else:
        assert game.dice == () and game.placed == {}
        assert not game.is_magdagdon and not game.can_confirm
    card = game.score()
    ref = reference_score(board, d, game.powers_used)
    assert card.total == card.base + card.bonuses - card.ruin_penalty - card.power_penalty
    assert card.base == 2 * sum(c for c in board if is_num(c))
    for key in ("base", "bonuses", "ruin_penalty", "power_penalty", "total"):
        assert getattr(card, key) == ref[key], key
    data = game.to_dict()
    again = MagdagdonGame.from_dict(json.loads(json.dumps(data)))
    assert again.to_dict() == data


class RandomPlayer:
    """A seeded random player: places, picks up, uses powers sometimes, accepts MAGDAGDON."""

    def __init__(self, seed: int, power_rate: float = 0.08) -> None:
        self.rng = random.Random(seed * 7919 + 17)
        self.power_rate = power_rate
        self.magdagdons = 0
        self.cascades = 0

    def use_power(self, game: MagdagdonGame) -> bool:
        free = list(game.unplaced)
        if not free or not game.powers_left:
            return False
        before = game.powers_used
        if self.rng.random() < 0.5:
            die = self.rng.choice(free)
            deltas = [d for d in (1, -1) if 1 <= game.dice[die] + d <= 6]
            delta = self.rng.choice(deltas)
            old = game.dice
            game.adjust(die, delta)
            assert game.dice[die] == old[die] + delta
            assert all(game.dice[i] == old[i] for i in range(4) if i != die)
        else:
            chosen = self.rng.sample(free, self.rng.randint(1, len(free)))
            old = game.dice
            if self.rng.random() < 0.3:
                game.reroll(chosen, [self.rng.randint(1, 6) for _ in chosen])
            else:
                game.reroll(chosen)
            assert all(game.dice[i] == old[i] for i in range(4) if i not in chosen)
        assert game.powers_used == before + 1
        return True

    def play_turn(self, game: MagdagdonGame, check: bool = True) -> None:
        game.roll()
        if check:
            check_invariants(game)
        steps = 0
        while game.in_turn:
            steps += 1
            turns = game.turns
            if game.is_magdagdon:
                if not (self.rng.random() < 0.5 and self.use_power(game)):
                    empty = [i for i, c in enumerate(game.board) if c is None]
                    game.accept_magdagdon(self.rng.choice(empty))
                    self.magdagdons += 1
                    assert game.turns == turns + 1
            elif steps > 40:
                # Enough wandering: pick everything up and follow a known sequence.
                autoplay.redo_turn(game)
                game.confirm()
            else:
                r = self.rng.random()
                options = [(d, c) for d in game.unplaced for c in game.legal_cells_for(d)]
                if r < self.power_rate and self.use_power(game):
                    pass
                elif game.can_confirm and r < 0.45:
                    game.confirm()
                elif options and r < 0.9:
                    game.place(*self.rng.choice(options))
                elif game.placed:
                    die = self.rng.choice(list(game.placed))
                    back = game.unplace(die)
                    assert back[0] == die and not set(back) & set(game.placed)
                    self.cascades += len(back) > 1
                elif game.can_confirm:
                    game.confirm()
            if check:
                check_invariants(game)


def play_random_game(difficulty: Difficulty, seed: int, check: bool = True) -> MagdagdonGame:
    game = MagdagdonGame(difficulty, rng=random.Random(seed))
    player = RandomPlayer(seed)
    while not game.is_over:
        player.play_turn(game, check=check)
        assert game.turns <= 16
    with_raises_illegal(game.roll)
    return game


def with_raises_illegal(call: Any, *args: Any) -> IllegalMove:
    try:
        call(*args)
    except IllegalMove as error:
        return error
    raise AssertionError(f"{call} did not raise IllegalMove")
