"""The player's settings: the arcade's own fields plus one section per game, always valid.

Settings come from a file anyone can edit, and from newer or older versions of the game, so
every value is checked against what this build supports, field by field, whenever it is read
and again when it is written: a value of the wrong type or out of range (``"language": "xx"``,
``"TH"``, a newer version's language, a volume of 7, ``idle_seconds`` of 0) falls back to that
field's default with one log line, never an exception and never a notice. Only a file broken as
a whole is corrupt (no ``settings`` object, ``games`` not an object).

Per-game sections are described by each game's ``GameData.settings``; unknown fields inside a
known section are dropped. Sections of games this build does not know are kept exactly as they
are and written back, so a newer version's game keeps its settings.

``fleet_url`` and ``kiosk_name`` are the venue link the operator menu sets (see
``game.arcade.fleet``): the server's connection string, never with a password, and this kiosk's
name on the venue board (``""``: the machine's host name).

The kiosk PIN is not a setting: it lives in ``kiosk-pin.json``
(:mod:`~game.arcade.storage.pinstore`), where a damaged settings file cannot lose it.
``kiosk_pin_hash`` is only what an older file held (``""``: none); ``Storage.load_settings``
moves it to the PIN's file and writes the settings without it. The other ``kiosk_*`` fields
are the operator menu's: the games offered, attract mode, the language an idle kiosk returns to.
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.arcade.storage.gamedata import GAME_ID_RE, GameData, SettingField
from game.arcade.storage.pinstore import is_pin_hash
from game.engine.locales import ALL_LOCALES

log = logging.getLogger(__name__)

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
    numbers = [value[key] for key in ("x", "y", "w", "h")]
    if any(type(number) is not int for number in numbers):
        return False
    x, y, w, h = numbers
    display = value["display"]
    return (abs(x) <= WINDOW_POSITION and abs(y) <= WINDOW_POSITION
            and all(WINDOW_SIZE[0] <= side <= WINDOW_SIZE[1] for side in (w, h))
            and isinstance(display, str) and len(display) <= 256)


@dataclass
class Settings:
    """The player's choices; persisted by ``Storage.save_settings``.

    ``games`` holds one section per game id (see :meth:`game`); ``schemas`` (not compared, not
    shown) are the known games' fields, set by :meth:`for_games` and ``Storage.load_settings``.
    """

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
    if not ok:
        return _INVALID
    return dict(value) if isinstance(value, dict) else value


def _section(raw: Any, fields: Mapping[str, SettingField], where: str) -> dict[str, Any]:
    """A known game's section: its fields validated, defaults for the rest, unknown dropped."""
    if not isinstance(raw, dict):
        log.info("settings section %s is not an object: using its defaults", where)
        raw = {}
    section: dict[str, Any] = {}
    for name, spec in fields.items():
        value = coerce(spec, raw[name]) if name in raw else _INVALID
        if value is _INVALID:
            if name in raw:
                log.info("setting %s.%s=%r ignored: using the default %r", where, name,
                         raw[name], spec.default)
            value = spec.default
        section[name] = value
    return section


def parse_settings(data: dict[str, Any], games: Mapping[str, GameData],
                   strict: bool = True) -> Settings:
    """Settings from a v2 document; ``ValueError`` when broken as a whole (``strict``; a newer
    version's file is read with ``strict=False``: whatever can be used is used)."""
    general = data.get("settings")
    sections = data.get("games", {})
    if not isinstance(general, dict) or not isinstance(sections, dict):
        if strict:
            raise ValueError("settings.json needs a 'settings' and a 'games' object")
        general = general if isinstance(general, dict) else {}
        sections = sections if isinstance(sections, dict) else {}
    values: dict[str, Any] = {}
    for name, spec in global_fields(games).items():
        if name not in general:
            continue
        value = coerce(spec, general[name])
        if value is _INVALID:
            log.info("setting %s=%r ignored: using the default %r", name, general[name],
                     spec.default)
            continue
        values[name] = value
    settings = Settings.for_games(games.values(), **values)
    for game_id, raw in sections.items():
        if game_id in games:
            settings.games[game_id] = _section(raw, games[game_id].settings, game_id)
        else:
            settings.games[game_id] = raw  # a game this build does not know: kept as it is
    return settings


def settings_to_json(settings: Settings, games: Mapping[str, GameData]) -> dict[str, Any]:
    """The v2 document of ``settings``; an invalid value (a bug) is written as its default."""
    general: dict[str, Any] = {}
    for name, spec in global_fields(games).items():
        value = coerce(spec, getattr(settings, name, spec.default))
        if value is _INVALID:
            log.warning("setting %s=%r is not valid: writing the default %r", name,
                        getattr(settings, name, None), spec.default)
            value = spec.default
        general[name] = value
    sections: dict[str, Any] = {}
    for game_id, raw in settings.games.items():
        if game_id in games:
            sections[game_id] = _section(raw, games[game_id].settings, game_id)
        else:
            sections[game_id] = raw
    for game_id, game in games.items():
        if game_id not in sections:
            sections[game_id] = _section({}, game.settings, game_id)
    return {"version": VERSION, "settings": general, "games": sections}
