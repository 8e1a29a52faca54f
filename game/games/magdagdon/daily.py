"""The daily challenge's dice: the same for every player on every machine on a given UTC date.

The n-th die of the day (every die drawn, ROLLs and REROLLs in order) is the first byte below
252 of SHA-256 of ``MAGDAGDON daily YYYY-MM-DD #n``, as ``byte % 6 + 1`` (252 is the largest
multiple of 6 in a byte, so the faces are equally likely). No clock, seed, ``hash()`` or
``random`` goes in, so it is stable across versions and platforms. **Never change it**: it
would split a day's players.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING

from game.rules.magdagdon import Difficulty

if TYPE_CHECKING:
    from game.arcade.storage import Record

DATE_RE = re.compile(r"\d{4}-\d{2}-\d{2}")
DAILY = "DAILY"
"""The record variant of a daily challenge's one recorded attempt (its own table)."""
DAILY_DIFFICULTY = Difficulty.SURVIVAL
"""The daily challenge is played under SURVIVAL's rules."""
LIMIT = 252  # 6 × 42: bytes from here up are skipped so the six faces stay equally likely


def parse_date(text: str) -> date:
    """``YYYY-MM-DD`` as a date; ``ValueError`` for anything else."""
    if not DATE_RE.fullmatch(text):
        raise ValueError(f"a date is YYYY-MM-DD, not {text!r}")
    return date.fromisoformat(text)


def option_date(text: str) -> str:
    """``--daily YYYY-MM-DD``: the date checked, as the play screen takes it."""
    return parse_date(text).isoformat()


def today() -> date:
    """The UTC date: the day's challenge changes at midnight UTC, for everyone at once."""
    return datetime.now(UTC).date()


def die(day: date, n: int) -> int:
    """The ``n``-th die (0-based) of ``day``'s challenge, 1..6."""
    import hashlib  # OpenSSL's library: loaded for a daily game, not to list the games

    digest = hashlib.sha256(f"MAGDAGDON daily {day.isoformat()} #{n}".encode("ascii")).digest()
    for byte in digest:
        if byte < LIMIT:
            return byte % 6 + 1
    return digest[-1] % 6 + 1  # 32 bytes all ≥ 252: never happens (p = 2**-160)


class DailyDice:
    """The dice source of a daily game (``MagdagdonGame(rng=…)`` calls ``randint(1, 6)``);
    ``drawn`` counts the dice so far, which a saved daily game stores to resume."""

    def __init__(self, day: date, drawn: int = 0) -> None:
        self.day = day
        self.drawn = drawn

    def randint(self, low: int, high: int) -> int:
        if (low, high) != (1, 6):
            raise ValueError("daily dice are six-sided")
        value = die(self.day, self.drawn)
        self.drawn += 1
        return value


# --- the daily table (from the stored records alone) ---------------------------------------------
def recorded_days(records: list[Record]) -> dict[str, Record]:
    """Each day's recorded attempt (records of variant ``DAILY``), by date."""
    return {r.get("daily"): r for r in records if r.variant == DAILY and r.get("daily")}


def last_days(records: list[Record], day: date, count: int = 30
              ) -> list[tuple[str, Record | None]]:
    """The ``count`` days up to ``day``, newest first, with that day's attempt or ``None``."""
    attempts = recorded_days(records)
    days = [(day - timedelta(days=offset)).isoformat() for offset in range(count)]
    return [(d, attempts.get(d)) for d in days]


def streak(records: list[Record], day: date) -> int:
    """Days in a row with a recorded attempt, up to ``day`` (or up to yesterday while today's
    challenge is still open: a streak is not lost before the day is over)."""
    attempts = recorded_days(records)
    current = day if day.isoformat() in attempts else day - timedelta(days=1)
    count = 0
    while current.isoformat() in attempts:
        count += 1
        current -= timedelta(days=1)
    return count
