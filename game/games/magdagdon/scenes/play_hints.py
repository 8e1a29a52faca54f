"""HINT on the MAGDAGDON play screen: the arcade's one flow (``HintFlow``) and, after the
position changed, the same hint kept while the player follows it, shrunk to what is left."""

from __future__ import annotations

from collections.abc import Callable

from game.ai.advisor import Advice
from game.arcade.play.hints import HintFlow, Shown
from game.games.magdagdon import hints
from game.games.magdagdon.controller import Phase, PlayController
from game.games.magdagdon.scenes.hinting import AdviceAsker, Hint


class PlayHints:
    """HINT's view state for one play screen; it is given the controller, never the scene."""

    def __init__(self, control: Callable[[], PlayController], counted: Callable[[], None],
                 failed: Callable[[], None], shown: Callable[[], None]) -> None:
        self._control = control
        self.flow: HintFlow[hints.StateKey, Hint] = HintFlow(
            AdviceAsker(lambda: control().game), counted=counted, failed=failed, shown=shown)
        self._followed: Hint | None = None

    def _key(self) -> hints.StateKey:
        return hints.state_key(self._control().game)

    @property
    def available(self) -> bool:
        """A turn is on the table (dice landed, not choosing dice to REROLL)."""
        c = self._control()
        return (c.phase in (Phase.PLACING, Phase.MAGDAGDON, Phase.CHOOSE_RUIN)
                and c.marked is None and c.game.in_turn)

    @property
    def hint(self) -> Hint | None:
        """The hint shown now: the advisor's answer for this very position, or what is left
        of the one the player is following."""
        game = self._control().game
        shown = self.flow.showing(hints.state_key(game))
        if shown is not None:
            self._followed = shown
            return shown
        if self._followed is None:
            return None
        now = self._followed.now(game)
        if now is None:
            self._followed = None  # done, or departed from
        return now

    @property
    def thinking(self) -> bool:
        """The advisor is working on the position on screen."""
        return self.flow.thinking(self._key())

    def press(self, now: float) -> None:
        """HINT / H: ask about the position on screen; again (or while a followed hint
        shows): put the hint away."""
        if not self.available:
            return
        key = self._key()
        if self.flow.showing(key) is None and self.hint is not None:
            self._followed = None  # a followed hint is put away like a shown one
            return
        self._followed = None
        self.flow.press(key, now)

    def poll(self) -> None:
        self.flow.poll(self._key(), self.available)

    def show(self, advice: Advice) -> None:
        """Show ``advice`` for the position on screen without counting it (attract mode)."""
        key = self._key()
        self.flow.shown = Shown(key, Hint(key, advice, self._control().game))

    def forget(self) -> None:
        """A new game: nothing shown, asked, kept, followed or counted."""
        self.flow.forget()
        self._followed = None
