"""One game of QUERNI as the shell saves and records it: the position, the start, every turn,
the variant and who plays each colour (the start and turns make it replayable). A game may end
off the board (``Ending``): a resignation, or two players abandoning it. No pygame here.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from game.games.querni import LEVELS as LEVELS
from game.games.querni import TWO_PLAYERS as TWO_PLAYERS
from game.games.querni import VERSUS as VERSUS
from game.rules.querni import Chain, Color, IllegalMove, Outcome, QuerniState, Square

DEMO = "demo"
"""The demo's and the kiosk's attract games: the computer at MEDIUM (BLUE) against itself at
HARD (RED). Recorded under ``--demo`` (never in attract mode), but not a variant a player
chooses, so the scores and statistics screens leave its games out."""
DEMO_LEVELS = {"BLUE": "medium", "RED": "hard"}
HUMAN = "human"
"""Who plays a colour: a person at the screen (the computer is ``computer_kind(level)``)."""
COMPUTER = "computer:"
PLAYER_KINDS_MAX = 32


RESIGNED = "resigned"
"""The reason of a game a player resigned: a loss for them, a win for the other colour."""
ABANDONED = "abandoned"
"""The reason of a game two players left with EXIT (Q-6.6): no result."""
NO_RESULT = "NONE"
"""The result of an abandoned game (``RESULTS`` of the rules, plus this)."""

MAX_HINTS = 10_000
TAKE_BACK_LEVELS = ("easy", "medium")
"""The computer's levels a person may take turns back against (issue 48): a learner's games;
against HARD a turn stays final (Q-6.3)."""
SAVE_VERSION = 1
MAX_TURNS = 100_000
"""A sanity cap on a saved game's turns (a real game has a few hundred at most)."""

Turn = tuple[tuple[Square, ...] | None, Chain | None]
"""One turn as ``QuerniState.play`` takes it: the movement path (or None) and the chain (or
None); both None is a pass."""


def valid_players(players: object) -> TypeGuard[dict[str, str]]:
    """Whether ``players`` names who plays BLUE and RED (a save's or a record's field)."""
    return (isinstance(players, dict) and set(players) == {"BLUE", "RED"}
            and all(isinstance(v, str) and 0 < len(v) <= PLAYER_KINDS_MAX
                    for v in players.values()))


def computer_kind(level: str) -> str:
    """What ``players`` stores for the computer at ``level``: ``"computer:hard"``."""
    return f"{COMPUTER}{level}"


def computer_level(kind: str) -> str | None:
    """The level of a stored ``"computer:<level>"``, or None (a person, or unknown)."""
    level = kind[len(COMPUTER):] if kind.startswith(COMPUTER) else None
    return level if level in LEVELS else None


def default_players(variant: str = TWO_PLAYERS, human: Color = Color.BLUE) -> dict[str, str]:
    """Who plays each colour in ``variant``: two people; the person as ``human`` against the
    computer at the variant's level; the computer on both sides in the demo."""
    if variant == DEMO:
        return {colour: computer_kind(level) for colour, level in DEMO_LEVELS.items()}
    level = VERSUS.get(variant)
    if level is None:
        return {Color.BLUE.name: HUMAN, Color.RED.name: HUMAN}
    return {human.name: HUMAN, human.opponent.name: computer_kind(level)}


@dataclass(frozen=True)
class Ending:
    """How a game ended off the board: ``how`` is ``RESIGNED`` (``by`` the colour that
    resigned) or ``ABANDONED`` (``by`` None)."""

    how: str
    by: Color | None = None

    @property
    def outcome(self) -> Outcome:
        """The ending as the rules' ``Outcome``: the other colour wins a resignation; an
        abandoned game has no result (``NO_RESULT``)."""
        if self.how == RESIGNED and self.by is not None:
            winner = self.by.opponent
            return Outcome(winner.name, winner, RESIGNED)
        return Outcome(NO_RESULT, None, ABANDONED)

    def to_json(self) -> dict[str, Any]:
        return {"how": self.how, "by": None if self.by is None else self.by.name}

    @classmethod
    def from_json(cls, data: Any) -> Ending:
        """The ending ``to_json`` wrote; ``ValueError`` for anything else."""
        if not (isinstance(data, dict) and set(data) == {"how", "by"}):
            raise ValueError(f"an ending is {{'how', 'by'}}, not {data!r}")
        how, by = data["how"], data["by"]
        if how == RESIGNED and by in ("BLUE", "RED"):
            return cls(RESIGNED, Color[by])
        if how == ABANDONED and by is None:
            return cls(ABANDONED)
        raise ValueError(f"not an ending: {data!r}")


