"""One translatable reason per option: a key from ``REASONS`` and the numbers its template
needs. No English reaches the player from here: the UI looks the key up in its catalogue."""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from ...rules.magdagdon import MagdagdonGame
from .core import (
    EMPTY,
    LINE_CELLS,
    RUINED,
    SIDE,
    Vals,
    board_points,
    dead_cells,
    encode,
    legal_mask,
    line_points,
    required,
    value_masks,
)
from .search import Choice, apply_path

REASONS: dict[str, str] = {
    "only_move": "This is the only way to place this roll.",
    "completes_row": "Completes row {line} with a {combo}.",
    "completes_column": "Completes column {line} with a {combo}.",
    "extra_dice": "Place {count} extra dice: they fit well here.",
    "builds_row": "Keeps a {combo} possible in row {line}.",
    "builds_column": "Keeps a {combo} possible in column {line}.",
    "keeps_open": "Place only {placed} dice: the others would spoil the board.",
    "most_points": "Scores {points} points now, with the best outlook for later.",
    "power_adjust": (
        "Use a Majda Power to turn a {value} into a {to}: worth its {penalty}-point penalty."
    ),
    "power_reroll": "Use a Majda Power to REROLL {count} dice: worth its {penalty}-point penalty.",
    "rescue_adjust": (
        "Use a Majda Power to turn a {value} into a {to}: it saves the roll from MAGDAGDON."
    ),
    "rescue_reroll": (
        "Use a Majda Power to REROLL {count} dice: it may save the roll from MAGDAGDON."
    ),
    "least_harm_ruin": "Accept MAGDAGDON and ruin row {row}, column {column}: it costs the least.",
    "dead_cell_ruin": (
        "Accept MAGDAGDON and ruin row {row}, column {column}: no die could ever go there."
    ),
}
"""Every reason key with its English template (the source for the translation catalogues)."""

_COMBO_NAMES = {60: "STRAIGHT", 40: "FOUR_OF_A_KIND", 20: "TWO_PAIRS"}

Params = dict[str, int | str]


def explain(game: MagdagdonGame, choice: Choice, magdagdon: bool) -> tuple[str, Params]:
    """The reason key and its parameters for ``choice`` in ``game``'s current turn."""
    if choice.power is not None:
        return _power_reason(game, choice, magdagdon)
    board = encode(game.board)
    if choice.ruin is not None:
        row, column = divmod(choice.ruin, SIDE)
        key = "dead_cell_ruin" if dead_cells(board) >> choice.ruin & 1 else "least_harm_ruin"
        return key, {"row": row + 1, "column": column + 1}
    return _placement_reason(game, board, choice)


def _power_reason(game: MagdagdonGame, choice: Choice, magdagdon: bool) -> tuple[str, Params]:
    assert choice.power is not None
    penalty = game.next_penalty or 0
    prefix = "rescue" if magdagdon else "power"
    if choice.power[0] == "adjust":
        _, value, delta = choice.power
        assert isinstance(value, int) and isinstance(delta, int)
        return f"{prefix}_adjust", {"value": value, "to": value + delta, "penalty": penalty}
    values = choice.power[1]
    assert isinstance(values, tuple)
    return f"{prefix}_reroll", {"count": len(values), "penalty": penalty}


def _placement_reason(game: MagdagdonGame, board: Vals, choice: Choice) -> tuple[str, Params]:
    after = apply_path(board, choice.path)
    completed = _completed(board, after)
    if completed is not None:
        return completed
    extra = len(choice.path) - required(board, game.difficulty)
    if extra > 0:
        return "extra_dice", {"count": extra}
    built = _built(after, {cell for _, cell in choice.path})
    if built is not None:
        return built
    left = list(game.dice)
    for value, _ in choice.path:
        left.remove(value)
    masks = value_masks(after)
    if any(legal_mask(masks, value) for value in left):
        return "keeps_open", {"placed": len(choice.path)}
    return "most_points", {"points": board_points(after) - board_points(board)}


def _line_key(index: int, what: str) -> str:
    return f"{what}_row" if index < SIDE else f"{what}_column"


def _completed(before: Vals, after: Vals) -> tuple[str, Params] | None:
    """The best combo of a line this plan fills up, if any (M-7.2)."""
    best: tuple[int, int] | None = None
    for index, line in enumerate(LINE_CELLS):
        if all(before[c] != EMPTY for c in line) or any(after[c] in (EMPTY, RUINED) for c in line):
            continue
        values = [after[c] for c in line]
        bonus = line_points(values) - sum(values)
        if bonus and (best is None or bonus > best[0]):
            best = (bonus, index)
    if best is None:
        return None
    bonus, index = best
    return _line_key(index, "completes"), {"combo": _COMBO_NAMES[bonus], "line": index % SIDE + 1}


def _built(after: Vals, touched: set[int]) -> tuple[str, Params] | None:
    """The best combo still possible in a line the plan touches (values along the line
    differing by at most 1, M-4.3); ``None`` when no touched line can still score one."""
    best: tuple[int, int] | None = None
    for index, line in enumerate(LINE_CELLS):
        if not touched & set(line):
            continue
        bonus = _best_possible(tuple(after[c] for c in line))
        if bonus and (best is None or bonus > best[0]):
            best = (bonus, index)
    if best is None:
        return None
    bonus, index = best
    return _line_key(index, "builds"), {"combo": _COMBO_NAMES[bonus], "line": index % SIDE + 1}


@lru_cache(maxsize=4096)
def _best_possible(line: tuple[int, ...]) -> int:
    """Highest combo bonus some filling of the line's empty cells could give."""
    if RUINED in line or EMPTY not in line:
        return 0
    holes = [i for i, v in enumerate(line) if v == EMPTY]
    best = 0
    for fill in product(range(1, 7), repeat=len(holes)):
        values = list(line)
        for i, v in zip(holes, fill):
            values[i] = v
        if all(abs(a - b) <= 1 for a, b in zip(values, values[1:])):
            best = max(best, line_points(values) - sum(values))
    return best
