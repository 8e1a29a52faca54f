"""Reading a file that carries a version: the one place that decides what each version means.

* the **current** version is parsed strictly; a file of the wrong shape is corrupt (set aside);
* an **older** version is migrated (by the games' own steps,
  :mod:`~game.arcade.storage.migrations`), parsed strictly, and at once rewritten as the
  current version, its original kept as ``<name>.v<N>-backup`` (when the backup cannot be
  written, the file is left as it is and the next write of it makes the backup first: a
  migrated file is never overwritten without its original kept);
* a **newer** version (a newer game ran on this folder, then this older one) is not corrupt: a
  copy is kept as ``<name>.newer-v<N>-<stamp>`` (once per content), one line is logged (once per
  session), and the file is parsed leniently, keeping what this build understands;
* no version, a version that is not an int (``true``, ``"2"``, ``2.0``) or below 1: corrupt.

``parse(data, strict)`` turns a current-version document into the caller's value and raises
``ValueError`` (or ``TypeError``/``KeyError``...) when ``strict`` and the shape is wrong.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, TypeVar

from game.arcade.storage.gamedata import stamp
from game.arcade.storage.jsonfile import JsonStore
from game.arcade.storage.migrations import CURRENT, Migrations

log = logging.getLogger(__name__)

PARSE_ERRORS = (ValueError, TypeError, KeyError, IndexError, RecursionError)
T = TypeVar("T")
Parse = Callable[[dict[str, Any], bool], T]


class VersionedFiles:
    """Versioned reads (with their migrations and copies) on top of a :class:`JsonStore`."""

    def __init__(self, store: JsonStore, migrations: Migrations) -> None:
        self.store = store
        self.migrations = migrations
        self._newer_logged: set[tuple[str, int]] = set()

    def read(self, name: str, kind: str, cap: int, parse: Parse[T], compact: bool = False,
             game_id: str | None = None) -> T | None:
        """``name`` as the current version of ``kind`` (a save: of ``game_id``), or ``None``
        (missing, corrupt: set aside, unreadable: reported, or a newer file of which nothing
        could be used)."""
        loaded = self.store.load(name, cap)
        if loaded is None:
            return None
        version = loaded.data.get("version")
        if type(version) is int and version > CURRENT[kind]:
            self._keep_newer(name, version, loaded.raw)
            try:
                return parse(loaded.data, False)
            except PARSE_ERRORS as error:
                log.warning("nothing of %s could be used: %s", name, error)
                return None
        try:
            if type(version) is not int or version < 1:
                raise ValueError(f"unknown version {version!r}")
            data = (loaded.data if version == CURRENT[kind]
                    else self.migrations.upgrade(kind, loaded.data, game_id))
            result = parse(data, True)
        except PARSE_ERRORS as error:
            self.store.set_aside(name, f"wrong shape: {str(error)[:200]}")
            return None
        migrated = version < CURRENT[kind]
        if (migrated and self.store.keep_copy(name, f"v{version}-backup", loaded.raw)
                and self.store.write(name, data, cap, compact)):
            log.info("%s migrated from version %d to %d (the original is %s.v%d-backup)",
                     name, version, CURRENT[kind], name, version)
        return result

    def peek(self, data: dict[str, Any], kind: str, parse: Parse[T],
             game_id: str | None = None) -> T | None:
        """Like :meth:`read` on an already read document, without any side effect."""
        version = data.get("version")
        try:
            if type(version) is not int or version < 1:
                return None
            if version > CURRENT[kind]:
                return parse(data, False)
            if version < CURRENT[kind]:
                data = self.migrations.upgrade(kind, data, game_id)
            return parse(data, True)
        except PARSE_ERRORS:
            return None

    def _keep_newer(self, name: str, version: int, raw: bytes) -> None:
        label = f"newer-v{version}-{stamp(self.store.clock())}"
        self.store.keep_copy(name, label, raw, same_as=f"newer-v{version}-")
        if (name, version) not in self._newer_logged:
            self._newer_logged.add((name, version))
            log.warning("%s is version %d, newer than this game knows: a copy is kept as "
                        "%s.newer-v%d-*, and what this version understands is used",
                        name, version, name, version)
