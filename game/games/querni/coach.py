"""QUERNI's first-game coach (issue 48), without pygame: one short step at a time from the turn
in progress, until GOT IT or the first game ends, never again after (the ``coached`` setting).
The play screen draws the bubble (``widgets/coach.py``) and rings what the step points at.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from typing import Any

from game.games.querni.controller import TurnController

SETTING = "coached"
"""QUERNI's setting that records the coach was seen out (dismissed, or a game finished)."""


def step_key(view: TurnController) -> str:
    """The coach's words for the turn as it stands (a ``play.coach_*`` text's key)."""
    if view.chain_mode:
        return "play.coach_end_move" if view.chain is not None else "play.coach_chain_ends"
    if view.path:
        if view.movement_open:
            return "play.coach_jump_on"
        return "play.coach_chain" if view.removable_chains else "play.coach_end_move"
    if view.selected is not None:
        return "play.coach_jump" if view.lit_jumps else "play.coach_step"
    return "play.coach_chain" if view.removable_chains else "play.coach_pick"


class Coach:
    """Whether the coach still has something to say, and the step it says now."""

    def __init__(self, settings: MutableMapping[str, Any], save: Callable[[], None],
                 demo: bool) -> None:
        self.settings = settings
        self.save = save
        self.demo = demo

    @property
    def on(self) -> bool:
        """The player has not seen the coach out yet (and this is no demo)."""
        return not self.demo and not self.settings.get(SETTING, False)

    def step(self, view: TurnController, person_to_move: bool) -> str | None:
        """The step to show now: only on a person's turn, while the coach is on."""
        if not self.on or not person_to_move or view.is_over:
            return None
        return step_key(view)

    def done(self) -> None:
        """GOT IT, or the first game ended: the coach is not shown again."""
        if self.on:
            self.settings[SETTING] = True
            self.save()

    def update(self, view: TurnController) -> None:
        """Once a step: the first finished game ends the coaching, as in MAGDAGDON."""
        if view.is_over:
            self.done()
