"""HINT on the QUERNI play screen: HARD's suggestion asked in a worker (:class:`HintAsker`, the
question of ``game.arcade.play.hints.HintFlow``), and the answer as shown (:class:`Hint`)."""

from __future__ import annotations

from game.ai.querni.explain import reason
from game.games.querni.computer import HINT_NODES, HINT_TIME_BUDGET, Asker, Choice
from game.games.querni.controller import TurnController
from game.games.querni.texts import color_name, t
from game.rules.querni import Chain, Path, QuerniState, Square, is_step, name


def hint_text(state: QuerniState, path: Path | None, chain: Chain | None) -> str:
    """The HINT's line: which piece goes where (each landing of a jump), what is removed, and
    why in a few words (``game.ai.querni.explain``: the chain it prepares, the piece it keeps,
    the block it makes)."""
    what = turn_text(state, path, chain, "hint.")
    why = reason(state, path, chain)
    if why is None:
        return what
    key, numbers = why
    return f"{what} {t(f'hint.why_{key}', **numbers, color=color_name(state.to_move.opponent))}"


def turn_text(state: QuerniState, path: Path | None, chain: Chain | None, prefix: str,
              keep: Chain | None = None) -> str:
    """A suggested turn in words, from the texts ``<prefix>step``, ``jump`` (each with a
    ``_remove`` form), ``remove`` and ``pass``: HINT's line and REVIEW's better turn. ``keep``:
    the chain a turn that removes none keeps (the ``_keep`` forms of ``step``, ``jump`` and
    ``pass``: REVIEW, where the played turn removed it)."""
    ends = chain if chain is not None else keep
    low_high = {"low": ends[0], "high": ends[1]} if ends is not None else {}
    suffix = "_remove" if chain is not None else "_keep" if keep is not None else ""
    if not path:
        key = f"{prefix}remove" if chain is not None else f"{prefix}pass{suffix}"
        return t(key, **low_high)
    piece = state.pieces.get(path[0])
    number = piece[1] if piece is not None else 0
    if len(path) == 2 and is_step(path[0], path[1]):
        what = {"number": number, "from": name(path[0]), "to": name(path[1])}
        key = f"{prefix}step"
    else:
        what = {"number": number, "path": " → ".join(name(sq) for sq in path)}
        key = f"{prefix}jump"
    return t(key + suffix, **what, **low_high)


class Hint:
    """HARD's suggestion being shown: for which position, the piece's path and the squares of
    the chain it removes (where those pieces stand after the move)."""

    def __init__(self, state: QuerniState, choice: Choice) -> None:
        self.state = state
        path, chain = choice
        self.path: tuple[Square, ...] = tuple(path) if path else ()
        self.chain = chain
        moved = state.moved(list(self.path)) if self.path else state
        squares = [] if chain is None else [moved.where(state.to_move, number)
                                            for number in range(chain[0], chain[1] + 1)]
        self.chain_squares: tuple[Square, ...] = tuple(sq for sq in squares if sq is not None)

    @property
    def text(self) -> str:
        """The hint in words, in the language shown now (it may change while it shows)."""
        return hint_text(self.state, list(self.path) or None, self.chain)

    def squares(self) -> frozenset[Square]:
        """Every square the suggestion names: a tap on one of them may follow it."""
        return frozenset(self.path) | frozenset(self.chain_squares)

    def followed_by(self, turn: TurnController) -> bool:
        """The turn so far is on the suggestion's way (issue 48: the hint stays while the
        player follows it, and goes once they depart from it): the suggested piece in hand, a
        start of its path, then SELECT CHAIN and the suggested chain's ends."""
        path = self.path
        if not turn.path and turn.chain_mode:
            return not path and self._chain_followed(turn)
        if not turn.path:
            return turn.selected in (None, *path[:1])
        if turn.path != path[:len(turn.path)]:
            return False
        if len(turn.path) < len(path) and not turn.movement_open:
            return False  # the jump sequence stopped short of the suggestion
        return not turn.chain_mode or self._chain_followed(turn)

    def _chain_followed(self, turn: TurnController) -> bool:
        if self.chain is None or turn.path != self.path:
            return False
        ends = {self.chain_squares[0], self.chain_squares[-1]}
        return turn.chain in (None, self.chain) and turn.chain_first in (None, *ends)

    def left(self, turn: TurnController) -> tuple[Square, ...]:
        """The part of the suggested movement still to make: from where the piece stands now
        (nothing once it has all been made, or when the player left the suggestion)."""
        done = len(turn.path)
        if not done:
            return self.path
        if done >= len(self.path) or not self.followed_by(turn):
            return ()
        return self.path[done - 1:]


class HintAsker:
    """HARD as HINT's asker, in its own worker with HINT's budget (``HINT_TIME_BUDGET``;
    ``HINT_NODES`` in reproducible runs): its answer about the position on screen, as a
    :class:`Hint`."""

    def __init__(self, *, deterministic: bool = False, seed: int | None = None) -> None:
        self.asker = Asker("querni-hint", "hard", deterministic=deterministic, seed=seed,
                           time_budget=HINT_TIME_BUDGET, nodes=HINT_NODES)

    def ask(self, key: QuerniState) -> None:
        self.asker.ask(key, key)

    def asking(self, key: QuerniState) -> bool:
        return self.asker.asking(key)

    def answer(self, key: QuerniState) -> tuple[bool, Hint | None]:
        done, choice = self.asker.answer(key)
        return done, (None if choice is None else Hint(key, choice))

    def cancel(self) -> None:
        self.asker.cancel()

    @property
    def busy(self) -> bool:
        return self.asker.busy

    def wait(self, timeout: float) -> bool:
        return self.asker.wait(timeout)
