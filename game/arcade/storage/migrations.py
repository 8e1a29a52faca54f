"""Versioned migrations: every file format this game ever wrote, and how each becomes the next.

A stored file carries ``"version": N``. Reading it, :func:`upgrade` applies the registered
migrations ``(kind, N) -> N+1`` in order up to :data:`CURRENT`; the caller then validates the
result as the current version, rewrites the file at once and keeps the original bytes beside it
as ``<name>.v<N>-backup`` (so a downgrade, or a bug in here, loses nothing). A migration only
reshapes: validation is the current version's parser's job. It raises ``ValueError`` when the
old file does not even have the old shape (the file is then corrupt, as it was before).

Version 1 was written by the one-game MAGDAGDON, so v1 data is MAGDAGDON's by definition:
:data:`LEGACY_GAME` is the one game id this module knows.

Version 1 (until the arcade held several games)::

    settings.json  {"version": 1, "settings": {"difficulty": "PEACEFUL"|"SURVIVAL"|"NIGHTMARE",
                    "language": str, "music_volume": float, "effects_volume": float,
                    "music_muted": bool, "effects_muted": bool, "fullscreen": bool,
                    "reduced_motion": bool, "digits": bool, "coached": bool,
                    "kiosk_pin": "2468" (plain text!), "idle_seconds": int}}
    scores.json    {"version": 1, "tables": {"PEACEFUL": [entry, ...], "SURVIVAL": [...],
                    "NIGHTMARE": [...]}, "recorded": ["<game id>", ...]}
                   entry = {"score": int, "date": "2026-11-30T02:15:00Z", "turns": int,
                            "powers": int, "ruins": int, "game_id": str, "initials": "ABC"}
                   (each table the best 10 only; "recorded": the last 100 recorded ids)
    savegame.json  {"version": 1, "game_id": str, "saved_at": "<ISO date>",
                    "game": <MagdagdonGame.to_dict()>}

Version 2 (the arcade; see the package docstring for the full description)::

    settings.json  {"version": 2, "settings": {<global fields>}, "games": {"<id>": {...}}}
    scores.json    {"version": 2, "games": {"<id>": {"records": [record, ...],
                    "recorded": ["<record id>", ...]}}}
                   record = {"id", "date", "variant", "initials", <the game's fields>...}
    saves/<id>.json {"version": 2, "game": "<id>", "id": "<record id>", "saved_at": "<ISO>",
                     "state": <the game's encode(game)>}

1 → 2:

* settings: ``difficulty``, ``digits`` and ``coached`` move into ``games["magdagdon"]``;
  ``kiosk_pin`` becomes ``kiosk_pin_hash`` (hashed, :mod:`pin`) when it is 4-8 ASCII digits and
  not the old public default ``"2468"``, else ``""`` (no PIN configured: the kiosk asks its
  operator to set one). The new fields (``window``, ``last_game``) take their defaults.
* scores: every entry of the three tables becomes a record of ``magdagdon`` with
  ``variant`` = the table's name, ``id`` = ``game_id``, fields ``score``, ``turns``,
  ``powers``, ``ruins``; records are ordered by date, then table order (PEACEFUL, SURVIVAL,
  NIGHTMARE), then file order. ``recorded`` ids without an entry stay in ``recorded`` (their
  games missed a table, so only their ids are known).
* save: ``savegame.json`` becomes ``saves/magdagdon.json`` with ``id`` = ``game_id`` and
  ``state`` = ``game``. (The caller decodes it with the magdagdon ``GameData`` before writing
  the new file, and removes the old file only after the new one is safely written.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.arcade.storage.gamedata import is_iso_date
from game.arcade.storage.pin import hash_pin, valid_pin

LEGACY_GAME = "magdagdon"
"""The game every v1 file belongs to (a historical constant: v1 knew one game)."""
LEGACY_SAVE_FILE = "savegame.json"
V1_DEFAULT_PIN = "2468"
"""v1's public default PIN: it protected nothing, so it migrates to "no PIN configured"."""
V1_TABLES = ("PEACEFUL", "SURVIVAL", "NIGHTMARE")
V1_GAME_SETTINGS = ("difficulty", "digits", "coached")
V1_RECORD_FIELDS = ("score", "turns", "powers", "ruins")
_UNKNOWN_SAVE_DATE = "2000-01-01T00:00:00Z"

