"""One game of MAGDAGDON as the arcade keeps it: the rules' game, the hints asked for, and the
history of its chance events (what REVIEW replays). Pure Python, no pygame.

The session is what is saved and recorded (storage knows a game by the object's identity, so
the play scene keeps one session). Its save format is in docs/data-formats.md: a history
state is ``to_dict()`` without the dice generator, taken at ``roll`` (dice landed),
``adjust`` / ``reroll`` and ``end``; a daily game keeps its date and the dice drawn. An older
save (the game alone) loads with no hints or history, and a history that does not read back
is dropped (the game still resumes).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.games.magdagdon.daily import DAILY, DAILY_DIFFICULTY, DailyDice, parse_date
from game.rules.magdagdon import Difficulty, MagdagdonGame, score_range

EVENTS = ("roll", "adjust", "reroll", "end")
MAX_HISTORY = 400
"""More entries than any game can make (16 turns × (roll + 3 powers + end)); a save with more
is not one this game wrote."""
MAX_HINTS = 10_000
MAX_SCORE = 10_000
"""Bounds a stored score may have (the game's range is far inside: M-7.6 caps it at 544)."""


@dataclass(eq=False)
class Session:
    """The game, the hints asked for in it and its history (see the module docstring)."""

    game: MagdagdonGame
    hints: int = 0
    history: list[dict[str, Any]] = field(default_factory=list)
    daily: str | None = None  # the date of a daily challenge (YYYY-MM-DD)
    practice: bool = False  # a daily replayed after its recorded attempt: not recorded

    @classmethod
    def daily_challenge(cls, day: str, practice: bool = False) -> Session:
        """A new game of ``day``'s challenge: SURVIVAL, the day's dice."""
        game = MagdagdonGame(DAILY_DIFFICULTY, DailyDice(parse_date(day)))
        return cls(game, daily=day, practice=practice)

    # --- recording what happened ---------------------------------------------------------------
    def note(self, at: str, dice: tuple[int, ...] | list[int] | None = None) -> None:
        """Remember the game as it is now, after the chance event or turn end ``at``."""
        if at not in EVENTS:
            raise ValueError(f"unknown history event {at!r}")
        entry: dict[str, Any] = {"at": at, "state": snapshot(self.game)}
        if dice is not None:
            entry["dice"] = sorted(int(d) for d in dice)
        if len(self.history) < MAX_HISTORY:
            self.history.append(entry)

    def hinted(self) -> None:
        """The player asked for (and was shown) a hint."""
        self.hints = min(MAX_HINTS, self.hints + 1)

    # --- the save codec ------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": self.game.to_dict(), "hints": self.hints,
                                "history": [dict(entry) for entry in self.history]}
        if self.daily is not None:
            rng = self.game.rng
            data["daily"] = {"date": self.daily,
                             "drawn": rng.drawn if isinstance(rng, DailyDice) else 0}
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Session:
        """A session from ``to_dict`` data or an older save; ``ValueError`` when the game does
        not decode or ``hints`` is not a count."""
        if not isinstance(data, dict):
            raise ValueError("a saved session must be a JSON object")
        if "game" not in data:  # a save from before sessions: the game's own dict
            return cls(MagdagdonGame.from_dict(data))
        unknown = set(data) - {"game", "hints", "history", "daily"}
        if unknown:
            raise ValueError(f"unknown fields in a saved session: {sorted(map(str, unknown))}")
        day, dice = _daily(data.get("daily"))
        game = MagdagdonGame.from_dict(data["game"], rng=dice)
        hints = data.get("hints", 0)
        if type(hints) is not int or not 0 <= hints <= MAX_HINTS:
            raise ValueError(f"hints must be a count, not {hints!r}")
        return cls(game, hints, read_history(data.get("history", [])), daily=day)


def _daily(raw: Any) -> tuple[str | None, DailyDice | None]:
    """The date and the dice stream of a saved daily challenge (``None, None`` otherwise)."""
    if raw is None:
        return None, None
    if not (isinstance(raw, dict) and set(raw) == {"date", "drawn"}
            and isinstance(raw["date"], str) and type(raw["drawn"]) is int
            and 0 <= raw["drawn"] <= 10_000):
        raise ValueError(f"a daily challenge's save is {{date, drawn}}, not {raw!r}")
    return raw["date"], DailyDice(parse_date(raw["date"]), raw["drawn"])


