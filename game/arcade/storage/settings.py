"""The player's settings (``settings.json``: the arcade's fields plus one section per game) and
the kiosk operator's PIN (``kiosk-pin.json``, a file of its own: a damaged settings file cannot
lose it).

Anyone may edit the settings file, and other versions of the game write it, so every value is
checked whenever it is read and written (a table of fields: default and check): a bad one falls
back to its field's default with one log line, never an exception nor a notice; only a file
broken as a whole is corrupt. Sections of games this build does not know are kept as they are.
``fleet_url`` never holds a password; ``kiosk_pin_hash`` is only what an older file held
(moved to the PIN's file by :meth:`PinStore.adopt`).

The PIN is 4 to 8 ASCII digits (``str.isdigit`` also passes digits the PIN pad cannot type),
kept only as :func:`hash_pin`'s PBKDF2 text; :func:`verify_pin` compares in constant time and
refuses absurd iteration counts (a doctored file must not hang the pad). ``kiosk-pin.json`` is
copied to ``.last-good`` (a damaged one is set aside and the copy used); the marker
``kiosk-pin.set`` makes a kiosk whose copies are both gone :data:`LOST`, not new: nobody
standing there may choose a PIN; ``--reset-pin`` (:meth:`PinStore.reset`) is the way back.
Every :data:`TRIES` wrong PINs lock the pad (:func:`lock_seconds`), across restarts; a clock
set back never makes a lock longer.
"""

from __future__ import annotations

import logging
import math
import os
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

from game.arcade.storage.gamedata import GAME_ID_RE, GameData, SettingField
from game.arcade.storage.jsonfile import JsonStore
from game.engine.locales import ALL_LOCALES

log = logging.getLogger(__name__)
PIN_FILE = "kiosk-pin.json"
LAST_GOOD = f"{PIN_FILE}.last-good"
MARKER_FILE = "kiosk-pin.set"
PIN_VERSION = 1
TRIES = 3
"""Wrong PINs in a row that lock the pad."""
FIRST_LOCK_SECONDS = 30.0
MAX_LOCK_SECONDS = 3600.0
MAX_LOCKOUTS = 64
NONE, SET, LOST = "none", "set", "lost"


def lock_seconds(lockouts: int) -> float:
    """How long the ``lockouts``-th lock in a row lasts: 30 s, 1 min, 2, 4 … at most an hour."""
    if lockouts < 1:
        return 0.0
    return min(FIRST_LOCK_SECONDS * 2.0 ** min(lockouts - 1, MAX_LOCKOUTS), MAX_LOCK_SECONDS)


@dataclass
class PinState:
    """What ``kiosk-pin.json`` holds."""

    hash: str = ""
    failures: int = 0
    lockouts: int = 0
    locked_until: float = 0.0


def parse_state(data: dict[str, Any]) -> PinState:
    """The state in a ``kiosk-pin.json`` document; ``ValueError`` for anything else."""
    stored, failures, lockouts, until = (data.get(key) for key in
                                         ("hash", "failures", "lockouts", "locked_until"))
    if data.get("version") != PIN_VERSION:
        raise ValueError(f"unknown version {data.get('version')!r}")
    if not (stored == "" or is_pin_hash(stored)):
        raise ValueError("not a PIN hash")
    if not (type(failures) is int and 0 <= failures < TRIES
            and type(lockouts) is int and 0 <= lockouts <= MAX_LOCKOUTS):
        raise ValueError("bad failure counts")
    if not (isinstance(until, (int, float)) and type(until) is not bool
            and math.isfinite(until) and until >= 0):
        raise ValueError(f"bad locked_until {until!r}")
    return PinState(str(stored), failures, lockouts, float(until))


