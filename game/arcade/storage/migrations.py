"""Versioned migrations: how a file of an older version becomes the version this build writes.

A stored file carries ``"version": N``. Reading it, :meth:`Migrations.upgrade` applies the steps
``(kind, N) -> N+1`` in order up to :data:`CURRENT`; the caller then validates the result as the
current version, rewrites the file at once and keeps the original bytes beside it as
``<name>.v<N>-backup`` (so a downgrade, or a bug in a step, loses nothing). A step only
reshapes: validation is the current version's parser's job. It raises ``ValueError`` when the
old file does not even have the old shape (the file is then corrupt, as it was before).

The steps are the games' own (``GameData.migrations``): what an older file looked like is the
history of the game that wrote it, so the shell knows none of it. ``settings.json`` and
``scores.json`` are shared by every game: their steps come from whichever game wrote the old
version, and two games offering the same step is a ``ValueError``. A save belongs to one game:
only that game's ``"save"`` steps apply to it, and its :attr:`GameMigrations.save_file` names a
save it wrote before ``saves/<id>.json`` existed (moved there once, through those steps).

Version 2 (the arcade; the package docstring describes every field)::

    settings.json   {"version": 2, "settings": {<the arcade's fields>}, "games": {"<id>": {...}}}
    scores.json     {"version": 2, "games": {"<id>": {"records": [record, ...],
                     "recorded": ["<record id>", ...]}}}   (read once: the records now live
                     in arcade.db, whose own migrations are in :mod:`.schema`)
    saves/<id>.json {"version": 2, "game": "<id>", "id": "<record id>", "saved_at": "<ISO>",
                     "state": <the game's encode(game)>}
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
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
