"""The replayable record of a finished QUERNI game: one JSON document per game, kept in the data
folder's ``games/`` by storage, read by ``--replay`` and by other tools.

Its form and versions are in docs/data-formats.md ("querni-record"): version 1 for a game that
ended on the board, 2 for one resigned or abandoned, 3 with take-backs, so a document earlier
builds can read is never written newer than it must be. A record is valid only when every turn
is legal from the start and the game ends exactly as it says (``check``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from game.games.querni import FORMAT
from game.games.querni.session import (
    ABANDONED,
    MAX_HINTS,
    NO_RESULT,
    RESIGNED,
    Ending,
    QuerniSession,
    Turn,
    replay,
    turn_from_json,
    turn_to_json,
    valid_players,
)
from game.rules.querni import (
    ALL_REMOVED,
    NO_CHAIN_LEFT,
    QUIET_ROUNDS,
    Chain,
    Color,
    Outcome,
    QuerniState,
    Square,
    TurnTrace,
    trace_turn,
)
from game.rules.querni.state import RESULTS

VERSION = 1
"""A game that ended on the board (Q-5)."""
ENDED_VERSION = 2
"""Version 1 plus the games that ended off the board (resigned, abandoned)."""
TAKEBACK_VERSION = 3
"""Version 2 plus the count of take-backs (``takebacks``)."""
KEYS = {"format", "version", "start", "turns", "result", "reason"}
MAX_TAKEBACKS = 100_000
REASONS = (ALL_REMOVED, NO_CHAIN_LEFT, QUIET_ROUNDS, RESIGNED, ABANDONED)
"""Why a game ended: the rules' three (Q-5), a resignation, two players' EXIT (Q-6.6)."""


@dataclass(frozen=True)
class GameRecord:
    """A checked record: the start position, the turns, and how the game ended."""

    start: QuerniState
    turns: tuple[Turn, ...]
    result: str
    reason: str
    takebacks: int = 0
    """Pairs of turns the person took back (TAKE BACK) before the game ended so."""

    @property
    def outcome(self) -> Outcome:
        """How the game ended, as the rules' ``Outcome`` (``winner`` None: a draw, or no
        result)."""
        winner = Color[self.result] if self.result in ("BLUE", "RED") else None
        return Outcome(self.result, winner, self.reason)

    def states(self) -> list[QuerniState]:
        """The position before the first turn and after each turn (``len(turns) + 1``)."""
        return self.history().states

    def history(self) -> History:
        """The game's positions and what each turn touched."""
        return History(self.start, self.turns)


class History:
    """A game told turn by turn: the position before the first turn and after each one, and
    what each turn touched (``TurnTrace``, asked of the rules): the move list, the last move's
    marks and the positions a player looks back at. It grows one turn at a time as a game
    goes on (``add``); ``IllegalMove`` for a turn the rules refuse."""

    def __init__(self, start: QuerniState, turns: Sequence[Turn] = ()) -> None:
        self.states: list[QuerniState] = [start]
        self.traces: list[TurnTrace] = []
        for path, chain in turns:
            self.add(path, chain)

    def __len__(self) -> int:
        """The turns told so far."""
        return len(self.traces)

    def add(self, path: Sequence[Square] | None, chain: Chain | None) -> None:
        """One more turn, played from the last position."""
        before = self.states[-1]
        trace = trace_turn(before, path, chain)
        self.traces.append(trace)
        self.states.append(before.play(list(trace.path) or None, trace.chain))

    def catch_up(self, turns: Sequence[Turn]) -> None:
        """Tell the turns of ``turns`` not told yet (a game's turn list, which only grows)."""
        for path, chain in turns[len(self.traces):]:
            self.add(path, chain)

    @property
    def last(self) -> TurnTrace | None:
        """The last turn played (``None`` before the first)."""
        return self.traces[-1] if self.traces else None

    def trace(self, shown: int) -> TurnTrace | None:
        """The turn that led to the position after ``shown`` turns (``None`` at the start)."""
        return self.traces[shown - 1] if 0 < shown <= len(self.traces) else None


def to_record(session: QuerniSession) -> dict[str, Any]:
    """The record of a finished ``session`` (``ValueError`` while it is not over)."""
    outcome = session.outcome
    if outcome is None:
        raise ValueError("only a finished game has a record")
    start = session.start.to_dict()
    version = VERSION if session.ending is None else ENDED_VERSION
    return {
        "format": FORMAT,
        "version": TAKEBACK_VERSION if session.takebacks else version,
        "start": {"pieces": start["pieces"], "to_move": start["to_move"]},
        "turns": [turn_to_json(turn) for turn in session.turns],
        "result": outcome.result,
        "reason": outcome.reason,
        **({"takebacks": session.takebacks} if session.takebacks else {}),
    }


