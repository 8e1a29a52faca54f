"""A finished game's record, and the records as ``scores.json`` (version 2) held them.

Statistics are built from *all* finished games, so every record is kept (not only a top 10);
the high-score tables are derived from them. The records live in ``arcade.db``
(:mod:`~game.arcade.storage.recordstore`); ``scores.json`` is only read, once, to take its
records in (:mod:`~game.arcade.storage.importer`).

Reading ``scores.json`` is strict for the current version: one malformed record, or an id
twice, makes the file corrupt (simpler and safer than guessing which parts to trust). A newer
version's file is read leniently: what does not pass is skipped (a copy of the file is kept
aside by the caller).
"""

from __future__ import annotations

import copy
import json
import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from game.arcade.storage.gamedata import (
    INITIALS_RE,
    RECORD_ID_RE,
    GameData,
    is_iso_date,
)

log = logging.getLogger(__name__)

RESERVED = ("id", "date", "variant", "initials")
"""Keys of a stored record that are not the game's fields."""
MAX_VARIANT = 64


@dataclass(frozen=True)
class Record:
    """One finished game. ``fields`` is the game's ``make_record()`` dict (plus extra fields)
    without ``"variant"``; read them as ``record.score`` or ``record.get("score", 0)``
    (``AttributeError``/default when the record has no such field)."""

    id: str
    date: str
    variant: str
    initials: str = ""
    fields: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "fields", MappingProxyType(dict(self.fields)))

    def __getattr__(self, name: str) -> Any:
        fields = self.__dict__.get("fields")
        if name.startswith("__") or fields is None or name not in fields:
            raise AttributeError(f"a {type(self).__name__} has no field {name!r}")
        return fields[name]

    def __deepcopy__(self, memo: dict[int, Any]) -> Record:
        return Record(self.id, self.date, self.variant, self.initials,
                      copy.deepcopy(dict(self.fields), memo))

    def get(self, name: str, default: Any = None) -> Any:
        """The field ``name``, or ``default``."""
        return self.fields.get(name, default)

    def as_dict(self) -> dict[str, Any]:
        """The game's view: ``{"variant": ..., **fields}`` (what ``make_record`` returned)."""
        return {"variant": self.variant, **self.fields}

    def to_json(self) -> dict[str, Any]:
        """The stored row: ``{"id", "date", "variant", "initials", **fields}``."""
        return {"id": self.id, "date": self.date, "variant": self.variant,
                "initials": self.initials, **self.fields}


def record_from_json(row: Any, game: GameData) -> Record:
    """A record from its stored row; ``ValueError`` when anything is wrong with it."""
    if not isinstance(row, dict):
        raise ValueError("a record must be an object")
    record_id, date, variant = row.get("id"), row.get("date"), row.get("variant")
    initials = row.get("initials", "")
    if not (isinstance(record_id, str) and RECORD_ID_RE.fullmatch(record_id)):
        raise ValueError(f"bad record id {record_id!r}")
    if not (isinstance(date, str) and is_iso_date(date)):
        raise ValueError(f"date must look like 2026-11-30T02:15:00Z, not {date!r}")
    if not (isinstance(variant, str) and 0 < len(variant) <= MAX_VARIANT):
        raise ValueError(f"bad variant {variant!r}")
    if not (isinstance(initials, str) and INITIALS_RE.fullmatch(initials)):
        raise ValueError(f"initials are up to three letters A-Z, not {initials!r}")
    fields = {key: value for key, value in row.items() if key not in RESERVED}
    try:
        game.check_record({"variant": variant, **fields})
    except (TypeError, KeyError) as error:
        raise ValueError(f"record {record_id}: {error}") from None
    return Record(record_id, date, variant, initials, fields)


