"""A Majda Power that cannot help is shown as such and asks before it is spent (issue 48),
without pygame. In a MAGDAGDON turn the rules say whether −1, +1 or a REROLL can make the roll
placeable (``game.rules.magdagdon.questions``); one that cannot would only cost its penalty,
so the player is asked first. Outside MAGDAGDON a power is a choice of play: never asked."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.games.magdagdon.controller import Phase, PlayController
from game.games.magdagdon.events import BAD
from game.rules.magdagdon.questions import adjust_helps, helping_adjusts, reroll_chance

Ask = Callable[..., None]
"""Opens the question ``(question_key, on_yes, **params)`` over the screen."""


class PowerGuard:
    """The power buttons' commands, asked about first when they cannot help."""

    def __init__(self, control: Callable[[], PlayController], ask: Ask) -> None:
        self._control = control
        self._ask = ask
        self._hopeless: tuple[Any, frozenset[str]] | None = None

    def hopeless(self) -> frozenset[str]:
        """The powers (``"minus"``, ``"plus"``, ``"reroll"``) that cannot save the MAGDAGDON
        roll on the table, whichever die they are used on; empty outside MAGDAGDON."""
        c = self._control()
        g = c.game
        if c.phase != Phase.MAGDAGDON or g.powers_left <= 0:
            return frozenset()
        key = (g.board, g.dice, g.powers_used)
        if self._hopeless is None or self._hopeless[0] != key:
            free = g.unplaced
            names = {name for name, delta in (("minus", -1), ("plus", 1))
                     if not helping_adjusts(g.board, g.dice, g.required, delta, free)}
            if not free or reroll_chance(g.board, g.dice, g.required, free) == 0:
                names.add("reroll")
            self._hopeless = (key, frozenset(names))
        return self._hopeless[1]

    def observe(self) -> None:
        """In MAGDAGDON with no power able to help, the line says so instead of offering them."""
        c = self._control()
        if c.message.key == "play.magdagdon_hint" and self.hopeless() == {"minus", "plus",
                                                                         "reroll"}:
            c.say("play.magdagdon_no_help", BAD)

    def adjust(self, delta: int) -> None:
        """−1 / +1 on the selected die; asked first when it cannot save the roll."""
        c = self._control()
        g = c.game
        die = c.selected
        if (c.phase != Phase.MAGDAGDON or die is None or die not in g.unplaced
                or g.powers_left <= 0 or not 1 <= g.dice[die] + delta <= 6
                or adjust_helps(g.board, g.dice, g.required, die, delta)):
            c.adjust(delta)  # the rules take it, or say why not
            return
        self._ask("power.ask_adjust", lambda: self._then(lambda: c.adjust(delta)),
                  value=g.dice[die], to=g.dice[die] + delta, penalty=g.next_penalty)

    def reroll(self) -> None:
        """REROLL the marked dice; asked first when no result could save the roll."""
        c = self._control()
        g = c.game
        marked = sorted(c.marked or ())
        if (c.phase != Phase.MAGDAGDON or not marked or g.powers_left <= 0
                or reroll_chance(g.board, g.dice, g.required, marked) > 0):
            c.reroll()
            return
        self._ask("power.ask_reroll", lambda: self._then(c.reroll), penalty=g.next_penalty)

    def _then(self, command: Callable[[], object]) -> None:
        """A command answered yes to, if the screen still stands where it was asked."""
        if self._control().phase == Phase.MAGDAGDON:
            command()
