"""One game of MAGDAGDON (M-2..M-8): turns, tentative placements, powers, ruins.

Dice are an explicit chance step: ``roll`` and ``reroll`` draw from the injected ``rng``
or take forced values, so the UI can animate a roll and replays are exact. Every illegal
call raises ``IllegalMove`` and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from game.rules.errors import IllegalMove
from game.rules.magdagdon.board import (
    CELLS,
    EMPTY_BOARD,
    NEIGHBOURS,
    RUIN,
    Board,
    Cell,
    check_board,
    check_value,
    empty_cells,
    find_sequence,
    is_connected,
    is_number,
    legal_cells,
    placement_problem,
    required_placements,
)
from game.rules.magdagdon.difficulty import Difficulty
from game.rules.magdagdon.scoring import ScoreCard, score

DICE = 4
SAVE_VERSION = 1


class MagdagdonGame:
    """A mutable game; read ``board`` (committed) or ``view()`` (with tentative dice)."""

    def __init__(self, difficulty: Difficulty, rng: Any = None) -> None:
        if not isinstance(difficulty, Difficulty):
            raise ValueError(f"not a Difficulty: {difficulty!r}")
        self.difficulty = difficulty
        self.rng = rng if rng is not None else random.Random()
        self.board: Board = EMPTY_BOARD
        self.dice: tuple[int, ...] = ()
        self.placed: dict[int, int] = {}
        self.powers_used = 0
        self.turns = 0
        self.rolls = 0  # chance events so far (ROLL, REROLL): an undo never crosses one
        self._magdagdon: bool | None = None
        self._save_rng = True

    # --- state -------------------------------------------------------------------------------

    def view(self) -> Board:
        """The board as shown: committed cells plus this turn's tentative placements."""
        cells = list(self.board)
        for die, cell in self.placed.items():
            cells[cell] = self.dice[die]
        return tuple(cells)

    @property
    def in_turn(self) -> bool:
        return bool(self.dice)

    @property
    def is_over(self) -> bool:
        """M-8.1: every cell holds a number or a ruin."""
        return None not in self.board

    @property
    def powers_left(self) -> int:
        return self.difficulty.powers - self.powers_used

    @property
    def required(self) -> int:
        """M-2.1 for the committed board."""
        return required_placements(self.board, self.difficulty)

    @property
    def can_confirm(self) -> bool:
        """M-3.3: at least the required number of dice are tentatively placed."""
        return self.in_turn and len(self.placed) >= self.required

    @property
    def is_magdagdon(self) -> bool:
        """M-6.1: no legal sequence places the required dice from the committed board."""
        if not self.in_turn:
            return False
        if self._magdagdon is None:
            self._magdagdon = find_sequence(self.board, self.dice, self.required) is None
        return self._magdagdon

    @property
    def unplaced(self) -> tuple[int, ...]:
        """Indices of this turn's dice still in the tray."""
        return tuple(d for d in range(len(self.dice)) if d not in self.placed)

    @property
    def next_penalty(self) -> int | None:
        """The penalty the next power would add (M-2), ``None`` when none is left."""
        return self.difficulty.next_penalty(self.powers_used)

    @property
    def legal_ruin_cells(self) -> frozenset[int]:
        """M-6.3: the cells that accepting MAGDAGDON may ruin now (every empty cell); empty
        outside a MAGDAGDON turn."""
        if not self.is_magdagdon:
            return frozenset()
        return frozenset(empty_cells(self.board))

    def power_problem(self) -> IllegalMove | None:
        """Why no Majda Power can be used now (M-5.1), or ``None`` when one can."""
        try:
            self._need_power()
        except IllegalMove as problem:
            return problem
        return None

    @property
    def can_use_power(self) -> bool:
        """M-5.1: a use is left and the dice of this turn are rolled."""
        return self.power_problem() is None

    def score(self) -> ScoreCard:
        """M-7 for the committed board with this game's difficulty and powers used."""
        return score(self.board, self.difficulty, self.powers_used)

    def hint(self) -> list[tuple[int, int]] | None:
        """One legal way to place the required unplaced dice from the current view, or ``None``."""
        if not self.in_turn:
            return None
        need = max(self.required - len(self.placed), 0)
        free = self.unplaced
        found = find_sequence(self.view(), [self.dice[d] for d in free], need)
        return None if found is None else [(free[i], cell) for i, cell in found]

    # --- checks ------------------------------------------------------------------------------

    def _need_turn(self) -> None:
        if self.is_over:
            raise IllegalMove("The game is over.", "game_over")
        if not self.in_turn:
            raise IllegalMove("Roll the dice first.", "roll_first")

    def _need_die(self, die: object) -> int:
        if type(die) is not int or not 0 <= die < len(self.dice):
            raise IllegalMove(f"There is no die {die!r}.", "no_such_die", die=die)
        return die

    def _need_unplaced(self, die: object) -> int:
        die = self._need_die(die)
        if die in self.placed:
            raise IllegalMove(
                "That die is on the board: pick it up first.", "die_placed", die=die
            )
        return die

    def _need_power(self) -> None:
        self._need_turn()
        if self.powers_left <= 0:
            raise IllegalMove("No Majda Powers are left.", "no_powers")

    # --- a turn (M-3) --------------------------------------------------------------------------

    def roll(self, values: Sequence[int] | None = None) -> tuple[int, ...]:
        """Start a turn with four dice (M-3.1); ``values`` forces them (tests, replays)."""
        if self.is_over:
            raise IllegalMove("The game is over.", "game_over")
        if self.in_turn:
            raise IllegalMove("The dice are already rolled.", "already_rolled")
        dice = self._forced(values, DICE) if values is not None else self._draw(DICE)
        self.dice = dice
        self.placed = {}
        self.rolls += 1
        self._magdagdon = None
        return dice

    def legal_cells_for(self, die: int) -> frozenset[int]:
        """Cells where unplaced ``die`` may go now (M-4, tentative dice included)."""
        self._need_turn()
        die = self._need_unplaced(die)
        return legal_cells(self.view(), self.dice[die])

    def place(self, die: int, cell: int) -> None:
        """Place ``die`` tentatively on ``cell`` (M-3.2)."""
        self._need_turn()
        die = self._need_unplaced(die)
        if type(cell) is not int or not 0 <= cell < CELLS:
            raise IllegalMove(f"There is no cell {cell!r}.", "no_such_cell", cell=cell)
        problem = placement_problem(self.view(), self.dice[die], cell)
        if problem is not None:
            raise problem
        self.placed[die] = cell

    def unplace(self, die: int) -> tuple[int, ...]:
        """Pick ``die`` back up (M-3.4) and replay the rest in order (M-3.5).

        Returns every die that went back to the tray: ``die`` first, then the cascade.
        """
        self._need_turn()
        die = self._need_die(die)
        if die not in self.placed:
            raise IllegalMove("That die is not on the board.", "die_not_placed", die=die)
        cells = list(self.board)
        kept: dict[int, int] = {}
        returned = [die]
        for other, cell in self.placed.items():
            if other == die:
                continue
            if placement_problem(tuple(cells), self.dice[other], cell) is None:
                kept[other] = cell
                cells[cell] = self.dice[other]
            else:
                returned.append(other)
        self.placed = kept
        return tuple(returned)

    def confirm(self) -> None:
        """Make the tentative dice permanent and end the turn (M-3.3, M-3.6)."""
        self._need_turn()
        if not self.can_confirm:
            missing = self.required - len(self.placed)
            raise IllegalMove(
                f"Place {missing} more {'die' if missing == 1 else 'dice'} first.",
                "place_more",
                count=missing,
            )
        self.board = self.view()
        self._end_turn()

    def accept_magdagdon(self, cell: int) -> None:
        """Accept MAGDAGDON (M-6.3): ``cell`` (any empty cell) becomes a ruin; the turn ends."""
        self._need_turn()
        if not self.is_magdagdon:
            raise IllegalMove(
                "This roll can still be placed: it is not MAGDAGDON.", "not_magdagdon"
            )
        if type(cell) is not int or not 0 <= cell < CELLS:
            raise IllegalMove(f"There is no cell {cell!r}.", "no_such_cell", cell=cell)
        if self.board[cell] is not None:
            raise IllegalMove(
                "Only an empty cell can become a ruin.", "ruin_needs_empty", cell=cell
            )
        cells = list(self.board)
        cells[cell] = RUIN
        self.board = tuple(cells)
        self._end_turn()

    def _end_turn(self) -> None:
        self.dice = ()
        self.placed = {}
        self.turns += 1
        self._magdagdon = None

    # --- Majda Powers (M-5) -----------------------------------------------------------------

    def adjust(self, die: int, delta: int) -> int:
        """−1 / +1 on an unplaced die (M-5.2); returns the new value."""
        self._need_power()
        die = self._need_unplaced(die)
        if type(delta) is not int or delta not in (1, -1):
            raise IllegalMove("A die can change by +1 or −1 only.", "bad_delta", delta=delta)
        value = self.dice[die] + delta
        if not 1 <= value <= 6:
            raise IllegalMove(
                f"A die cannot go {'above 6' if delta > 0 else 'below 1'}.",
                "adjust_limit",
                value=self.dice[die],
            )
        self._set_dice({die: value})
        return value

    def reroll(self, dice: Iterable[int], values: Sequence[int] | None = None) -> tuple[int, ...]:
        """REROLL (M-5.3): roll the chosen unplaced dice again, for one use; returns the dice."""
        self._need_power()
        if isinstance(dice, (str, bytes)):
            raise IllegalMove("Choose the dice to reroll.", "reroll_none")
        try:
            chosen = list(dice)
        except TypeError:
            raise IllegalMove("Choose the dice to reroll.", "reroll_none") from None
        if not chosen:
            raise IllegalMove("Choose the dice to reroll.", "reroll_none")
        for die in chosen:
            self._need_unplaced(die)
        if len(set(chosen)) != len(chosen):
            raise IllegalMove("Each die can be chosen once.", "reroll_twice")
        new = self._forced(values, len(chosen)) if values is not None else self._draw(len(chosen))
        self._set_dice(dict(zip(chosen, new)))
        self.rolls += 1
        return self.dice

    def _set_dice(self, changes: dict[int, int]) -> None:
        dice = list(self.dice)
        for die, value in changes.items():
            dice[die] = value
        self.dice = tuple(dice)
        self.powers_used += 1
        self._magdagdon = None

    def restore_turn(self, dice: Sequence[int], placed: Sequence[tuple[int, int]],
                     powers_used: int) -> None:
        """Put this turn back to earlier ``dice``, tentative dice (in placement order) and
        uses spent: the undo of ``undo.TurnUndo``, which checks that no dice were rolled
        since. Each placement is checked again (M-4); ``IllegalMove`` changes nothing."""
        self._need_turn()
        dice = self._forced(dice, DICE)
        if type(powers_used) is not int or not 0 <= powers_used <= self.difficulty.powers:
            raise IllegalMove("Those Majda Powers were never spent.", "bad_undo")
        cells = list(self.board)
        kept: dict[int, int] = {}
        for die, cell in placed:
            if die in kept or not 0 <= die < DICE or not 0 <= cell < CELLS or placement_problem(
                    tuple(cells), dice[die], cell) is not None:
                raise IllegalMove("That placement cannot be restored.", "bad_undo")
            kept[die] = cell
            cells[cell] = dice[die]
        self.dice, self.placed, self.powers_used = dice, kept, powers_used
        self._magdagdon = None

    # --- chance ------------------------------------------------------------------------------

    def _draw(self, count: int) -> tuple[int, ...]:
        return tuple(self.rng.randint(1, 6) for _ in range(count))

    @staticmethod
    def _forced(values: Sequence[int], count: int) -> tuple[int, ...]:
        if isinstance(values, (str, bytes)):
            raise IllegalMove("Forced dice must be numbers 1..6.", "bad_values")
        try:
            values = tuple(values)
        except TypeError:
            raise IllegalMove("Forced dice must be numbers 1..6.", "bad_values") from None
        if len(values) != count or not all(is_number(v) for v in values):
            raise IllegalMove(
                f"Forced dice must be {count} numbers from 1 to 6.", "bad_values", count=count
            )
        return values

    # --- saving ------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-safe data (mid-turn included, RNG state when it has one)."""
        data: dict[str, Any] = {
            "version": SAVE_VERSION,
            "difficulty": self.difficulty.name,
            "board": [_encode_cell(c) for c in self.board],
            "dice": list(self.dice),
            "placed": [[die, cell] for die, cell in self.placed.items()],
            "powers_used": self.powers_used,
            "turns": self.turns,
        }
        getstate = getattr(self.rng, "getstate", None)
        if self._save_rng and isinstance(self.rng, random.Random) and callable(getstate):
            version, internal, gauss = getstate()
            data["rng"] = [version, list(internal), gauss]
        return data

    @classmethod
    def from_dict(cls, data: Any, rng: Any = None) -> MagdagdonGame:
        """Rebuild a game from ``to_dict`` data; ``ValueError`` on anything malformed.

        The saved RNG state is restored unless ``rng`` is given.
        """
        if not isinstance(data, dict):
            raise ValueError("a saved game must be a JSON object")
        known = {"version", "difficulty", "board", "dice", "placed", "powers_used", "turns", "rng"}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown fields in saved game: {sorted(map(str, unknown))}")
        version = data.get("version")
        if type(version) is not int or version != SAVE_VERSION:
            raise ValueError(f"unsupported saved-game version {version!r}")
        difficulty = Difficulty.parse(_required(data, "difficulty", str))
        board = check_board([_decode_cell(c) for c in _required(data, "board", list)])
        _check_reachable(board)
        dice = tuple(check_value(v) for v in _required(data, "dice", list))
        if len(dice) not in (0, DICE):
            raise ValueError(f"a turn has {DICE} dice or none, not {len(dice)}")
        placed = _decode_placed(_required(data, "placed", list), board, dice)
        powers_used = _count(data, "powers_used", difficulty.powers)
        turns = _count(data, "turns", CELLS - len(empty_cells(board)))
        if dice and None not in board:
            raise ValueError("a finished game has no dice in play")
        if "rng" in data and rng is None:
            rng = _decode_rng(data["rng"])
        game = cls(difficulty, rng)
        game.board, game.dice, game.placed = board, dice, placed
        game.powers_used, game.turns = powers_used, turns
        game._save_rng = "rng" in data
        return game


