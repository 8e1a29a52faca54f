"""What the GAMES screen lists of each recorded QUERNI game (date, players, result, turns),
joined from storage's documents and the records; a document whose record is gone is summed up
from itself once its row is shown. No pygame here."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from game.games.querni.session import HUMAN, NO_RESULT, computer_level
from game.games.querni.stats import human_colour
from game.games.querni.texts import color_name, t

if TYPE_CHECKING:
    from game.arcade.storage import DocumentEntry, Record


@dataclass(frozen=True)
class GameRow:
    """One recorded game: ``players``, ``result`` and ``turns`` are ``None`` until known."""

    record_id: str
    date: str
    players: Mapping[str, str] | None = None
    result: str | None = None
    turns: int | None = None
    takebacks: int = 0
    """Pairs of turns the person took back (TAKE BACK): the GAMES list says so."""

    @property
    def known(self) -> bool:
        """Its result and turns are known (from the record, or read from the document)."""
        return self.result is not None and self.turns is not None


def rows(entries: Sequence[DocumentEntry], records: Sequence[Record]) -> list[GameRow]:
    """A row per document (newest first, as ``entries`` are), filled from its record."""
    by_id = {record.id: record for record in records}
    out = []
    for entry in entries:
        record = by_id.get(entry.record_id)
        if record is None:
            out.append(GameRow(entry.record_id, entry.date))
            continue
        players = record.get("players")
        out.append(GameRow(entry.record_id, record.date,
                           dict(players) if isinstance(players, Mapping) else None,
                           str(record.get("result")), int(record.get("turns", 0)),
                           int(record.get("takebacks", 0))))
    return out


PAGE = 40
"""Rows read at a time: a list of a hundred thousand games reads only what it shows."""


class GameRows:
    """The rows of ``count`` games, newest first, ``PAGE`` at a time: ``ask(offset, count)``
    reads a page in the background when it is first shown (``first``: the first page, read
    with the count). Until its page is in, a row is an empty one (no record id), as is a row
    the page did not give (an index entry left out as damaged): never drawn or opened."""

    def __init__(self, count: int, ask: Callable[[int, int], Future[list[GameRow]]],
                 first: list[GameRow] | None = None) -> None:
        self._count = count
        self._ask = ask
        self._pages: dict[int, list[GameRow]] = {} if first is None else {0: first}
        self._asked: dict[int, Future[list[GameRow]]] = {}

    def __len__(self) -> int:
        return self._count

    @property
    def reading(self) -> bool:
        """A page asked for is still being read."""
        return any(not future.done() for future in self._asked.values())

    def _page(self, index: int) -> list[GameRow]:
        if not 0 <= index < self._count:
            raise IndexError(index)
        number = index // PAGE
        if number not in self._pages:
            asked = self._asked.setdefault(number, self._ask(number * PAGE, PAGE))
            if not asked.done():
                return []
            self._pages[number] = [] if asked.exception() else asked.result()
        return self._pages[number]

    def __getitem__(self, index: int) -> GameRow:
        page = self._page(index)
        return page[index % PAGE] if index % PAGE < len(page) else GameRow("", "")

    def __setitem__(self, index: int, row: GameRow) -> None:
        page = self._page(index)
        if index % PAGE < len(page):
            page[index % PAGE] = row

    def __iter__(self) -> Iterator[GameRow]:
        return (self[index] for index in range(self._count))


def from_document(row: GameRow, data: dict[str, Any]) -> GameRow:
    """``row`` with the result and the turns of its document, as ``Storage.document`` gives it:
    checked already (every turn played through the rules), so it is only read here."""
    takebacks = data.get("takebacks", 0)
    return replace(row, result=str(data["result"]), turns=len(data["turns"]),
                   takebacks=takebacks if type(takebacks) is int else 0)


def level_name(kind: str) -> str:
    """A computer player's level as the setup screen names it (EASY…); ``kind`` otherwise."""
    level = computer_level(kind)
    return t(f"setup.level_{level}") if level is not None else kind


def players_text(players: Mapping[str, str] | None) -> str:
    """Who played: two people; you (your colour) against a level; or the computer's levels
    (the demo's games)."""
    if players is None:
        return t("games.unknown")
    me = human_colour(dict(players))
    if me is not None:
        other = next(kind for colour, kind in players.items() if colour != me)
        return t("games.you_vs", color=color_name(me), level=level_name(other))
    if all(kind == HUMAN for kind in players.values()):
        return t("games.two_players")
    return t("games.computers", blue=level_name(players.get("BLUE", "")),
             red=level_name(players.get("RED", "")))


def who_text(row: GameRow) -> str:
    """Who played, and how many take-backs when there were any."""
    who = players_text(row.players)
    return f"{who} · {t('games.takebacks', count=row.takebacks)}" if row.takebacks else who


def outcome(row: GameRow) -> str:
    """How it ended for the person at the screen: ``"won"``, ``"lost"``, ``"draw"``,
    ``"unfinished"`` (left with no result), or the winning colour between two people
    (``"BLUE"``, ``"RED"``); ``""`` when unknown."""
    if row.result is None:
        return ""
    if row.result == "DRAW":
        return "draw"
    if row.result == NO_RESULT:
        return "unfinished"
    me = human_colour(dict(row.players)) if row.players is not None else None
    if me is None:
        return row.result
    return "won" if row.result == me else "lost"


def outcome_text(kind: str) -> str:
    """An ``outcome`` in words."""
    words = {"won": "scores.you_won", "lost": "scores.you_lost", "draw": "scores.drawn",
             "unfinished": "games.unfinished"}
    if kind in words:
        return t(words[kind])
    return t("scores.won", color=color_name(kind)) if kind else t("games.unknown")
