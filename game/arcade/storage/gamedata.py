"""What storage knows of a game, how its older files migrate, and a finished game's record.

Storage must not import the games (they import pygame scenes, and a new game must not need a
change in here), so each game describes itself with a :class:`GameData`: its settings section,
how to turn its game object into JSON and back, what a finished game's record holds and how its
older files migrate. The id, date and initials formats live here because settings, records and
saves all check them.

**Migrations.** A stored JSON file carries ``"version": N``; :meth:`Migrations.upgrade` applies
the steps ``(kind, N) -> N+1`` in order up to :data:`CURRENT` (version 2 for settings, scores and
saves, docs/data-formats.md); the caller validates the result as the current version, rewrites
the file and keeps the original as ``<name>.v<N>-backup``. A step only reshapes (``ValueError``
when the old file does not even have the old shape: corrupt). The steps are the games' own
(``GameData.migrations``): ``settings.json`` and ``scores.json`` take them from whichever game
wrote the old version (two games offering one step is a ``ValueError``); a save only its own
game's ``"save"`` steps, and :attr:`GameMigrations.save_file` names a save it wrote before
``saves/<id>.json`` existed (moved there once, through those steps).

**Records.** Statistics are built from *all* finished games, so every record is kept; the
high-score tables are derived from them in ``arcade.db`` (:mod:`.recordstore`). ``scores.json``
(:class:`RecordBook`) is only read, once, to take its records in (:mod:`.saves`): strictly for
the current version (one malformed record, or an id twice, makes it corrupt), leniently for a
newer one (what does not pass is skipped).
"""

from __future__ import annotations

import copy
import json
import logging
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from types import MappingProxyType
from typing import Any

CURRENT: dict[str, int] = {"settings": 2, "scores": 2, "save": 2}
"""The version this build writes, per kind of file."""
SHARED_KINDS = ("settings", "scores")
"""Kinds of file every game has a part of (a save belongs to one game)."""
_FILE_NAME_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}\.json")

Migration = Callable[[dict[str, Any]], dict[str, Any]]
"""One step: a document of version N in, the same data as version N+1 out."""


@dataclass(frozen=True)
class GameMigrations:
    """How one game's older files become today's; each game hands its own to storage."""

    steps: Mapping[tuple[str, int], Migration] = field(default_factory=dict)
    """``(kind, from_version) -> step`` giving the ``from_version + 1`` document."""
    save_file: str | None = None
    """A save the game wrote in the data folder before ``saves/<id>.json`` existed; it is moved
    there once (the original kept as ``<save_file>.v<N>-backup``)."""

    def __post_init__(self) -> None:
        unknown = sorted(kind for kind, _ in self.steps if kind not in CURRENT)
        if unknown:
            raise ValueError(f"no kind of file is called {unknown}")
        if self.save_file is not None and not _FILE_NAME_RE.fullmatch(self.save_file):
            raise ValueError(f"a save file is a .json name in the data folder, "
                             f"not {self.save_file!r}")


