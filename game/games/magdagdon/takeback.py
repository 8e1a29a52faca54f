"""UNDO on the play screen, without pygame: each placement, pick-up and −1 / +1 of the roll on
the table taken back to the exact state before it (``game.rules.magdagdon.undo``), never
across a roll; the session's history forgets a power taken back."""

from __future__ import annotations

from game.games.magdagdon.controller import Phase, PlayController
from game.games.magdagdon.events import BAD, illegal_message
from game.games.magdagdon.session import Session
from game.rules.magdagdon import IllegalMove
from game.rules.magdagdon.undo import TurnUndo


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