class PinStore:
    """The operator's PIN of the data folder behind ``store`` (``None``: memory only)."""

    def __init__(self, store: JsonStore | None, clock: Callable[[], datetime]) -> None:
        self._store = store
        self._clock = clock
        self._state: PinState | None = None
        self._marked = False  # a PIN was set in this session

    @property
    def state(self) -> PinState:
        """The PIN file's state, read once (from the last-good copy when it is damaged)."""
        if self._state is None:
            self._state = self._load()
        return self._state

    @property
    def status(self) -> str:
        """:data:`SET`, :data:`NONE` (never had one: the operator chooses one) or :data:`LOST`
        (had one, both copies gone: only ``--reset-pin`` helps)."""
        return SET if self.state.hash else LOST if self._had_pin() else NONE

    def _had_pin(self) -> bool:
        """The marker is there (whatever it is now), or a PIN was set in this session."""
        if self._marked or self._store is None or not self._store.writable:
            return self._marked
        try:
            self._store.path(MARKER_FILE).lstat()
        except FileNotFoundError:
            return False
        except OSError:
            pass  # it may be there: never offer setup on a doubt
        return True

    def _load(self) -> PinState:
        store = self._store
        for name in (PIN_FILE, LAST_GOOD) if store is not None else ():
            assert store is not None
            loaded = store.load(name)
            try:
                state = parse_state(loaded.data) if loaded is not None else None
            except ValueError as why:
                store.set_aside(name, f"wrong shape: {why}")
                continue
            if state is not None:
                if name == LAST_GOOD:
                    log.warning("%s is gone or damaged: the PIN comes from %s", PIN_FILE,
                                LAST_GOOD)
                    store.write(PIN_FILE, to_json(state))
                return state
        return PinState()

    def set_pin(self, pin: str) -> bool:
        """Store ``pin`` hashed (the lockout count starts again); ``True`` when on disk.
        ``ValueError`` unless 4-8 ASCII digits."""
        self._state = PinState(hash_pin(pin))
        return self._mark() and self._save()

    def adopt(self, stored: str) -> bool:
        """An older ``settings.json``'s PIN hash, kept here unless a PIN is here already;
        ``True`` when the settings may forget it (a PIN is here, on disk)."""
        if self.status == SET:
            return True
        if not is_pin_hash(stored):
            return False
        self.state.hash = stored
        log.info("the kiosk PIN moved from the settings to %s", PIN_FILE)
        return self._mark() and self._save()

    def reset(self) -> bool:
        """Forget the PIN, its copies, its marker and any lockout (``--reset-pin``, with no
        kiosk running); ``True`` when nothing of them is left."""
        self._state, self._marked = PinState(), False
        store = self._store
        return store is None or all([store.remove(name)
                                     for name in (PIN_FILE, LAST_GOOD, MARKER_FILE)])

    def _mark(self) -> bool:
        """Make the marker that a PIN was set, unless it is there; ``True`` when it is."""
        already = self._had_pin()
        self._marked = True
        return self._store is None or already or self._store.write(
            MARKER_FILE, {"version": PIN_VERSION, "pin": "was set"})

    def _save(self) -> bool:
        if self._store is None:
            return True
        written = self._store.write(PIN_FILE, to_json(self.state))
        return self._store.write(LAST_GOOD, to_json(self.state)) and written

    def locked_for(self) -> float:
        """Seconds until the pad takes PINs again (0: now). A lock that ends further away
        than its own length (the clock was set back) is made to end one length from now."""
        state = self.state
        if not state.locked_until:
            return 0.0
        left = state.locked_until - self._clock().timestamp()
        if left > lock_seconds(state.lockouts):
            left = lock_seconds(state.lockouts)
            state.locked_until = self._clock().timestamp() + left
            self._save()
        return max(0.0, left)

    def attempt(self, entered: str, run_pin: str | None = None) -> bool:
        """Whether ``entered`` is the PIN (``run_pin``: this run's, else the stored one),
        counting a wrong one towards the next lock; always ``False`` while locked (and not
        counted). Compared in constant time."""
        if self.locked_for() > 0:
            return False
        import hmac  # (with OpenSSL: loaded for a PIN, not to read the settings)

        state = self.state
        if hmac.compare_digest(entered.encode(), run_pin.encode()) if run_pin else \
                verify_pin(entered, state.hash):
            if (state.failures, state.lockouts, state.locked_until) != (0, 0, 0.0):
                state.failures, state.lockouts, state.locked_until = 0, 0, 0.0
                self._save()
            return True
        state.failures += 1
        if state.failures >= TRIES:
            state.failures = 0
            state.lockouts = min(state.lockouts + 1, MAX_LOCKOUTS)
            state.locked_until = self._clock().timestamp() + lock_seconds(state.lockouts)
            log.warning("kiosk: %d wrong PINs in a row; the pad is locked for %.0f s (lock %d)",
                        TRIES, lock_seconds(state.lockouts), state.lockouts)
        self._save()
        return False

    def tries_left(self) -> int:
        """Wrong PINs that may still be entered before the pad locks."""
        return TRIES - self.state.failures


def to_json(state: PinState) -> dict[str, Any]:
    """``state`` as a ``kiosk-pin.json`` document."""
    return {"version": PIN_VERSION, **asdict(state)}


ITERATIONS = 200_000
"""About 0.2 s per check on a slow core: fine for a PIN pad, slow for guessing."""
MAX_ITERATIONS = 5_000_000
PREFIX = "pbkdf2_sha256"
_HASH_RE = re.compile(r"pbkdf2_sha256\$([1-9][0-9]{0,6})\$([0-9a-f]{32})\$([0-9a-f]{64})")


def valid_pin(text: object) -> bool:
    """Whether ``text`` is 4 to 8 ASCII digits."""
    return isinstance(text, str) and 4 <= len(text) <= 8 and set(text) <= set("0123456789")