class Migrations:
    """Every game's steps together: what reading a file of an older version may apply."""

    def __init__(self, games: Mapping[str, GameMigrations] | None = None) -> None:
        self.games = dict(games or {})
        self.steps: dict[tuple[str, int], Migration] = {}
        """The shared files' steps, by ``(kind, from_version)``."""
        save_files: dict[str, str] = {}
        for game_id, own in self.games.items():
            for key, step in own.steps.items():
                if key[0] not in SHARED_KINDS:
                    continue
                if key in self.steps:
                    raise ValueError(f"two games migrate {key[0]} version {key[1]}")
                self.steps[key] = step
            if own.save_file is not None:
                if own.save_file in save_files:
                    raise ValueError(f"{save_files[own.save_file]} and {game_id} both claim "
                                     f"{own.save_file}")
                save_files[own.save_file] = game_id

    def save_file(self, game_id: str) -> str | None:
        """The older save file ``game_id`` wrote, if any."""
        own = self.games.get(game_id)
        return None if own is None else own.save_file

    def can_upgrade(self, kind: str, version: int, game_id: str | None = None) -> bool:
        """Whether a ``kind`` file of ``version`` (a save: ``game_id``'s) can be brought to
        :data:`CURRENT`."""
        steps = self._steps(kind, game_id)
        return 1 <= version < CURRENT[kind] and all(
            (kind, v) in steps for v in range(version, CURRENT[kind]))

    def upgrade(self, kind: str, data: dict[str, Any],
                game_id: str | None = None) -> dict[str, Any]:
        """``data`` migrated step by step to :data:`CURRENT`; ``ValueError`` if it cannot be."""
        version = data.get("version")
        if type(version) is not int or not self.can_upgrade(kind, version, game_id):
            raise ValueError(f"no way from {kind} version {version!r} to {CURRENT[kind]}")
        steps = self._steps(kind, game_id)
        while version < CURRENT[kind]:
            data = steps[(kind, version)](data)
            if data.get("version") != version + 1:  # a bug in the step, not a file problem
                raise AssertionError(f"migration {kind} {version} did not give {version + 1}")
            version += 1
        return data

    def _steps(self, kind: str, game_id: str | None) -> Mapping[tuple[str, int], Migration]:
        if kind in SHARED_KINDS:
            return self.steps
        own = self.games.get(game_id) if game_id is not None else None
        return {} if own is None else own.steps


GAME_ID_RE = re.compile(r"[a-z0-9_]{1,64}")
"""A game id: also a file name (``saves/<id>.json``), so nothing but ``[a-z0-9_]``."""
RECORD_ID_RE = re.compile(r"[0-9A-Za-z_-]{1,64}")
"""A record id: a uuid4 hex today; v1 allowed these characters, so v2 does too."""
INITIALS_RE = re.compile(r"[A-Z]{0,3}")
FACET_NAME_RE = re.compile(r"[a-z][a-z0-9_]{0,31}")
MAX_FACETS = 4
"""A game's facets (``GameData.facets``) at most: the database keeps four beside each record."""
Facet = Callable[[dict[str, Any]], int | str | None]
DATE_FORMAT = "%Y-%m-%dT%H:%M:%SZ"
STAMP_FORMAT = "%Y%m%dT%H%M%SZ"
_DATE_RE = re.compile(r"(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])"
                      r"T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\dZ")


@dataclass(frozen=True)
class SettingField:
    """One setting: its default (whose type is the field's type) and an extra check.

    Types are ``bool``, ``int``, ``float`` (a JSON integer is accepted and made a float) and
    ``str``, compared exactly (``True`` is not an ``int``). A ``None`` default means the value
    may be ``None`` or any JSON value that passes ``check`` (e.g. the window geometry).
    """

    default: Any
    check: Callable[[Any], bool] | None = None