def _check_reachable(board: Board) -> None:
    """A saved board must be one play could build: one connected field (M-1.3) whose
    orthogonal neighbours differ by at most 1 (M-4.3)."""
    if not is_connected(board):
        raise ValueError("the numbers on the saved board are not one connected field")
    for cell, value in enumerate(board):
        if not is_number(value):
            continue
        for other in NEIGHBOURS[cell]:
            if is_number(board[other]) and abs(board[other] - value) > 1:  # type: ignore[operator]
                raise ValueError(f"cells {cell} and {other} differ by more than 1")


def _required(data: dict[str, Any], key: str, kind: type) -> Any:
    if key not in data:
        raise ValueError(f"saved game lacks {key!r}")
    value = data[key]
    if not isinstance(value, kind):
        raise ValueError(f"{key!r} must be a {kind.__name__}")
    return value


def _count(data: dict[str, Any], key: str, maximum: int) -> int:
    value = _required(data, key, int)
    if isinstance(value, bool) or not 0 <= value <= maximum:
        raise ValueError(f"{key!r} must be an int from 0 to {maximum}, not {value!r}")
    return int(value)


def _encode_cell(cell: Cell) -> int | str | None:
    return "RUIN" if cell is RUIN else cell  # type: ignore[return-value]


def _decode_cell(raw: Any) -> Cell:
    if raw == "RUIN" and isinstance(raw, str):
        return RUIN
    if raw is None:
        return None
    if is_number(raw):
        return int(raw)
    raise ValueError(f"a saved cell is null, 1..6 or \"RUIN\", not {raw!r}")


