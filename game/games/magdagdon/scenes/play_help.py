"""What the play screen watches for the player after every move (issue 48), given the
controller, never the scene, without pygame: the steps UNDO can take back (``TakeBack``), the
cells that just died (``DeadWatch``, told in the message line the moment one appears) and the
powers that cannot save a MAGDAGDON roll (``PowerGuard``: in a MAGDAGDON turn a −1, +1 or
REROLL that the rules say cannot make the roll placeable would only cost its penalty, so the
player is asked first; outside MAGDAGDON a power is a choice of play, never asked)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.games.magdagdon.controller import Phase, PlayController
from game.games.magdagdon.events import BAD, Message, illegal_message
from game.games.magdagdon.session import Session
from game.rules.magdagdon import Board, IllegalMove
from game.rules.magdagdon.questions import (
    CLASH,
    DeadCell,
    adjust_helps,
    dead_cells,
    helping_adjusts,
    reroll_chance,
)
from game.rules.magdagdon.undo import TurnUndo


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


class TakeBack:
    """The steps of the roll on the table that UNDO can take back."""

    def __init__(self) -> None:
        self.steps = TurnUndo()

    def observe(self, control: PlayController) -> None:
        """After anything happened on the screen: what changed within the roll is a step."""
        self.steps.observe(control.game)

    def available(self, control: PlayController) -> bool:
        """UNDO can act: a step of this roll to take back, nothing else under way."""
        return (control.phase in (Phase.PLACING, Phase.MAGDAGDON) and control.marked is None
                and self.steps.available(control.game))

    def undo(self, control: PlayController, session: Session) -> bool:
        """Take the last step back; the turn's phase is the rules' verdict again (M-6.1)."""
        if control.phase not in (Phase.PLACING, Phase.MAGDAGDON) or control.marked is not None:
            return False
        game = control.game
        used = game.powers_used
        try:
            self.steps.undo(game)
        except IllegalMove as error:
            control.message = illegal_message(error)
            return False
        if game.powers_used < used and session.history and \
                session.history[-1]["at"] == "adjust":
            session.history.pop()  # the power never happened: REVIEW must not see it
        control.selected = None
        if game.is_magdagdon:  # back before a rescue: the strip says what it said then
            control.phase = Phase.MAGDAGDON
            key = "play.magdagdon_hint" if game.powers_left else "play.magdagdon_no_powers"
            control.say(key, BAD, count=game.required)
        else:
            control.phase = Phase.PLACING
            control.say("play.undone")
        return True


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


class TurnHelp:
    """UNDO, dead cells and the power guard of one play screen."""

    def __init__(self, control: Callable[[], PlayController], session: Callable[[], Session],
                 save: Callable[[], None], ask: Ask) -> None:
        """``session``: the game's (a power taken back leaves its history); ``save``: the
        autosave after an UNDO; ``ask``: opens the power guard's question."""
        self._control = control
        self._session = session
        self._save = save
        self.guard = PowerGuard(control, ask)
        self.takeback = TakeBack()
        self.dead = DeadWatch()

    def reset(self) -> None:
        """A new game (or a resumed one): nothing to take back; its dead cells are marked but
        not announced."""
        self.takeback = TakeBack()
        self.dead = DeadWatch()
        self.observe()

    def observe(self) -> None:
        """After anything happened on the screen."""
        control = self._control()
        self.takeback.observe(control)
        for dead in self.dead.observe(control.game.view())[:1]:  # the moment one appears
            control.message = dead_message(dead)
        self.guard.observe()

    @property
    def can_undo(self) -> bool:
        return self.takeback.available(self._control())

    def undo(self) -> bool:
        """UNDO / U: the last placement, pick-up or −1/+1 of this roll taken back (and the
        game saved so)."""
        done = self.takeback.undo(self._control(), self._session())
        if done:
            self.observe()
            self._save()
        return done
