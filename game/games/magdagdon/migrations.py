"""MAGDAGDON's files from before the arcade (version 1), and how each becomes version 2.

Version 1 was written when MAGDAGDON was the only game, so every v1 file is this game's; the
spec hands these steps to storage (imported when a v1 file is read). Both versions and each
step are described in docs/data-formats.md. The old public default PIN ``"2468"`` is never
carried over: the kiosk asks its operator for a PIN instead.
"""

from __future__ import annotations

from typing import Any

from game.arcade.storage import hash_pin, is_iso_date, valid_pin
from game.games.magdagdon import GAME_ID, SAVE_FILE

V1_DEFAULT_PIN = "2468"
"""v1's public default PIN: it protected nothing, so it migrates to "no PIN configured"."""
V1_TABLES = ("PEACEFUL", "SURVIVAL", "NIGHTMARE")
V1_GAME_SETTINGS = ("difficulty", "digits", "coached")
V1_RECORD_FIELDS = ("score", "turns", "powers", "ruins")
UNKNOWN_SAVE_DATE = "2000-01-01T00:00:00Z"


def _object(data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key)
    if not isinstance(value, dict):
        raise ValueError(f"no {key!r} object")
    return value


def settings_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    old = _object(data, "settings")
    moved = set(V1_GAME_SETTINGS) | {"kiosk_pin"}
    general = {key: value for key, value in old.items() if key not in moved}
    pin = old.get("kiosk_pin", V1_DEFAULT_PIN)
    general["kiosk_pin_hash"] = hash_pin(pin) if valid_pin(pin) and pin != V1_DEFAULT_PIN else ""
    section = {key: old[key] for key in V1_GAME_SETTINGS if key in old}
    return {"version": 2, "settings": general, "games": {GAME_ID: section}}


def _table_rows(name: str, order: int, entries: Any) -> list[tuple[str, int, int, dict[str, Any]]]:
    """The records of one v1 table as ``(date, table order, position, record)``."""
    if not isinstance(entries, list):
        raise ValueError(f"table {name} must be a list")
    rows = []
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
    return rows


def scores_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    tables = _object(data, "tables")
    unknown = set(tables) - set(V1_TABLES)
    if unknown:
        raise ValueError(f"no difficulty is called {sorted(map(str, unknown))}")
    rows = [row for order, name in enumerate(V1_TABLES)
            for row in _table_rows(name, order, tables.get(name, []))]
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
    return {"version": 2, "games": {GAME_ID: section}}


def save_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    if "game" not in data:
        raise ValueError(f"{SAVE_FILE} has no 'game'")
    saved_at = data.get("saved_at")
    return {"version": 2, "game": GAME_ID, "id": data.get("game_id"),
            "saved_at": saved_at if is_iso_date(saved_at) else UNKNOWN_SAVE_DATE,
            "state": data["game"]}
