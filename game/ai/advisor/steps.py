"""Turning a choice into steps on the real game: each is applied to a private copy as it is
made, so the steps are legal by construction and pick-up cascades (M-3.5) are seen."""

from __future__ import annotations

from typing import Any

from ...rules.magdagdon import MagdagdonGame
from .network import Path
from .search import Choice

Step = tuple[Any, ...]


def steps_for(game: MagdagdonGame, choice: Choice) -> tuple[Step, ...]:
    """The steps of ``choice``, played on ``game`` (a copy, changed here)."""
    steps: list[Step] = []
    if choice.power is not None:
        kind = choice.power[0]
        if kind == "reroll":
            values = choice.power[1]
            assert isinstance(values, tuple)
            dice = _take_dice(game, steps, list(values))
            game.reroll(dice, values=[game.dice[d] for d in dice])
            steps.append(("reroll", tuple(sorted(dice))))
            return tuple(steps)
        _, value, delta = choice.power
        assert isinstance(value, int) and isinstance(delta, int)
        (die,) = _take_dice(game, steps, [value])
        game.adjust(die, delta)
        steps.append(("adjust", die, delta))
    if choice.ruin is not None:
        game.accept_magdagdon(choice.ruin)
        steps.append(("accept", choice.ruin))
        return tuple(steps)
    steps.extend(_placements(game, choice.path))
    game.confirm()
    steps.append(("confirm",))
    return tuple(steps)


def _take_dice(game: MagdagdonGame, steps: list[Step], values: list[int]) -> list[int]:
    """Dice showing ``values`` for a power: unplaced ones first, else picked back up (M-5.4)."""
    chosen: list[int] = []
    for value in values:
        free = [d for d in game.unplaced if game.dice[d] == value and d not in chosen]
        if free:
            chosen.append(free[0])
            continue
        placed = [d for d in reversed(list(game.placed)) if game.dice[d] == value]
        die = placed[0]
        game.unplace(die)
        steps.append(("unplace", die))
        chosen.append(die)
    return chosen


def _placements(game: MagdagdonGame, path: Path) -> list[Step]:
    """Pick up the tentative dice the plan does not keep, then place the rest in an order
    that is legal after those kept (a cell touching a number first, M-4.2)."""
    steps: list[Step] = []
    wanted = set(path)
    for die in reversed(list(game.placed)):
        if die in game.placed and (game.dice[die], game.placed[die]) not in wanted:
            game.unplace(die)
            steps.append(("unplace", die))
    present = {(game.dice[d], c) for d, c in game.placed.items()}
    todo = [item for item in path if item not in present]
    while todo:
        for item in todo:
            value, cell = item
            die = next(d for d in game.unplaced if game.dice[d] == value)
            if cell in game.legal_cells_for(die):
                game.place(die, cell)
                steps.append(("place", die, cell))
                todo.remove(item)
                break
        else:
            raise AssertionError(f"no legal order for {path} from {game.to_dict()}")
    return steps