@dataclass(frozen=True)
class GameData:
    """What storage needs to know of one game; each game's spec builds one.

    A record dict (what ``make_record`` returns, plus ``record_game``'s extra fields) must be
    JSON-safe and hold ``"variant"`` (a string); ``check_record`` and ``score_of`` receive that
    same dict when it is read back. ``check_record`` should ignore fields it does not know, so a
    newer version's records stay readable. Without ``score_of`` the game is not ranked: it has
    records but no tables. ``rank(scores_best_first, new)`` is the rules' ranking; without it a
    higher score is better and ties keep the earlier record first (M-8.2).
    """

    id: str
    settings: Mapping[str, SettingField]
    encode: Callable[[Any], dict[str, Any]]
    decode: Callable[[dict[str, Any]], Any]
    is_over: Callable[[Any], bool]
    make_record: Callable[[Any], dict[str, Any]]
    check_record: Callable[[dict[str, Any]], None]
    score_of: Callable[[dict[str, Any]], int] | None = None
    rank: Callable[[Sequence[int], int], int | None] | None = None
    table_size: int = field(default=10)
    document: Callable[[Any], dict[str, Any]] | None = None
    """The game's replayable document of a finished game (written once, when it is recorded,
    as ``games/<id>-<stamp>-<record id>.json``); ``None``: the game writes none."""
    document_format: str | None = None
    """The ``"format"`` field of this game's documents (how a document names its game)."""
    check_document: Callable[[dict[str, Any]], object] | None = None
    """Raises ``ValueError`` for a document that is not a valid one of this game."""
    leave: Callable[[Any], None] | None = None
    """Ends, in place, a saved game a new game replaces, as the game's rules for leaving say
    (e.g. a resignation against the computer): a game that is then over is recorded, any
    other is only forgotten (``Storage.leave_game``). ``None``: every replaced game is only
    forgotten (M-2.2)."""
    migrations: GameMigrations = field(default_factory=GameMigrations)
    """How the game's files of older versions become today's (its own history: the shell
    knows no older format)."""
    score_ranges: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    """A ranked game's lowest and highest possible score of each variant, as its rules give
    them: the venue's server refuses a kiosk's score outside them (or of another variant)."""
    facets: Mapping[str, Facet] = field(default_factory=dict)
    """What the game's statistics count by or add up, by name (at most :data:`MAX_FACETS`;
    not ``variant`` or ``score``, which every record has): each takes the record dict and
    gives an int, a string of up to 64 characters or ``None``. Storage keeps them beside each
    record, so ``Storage.tally`` answers with a query instead of reading every record. Give a
    facet a new name when its meaning changes: stored values are worked out again when the
    names differ from those they were stored with."""

    def __post_init__(self) -> None:
        if not (isinstance(self.id, str) and GAME_ID_RE.fullmatch(self.id)):
            raise ValueError(f"a game id is 1..64 characters of [a-z0-9_], not {self.id!r}")
        if not (type(self.table_size) is int and self.table_size >= 1):
            raise ValueError(f"table_size must be a positive int, not {self.table_size!r}")
        names = list(self.facets)
        if len(names) > MAX_FACETS or not all(
                isinstance(n, str) and FACET_NAME_RE.fullmatch(n) and n not in ("variant", "score")
                for n in names):
            raise ValueError(f"facets are up to {MAX_FACETS} names of [a-z0-9_] (not 'variant' "
                             f"or 'score'), not {names!r}")


def utcnow() -> datetime:
    """The current time in UTC (the default clock of a ``Storage``)."""
    return datetime.now(UTC)


def as_utc(moment: datetime) -> datetime:
    """``moment`` in UTC; a naive datetime is taken to be UTC already."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def iso_date(moment: datetime) -> str:
    """``moment`` as ISO-8601 UTC with seconds, e.g. ``2026-11-30T02:15:00Z``."""
    return as_utc(moment).strftime(DATE_FORMAT)


def stamp(moment: datetime) -> str:
    """``moment`` for a file name, e.g. ``20261130T021500Z``."""
    return as_utc(moment).strftime(STAMP_FORMAT)


def is_iso_date(value: Any) -> bool:
    """Whether ``value`` is a real date written like :func:`iso_date` (fast: the pattern checks
    the ranges; only days after the 28th need the calendar)."""
    if not isinstance(value, str):
        return False
    match = _DATE_RE.fullmatch(value)
    if match is None:
        return False
    year, month, day = match.groups()
    if year == "0000":
        return False
    if day <= "28":
        return True
    try:
        datetime(int(year), int(month), int(day))
    except ValueError:
        return False
    return True


def normalise_initials(initials: Any) -> str:
    """``initials`` stripped and upper-cased; ``ValueError`` unless 0..3 letters A-Z."""
    if not isinstance(initials, str):
        raise ValueError(f"initials must be a string, not {initials!r}")
    text = initials.strip().upper()
    if not INITIALS_RE.fullmatch(text):
        raise ValueError(f"initials are up to three letters A-Z, not {initials!r}")
    return text


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
