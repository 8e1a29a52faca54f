"""Which record id each game object has: the id its save and its record are stored under.

A game object carries no id of its own (the rules know nothing of storage), so the id is kept
beside it, by identity, for as long as the object lives: a resumed game keeps the id of its
save, so a game resumed after a kill is recorded under the same id, and recorded once.
"""

from __future__ import annotations

import uuid
import weakref
from collections.abc import Callable
from typing import Any


class RecordIds:
    """Record ids by game object (weakly: a game that is gone is forgotten)."""

    def __init__(self) -> None:
        self._ids: dict[int, tuple[Callable[[], Any], str]] = {}
        self._made: set[str] = set()

    def made_here(self, record_id: str) -> bool:
        """Whether this session made ``record_id`` (a new uuid4: nothing was ever recorded
        under it before this session)."""
        return record_id in self._made

    def of(self, game: Any) -> str:
        """The record id of ``game``: a new uuid4 hex for an object seen for the first time."""
        entry = self._ids.get(id(game))
        if entry is not None and entry[0]() is game:
            return entry[1]
        record_id = uuid.uuid4().hex
        self._made.add(record_id)
        self.register(game, record_id)
        return record_id

    def register(self, game: Any, record_id: str) -> None:
        """Remember ``game``'s id for as long as the object lives (by identity, weakly)."""
        key = id(game)
        ids = self._ids

        def forget(_dead: object) -> None:
            ids.pop(key, None)

        def strong() -> Any:
            return game

        ref: Callable[[], Any]
        try:
            ref = weakref.ref(game, forget)
        except TypeError:  # not weak-referenceable: kept alive for the session
            ref = strong
        ids[key] = (ref, record_id)