def hash_pin(pin: str, iterations: int = ITERATIONS, salt: bytes | None = None) -> str:
    """The stored form of ``pin``; ``ValueError`` unless :func:`valid_pin`."""
    if not valid_pin(pin):
        raise ValueError("a PIN is 4 to 8 digits 0-9")
    if not 1 <= iterations <= MAX_ITERATIONS:
        raise ValueError(f"iterations must be 1..{MAX_ITERATIONS}, not {iterations}")
    salt = os.urandom(16) if salt is None else salt
    if len(salt) != 16:
        raise ValueError("the salt is 16 bytes")
    import hashlib  # (OpenSSL's library: loaded for a PIN, not to read the settings)

    digest = hashlib.pbkdf2_hmac("sha256", pin.encode("ascii"), salt, iterations)
    return f"{PREFIX}${iterations}${salt.hex()}${digest.hex()}"


def is_pin_hash(stored: object) -> bool:
    """Whether ``stored`` looks like :func:`hash_pin`'s output (with a sane iteration count)."""
    match = _HASH_RE.fullmatch(stored) if isinstance(stored, str) else None
    return match is not None and int(match.group(1)) <= MAX_ITERATIONS


def verify_pin(pin: object, stored: object) -> bool:
    """Whether ``pin`` is the PIN ``stored`` was made from; ``False`` for anything malformed."""
    if not (isinstance(pin, str) and valid_pin(pin) and isinstance(stored, str)
            and is_pin_hash(stored)):
        return False
    import hashlib
    import hmac

    _prefix, iterations, salt, expected = stored.split("$")
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode("ascii"), bytes.fromhex(salt),
                                 int(iterations))
    return hmac.compare_digest(digest.hex(), expected)


VERSION = 2
WINDOW_KEYS = ("x", "y", "w", "h", "display")
WINDOW_POSITION = 65_536
"""Window corners may be off the first display (negative, or far right), but not absurdly."""
WINDOW_SIZE = (64, 32_768)
KIOSK_NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9 ._-]{0,23}")
"""A kiosk's name on the venue board: up to 24 letters that every language's face draws."""
FLEET_URL_MAX = 1024
_INVALID = object()


def _in(low: float, high: float) -> Any:
    return lambda value: low <= value <= high


def valid_window(value: Any) -> bool:
    """``{"x": int, "y": int, "w": int, "h": int, "display": str}`` within sane ranges."""
    if not (isinstance(value, dict) and set(value) == set(WINDOW_KEYS)):
        return False
    x, y, w, h, display = (value[key] for key in WINDOW_KEYS)
    return (all(type(number) is int for number in (x, y, w, h))
            and abs(x) <= WINDOW_POSITION and abs(y) <= WINDOW_POSITION
            and all(WINDOW_SIZE[0] <= side <= WINDOW_SIZE[1] for side in (w, h))
            and isinstance(display, str) and len(display) <= 256)


@dataclass
class Settings:
    """The player's choices. ``games``: a section per game id (:meth:`game`); ``schemas`` (not
    compared nor shown): the known games' fields."""

    language: str = "en"
    music_volume: float = 0.6
    effects_volume: float = 0.9
    music_muted: bool = False
    effects_muted: bool = False
    fullscreen: bool = False
    reduced_motion: bool = False
    text_size: str = "normal"  # TEXT SIZE: "normal" or "large" (game/arcade/textsize.py)
    idle_seconds: int = 90
    kiosk_pin_hash: str = ""  # an older file's PIN only (see the module docstring)
    kiosk_games: list[str] | None = None  # the games a kiosk offers; None: every game
    kiosk_attract: bool = True  # an idle kiosk plays attract mode
    kiosk_language: str = ""  # the language an idle kiosk returns to; "": ``language``
    window: dict[str, Any] | None = None
    last_game: str = ""  # the game the title starts on; "": the first game (see for_games)
    fleet_url: str = ""  # the venue server's connection string (no password); "": no fleet
    kiosk_name: str = ""  # this kiosk's name on the venue board; "": the host name
    games: dict[str, dict[str, Any]] = field(default_factory=dict)
    schemas: Mapping[str, Mapping[str, SettingField]] = field(
        default_factory=dict, compare=False, repr=False)

    @classmethod
    def for_games(cls, games: Iterable[GameData], /, **values: Any) -> Settings:
        """Defaults (or ``values``) with every section of ``games`` filled with its defaults;
        the first of ``games`` is the default ``last_game`` (the registry's order)."""
        schemas = {game.id: game.settings for game in games}
        values.setdefault("last_game", next(iter(schemas), ""))
        settings = cls(**values, schemas=schemas)
        for game_id in settings.schemas:
            settings.game(game_id)
        return settings

    def game(self, game_id: str) -> dict[str, Any]:
        """The section of ``game_id`` (the same dict each time: change it in place), created
        when missing and completed with the defaults of the fields it lacks."""
        section = self.games.get(game_id)
        if not isinstance(section, dict):
            section = self.games[game_id] = {}
        for name, spec in self.schemas.get(game_id, {}).items():
            section.setdefault(name, spec.default)
        return section


