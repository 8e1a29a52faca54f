"""The venue board as the screens see it: what a screen asks for (:class:`VenueQuery`: a game's
variant, maybe only records whose field matches a value, of a period), and the
:class:`VenueTable` read back, from the newest tables the link's thread published.
Ranked tables are ordered by the game's score, higher first, ties keeping the earlier record
first (M-8.2); unranked ones newest first. :func:`merged` adds this kiosk's own records the venue
has not confirmed yet, so a player sees their game at once, online or not.

Rows read back are checked like a file from a stranger (any kiosk, or anyone with a SQL prompt,
may have written one): :func:`entry_from_row` takes a row only when every value is what this
build would have written, else raises ``ValueError`` with the reason (the reader skips the row
and logs it once). The server sends every value as bounded text, so a huge one arrives cut short.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from game.arcade.storage import GameData, Record, is_iso_date
from game.arcade.storage.gamedata import INITIALS_RE, RECORD_ID_RE
from game.arcade.storage.settings import KIOSK_NAME_RE

RANKED_SPARE = 20
"""Rows read beyond a ranked table's size, to stand in for malformed ones that are skipped."""
UNRANKED_ROWS = 200
"""The newest games an unranked game's venue view reads (its totals count these)."""
STANDINGS_ROWS = 500
"""The rows a day's standings read (the player's rank is found among them)."""
PERIODS = ("all", "today", "week")
"""A board's games: ALL TIME, TODAY (since this kiosk's midnight), THIS WEEK (since Monday's
midnight)."""


@dataclass(frozen=True)
class VenueQuery:
    """One board a screen shows: ``game``'s ``variant``, only records whose fields hold each
    ``match`` pair (``(("daily", "2026-12-01"),)``), ``ranked`` by score or newest first, at
    most ``limit`` rows, of the ``period`` (one of :data:`PERIODS`)."""

    game: str
    variant: str
    match: tuple[tuple[str, str], ...] = ()
    ranked: bool = True
    limit: int = 30
    period: str = "all"

    def __post_init__(self) -> None:
        if self.period not in PERIODS:
            raise ValueError(f"a board's period is one of {PERIODS}, not {self.period!r}")

    @property
    def key(self) -> str:
        """A stable text of the query (boards kept across runs are keyed by it)."""
        return json.dumps([self.game, self.variant, [list(m) for m in self.match],
                           self.ranked, self.limit, self.period], separators=(",", ":"))


def period_bounds(period: str, now: datetime) -> tuple[datetime | None, datetime | None]:
    """The first moment of ``period`` and the first after it, in ``now``'s time zone (the
    kiosk's: its players' day); ``(None, None)`` for all time."""
    if period == "all":
        return None, None
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    if period == "today":
        start = midnight
        return start, (start + timedelta(days=1, hours=2)).replace(hour=0)
    start = midnight - timedelta(days=now.weekday())
    return start, (start + timedelta(days=7, hours=2)).replace(hour=0)


@dataclass(frozen=True)
class VenueEntry:
    """One row of the venue board: a record and the kiosk it was played on."""

    record: Record
    kiosk: str


@dataclass(frozen=True)
class VenueTable:
    """The rows of one query (ranked: best first; else newest first), how many the server
    holds in all, and when they were read (seconds since the epoch)."""

    entries: tuple[VenueEntry, ...]
    total: int
    read_at: float


def score_of(game: GameData, record: Record) -> int | None:
    """``record``'s score column (``None``: an unranked game)."""
    return None if game.score_of is None else game.score_of(record.as_dict())


def row_of(entry: VenueEntry, game: GameData) -> list[Any]:
    """``entry`` as the row :func:`entry_from_row` reads."""
    record = entry.record
    return [game.id, record.id, entry.kiosk, record.date, record.variant, record.initials,
            score_of(game, record), json.dumps(dict(record.fields), separators=(",", ":"))]


