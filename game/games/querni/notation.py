"""The move list's notation (docs/querni-notation.md): one line per turn, e.g.
``12. BLUE c1–c3–a1, removes 5–8``; a pass is written as such. The squares are the board's own
names (Q-1.1) in every language; the colour and the words go through the translation layer."""

from __future__ import annotations

from collections.abc import Sequence

from game.engine import i18n
from game.games.querni.texts import color_name, t
from game.rules.querni import Color, Square, TurnTrace, name

DASH = "–"
"""Between the squares of a movement and the two ends of a chain (an en dash)."""


def movement(path: Sequence[Square]) -> str:
    """A movement: its start, every landing and its destination, e.g. ``c1–c3–a1``."""
    return DASH.join(name(square) for square in path)


def what(trace: TurnTrace) -> str:
    """What the turn did: the movement and/or the removal, or the pass."""
    removal = (t("moves.removes", low=trace.chain[0], high=trace.chain[1])
               if trace.chain is not None else None)
    if trace.path and removal is not None:
        return t("moves.both", movement=movement(trace.path), removal=removal)
    if trace.path:
        return movement(trace.path)
    return removal if removal is not None else t("moves.pass")


def turn_line(number: int, trace: TurnTrace) -> str:
    """The line of turn ``number`` (from 1): ``12. BLUE c1–c3–a1, removes 5–8``."""
    return t("moves.line", number=number, color=color_name(trace.mover), what=what(trace))


class MoveLines:
    """The move list's entries ``(mover, line)`` of a game's turns, each line made once (and
    again after a language switch), so a frame never formats the whole list."""

    def __init__(self) -> None:
        self._lines: list[tuple[Color, str]] = []
        self._locale = ""

    def of(self, traces: Sequence[TurnTrace]) -> tuple[tuple[Color, str], ...]:
        """The entries of ``traces`` (a game's turns, oldest first)."""
        if self._locale != i18n.current():
            self._lines, self._locale = [], i18n.current()
        del self._lines[len(traces):]
        for number in range(len(self._lines) + 1, len(traces) + 1):
            trace = traces[number - 1]
            self._lines.append((trace.mover, turn_line(number, trace)))
        return tuple(self._lines)