@dataclass(eq=False)
class QuerniSession:
    """A game in progress or finished. Identity matters (storage keys records by the object),
    so sessions compare by identity."""

    start: QuerniState
    state: QuerniState
    turns: list[Turn] = field(default_factory=list)
    variant: str = TWO_PLAYERS
    players: dict[str, str] = field(default_factory=default_players)
    hints: int = 0
    """Hints the person was shown in this game (each position hinted counts once)."""
    ending: Ending | None = None
    """Set when the game ended off the board (resigned or abandoned), else None."""
    takebacks: int = 0
    """Times the person took back their last turn and the computer's reply (TAKE BACK)."""

    @classmethod
    def new(cls, rng: random.Random | None = None, variant: str = TWO_PLAYERS,
            players: Mapping[str, str] | None = None) -> QuerniSession:
        """A new game: the 32 pieces shuffled onto their start squares (Q-1.3), BLUE first."""
        start = QuerniState.new(rng)
        return cls(start, start, [], variant, dict(players or default_players(variant)))

    # --- reading --------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.state.result is not None or self.ending is not None

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (by the rules, or off the board), None while it runs."""
        if self.ending is not None:
            return self.ending.outcome
        return self.state.outcome

    @property
    def turn_count(self) -> int:
        """Turns played so far, passes included."""
        return len(self.turns)

    def player(self, color: Color) -> str:
        """Who plays ``color``: ``"human"`` or a bot's kind."""
        return self.players.get(color.name, HUMAN)

    @property
    def person(self) -> Color | None:
        """The colour the one person plays against the computer; None between two people
        (and in the demo, the computer on both sides)."""
        people = [color for color in Color if self.player(color) == HUMAN]
        return people[0] if len(people) == 1 else None

    def left_as(self) -> Ending | None:
        """How leaving this game for good would end it: resigned against the computer,
        abandoned between two people (Q-6.6); None when there is nothing to record (over, no
        turn yet, or the demo)."""
        if self.is_over or not self.turns:
            return None
        person = self.person
        if person is not None:
            return Ending(RESIGNED, person)
        if all(self.player(color) == HUMAN for color in Color):
            return Ending(ABANDONED)
        return None

    @property
    def can_take_back(self) -> bool:
        """TAKE BACK is offered: the person plays EASY or MEDIUM, it is their turn in a game
        under way, and their last turn and the computer's reply are there to take back."""
        person = self.person
        if person is None or self.is_over or self.state.to_move is not person:
            return False
        level = computer_level(self.player(person.opponent))
        return level in TAKE_BACK_LEVELS and len(self.turns) >= 2

    def take_back(self) -> bool:
        """TAKE BACK: drop the last pair of turns (the person's and the computer's reply), back
        to the position before them; counted in ``takebacks``. False when not offered."""
        if not self.can_take_back:
            return False
        del self.turns[-2:]
        self.state = replay(self.start, self.turns)
        self.takebacks = min(MAX_TURNS, self.takebacks + 1)
        return True

    def hinted(self) -> None:
        """One more hint was shown."""
        self.hints = min(MAX_HINTS, self.hints + 1)

    def resign(self, color: Color) -> None:
        """``color`` gives the game up: a loss for it (RESIGN; EXIT against the computer)."""
        if not self.is_over:
            self.ending = Ending(RESIGNED, color)

    def abandon(self) -> None:
        """Two players leave the game for good (EXIT, Q-6.6): no result."""
        if not self.is_over:
            self.ending = Ending(ABANDONED)

    def leave(self) -> None:
        """The game is left for good: it ends as ``left_as`` says (or stays as it is)."""
        ending = self.left_as()
        if ending is not None:
            self.ending = ending

    # --- playing --------------------------------------------------------------------------------
    def play(self, path: Sequence[Square] | None, chain: Chain | None) -> QuerniState:
        """Play one turn through the rules and remember it; the new state (``IllegalMove``)."""
        state = self.state.play([(c, r) for c, r in path] if path else None, chain)
        self.commit(path, chain, state)
        return state

    def commit(self, path: Sequence[Square] | None, chain: Chain | None,
               state: QuerniState) -> None:
        """A turn the turn controller already played through the rules (``TurnEnded``):
        remember it and its resulting ``state``."""
        route = tuple((c, r) for c, r in path) if path else None
        self.turns.append((route, (chain[0], chain[1]) if chain is not None else None))
        self.state = state

    # --- saving ---------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "version": SAVE_VERSION,
            "variant": self.variant,
            "players": dict(self.players),
            "start": self.start.to_dict(),
            "turns": [turn_to_json(turn) for turn in self.turns],
            "state": self.state.to_dict(),
            "hints": self.hints,
            **({"takebacks": self.takebacks} if self.takebacks else {}),
            **({"ending": self.ending.to_json()} if self.ending is not None else {}),
        }

    @classmethod
    def from_dict(cls, data: Any) -> QuerniSession:
        """A session from ``to_dict`` data; ``ValueError`` when anything is off, including
        turns that do not lead from the start to the saved position."""
        if not isinstance(data, dict):
            raise ValueError("a saved QUERNI session must be an object")
        if data.get("version") != SAVE_VERSION or type(data.get("version")) is not int:
            raise ValueError(f"unsupported QUERNI session version {data.get('version')!r}")
        variant = data.get("variant")
        if not (isinstance(variant, str) and 0 < len(variant) <= 64):
            raise ValueError(f"bad variant {variant!r}")
        players = data.get("players")
        if not valid_players(players):
            raise ValueError(f"bad players {players!r}")
        start = QuerniState.from_dict(data.get("start"))
        raw_turns = data.get("turns")
        if not isinstance(raw_turns, list) or len(raw_turns) > MAX_TURNS:
            raise ValueError("'turns' must be a list")
        turns = [turn_from_json(item) for item in raw_turns]
        state = replay(start, turns)
        saved = QuerniState.from_dict(data.get("state"))
        if saved != state:
            raise ValueError("the saved turns do not lead to the saved position")
        hints = data.get("hints", 0)  # saves made before HINT have none
        if type(hints) is not int or not 0 <= hints <= MAX_HINTS:
            raise ValueError(f"hints must be a count, not {hints!r}")
        ending = None if data.get("ending") is None else Ending.from_json(data["ending"])
        if ending is not None and (state.result is not None or not turns):
            raise ValueError("only a game under way can end off the board")
        takebacks = data.get("takebacks", 0)
        if type(takebacks) is not int or not 0 <= takebacks <= MAX_TURNS:
            raise ValueError(f"takebacks must be a count, not {takebacks!r}")
        return cls(start, state, turns, variant, dict(players), hints, ending, takebacks)