def merged(table: VenueTable | None, own: Iterable[VenueEntry], query: VenueQuery,
           score_of: Callable[[dict[str, Any]], int] | None) -> tuple[list[VenueEntry], int]:
    """The venue's rows with this kiosk's own records that it does not list yet (each id
    once; the venue's row wins, with the local initials when it has none), in the board's
    order, and the count of all rows."""
    rows: dict[str, VenueEntry] = {}
    for entry in table.entries if table is not None else ():
        rows[entry.record.id] = entry
    extra = 0
    for entry in own:
        if not _matches(entry.record, query):
            continue
        known = rows.get(entry.record.id)
        if known is None:
            rows[entry.record.id] = entry
            extra += 1
        elif entry.record.initials and not known.record.initials:
            rows[entry.record.id] = VenueEntry(entry.record, known.kiosk)
    total = (table.total if table is not None else 0) + extra
    if query.ranked and score_of is not None:
        ranked = score_of  # best first: higher score, then the earlier record, then the id
        return sorted(rows.values(), key=lambda e: (-ranked(e.record.as_dict()), e.record.date,
                                                    e.record.id))[:query.limit], total
    newest = sorted(rows.values(), key=lambda e: (e.record.date, e.record.id), reverse=True)
    return newest[:query.limit], total


def _matches(record: Record, query: VenueQuery) -> bool:
    if query.period != "all":
        since, until = period_bounds(query.period, datetime.now().astimezone())
        when = datetime.fromisoformat(record.date.replace("Z", "+00:00"))
        if since is None or until is None or not since <= when < until:
            return False
    return record.variant == query.variant and all(
        str(record.get(name)) == value for name, value in query.match)


FIELDS_MAX = 8192
"""Bytes of a record's fields as JSON text (a real record is well under 300)."""
TEXT_MAX = 64
"""Characters of a variant (the local files' limit too)."""
RESERVED = frozenset({"id", "date", "variant", "initials", "kiosk"})
_CHECK_ERRORS = (ValueError, TypeError, KeyError, AttributeError, ArithmeticError,
                 RecursionError)


def entry_from_row(row: Sequence[Any], game: GameData, variant: str) -> tuple[Record, str]:
    """(record, kiosk) of one row ``(game, id, kiosk, date, variant, initials, score,
    fields)`` read for ``game``'s ``variant``; ``ValueError`` with the reason otherwise."""
    if len(row) != 8:
        raise ValueError(f"a row of {len(row)} columns")
    game_id, record_id, kiosk, date, row_variant, initials, score, fields_text = row
    if game_id != game.id or row_variant != variant:
        raise ValueError("a row of another game or variant")
    if not (isinstance(record_id, str) and RECORD_ID_RE.fullmatch(record_id)):
        raise ValueError("a bad record id")
    if not (isinstance(kiosk, str) and KIOSK_NAME_RE.fullmatch(kiosk)):
        raise ValueError("a bad kiosk name")
    if not is_iso_date(date):
        raise ValueError("a bad date")
    if not (isinstance(initials, str) and INITIALS_RE.fullmatch(initials)):
        raise ValueError("bad initials")
    if not isinstance(fields_text, str):
        raise ValueError("fields too big or missing")
    if len(fields_text.encode("utf-8", "surrogatepass")) > FIELDS_MAX:
        raise ValueError("fields too big")
    try:
        fields = json.loads(fields_text)
    except (ValueError, RecursionError):
        raise ValueError("fields that are not JSON") from None
    if not isinstance(fields, dict):
        raise ValueError("fields that are not an object")
    if RESERVED & set(fields):
        raise ValueError("fields that name a reserved key")
    try:
        game.check_record({"variant": variant, **fields})
        expected = None if game.score_of is None else game.score_of({"variant": variant,
                                                                      **fields})
    except _CHECK_ERRORS as error:
        raise ValueError(f"fields the game refuses ({str(error)[:120]})") from None
    if expected is not None and (type(score) is not int or score != expected):
        raise ValueError("a score column that is not the game's score of the fields")
    return Record(record_id, date, variant, initials, fields), kiosk