def check(data: Any) -> GameRecord:
    """The record in ``data``; ``ValueError`` unless it is well formed, every turn is legal,
    the game ends with the last turn and the result and reason are the rules' own."""
    if not isinstance(data, dict) or set(data) - {"takebacks"} != KEYS:
        keys = sorted(map(str, data)) if isinstance(data, dict) else type(data).__name__
        raise ValueError(f"a QUERNI record has the fields {sorted(KEYS)}, not {keys}")
    if data["format"] != FORMAT:
        raise ValueError(f"not a QUERNI record: format {data['format']!r}")
    versions = (VERSION, ENDED_VERSION, TAKEBACK_VERSION)
    if type(data["version"]) is not int or data["version"] not in versions:
        raise ValueError(f"unsupported QUERNI record version {data['version']!r}")
    takebacks = data.get("takebacks", 0)
    if data["version"] == TAKEBACK_VERSION:
        if not (type(takebacks) is int and 1 <= takebacks <= MAX_TAKEBACKS):
            raise ValueError(f"a version 3 record counts its take-backs, not {takebacks!r}")
    elif "takebacks" in data:
        raise ValueError("only a version 3 record counts take-backs")
    start_data = data["start"]
    if not (isinstance(start_data, dict) and set(start_data) == {"pieces", "to_move"}):
        raise ValueError("'start' is {'pieces', 'to_move'}")
    start = QuerniState.from_dict({"version": 1, "game": "QUERNI", "pieces": start_data["pieces"],
                                   "to_move": start_data["to_move"], "quiet_turns": 0,
                                   "result": None})
    if start.to_move is not Color.BLUE:
        raise ValueError("BLUE always moves first (Q-1.4)")
    raw_turns = data["turns"]
    if not isinstance(raw_turns, list) or not raw_turns:
        raise ValueError("'turns' is a non-empty list")
    turns = tuple(turn_from_json(item) for item in raw_turns)
    before_last = replay(start, turns[:-1])
    if before_last.result is not None:
        raise ValueError("the game ended before the last turn")
    end = replay(before_last, turns[-1:])
    if data["version"] != VERSION and data["reason"] in (RESIGNED, ABANDONED):
        ended = _ended_off_the_board(start, turns, end, data["result"], data["reason"])
        return replace(ended, takebacks=takebacks)
    outcome = end.outcome
    if outcome is None:
        raise ValueError("the game is not over after the last turn")
    if data["result"] != outcome.result or data["reason"] != outcome.reason:
        raise ValueError(f"the turns end {outcome.result}/{outcome.reason}, the record says "
                         f"{data['result']!r}/{data['reason']!r}")
    return GameRecord(start, turns, outcome.result, outcome.reason, takebacks)


def _ended_off_the_board(start: QuerniState, turns: tuple[Turn, ...], end: QuerniState,
                         result: object, reason: str) -> GameRecord:
    """A version 2 record of a resigned or abandoned game: the game still under way after the
    last turn, and a result that fits the reason."""
    if end.result is not None:
        raise ValueError(f"the game ended on the board ({end.result}), not {reason}")
    if reason == RESIGNED and result in ("BLUE", "RED"):
        ending = Ending(RESIGNED, Color[str(result)].opponent)
    elif reason == ABANDONED and result == NO_RESULT:
        ending = Ending(ABANDONED)
    else:
        raise ValueError(f"a game {reason} has no result {result!r}")
    return GameRecord(start, turns, ending.outcome.result, reason)


# --- the record storage keeps of a finished game (the spec's) ------------------------------------
def record_fields(session: QuerniSession) -> dict[str, Any]:
    """A finished game's record: variant, result, reason, turns and who played."""
    outcome = session.outcome
    assert outcome is not None, "only a finished game is recorded"
    record = {"variant": session.variant, "result": outcome.result, "reason": outcome.reason,
              "turns": session.turn_count, "players": dict(session.players)}
    if session.hints:
        record["hints"] = session.hints  # only when there were any (as MAGDAGDON's)
    if session.takebacks:
        record["takebacks"] = session.takebacks  # TAKE BACK against EASY or MEDIUM
    return record


def check_record_fields(fields: dict[str, Any]) -> None:
    """A stored record must look like one :func:`record_fields` wrote (ValueError otherwise)."""
    result, reason = fields.get("result"), fields.get("reason")
    if result not in (*RESULTS, NO_RESULT):
        raise ValueError(f"result must be one of {RESULTS} or {NO_RESULT}, not {result!r}")
    if reason not in REASONS:
        raise ValueError(f"reason must be one of {REASONS}, not {reason!r}")
    if (result == NO_RESULT) != (reason == ABANDONED) or (reason == RESIGNED
                                                          and result == "DRAW"):
        raise ValueError(f"a game that ended {reason!r} cannot have the result {result!r}")
    turns = fields.get("turns")
    if type(turns) is not int or not 1 <= turns <= 100_000:
        raise ValueError(f"turns must be a count, not {turns!r}")
    players = fields.get("players")
    if not valid_players(players):
        raise ValueError(f"players must name who played BLUE and RED, not {players!r}")
    hints = fields.get("hints", 0)
    if type(hints) is not int or not 0 <= hints <= MAX_HINTS:
        raise ValueError(f"hints must be a count, not {hints!r}")
    takebacks = fields.get("takebacks", 0)
    if type(takebacks) is not int or not 0 <= takebacks <= 100_000:
        raise ValueError(f"takebacks must be a count, not {takebacks!r}")
