"""The one exception type of every game's rules, readable by players and translatable by the UI."""

from __future__ import annotations

from typing import Any


class IllegalMove(ValueError):
    """Raised for every illegal action; the game state is left unchanged.

    ``str(error)`` is a plain English sentence a player can read. ``key`` and
    ``params`` let the UI show the same sentence in the player's language.
    """

    def __init__(self, message: str, key: str = "illegal", **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params