def global_fields(known_games: Iterable[str] = ()) -> dict[str, SettingField]:
    """The arcade's own fields; ``last_game`` must be one of ``known_games`` (when given; the
    first is its default)."""
    known = tuple(known_games)
    defaults = Settings(last_game=known[0] if known else "")
    checks: dict[str, Any] = {
        "language": lambda value: value in ALL_LOCALES,
        "text_size": lambda value: value in ("normal", "large"),
        "music_volume": _in(0.0, 1.0),
        "effects_volume": _in(0.0, 1.0),
        "idle_seconds": _in(1, 86_400),
        "kiosk_pin_hash": lambda value: value == "" or is_pin_hash(value),
        "window": valid_window,
        "kiosk_games": lambda value: isinstance(value, list) and 0 < len(value) <= 64 and all(
            isinstance(v, str) and GAME_ID_RE.fullmatch(v) for v in value),
        "kiosk_language": lambda value: value == "" or value in ALL_LOCALES,
        "last_game": lambda value: value in known if known else (
            value == "" or bool(GAME_ID_RE.fullmatch(value))),
        "fleet_url": lambda value: len(value) <= FLEET_URL_MAX and value.isprintable(),
        "kiosk_name": lambda value: value == "" or (
            bool(KIOSK_NAME_RE.fullmatch(value)) and value == value.strip()),
    }
    names = [name for name in Settings.__dataclass_fields__ if name not in ("games", "schemas")]
    return {name: SettingField(getattr(defaults, name), checks.get(name)) for name in names}


def coerce(spec: SettingField, value: Any) -> Any:
    """``value`` as a valid value of ``spec`` (a JSON int is a fine float), or ``_INVALID``."""
    kind = type(spec.default)
    if spec.default is None:
        if value is None:
            return None
    elif kind is float:
        if type(value) not in (int, float) or not math.isfinite(value):
            return _INVALID
        value = float(value)
    elif type(value) is not kind:
        return _INVALID
    try:
        ok = spec.check is None or bool(spec.check(value))
    except (TypeError, ValueError, ArithmeticError):
        ok = False
    return _INVALID if not ok else dict(value) if isinstance(value, dict) else value


def _checked(raw: Any, fields: Mapping[str, SettingField], where: str = "",
             level: int = logging.INFO) -> dict[str, Any]:
    """``raw``'s values of ``fields`` (unknown ones dropped), each bad or missing one its
    default (a bad one logged at ``level``)."""
    if not isinstance(raw, dict):
        log.info("settings section %s is not an object: using its defaults", where)
        raw = {}
    values: dict[str, Any] = {}
    for name, spec in fields.items():
        value = coerce(spec, raw[name]) if name in raw else spec.default
        if value is _INVALID:
            log.log(level, "setting %s%s=%r ignored: using the default %r", where and where + ".",
                    name, raw[name], spec.default)
            value = spec.default
        values[name] = value
    return values


def _sections(raw: Mapping[str, Any], games: Mapping[str, GameData], level: int = logging.INFO
              ) -> dict[str, Any]:
    """Every known game's section checked (its defaults when missing); others kept as they
    are."""
    return {**raw, **{game_id: _checked(raw.get(game_id, {}), game.settings, game_id, level)
                      for game_id, game in games.items()}}


def parse_settings(data: dict[str, Any], games: Mapping[str, GameData],
                   strict: bool = True) -> Settings:
    """Settings from a v2 document; ``ValueError`` when broken as a whole (``strict``; a newer
    version's file is read with ``strict=False``: whatever can be used is used)."""
    general, sections = data.get("settings"), data.get("games", {})
    if strict and not (isinstance(general, dict) and isinstance(sections, dict)):
        raise ValueError("settings.json needs a 'settings' and a 'games' object")
    values = _checked(general if isinstance(general, dict) else {}, global_fields(games))
    settings = Settings.for_games(games.values(), **values)
    settings.games = _sections(sections if isinstance(sections, dict) else {}, games)
    return settings


def settings_to_json(settings: Settings, games: Mapping[str, GameData]) -> dict[str, Any]:
    """The v2 document of ``settings``; an invalid value (a bug) is written as its default."""
    fields = global_fields(games)
    general = _checked({name: getattr(settings, name) for name in fields}, fields,
                       level=logging.WARNING)
    return {"version": VERSION, "settings": general,
            "games": _sections(settings.games, games, logging.WARNING)}