def _decode_placed(raw: list[Any], board: Board, dice: tuple[int, ...]) -> dict[int, int]:
    if raw and not dice:
        raise ValueError("tentative placements without dice")
    placed: dict[int, int] = {}
    cells = list(board)
    for item in raw:
        if not (isinstance(item, list) and len(item) == 2):
            raise ValueError(f"a placement is [die, cell], not {item!r}")
        die, cell = item
        if type(die) is not int or not 0 <= die < len(dice) or die in placed:
            raise ValueError(f"bad or repeated die in placement {item!r}")
        if type(cell) is not int or not 0 <= cell < CELLS:
            raise ValueError(f"bad cell in placement {item!r}")
        problem = placement_problem(tuple(cells), dice[die], cell)
        if problem is not None:
            raise ValueError(f"placement {item!r} is not legal: {problem}")
        placed[die] = cell
        cells[cell] = dice[die]
    return placed


def _decode_rng(raw: Any) -> random.Random:
    try:
        version, internal, gauss = raw
        if not (
            type(version) is int
            and isinstance(internal, list)
            and len(internal) == 625
            and all(type(x) is int and 0 <= x < 2**32 for x in internal[:624])
            and type(internal[624]) is int
            and 0 <= internal[624] <= 624  # the generator's position in its 624 words
            and (gauss is None or isinstance(gauss, float))
        ):
            raise ValueError
        rng = random.Random()
        rng.setstate((version, tuple(internal), gauss))
        return rng
    except (TypeError, ValueError, OverflowError):
        raise ValueError("the saved dice state is damaged") from None
