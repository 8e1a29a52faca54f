"""HINT on the MAGDAGDON play screen: the advisor asked about a copy of the game in a worker
(:class:`AdviceAsker`) and its answer in the player's words with what it points at
(:class:`Hint`), kept, shrinking, while the player follows it (``hint_follow``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.ai.advisor import Advice
from game.engine.worker import Worker
from game.games.magdagdon import hints
from game.games.magdagdon.events import Message
from game.games.magdagdon.hint_follow import Follow
from game.games.magdagdon.texts import t
from game.rules.magdagdon import MagdagdonGame


def message_text(message: Message) -> str:
    """A controller message in the player's language (tuple params: keys to translate)."""
    if not message.key:
        return ""
    params = {k: ", ".join(t(key) for key in v) if isinstance(v, tuple) else v
              for k, v in message.params.items()}
    return t(message.key, **params)


def reason_text(reason: str, params: dict[str, Any]) -> str:
    """An advisor's reason (``Advice.reason`` and ``reason_params``) in the player's language."""
    sentences = []
    for key, values in hints.reason_message(reason, params):
        if "combo" in values:
            values["combo"] = t(values["combo"])
        sentences.append(t(key, **values))
    return " ".join(sentences)


def advice_text(advice: Advice) -> str:
    """The advisor's reason and its expected gain, in the player's language."""
    reason = reason_text(advice.reason, advice.reason_params)
    gain = hints.gain_points(advice)
    if gain is None:
        return reason
    if gain == 0:
        return t("hint.line", reason=reason, gain=t("hint.close"))
    return t("hint.line", reason=reason, gain=t("hint.gain", count=gain))


class Hint:
    """An answer of the advisor being shown: for which state, what it points at, its line,
    and how to follow it (:meth:`now`)."""

    def __init__(self, key: hints.StateKey, advice: Advice, game: MagdagdonGame,
                 follow: Follow | None = None, targets: hints.Targets | None = None) -> None:
        self.key = key
        self.advice = advice
        self.targets = hints.step_targets(advice.steps, game) if targets is None else targets
        self.follow = Follow(advice.steps, game) if follow is None else follow
        self._now: tuple[hints.StateKey, Hint | None] | None = None

    @property
    def text(self) -> str:
        """The line in the language shown now (it may change while the hint shows)."""
        return advice_text(self.advice)

    def now(self, game: MagdagdonGame) -> Hint | None:
        """This hint as it applies to ``game`` now: itself in the position it answers, what
        is left of it while the player follows it, ``None`` once done or departed from."""
        key = hints.state_key(game)
        if key == self.key:
            return self
        if self._now is None or self._now[0] != key:
            left = self.follow.left(game)
            rest = None if left is None else Hint(
                key, self.advice, game, self.follow, hints.step_targets(left, game))
            self._now = (key, rest)
        return self._now[1]


class AdviceAsker(Worker[Advice]):
    """The advisor as HINT's asker: one question at a time, about a copy of the game made on
    the main thread (the worker never sees the live game), answered as a :class:`Hint` for
    the game on screen."""

    def __init__(self, game: Callable[[], MagdagdonGame]) -> None:
        super().__init__("magdagdon-hint")
        self._game = game

    def ask(self, key: hints.StateKey) -> None:
        copy = hints.copy_of(self._game())
        self.submit(lambda task: hints.ask(copy), key=key)

    def asking(self, key: hints.StateKey) -> bool:
        return self.busy and self.key == key

    def answer(self, key: hints.StateKey) -> tuple[bool, Hint | None]:
        outcome = self.poll()
        if outcome is None or outcome.key != key:
            return False, None
        if not outcome.ok or outcome.value is None:
            return True, None
        return True, Hint(key, outcome.value, self._game())
