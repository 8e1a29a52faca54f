"""The data folder's JSON files as read: defensively, and never raised about.

A file that cannot be trusted (:mod:`~game.arcade.storage.files`) is **corrupt**: it is renamed
to ``<name>.corrupt-<YYYYmmddTHHMMSSZ>`` (``-2``... when taken; a symlink is renamed, never its
target) and ``Notice("notice.corrupt", {"file": name})`` is appended: the caller goes on with
defaults. A file without read **permission** is left in place with
``Notice("notice.unreadable", {"file": name})`` (logged once), and its name lives in memory for
the session, as every name does when the data folder cannot be created
(``notice.no_data_dir``): reads see what this session wrote, and nothing overwrites the file.

Files at the top of the folder may be symlinks (followed for reading, replaced on writing: a
player may keep ``settings.json`` elsewhere); **subfolders** (``saves/``, ``games/``) and the
files in them never are. A subfolder that is not a real folder (a symlink, a FIFO, a file) is
moved aside like a corrupt file before any name in it is used, and a file in it that is a
symlink is corrupt: nothing is read or written outside the data folder through them.
"""

from __future__ import annotations

import errno
import logging
import os
import stat
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

from game.arcade.storage.files import (
    Corrupt,
    Loaded,
    Unreadable,
    decode,
    read_regular,
    remove_stale_temp_files,
    sync_dir,
)
from game.arcade.storage.gamedata import stamp

log = logging.getLogger(__name__)

MAX_BYTES = 1_000_000
"""The size cap of a settings or save file (the scores file has its own, larger one)."""


class Notice(NamedTuple):
    """Something the player should be told: a translation key and its parameters."""

    key: str
    params: dict[str, Any]


class JsonFolder:
    """The names of ``data_dir``, read: files on disk, or in memory when they cannot be."""

    def __init__(self, data_dir: Path, clock: Callable[[], datetime], notices: list[Notice],
                 subdirs: tuple[str, ...] = ()) -> None:
        self.data_dir = data_dir
        self.clock = clock
        self.notices = notices
        self.writable = True
        self._memory: dict[str, bytes] = {}
        self._protected: set[str] = set()  # unreadable files: in memory for the session
        self._kept: tuple[str, ...] = ()  # names (prefixes) kept in memory on purpose
        try:
            data_dir.mkdir(parents=True, exist_ok=True)
            if not os.path.isdir(data_dir):
                raise NotADirectoryError(errno.ENOTDIR, "not a folder", str(data_dir))
        except (OSError, ValueError) as error:
            log.warning("no data folder %s (%s): keeping everything in memory", data_dir, error)
            self.writable = False
            notices.append(Notice("notice.no_data_dir", {"path": str(data_dir)}))
        else:
            folders = [self.folder(sub) for sub in subdirs]
            remove_stale_temp_files([data_dir, *(folder for folder in folders if folder)])

    def settle(self) -> None:
        """Wait until the files are as they were asked to be (a store that writes later
        waits for its queue here)."""

    def path(self, name: str) -> Path:
        """Where ``name`` is; a name in a subfolder once that is a real folder or missing
        (anything else in its place is moved aside first)."""
        if "/" in name:
            self.folder(name.split("/", 1)[0])
        return self.data_dir / name

    def folder(self, sub: str) -> Path | None:
        """The subfolder ``sub`` when it is a real folder; ``None`` when it is not there. A
        symlink, FIFO or file in its place is moved aside (``<sub>.corrupt-<stamp>``) and
        reported first, never followed. Safe on the writer thread (it never settles)."""
        folder = self.data_dir / sub
        try:
            mode = os.lstat(folder).st_mode
        except OSError:
            return None
        if stat.S_ISDIR(mode):
            return folder
        log.warning("%s is not a folder (%s): moved aside, never followed", sub,
                    stat.filemode(mode))
        self.notices.append(Notice("notice.corrupt", {"file": sub}))
        try:
            os.rename(folder, self._free(f"{sub}.corrupt-{stamp(self.clock())}"))
        except FileNotFoundError:
            pass  # moved meanwhile (the writer thread looked at the same time)
        except OSError as error:
            log.warning("could not move %s aside: %s", sub, error)
        return None

    def in_memory(self, name: str) -> bool:
        """Whether ``name`` lives in memory (no folder, the file may not be read, or it is
        kept in memory on purpose)."""
        return not self.writable or name in self._protected or name.startswith(self._kept)

    def keep_in_memory(self, prefix: str) -> None:
        """Names starting with ``prefix`` live in memory from now on: what is on disk is
        neither read nor written (a run that must leave the player's files alone)."""
        self._kept = (*self._kept, prefix)

    # --- reading ---------------------------------------------------------------------------

    def read(self, name: str, max_bytes: int = MAX_BYTES) -> Loaded | None:
        """``name``'s object; ``None`` when missing; :class:`Corrupt` or :class:`Unreadable`
        when it cannot be used. No side effects (a pure look)."""
        self.settle()
        if self.in_memory(name):
            raw = self._memory.get(name)
        else:
            raw = read_regular(self.path(name), max_bytes, follow="/" not in name)
        if raw is None:
            return None
        return Loaded(decode(raw), raw)

    def load(self, name: str, max_bytes: int = MAX_BYTES) -> Loaded | None:
        """Like :meth:`read`, but a corrupt file is set aside and an unreadable one reported
        (both give ``None``)."""
        try:
            return self.read(name, max_bytes)
        except Corrupt as why:
            self.set_aside(name, str(why))
        except Unreadable as why:
            self.report_unreadable(name, str(why))
        return None

    def exists(self, name: str) -> bool:
        """Whether ``name`` holds a regular file (or a value in memory)."""
        self.settle()
        if name in self._memory:
            return True
        # os.path.isfile answers False where the folder may not be searched (Path.is_file
        # raises PermissionError there)
        return (self.writable and not name.startswith(self._kept)
                and os.path.isfile(self.path(name)))

    # --- files that cannot be used ---------------------------------------------------------

    def set_aside(self, name: str, why: str) -> None:
        """Move a corrupt file out of the way (``<name>.corrupt-<stamp>[-n]``) and tell."""
        self.settle()
        log.warning("%s is corrupt (%s): using defaults", name, why)
        self.notices.append(Notice("notice.corrupt", {"file": name}))
        if self.in_memory(name):
            self._memory.pop(name, None)
            return
        target = self.free_name(f"{name}.corrupt-{stamp(self.clock())}")
        try:
            os.rename(self.path(name), target)
        except OSError as error:
            log.warning("could not set %s aside: %s", name, error)
            return
        sync_dir(target.parent)

    def report_unreadable(self, name: str, why: str) -> None:
        """Leave a file we may not read where it is, tell once, and keep ``name`` in memory."""
        if name in self._protected:
            return
        log.warning("%s cannot be read (%s): left in place, not overwritten; using defaults",
                    name, why)
        self.notices.append(Notice("notice.unreadable", {"file": name}))
        self._protected.add(name)

    def free_name(self, base: str) -> Path:
        """``base`` in the data folder, or ``base-2``, ``base-3``… when that name is taken."""
        self.settle()
        return self._free(base)

    def _free(self, base: str) -> Path:
        target = self.path(base)
        counter = 1
        while os.path.lexists(target):
            counter += 1
            target = self.path(f"{base}-{counter}")
        return target