def new_record(game: GameData, obj: Any, record_id: str, date: str, initials: str,
               extra: Mapping[str, Any]) -> Record:
    """The record of the finished ``obj`` (the game's ``make_record`` plus ``extra``);
    ``ValueError``/``TypeError`` for a record the file could not keep or the game refuses."""
    fields = dict(game.make_record(obj))
    variant = fields.pop("variant", None)
    clash = sorted((set(fields) | set(extra)) & {*RESERVED, "variant"})
    fields.update(extra)
    if not (isinstance(variant, str) and 0 < len(variant) <= MAX_VARIANT) or clash:
        raise ValueError(f"a record needs a 'variant' string and none of {clash}")
    json.dumps(fields, allow_nan=False)  # TypeError/ValueError: not JSON-safe
    game.check_record({"variant": variant, **fields})
    return Record(record_id, date, variant, initials, fields)


class GameRecords:
    """One game's records (recording order) and the ids recorded without a record (from v1)."""

    def __init__(self, records: Iterable[Record] = (), recorded: Iterable[str] = ()) -> None:
        self.records: list[Record] = []
        self._index: dict[str, int] = {}
        self.recorded: list[str] = []
        self._recorded: set[str] = set()
        for record in records:
            self.add(record)
        self.add_recorded(recorded)

    def __len__(self) -> int:
        return len(self.records)

    def has(self, record_id: str) -> bool:
        """Whether ``record_id`` is recorded (with a record, or known from v1)."""
        return record_id in self._index or record_id in self._recorded

    def get(self, record_id: str) -> Record | None:
        index = self._index.get(record_id)
        return None if index is None else self.records[index]

    def add(self, record: Record) -> None:
        if record.id in self._index:
            raise ValueError(f"record {record.id} appears twice")
        self._index[record.id] = len(self.records)
        self.records.append(record)

    def add_recorded(self, ids: Iterable[str]) -> None:
        """Ids known to be recorded without a record (those with a record are skipped)."""
        for record_id in ids:
            if record_id not in self._index and record_id not in self._recorded:
                self.recorded.append(record_id)
                self._recorded.add(record_id)


def parse_section(raw: Any, game: GameData, strict: bool = True) -> GameRecords:
    """One game's section of ``scores.json``; ``ValueError`` on anything wrong (``strict``),
    else the records that pass."""
    if not isinstance(raw, dict):
        if strict:
            raise ValueError(f"section {game.id} must be an object")
        return GameRecords()
    rows, recorded = raw.get("records", []), raw.get("recorded", [])
    if not (isinstance(rows, list) and isinstance(recorded, list)):
        if strict:
            raise ValueError(f"section {game.id}: 'records' and 'recorded' must be lists")
        rows, recorded = (rows if isinstance(rows, list) else []), (
            recorded if isinstance(recorded, list) else [])
    ids = [i for i in recorded if isinstance(i, str) and RECORD_ID_RE.fullmatch(i)]
    if len(ids) != len(recorded) and strict:
        raise ValueError(f"section {game.id}: 'recorded' must be a list of record ids")
    records = GameRecords()
    skipped = 0
    for row in rows:
        try:
            records.add(record_from_json(row, game))
        except ValueError:
            if strict:
                raise
            skipped += 1
    if skipped:
        log.warning("%d records of %s could not be read by this version", skipped, game.id)
    records.add_recorded(ids)
    return records


@dataclass
class RecordBook:
    """Every game's records: the known games parsed, the others as they were read."""

    games: dict[str, GameRecords] = field(default_factory=dict)
    passthrough: dict[str, Any] = field(default_factory=dict)


def parse_scores(data: dict[str, Any], games: Mapping[str, GameData],
                 strict: bool = True) -> RecordBook:
    """A v2 ``scores.json`` document; ``ValueError`` when it cannot be trusted (``strict``)."""
    sections = data.get("games")
    if not isinstance(sections, dict):
        if strict:
            raise ValueError("scores.json has no 'games' object")
        sections = {}
    book = RecordBook()
    for game_id, raw in sections.items():
        if game_id in games:
            book.games[game_id] = parse_section(raw, games[game_id], strict)
        else:
            book.passthrough[game_id] = raw
    for game_id in games:
        book.games.setdefault(game_id, GameRecords())
    return book
