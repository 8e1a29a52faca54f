"""Settings, high scores and the autosave: JSON files, written atomically, read defensively.

This is the only module of the game (with ``engine/assets.py``) that touches files. Nothing in
here raises to the caller because of a file: a missing file means defaults, a damaged one is set
aside, a failed write returns ``False``. What the player should hear about is appended to
``Storage.notices`` as a :class:`Notice` (a translation key and its parameters).

Files in ``data_dir`` (default :data:`DEFAULT_DIR`), each one JSON object, UTF-8::

    settings.json   {"version": 1, "settings": {<every Settings field>: value, ...}}
    scores.json     {"version": 1,
                     "tables": {"PEACEFUL": [entry, ...], "SURVIVAL": [...], "NIGHTMARE": [...]},
                     "recorded": ["<game id>", ...]}
    savegame.json   {"version": 1, "game_id": "<game id>", "saved_at": "<ISO date>",
                     "game": <MagdagdonGame.to_dict(), dice RNG state included>}

    entry = {"score": int, "date": "2026-11-30T02:15:00Z", "turns": int, "powers": int,
             "ruins": int, "game_id": "<game id>", "initials": "ABC"}

Reading rules:

* ``version`` must be the integer 1. A file that cannot be read, is over :data:`MAX_BYTES`,
  is not UTF-8 (a BOM is tolerated), is not JSON (NaN/Infinity included), is not an object,
  has another version or the wrong shape is renamed to ``<name>.corrupt-<YYYYmmddTHHMMSSZ>``
  (``-2``, ``-3``... when that name is taken), defaults are used and
  ``Notice("notice.corrupt", {"file": name})`` is appended.
* settings: unknown keys are ignored; a value of the wrong type (or out of range: an unknown
  difficulty, a volume outside 0..1, ``idle_seconds`` < 1) falls back to that field's default,
  without a notice. Only a broken file as a whole (not an object, no ``settings`` object,
  bad version...) counts as corrupt.
* scores: table names must be difficulty names; a missing table is empty. Every entry is
  validated (types and ranges; ``initials`` is optional, up to three letters A-Z). **One
  malformed entry makes the whole file corrupt** (simpler and safer than guessing which parts
  to trust); so does a game id that appears twice. Unknown keys (top level or in an entry) are
  ignored. Tables are re-sorted by score, stably (file order breaks ties), and cut to 10.
  ``recorded`` (optional) lists the ids of the last :data:`RECORDED_KEEP` recorded games, also
  those that did not make the table: together with the ids in the tables it makes recording
  idempotent.
* savegame: ``game`` must pass ``MagdagdonGame.from_dict``; ``game_id`` is 1..64 characters
  of ``[0-9A-Za-z_-]``.

Writing: a temporary file in ``data_dir`` is written, flushed and fsynced, then moved over
the target with ``os.replace``; then the folder is fsynced (POSIX, best effort). A crash leaves
either the old or the new file, never a mix; left-over temporary files older than a minute are
removed when a ``Storage`` starts. When a write fails (read-only or full disk) the method
returns ``False`` and ``Notice("notice.save_failed", {})`` is appended once per failure streak
(until a write succeeds again); every later save tries again, and a high-score table that could
not be written is written again with the next save of any kind.

Recording a finished game (M-8) writes ``scores.json`` first and removes ``savegame.json``
second. A kill in between leaves a finished save whose id is already recorded: the next
``load_game``/``has_saved_game`` sees that and only removes the save. A save whose id is
recorded is never resumed.

When ``data_dir`` cannot be created, ``writable`` is ``False``,
``Notice("notice.no_data_dir", {"path": ...})`` is appended and the three "files" live in memory
for the session (settings, scores and the saved game all keep working until the game quits);
the save methods then return ``False`` (nothing reached a disk) without further notices.

Return values of the save methods mean "the change is on disk"; the in-memory state (scores,
initials) is updated either way. A ``Storage`` is not thread-safe and expects to be the only
writer of its folder.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import logging
import logging.handlers
import math
import os
import re
import tempfile
import time
import uuid
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple, TypeVar, get_type_hints

import platformdirs

from game.arcade.context import Settings
from game.rules.magdagdon import Difficulty, MagdagdonGame

log = logging.getLogger(__name__)

APP_NAME = "magdagdon"
DEFAULT_DIR = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
LOG_FILE = "magdagdon.log"
MAX_BYTES = 1_000_000
VERSION = 1
TABLE_SIZE = 10
RECORDED_KEEP = 100
STALE_TEMP_SECONDS = 60.0

SETTINGS_FILE = "settings.json"
SCORES_FILE = "scores.json"
SAVE_FILE = "savegame.json"
FILES = (SETTINGS_FILE, SCORES_FILE, SAVE_FILE)
DIFFICULTIES = tuple(d.name for d in Difficulty)

DATE_FORMAT = "%Y-%m-%dT%H:%M:%SZ"
STAMP_FORMAT = "%Y%m%dT%H%M%SZ"
_DATE_RE = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z")
_ID_RE = re.compile(r"[0-9A-Za-z_-]{1,64}")
_INITIALS_RE = re.compile(r"[A-Z]{0,3}")

T = TypeVar("T")


def utcnow() -> datetime:
    """The current time in UTC (the default clock of a ``Storage``)."""
    return datetime.now(UTC)


def iso_date(moment: datetime) -> str:
    """``moment`` as ISO-8601 UTC with seconds, e.g. ``2026-11-30T02:15:00Z`` (naive = UTC)."""
    return _as_utc(moment).strftime(DATE_FORMAT)


def _as_utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


class Notice(NamedTuple):
    """Something the player should be told: a translation key and its parameters."""

    key: str
    params: dict


@dataclass(frozen=True)
class ScoreEntry:
    """One row of a high-score table; ``ValueError`` when a field has the wrong type or range."""

    score: int
    date: str
    turns: int
    powers: int
    ruins: int
    game_id: str
    initials: str = ""

    def __post_init__(self) -> None:
        _check_int("score", self.score, -10_000, 10_000)
        _check_int("turns", self.turns, 0, 16)
        _check_int("powers", self.powers, 0, max(d.powers for d in Difficulty))
        _check_int("ruins", self.ruins, 0, 16)
        if not (isinstance(self.date, str) and _DATE_RE.fullmatch(self.date)):
            raise ValueError(f"date must look like 2026-11-30T02:15:00Z, not {self.date!r}")
        try:
            datetime.strptime(self.date, DATE_FORMAT)
        except ValueError:
            raise ValueError(f"no such date: {self.date!r}") from None
        if not (isinstance(self.game_id, str) and _ID_RE.fullmatch(self.game_id)):
            raise ValueError(f"bad game id {self.game_id!r}")
        if not (isinstance(self.initials, str) and _INITIALS_RE.fullmatch(self.initials)):
            raise ValueError(f"initials are up to three letters A-Z, not {self.initials!r}")

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, raw: Any) -> ScoreEntry:
        """An entry from its JSON object (unknown keys ignored); ``ValueError`` if malformed."""
        if not isinstance(raw, dict):
            raise ValueError("a score entry must be an object")
        names = [f.name for f in dataclasses.fields(cls)]
        missing = [n for n in names if n not in raw and n != "initials"]
        if missing:
            raise ValueError(f"score entry lacks {missing}")
        return cls(**{n: raw[n] for n in names if n in raw})


def _check_int(name: str, value: Any, low: int, high: int) -> None:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{name} must be an int from {low} to {high}, not {value!r}")


def normalise_initials(initials: str) -> str:
    """``initials`` stripped and upper-cased; ``ValueError`` unless 0..3 letters A-Z."""
    if not isinstance(initials, str):
        raise ValueError(f"initials must be a string, not {initials!r}")
    text = initials.strip().upper()
    if not _INITIALS_RE.fullmatch(text):
        raise ValueError(f"initials are up to three letters A-Z, not {initials!r}")
    return text


class _Corrupt(Exception):
    """Internal: the file exists but cannot be trusted."""


# --- payload parsers (each raises ValueError on a wrong shape) ----------------------------------

_SETTINGS_CHECKS: dict[str, Callable[[Any], bool]] = {
    "difficulty": lambda v: v in DIFFICULTIES,
    "language": lambda v: 0 < len(v) <= 35,
    "music_volume": lambda v: 0.0 <= v <= 1.0,
    "effects_volume": lambda v: 0.0 <= v <= 1.0,
    "kiosk_pin": lambda v: len(v) <= 64,
    "idle_seconds": lambda v: 1 <= v <= 86_400,
}
_INVALID = object()


def _coerce(kind: Any, value: Any) -> Any:
    """``value`` as a field of type ``kind``, or ``_INVALID``; JSON ints are fine for floats."""
    if kind is bool:
        return value if type(value) is bool else _INVALID
    if kind is int:
        return value if type(value) is int else _INVALID
    if kind is float:
        if type(value) in (int, float) and math.isfinite(value):
            return float(value)
        return _INVALID
    if kind is str:
        return value if type(value) is str else _INVALID
    return _INVALID  # a field type this module does not know how to read: keep the default


def _parse_settings(data: dict[str, Any]) -> Settings:
    raw = data.get("settings")
    if not isinstance(raw, dict):
        raise ValueError("settings.json has no 'settings' object")
    hints = get_type_hints(Settings)
    values: dict[str, Any] = {}
    for field in dataclasses.fields(Settings):
        if not field.init or field.name not in raw:
            continue
        value = _coerce(hints.get(field.name), raw[field.name])
        check = _SETTINGS_CHECKS.get(field.name)
        if value is _INVALID or (check is not None and not check(value)):
            log.info("setting %s=%r ignored: using the default", field.name, raw[field.name])
            continue
        values[field.name] = value
    return Settings(**values)


def _parse_scores(data: dict[str, Any]) -> tuple[dict[str, list[ScoreEntry]], list[str]]:
    raw_tables = data.get("tables")
    if not isinstance(raw_tables, dict):
        raise ValueError("scores.json has no 'tables' object")
    tables: dict[str, list[ScoreEntry]] = {name: [] for name in DIFFICULTIES}
    seen: set[str] = set()
    for name, rows in raw_tables.items():
        if name not in tables:
            raise ValueError(f"no difficulty is called {name!r}")
        if not isinstance(rows, list):
            raise ValueError(f"table {name} must be a list")
        entries = [ScoreEntry.from_json(row) for row in rows]
        for entry in entries:
            if entry.game_id in seen:
                raise ValueError(f"game {entry.game_id} is recorded twice")
            seen.add(entry.game_id)
        entries.sort(key=lambda e: -e.score)  # stable: file order breaks ties
        tables[name] = entries[:TABLE_SIZE]
    recorded = data.get("recorded", [])
    if not (isinstance(recorded, list) and all(
        isinstance(i, str) and _ID_RE.fullmatch(i) for i in recorded
    )):
        raise ValueError("'recorded' must be a list of game ids")
    return tables, recorded[-RECORDED_KEEP:]


def _parse_save(data: dict[str, Any]) -> tuple[str, MagdagdonGame]:
    game_id = data.get("game_id")
    if not (isinstance(game_id, str) and _ID_RE.fullmatch(game_id)):
        raise ValueError(f"bad game id {game_id!r}")
    if "game" not in data:
        raise ValueError("savegame.json has no 'game'")
    return game_id, MagdagdonGame.from_dict(data["game"])


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


class Storage:
    """The player's settings, the high-score tables and the game in progress, in ``data_dir``."""

    def __init__(
        self,
        data_dir: Path | str | None = None,
        clock: Callable[[], datetime] = utcnow,
    ) -> None:
        self.data_dir = Path(DEFAULT_DIR if data_dir is None else data_dir).expanduser()
        self.clock = clock
        self.notices: list[Notice] = []
        self.last_recorded: str | None = None
        self.writable = True
        self._memory: dict[str, bytes] = {}  # the files when there is no data folder
        self._ids: weakref.WeakKeyDictionary[MagdagdonGame, str] = weakref.WeakKeyDictionary()
        self._tables: dict[str, list[ScoreEntry]] | None = None  # loaded on first use
        self._recorded: list[str] = []
        self._scores_dirty = False
        self._failing = False
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
        except (OSError, ValueError) as error:
            log.warning("no data folder %s (%s): keeping everything in memory", self.data_dir,
                        error)
            self.writable = False
            self.notices.append(Notice("notice.no_data_dir", {"path": str(self.data_dir)}))
        else:
            self._remove_stale_temp_files()

    # --- the log -----------------------------------------------------------------------------
    def log_handler(self) -> logging.Handler | None:
        """A rotating log file in the data folder (``magdagdon.log``, 3 × 512 KB), or None."""
        if not self.writable:
            return None
        try:
            handler = logging.handlers.RotatingFileHandler(
                self.data_dir / LOG_FILE, maxBytes=512 * 1024, backupCount=3, encoding="utf-8")
        except OSError as error:
            log.warning("no log file in %s (%s)", self.data_dir, error)
            return None
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        return handler

    # --- settings ------------------------------------------------------------------------------

    def load_settings(self) -> Settings:
        """The saved settings; defaults when missing or corrupt, per field when a value is bad."""
        settings = self._load(SETTINGS_FILE, _parse_settings)
        return Settings() if settings is None else settings

    def has_settings(self) -> bool:
        """Whether a settings file exists (``False`` on a first start, or after a corrupt one
        was set aside); call it after ``load_settings`` to tell defaults from choices."""
        if not self.writable:
            return SETTINGS_FILE in self._memory
        return (self.data_dir / SETTINGS_FILE).is_file()

    def save_settings(self, settings: Settings) -> bool:
        """Write ``settings``; ``True`` when they are on disk."""
        self._retry_pending()
        payload = {"version": VERSION, "settings": dataclasses.asdict(settings)}
        return self._write(SETTINGS_FILE, payload) and self.writable

    # --- high scores (M-8) ---------------------------------------------------------------------

    def scores(self, difficulty: str | Difficulty) -> list[ScoreEntry]:
        """The table of ``difficulty`` (a name, any case), best first; ``[]`` for unknown names."""
        name = difficulty.name if isinstance(difficulty, Difficulty) else str(difficulty).upper()
        return list(self._scores().get(name, ()))

    def record_game(self, game: MagdagdonGame, initials: str = "") -> int | None:
        """Record a finished ``game`` once and clear the saved game.

        Returns the rank 0..9 in its difficulty's table, or ``None`` when it did not make the
        best 10, was recorded before (by game id, also in an earlier session) or is not over.
        ``scores.json`` is written before ``savegame.json`` is removed; if the scores cannot be
        written the save is kept (the score stays in memory and is written with the next save).
        ``ValueError`` for initials other than up to three letters A-Z.
        """
        initials = normalise_initials(initials)
        if not isinstance(game, MagdagdonGame) or not game.is_over:
            return None
        game_id = self.game_id(game)
        tables = self._scores()
        if self._is_recorded(game_id):
            self._remove(SAVE_FILE)
            return None
        card = game.score()
        entry = ScoreEntry(
            score=card.total,
            date=iso_date(self.clock()),
            turns=game.turns,
            powers=game.powers_used,
            ruins=card.ruins,
            game_id=game_id,
            initials=initials,
        )
        table = tables[game.difficulty.name]
        position = sum(1 for e in table if e.score >= entry.score)  # ties: earlier first
        rank = position if position < TABLE_SIZE else None
        if rank is not None:
            table.insert(rank, entry)
            del table[TABLE_SIZE:]
        self._recorded.append(game_id)
        del self._recorded[:-RECORDED_KEEP]
        self.last_recorded = game_id
        if self._write_scores():
            self._remove(SAVE_FILE)
        return rank

    def set_initials(self, game_id: str, initials: str) -> bool:
        """Put ``initials`` on the entry of ``game_id``; ``True`` when found and written to disk.

        ``ValueError`` for initials other than up to three letters A-Z.
        """
        initials = normalise_initials(initials)
        for table in self._scores().values():
            for i, entry in enumerate(table):
                if entry.game_id == game_id:
                    table[i] = dataclasses.replace(entry, initials=initials)
                    return self._write_scores() and self.writable
        return False

    # --- the game in progress --------------------------------------------------------------------

    def save_game(self, game: MagdagdonGame) -> bool:
        """Autosave ``game`` atomically (dice RNG state included); ``True`` when it is on disk.

        A game that is already recorded is not saved: its save is removed instead.
        """
        self._retry_pending()
        game_id = self.game_id(game)
        if self._is_recorded(game_id):
            return self._remove(SAVE_FILE) and self.writable
        payload = {
            "version": VERSION,
            "game_id": game_id,
            "saved_at": iso_date(self.clock()),
            "game": game.to_dict(),
        }
        return self._write(SAVE_FILE, payload) and self.writable

    def load_game(self) -> MagdagdonGame | None:
        """The saved unfinished game, registered under its saved id; else ``None``.

        A finished save is recorded (once) and cleared; a save whose game is already recorded
        is cleared; a corrupt one is set aside with a notice.
        """
        found = self._load(SAVE_FILE, _parse_save)
        if found is None:
            return None
        game_id, game = found
        self._ids[game] = game_id
        if game.is_over:
            self.record_game(game)
            return None
        self._scores()
        if self._is_recorded(game_id):
            self._remove(SAVE_FILE)
            return None
        return game

    def has_saved_game(self) -> bool:
        """Whether ``load_game`` would return a game (it does the same checks and clean-up)."""
        return self.load_game() is not None

    def clear_game(self) -> None:
        """Forget the saved game (M-2.2: an abandoned game is not recorded)."""
        self._remove(SAVE_FILE)

    def game_id(self, game: MagdagdonGame) -> str:
        """The id of ``game``: a new uuid4 hex for an object seen for the first time."""
        game_id = self._ids.get(game)
        if game_id is None:
            game_id = self._ids[game] = uuid.uuid4().hex
        return game_id

    # --- scores internals --------------------------------------------------------------------

    def _scores(self) -> dict[str, list[ScoreEntry]]:
        if self._tables is None:
            found = self._load(SCORES_FILE, _parse_scores)
            if found is None:
                self._tables, self._recorded = {name: [] for name in DIFFICULTIES}, []
            else:
                self._tables, self._recorded = found
        return self._tables

    def _is_recorded(self, game_id: str) -> bool:
        if game_id in self._recorded:
            return True
        return any(e.game_id == game_id for table in self._scores().values() for e in table)

    def _write_scores(self) -> bool:
        tables = self._scores()
        payload = {
            "version": VERSION,
            "tables": {name: [e.to_json() for e in tables[name]] for name in DIFFICULTIES},
            "recorded": list(self._recorded),
        }
        stored = self._write(SCORES_FILE, payload)
        self._scores_dirty = not stored
        return stored

    def _retry_pending(self) -> None:
        """A table that could not be written is tried again with every save."""
        if self._scores_dirty:
            self._write_scores()

    # --- files -----------------------------------------------------------------------------------

    def _load(self, name: str, parse: Callable[[dict[str, Any]], T]) -> T | None:
        """The parsed payload of ``name``; ``None`` when missing, or corrupt (then set aside)."""
        try:
            raw = self._read_bytes(name)
            if raw is None:
                return None
            try:
                data = json.loads(raw.decode("utf-8-sig"), parse_constant=_reject_constant)
            except (UnicodeDecodeError, ValueError, RecursionError) as error:
                raise _Corrupt(f"not UTF-8 JSON: {error}") from None
            if not isinstance(data, dict):
                raise _Corrupt("not a JSON object")
            version = data.get("version")
            if type(version) is not int or version != VERSION:
                raise _Corrupt(f"unknown version {version!r}")
            try:
                return parse(data)
            except (ValueError, TypeError, KeyError, IndexError, RecursionError) as error:
                raise _Corrupt(f"wrong shape: {error}") from None
        except _Corrupt as why:
            self._set_aside(name, str(why))
            return None

    def _read_bytes(self, name: str) -> bytes | None:
        if not self.writable:
            return self._memory.get(name)
        try:
            with open(self.data_dir / name, "rb") as file:
                raw = file.read(MAX_BYTES + 1)
        except FileNotFoundError:
            return None
        except OSError as error:
            raise _Corrupt(f"unreadable: {error}") from None
        if len(raw) > MAX_BYTES:
            raise _Corrupt(f"larger than {MAX_BYTES} bytes")
        return raw

    def _set_aside(self, name: str, why: str) -> None:
        """Move a corrupt file out of the way (``<name>.corrupt-<stamp>[-n]``) and tell."""
        log.warning("%s is corrupt (%s): using defaults", name, why)
        self.notices.append(Notice("notice.corrupt", {"file": name}))
        if not self.writable:
            self._memory.pop(name, None)
            return
        stem = f"{name}.corrupt-{_as_utc(self.clock()).strftime(STAMP_FORMAT)}"
        target = self.data_dir / stem
        counter = 1
        while os.path.lexists(target):
            counter += 1
            target = self.data_dir / f"{stem}-{counter}"
        try:
            os.rename(self.data_dir / name, target)
        except OSError as error:
            log.warning("could not set %s aside: %s", name, error)

    def _write(self, name: str, payload: dict[str, Any]) -> bool:
        """Store ``payload`` as ``name``; ``True`` when stored (in memory counts, see callers)."""
        try:
            raw = json.dumps(payload, ensure_ascii=False, allow_nan=False, indent=1).encode()
        except (TypeError, ValueError) as error:
            log.error("cannot write %s: %s", name, error)
            self._failed()
            return False
        if len(raw) > MAX_BYTES:
            log.error("cannot write %s: %d bytes is too big", name, len(raw))
            self._failed()
            return False
        if not self.writable:
            self._memory[name] = raw
            return True
        try:
            self._atomic_write(name, raw)
        except OSError as error:
            log.warning("cannot write %s: %s", name, error)
            self._failed()
            return False
        self._failing = False
        return True

    def _atomic_write(self, name: str, raw: bytes) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)  # it may have been removed meanwhile
        fd, temp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=self.data_dir)
        try:
            try:
                file = os.fdopen(fd, "wb")
            except BaseException:
                with contextlib.suppress(OSError):
                    os.close(fd)
                raise
            with file:
                file.write(raw)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temp, self.data_dir / name)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
        self._sync_dir()

    def _remove(self, name: str) -> bool:
        """Delete ``name`` (missing is fine); ``True`` unless the delete failed."""
        if not self.writable:
            self._memory.pop(name, None)
            return True
        try:
            os.unlink(self.data_dir / name)
        except FileNotFoundError:
            return True
        except OSError as error:
            log.warning("cannot remove %s: %s", name, error)
            self._failed()
            return False
        self._failing = False
        self._sync_dir()
        return True

    def _sync_dir(self) -> None:
        """Make a rename or delete durable (POSIX; best effort)."""
        if os.name != "posix":
            return
        try:
            fd = os.open(self.data_dir, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        except OSError:
            return
        try:
            os.fsync(fd)
        except OSError:
            pass
        finally:
            os.close(fd)

    def _failed(self) -> None:
        if not self._failing:
            self._failing = True
            self.notices.append(Notice("notice.save_failed", {}))

    def _remove_stale_temp_files(self) -> None:
        """Temporary files a crash left behind (older than a minute, so not another writer's)."""
        now = time.time()
        for name in FILES:
            with contextlib.suppress(OSError):
                for path in list(self.data_dir.glob(f".{name}.*.tmp")):
                    with contextlib.suppress(OSError):
                        if now - path.lstat().st_mtime > STALE_TEMP_SECONDS:
                            path.unlink()