def turn_to_json(turn: Turn) -> dict[str, Any]:
    """``{"path": [[col, row], …] | null, "chain": [lo, hi] | null}`` (the record's form)."""
    path, chain = turn
    return {"path": [list(sq) for sq in path] if path else None,
            "chain": list(chain) if chain is not None else None}


def turn_from_json(item: Any) -> Turn:
    """The turn ``turn_to_json`` wrote; ``ValueError`` for anything else."""
    if not (isinstance(item, dict) and set(item) == {"path", "chain"}):
        raise ValueError(f"a turn is {{'path', 'chain'}}, not {item!r}")
    raw_path, raw_chain = item["path"], item["chain"]
    path: tuple[Square, ...] | None = None
    if raw_path is not None:
        if not (isinstance(raw_path, list) and 2 <= len(raw_path) <= 70):
            raise ValueError(f"a path is a list of squares, not {raw_path!r}")
        squares = []
        for sq in raw_path:
            if not (isinstance(sq, list) and len(sq) == 2
                    and all(type(v) is int for v in sq)):
                raise ValueError(f"a square is [col, row], not {sq!r}")
            squares.append((sq[0], sq[1]))
        path = tuple(squares)
    chain: Chain | None = None
    if raw_chain is not None:
        if not (isinstance(raw_chain, list) and len(raw_chain) == 2
                and all(type(v) is int for v in raw_chain)):
            raise ValueError(f"a chain is [lowest, highest], not {raw_chain!r}")
        chain = (raw_chain[0], raw_chain[1])
    return path, chain


def replay(start: QuerniState, turns: Sequence[Turn]) -> QuerniState:
    """The position after playing ``turns`` from ``start``; ``ValueError`` (an
    ``IllegalMove``) at the first illegal turn, naming it."""
    state = start
    for number, (path, chain) in enumerate(turns, 1):
        try:
            state = state.play(list(path) if path else None, chain)
        except IllegalMove as error:
            raise ValueError(f"turn {number} is not legal: {error}") from None
    return state
