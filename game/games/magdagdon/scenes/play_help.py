"""What the play screen watches for the player after every move (issue 48), given the
controller, never the scene: the steps UNDO can take back (``takeback``), the cells that just
died (``dead_cells``, told in the message line the moment one appears) and the powers that
cannot save a MAGDAGDON roll (``power_guard``)."""

from __future__ import annotations

from collections.abc import Callable

from game.games.magdagdon.controller import PlayController
from game.games.magdagdon.dead_cells import DeadWatch, dead_message
from game.games.magdagdon.power_guard import Ask, PowerGuard
from game.games.magdagdon.session import Session
from game.games.magdagdon.takeback import TakeBack


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