CURRENT: dict[str, int] = {"settings": 2, "scores": 2, "save": 2}
"""The version this build writes, per kind of file."""

Migration = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[tuple[str, int], Migration] = {}
"""``(kind, from_version) -> function`` returning the ``from_version + 1`` document."""


def migration(kind: str, from_version: int) -> Callable[[Migration], Migration]:
    """Register a migration of ``kind`` from ``from_version`` to the next version."""

    def register(function: Migration) -> Migration:
        MIGRATIONS[(kind, from_version)] = function
        return function

    return register


def can_upgrade(kind: str, version: int) -> bool:
    """Whether a ``kind`` file of ``version`` can be brought to :data:`CURRENT`."""
    return all((kind, v) in MIGRATIONS for v in range(version, CURRENT[kind])) and (
        1 <= version < CURRENT[kind])


def upgrade(kind: str, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` migrated step by step to :data:`CURRENT`; ``ValueError`` if it cannot be."""
    version = data.get("version")
    if type(version) is not int or not can_upgrade(kind, version):
        raise ValueError(f"no way from {kind} version {version!r} to {CURRENT[kind]}")
    while version < CURRENT[kind]:
        data = MIGRATIONS[(kind, version)](data)
        if data.get("version") != version + 1:  # a registry bug, not a file problem
            raise AssertionError(f"migration {kind} {version} did not give {version + 1}")
        version += 1
    return data


def _object(data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key)
    if not isinstance(value, dict):
        raise ValueError(f"no {key!r} object")
    return value


@migration("settings", 1)
def settings_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    old = _object(data, "settings")
    moved = set(V1_GAME_SETTINGS) | {"kiosk_pin"}
    general = {key: value for key, value in old.items() if key not in moved}
    pin = old.get("kiosk_pin", V1_DEFAULT_PIN)
    general["kiosk_pin_hash"] = hash_pin(pin) if valid_pin(pin) and pin != V1_DEFAULT_PIN else ""
    section = {key: old[key] for key in V1_GAME_SETTINGS if key in old}
    return {"version": 2, "settings": general, "games": {LEGACY_GAME: section}}


@migration("scores", 1)
def scores_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    tables = _object(data, "tables")
    unknown = set(tables) - set(V1_TABLES)
    if unknown:
        raise ValueError(f"no difficulty is called {sorted(map(str, unknown))}")
    rows: list[tuple[str, int, int, dict[str, Any]]] = []
    for order, name in enumerate(V1_TABLES):
        entries = tables.get(name, [])
        if not isinstance(entries, list):
            raise ValueError(f"table {name} must be a list")
        for position, entry in enumerate(entries):
            if not isinstance(entry, dict):
                raise ValueError("a score entry must be an object")
            missing = [k for k in ("date", "game_id", *V1_RECORD_FIELDS) if k not in entry]
            if missing or not isinstance(entry["date"], str):
                raise ValueError(f"score entry lacks {missing or 'a date'}")
            record = {"id": entry["game_id"], "date": entry["date"], "variant": name,
                      "initials": entry.get("initials", "")}
            record.update((key, entry[key]) for key in V1_RECORD_FIELDS)
            rows.append((entry["date"], order, position, record))
    rows.sort(key=lambda row: row[:3])
    recorded = data.get("recorded", [])
    if not isinstance(recorded, list):
        raise ValueError("'recorded' must be a list of game ids")
    ids = {row[3]["id"] for row in rows}
    left: list[Any] = []
    for game_id in recorded:
        if game_id not in ids and game_id not in left:
            left.append(game_id)
    section = {"records": [row[3] for row in rows], "recorded": left}
    return {"version": 2, "games": {LEGACY_GAME: section}}


@migration("save", 1)
def save_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    if "game" not in data:
        raise ValueError("savegame.json has no 'game'")
    saved_at = data.get("saved_at")
    return {"version": 2, "game": LEGACY_GAME, "id": data.get("game_id"),
            "saved_at": saved_at if is_iso_date(saved_at) else _UNKNOWN_SAVE_DATE,
            "state": data["game"]}
