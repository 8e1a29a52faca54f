"""The game in progress: one saved game per game id, in ``saves/<game id>.json``.

A save is the whole state (the game's ``encode``, dice RNG included) plus the id its record
will get, so a game resumed after a kill is recorded under the same id, and a save whose id is
already recorded can be recognised (it is then never resumed, only removed). One file per game
keeps the games apart: resuming QUERNI never touches MAGDAGDON's save.
"""

from __future__ import annotations

from typing import Any

from game.arcade.storage.gamedata import RECORD_ID_RE, GameData, is_iso_date

VERSION = 2
SAVES_DIR = "saves"


def save_name(game_id: str) -> str:
    """The file of ``game_id``'s save, relative to the data folder."""
    return f"{SAVES_DIR}/{game_id}.json"


def save_to_json(game: GameData, record_id: str, saved_at: str, obj: Any) -> dict[str, Any]:
    """The v2 document of a save (``encode`` may raise for a game that cannot be saved)."""
    return {"version": VERSION, "game": game.id, "id": record_id, "saved_at": saved_at,
            "state": game.encode(obj)}


def saved_id(data: dict[str, Any]) -> str | None:
    """The record id a save document names, without decoding the game (``None`` if bad)."""
    record_id = data.get("id")
    return record_id if isinstance(record_id, str) and RECORD_ID_RE.fullmatch(record_id) else None


def parse_save(data: dict[str, Any], game: GameData) -> tuple[str, Any]:
    """``(record id, game object)`` from a v2 save; ``ValueError`` when anything is wrong."""
    if data.get("game") != game.id:
        raise ValueError(f"the save belongs to {data.get('game')!r}, not {game.id!r}")
    record_id = saved_id(data)
    if record_id is None:
        raise ValueError(f"bad record id {data.get('id')!r}")
    if not is_iso_date(data.get("saved_at")):
        raise ValueError(f"bad saved_at {data.get('saved_at')!r}")
    if not isinstance(data.get("state"), dict):
        raise ValueError("the save has no 'state' object")
    try:
        obj = game.decode(data["state"])
    except (TypeError, KeyError, IndexError, RecursionError) as error:
        raise ValueError(f"the saved state does not decode: {error}") from None
    return record_id, obj
