"""Where a scores view takes its rows from: this machine's records, or the venue's board.

A scores view asks its :class:`RecordSource` for a table or a list of games without knowing
which it has, beyond ``venue`` (then each row has a kiosk). :class:`VenueBoard` answers from
the link's newest snapshot, never waiting for the server, with this kiosk's records the venue
does not list yet merged in (a player sees their game at once).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from game.arcade.fleet.board import (
    RANKED_SPARE,
    STANDINGS_ROWS,
    UNRANKED_ROWS,
    VenueEntry,
    VenueQuery,
    VenueTable,
    merged,
)
from game.arcade.storage import GameData, Record, Storage

if TYPE_CHECKING:
    from game.arcade.fleet.link import FleetLink

STALE_SECONDS = 60.0
"""A board read longer ago than this is said to be stale (the link reads every 15 s)."""
CACHE_SECONDS = 1.0
"""Merged rows are made again at most this often while the board read stays the same (views ask
on every drawn frame; this kiosk's own records may change in between)."""


class RecordSource(Protocol):
    """The rows a scores view shows."""

    venue: bool
    """Rows of every kiosk of the venue (each has a :meth:`kiosk`)."""

    def table(self, game_id: str, variant: str) -> list[Record]:
        """A ranked game's table of ``variant``, best first (its ``table_size`` rows)."""
        ...

    def records(self, game_id: str, variant: str) -> list[Record]:
        """An unranked game's games of ``variant``, oldest first (the venue: its newest)."""
        ...

    def kiosk(self, record: Record) -> str:
        """The kiosk ``record`` was played on (``""`` for this machine's own)."""
        ...

    @property
    def newest(self) -> str | None:
        """The id of the record just made here (a view may light it up)."""
        ...


class OwnRecords:
    """This machine's records (the scores screen as it always was), asked of storage once per
    variant while no new game is recorded (views ask on every drawn frame)."""

    venue = False

    def __init__(self, storage: Storage | None) -> None:
        self.storage = storage
        self._asked: dict[tuple[str, str, str], list[Record]] = {}
        self._as_of: str | None = None

    def table(self, game_id: str, variant: str) -> list[Record]:
        return self._cached(("table", game_id, variant), lambda storage: storage.table(
            game_id, variant))

    def records(self, game_id: str, variant: str) -> list[Record]:
        return self._cached(("records", game_id, variant), lambda storage: storage.records(
            game_id, variant, last=UNRANKED_ROWS))

    def _cached(self, key: tuple[str, str, str],
                ask: Callable[[Storage], list[Record]]) -> list[Record]:
        if self.storage is None:
            return []
        if self.storage.last_recorded != self._as_of:
            self._asked.clear()
            self._as_of = self.storage.last_recorded
        if key not in self._asked:
            self._asked[key] = ask(self.storage)
        return self._asked[key]

    def kiosk(self, record: Record) -> str:
        return ""

    @property
    def newest(self) -> str | None:
        return None if self.storage is None else self.storage.last_recorded


@dataclass(frozen=True)
class VenueState:
    """What the screen says of the board: ``kind`` is ``live``, ``stale``, ``offline``,
    ``connecting`` or ``reading``; ``read_at`` when the shown board was read (epoch seconds)."""

    kind: str
    read_at: float | None


class VenueBoard:
    """The venue's boards, through the link, with this kiosk's unconfirmed records merged."""

    venue = True

    def __init__(self, link: FleetLink, storage: Storage | None,
                 games: Mapping[str, GameData], period: str = "all") -> None:
        self.link = link
        self.period = period
        """The games the tables hold: ``all``, ``week`` or ``today`` (``board.PERIODS``)."""
        self.storage = storage
        self.games = games
        self._kiosks: dict[str, str] = {}
        self._cache: dict[str, tuple[float, VenueTable | None, list[VenueEntry], int]] = {}
        self._shown: VenueTable | None = None

    @property
    def newest(self) -> str | None:
        return None if self.storage is None else self.storage.last_recorded

    def kiosk(self, record: Record) -> str:
        return self._kiosks.get(record.id, "")

    def table(self, game_id: str, variant: str) -> list[Record]:
        game = self.games[game_id]
        if game.score_of is None:
            return []
        query = VenueQuery(game_id, variant, (), True, game.table_size + RANKED_SPARE,
                           self.period)
        entries, _ = self.rows(query)
        return [entry.record for entry in entries[:game.table_size]]

    def records(self, game_id: str, variant: str) -> list[Record]:
        query = VenueQuery(game_id, variant, (), False, UNRANKED_ROWS, self.period)
        entries, _ = self.rows(query)
        return [entry.record for entry in reversed(entries)]

    def standings(self, game_id: str, variant: str,
                  match: tuple[tuple[str, str], ...]) -> tuple[list[VenueEntry], int]:
        """Every row of ``variant`` whose fields hold ``match`` (a day's challenge), best
        first, and how many there are in all."""
        return self.rows(VenueQuery(game_id, variant, match, True, STANDINGS_ROWS))

    def rows(self, query: VenueQuery) -> tuple[list[VenueEntry], int]:
        """The venue's rows of ``query`` with this kiosk's own merged in (cached briefly)."""
        table = self.link.table(query)
        self._shown = table if table is not None else self._shown
        now = time.monotonic()
        cached = self._cache.get(query.key)
        if cached is not None and cached[1] is table and now - cached[0] < CACHE_SECONDS:
            return cached[2], cached[3]
        game = self.games[query.game]
        entries, total = merged(table, self._own(query), query, game.score_of)
        for entry in entries:
            self._kiosks[entry.record.id] = entry.kiosk
        self._cache[query.key] = (now, table, entries, total)
        return entries, total

    def _own(self, query: VenueQuery) -> list[VenueEntry]:
        """This kiosk's records that could be on ``query``'s board."""
        if self.storage is None:
            return []
        name = self.link.kiosk_name
        game = self.games[query.game]
        if query.ranked and not query.match and query.period == "all" \
                and game.score_of is not None:
            own = self.storage.table(query.game, query.variant)  # beyond it: not in the top
        else:
            own = self.storage.records(query.game, query.variant, last=query.limit)
        # what the venue acknowledged is on its board, or ranks lower, or was removed there
        return [VenueEntry(record, name) for record in own
                if not self.link.acknowledged(query.game, record.id)]

    def state(self) -> VenueState:
        """How fresh the board last shown is, and whether the server can be reached."""
        status = self.link.status
        read_at = self._shown.read_at if self._shown is not None else None
        if status.state in ("offline", "stopped"):
            return VenueState("offline", read_at)
        if read_at is None:
            return VenueState("connecting" if status.state == "connecting" else "reading", None)
        if time.time() - read_at > STALE_SECONDS:
            return VenueState("stale", read_at)
        return VenueState("live", read_at)