def snapshot(game: MagdagdonGame) -> dict[str, Any]:
    """``game.to_dict()`` without its dice generator (a history entry's state)."""
    data = game.to_dict()
    data.pop("rng", None)
    return data


def read_history(raw: Any) -> list[dict[str, Any]]:
    """The history entries of a save, each checked; ``[]`` when any does not read back."""
    if not isinstance(raw, list) or len(raw) > MAX_HISTORY:
        return []
    entries: list[dict[str, Any]] = []
    for entry in raw:
        try:
            entries.append(_entry(entry))
        except (TypeError, ValueError, KeyError, IndexError):
            return []
    return entries


def _entry(entry: Any) -> dict[str, Any]:
    if not isinstance(entry, dict) or entry.get("at") not in EVENTS:
        raise ValueError(f"not a history entry: {entry!r}")
    if set(entry) - {"at", "state", "dice"}:
        raise ValueError("unknown fields in a history entry")
    state = entry["state"]
    if not isinstance(state, dict) or "rng" in state:
        raise ValueError("a history state is a game without its dice generator")
    MagdagdonGame.from_dict(state)  # ValueError when it is not a legal game
    out: dict[str, Any] = {"at": entry["at"], "state": state}
    if "dice" in entry:
        dice = entry["dice"]
        if not (isinstance(dice, list) and dice
                and all(type(d) is int and 0 <= d < 4 for d in dice)):
            raise ValueError(f"bad rerolled dice {dice!r}")
        out["dice"] = list(dice)
    return out


def game_of(obj: Session | MagdagdonGame) -> MagdagdonGame:
    """The rules' game of a session (or of a bare game, as older code and tests pass it)."""
    return obj.game if isinstance(obj, Session) else obj


def session_of(obj: Session | MagdagdonGame) -> Session:
    """``obj`` as a session: a bare game becomes a new session (no hints, no history)."""
    return obj if isinstance(obj, Session) else Session(obj)


def encode(obj: Session | MagdagdonGame) -> dict[str, Any]:
    """The save of ``obj`` (the spec's codec): a bare game saves as a session."""
    return session_of(obj).to_dict()


def is_over(obj: Session | MagdagdonGame) -> bool:
    return bool(game_of(obj).is_over)


def record(obj: Session | MagdagdonGame) -> dict[str, Any]:
    """A finished game's record (M-8.2): score, turns, powers used and ruins, per difficulty;
    ``hints``: how many hints the player was shown (only when there were any)."""
    game = game_of(obj)
    card = game.score()
    fields = {"variant": game.difficulty.name, "score": card.total, "turns": game.turns,
              "powers": game.powers_used, "ruins": card.ruins}
    if isinstance(obj, Session) and obj.daily is not None:
        fields["variant"] = DAILY  # the day's one recorded attempt, in its own table
        fields["daily"] = obj.daily
    hints = obj.hints if isinstance(obj, Session) else 0
    if hints:
        fields["hints"] = hints
    return fields


def _check_int(fields: dict[str, Any], name: str, low: int, high: int) -> None:
    value = fields.get(name)
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{name} must be an int from {low} to {high}, not {value!r}")


def check_record(fields: dict[str, Any]) -> None:
    """A stored record must look like one :func:`record` wrote (ValueError otherwise)."""
    _check_int(fields, "score", -MAX_SCORE, MAX_SCORE)
    _check_int(fields, "turns", 0, 16)
    _check_int(fields, "powers", 0, max(d.powers for d in Difficulty))
    _check_int(fields, "ruins", 0, 16)
    hints = fields.get("hints", 0)
    if type(hints) is not int or not 0 <= hints <= 10_000:
        raise ValueError(f"hints must be a count, not {hints!r}")
    if "daily" in fields or fields.get("variant") == DAILY:
        parse_date(str(fields.get("daily")))  # ValueError unless YYYY-MM-DD


def score_ranges() -> dict[str, tuple[int, int]]:
    """The lowest and highest score of each difficulty and of the daily challenge (the
    spec's, for the venue's server)."""
    return {**{d.name: score_range(d) for d in Difficulty}, DAILY: score_range(DAILY_DIFFICULTY)}
