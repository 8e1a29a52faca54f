"""Dead cells on the play screen, without pygame: the empty cells no die can ever fill (the
rules' question, ``game.rules.magdagdon.questions``), noticed the moment they appear and told
in one line."""

from __future__ import annotations

from game.games.magdagdon.events import BAD, Message
from game.rules.magdagdon import Board
from game.rules.magdagdon.questions import CLASH, DeadCell, dead_cells


def dead_message(dead: DeadCell) -> Message:
    """Why ``dead`` can never be filled, in the player's words (rows and columns from 1)."""
    row, column = divmod(dead.cell, 4)
    if dead.reason == CLASH:
        return Message("dead.clash", {"row": row + 1, "column": column + 1, "low": dead.low,
                                      "high": dead.high}, BAD)
    return Message("dead.cut_off", {"row": row + 1, "column": column + 1}, BAD)


class DeadWatch:
    """The dead cells of the board as shown (tentative dice included, M-4.5)."""

    def __init__(self) -> None:
        self.cells: dict[int, DeadCell] = {}
        self._board: Board | None = None

    def observe(self, view: Board) -> list[DeadCell]:
        """The board as shown now; returns the cells that died since the last board (none
        the first time: a resumed game's dead cells are marked, not announced)."""
        if view == self._board:
            return []
        first = self._board is None
        before, self._board = self.cells, view
        self.cells = dead_cells(view)
        return [] if first else [d for c, d in self.cells.items() if c not in before]

    def explain(self, cell: int) -> Message | None:
        """The reason a dead ``cell`` is dead, or ``None`` when it is not."""
        dead = self.cells.get(cell)
        return None if dead is None else dead_message(dead)
