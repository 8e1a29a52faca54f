"""The JSON files of one data folder: read defensively, written atomically and in order,
never raised about.

:class:`JsonFolder` reads, :class:`JsonStore` (what every store of this package goes through)
also writes; one file at a time is :mod:`~game.arcade.storage.files`'s job. Names may contain
one ``/`` (``saves/<game>.json``).

* A file that cannot be trusted is **corrupt**: renamed ``<name>.corrupt-<YYYYmmddTHHMMSSZ>``
  (``-2``... when taken; a symlink is renamed, never its target), with ``Notice("notice.corrupt",
  {"file": name})``; the caller goes on with defaults. A file without read **permission** is
  left in place (``notice.unreadable``, logged once) and its name lives in memory for the
  session, as every name does when the data folder cannot be created (``notice.no_data_dir``).
* Files at the top of the folder may be symlinks (followed for reading, replaced on writing);
  **subfolders** (``saves/``, ``games/``) and their files never are: a subfolder that is not a
  real folder is moved aside before any name in it is used, and a symlink in it is corrupt.
* A failed write returns ``False``, with ``Notice("notice.save_failed", {})`` once per failure
  streak; a name that lives in memory is written there and ``False`` returned, no notice.
* A copy kept on purpose (a migrated file's ``.v1-backup``, a newer version's
  ``.newer-v<N>-...``) never overwrites another nor repeats one with the same bytes, and until
  it is made the file it protects is not overwritten.
* :meth:`JsonStore.write_later` queues the bytes for the ``save-writer`` lane
  (:mod:`~game.arcade.storage.jobs`) and returns at once; only the newest bytes queued for a
  name are written, in the order the names were asked for. Every other method waits for the
  queue first, so the files change in the order asked.
"""

from __future__ import annotations

import errno
import logging
import os
import stat
import threading
import time
from collections.abc import Callable
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple

from game.arcade.storage import jobs
from game.arcade.storage.files import (
    Corrupt,
    Loaded,
    Unreadable,
    atomic_write,
    decode,
    encode,
    holds_copy,
    read_regular,
    remove_stale_temp_files,
    sync_dir,
)
from game.arcade.storage.gamedata import stamp
from game.arcade.storage.jobs import Lane

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


__all__ = ["MAX_BYTES", "JsonStore", "Notice"]

log = logging.getLogger(__name__)


WARN_EVERY = 60.0
"""Seconds between two log lines about failed writes (the failures in between are counted)."""


class JsonStore(JsonFolder):
    """The data files of ``data_dir`` (or of memory, when the folder cannot be created)."""

    def __init__(self, data_dir: Path, clock: Callable[[], datetime], notices: list[Notice],
                 subdirs: tuple[str, ...] = ()) -> None:
        super().__init__(data_dir, clock, notices, subdirs)
        self._pending: dict[str, list[tuple[str, str, bytes]]] = {}  # copies owed before writing
        self._failing = False
        self._failures = threading.Lock()  # the writer thread reports failures too
        self._warned_at: float | None = None  # when a failed write was last logged
        self._unlogged = 0  # failed writes not logged since then
        self._writer = Lane("save-writer", jobs.SAVES_LINGER)

    # --- copies kept on purpose ------------------------------------------------------------

    def keep_copy(self, name: str, label: str, raw: bytes, same_as: str | None = None) -> bool:
        """Keep ``raw`` as ``<name>.<label>[-n]`` unless a file ``<name>.<same_as>*`` (default:
        the label) already holds these bytes; ``True`` when the copy exists. Until it does,
        ``name`` is not overwritten (:meth:`write` tries the copy again first)."""
        self.settle()
        if self.in_memory(name):
            return True
        if holds_copy(self.path(f"{name}.{same_as or label}"), raw):
            return True
        try:
            atomic_write(self.free_name(f"{name}.{label}"), raw)
        except OSError as error:
            log.warning("cannot keep a copy of %s as %s: %s", name, label, error)
            owed = self._pending.setdefault(name, [])
            if (label, same_as or label, raw) not in owed:
                owed.append((label, same_as or label, raw))
            return False
        return True

    def _pay_copies(self, name: str) -> bool:
        """Make the copies owed for ``name``; ``True`` when none is owed any more."""
        for label, same_as, raw in list(self._pending.get(name, ())):
            self._pending[name].remove((label, same_as, raw))
            if not self.keep_copy(name, label, raw, same_as):
                return False
        self._pending.pop(name, None)
        return True

    # --- writing ---------------------------------------------------------------------------

    def write(self, name: str, payload: Any, max_bytes: int = MAX_BYTES,
              compact: bool = False) -> bool:
        """Store ``payload`` as ``name``; ``True`` when it is on disk (in memory: ``False``)."""
        raw = self._encoded(name, payload, max_bytes, compact)
        return raw is not None and self.write_raw(name, raw)

    def _encoded(self, name: str, payload: Any, max_bytes: int, compact: bool) -> bytes | None:
        """``payload``'s bytes, or ``None`` (a failed write) when it cannot be stored."""
        try:
            raw = encode(payload, compact)
        except (TypeError, ValueError) as error:
            log.error("cannot write %s: %s", name, error)
            self.failed()
            return None
        if len(raw) > max_bytes:
            log.error("cannot write %s: %d bytes is over its cap of %d", name, len(raw), max_bytes)
            self.failed()
            return None
        return raw

    def write_raw(self, name: str, raw: bytes) -> bool:
        self.settle()
        return self._write_now(name, raw)

    def write_later(self, name: str, payload: Any, max_bytes: int = MAX_BYTES,
                    compact: bool = True, then: Callable[[bool], object] | None = None) -> bool:
        """Like :meth:`write`, but written by the writer thread: ``True`` once the bytes are
        queued (a failure to write them is reported as usual, by a notice). With ``then``,
        the bytes are made there too (``payload`` must not change after this call: a game's
        document, indented, takes milliseconds to encode; a callable ``payload`` is called
        there for it) and ``then`` is called there with whether they reached the disk."""
        if then is None:
            raw = self._encoded(name, payload, max_bytes, compact)
            if raw is None:
                return False
            self._put(name, raw)
            return True

        def write() -> None:
            made = None
            try:
                made = self._encoded(name, payload() if callable(payload) else payload,
                                     max_bytes, compact)
            finally:  # (a payload that raises is not written either)
                then(made is not None and self._write_now(name, made))

        self._put(name, write)
        return True

    def remove_later_if(self, name: str, decide: Callable[[], bool]) -> None:
        """Remove ``name`` by the writer thread if ``decide()`` (run there) says so, unless
        something is queued for it already: a write asked for meanwhile wins (from any
        thread; the save of a game whose record was just committed)."""

        def act() -> None:
            if decide():
                self._remove_now(name)

        self._put(name, act, replace=False)

    def remove_later(self, name: str) -> None:
        """Like :meth:`remove`, but done by the writer thread, after what was queued before
        (a write of ``name`` queued after it replaces it)."""
        self._put(name, None)

    def _put(self, name: str, item: bytes | Callable[[], object] | None,
             replace: bool = True) -> None:
        """Queue for the writer thread: bytes to write, ``None`` to remove, or an action."""
        self._writer.put(name, partial(self._apply, name, item), replace)

    def _apply(self, name: str, item: bytes | Callable[[], object] | None) -> None:
        try:
            if item is None:
                self._remove_now(name)
            elif isinstance(item, bytes):
                self._write_now(name, item)
            else:
                item()
        except Exception:  # noqa: BLE001 - a bug here must not lose the next saves
            log.exception("the writer thread could not write %s", name)

    def settle(self) -> None:
        """Wait until what :meth:`write_later` and :meth:`remove_later` queued is done (at
        once when nothing is)."""
        self._writer.settle()

    def close(self, timeout: float | None = None) -> bool:
        """At the end of a run: write what is queued and end the writer thread, waiting at
        most ``timeout`` seconds (the store still works after); whether all was written."""
        return self._writer.stop(timeout)

    def _write_now(self, name: str, raw: bytes) -> bool:
        if self.in_memory(name):
            self._memory[name] = raw
            return False
        if not self._pay_copies(name):
            self.failed()
            return False
        try:
            atomic_write(self.path(name), raw)
        except OSError as error:
            self._warn("cannot write %s: %s", name, error)
            self.failed()
            return False
        with self._failures:
            self._failing = False
        return True

    def remove(self, name: str) -> bool:
        """Delete ``name`` (missing is fine); ``True`` unless the delete failed. A file we may
        not read is never deleted."""
        self.settle()
        return self._remove_now(name)

    def _remove_now(self, name: str) -> bool:
        if self.in_memory(name):
            self._memory.pop(name, None)
            return name not in self._protected
        try:
            os.unlink(self.path(name))
        except FileNotFoundError:
            return True
        except OSError as error:
            self._warn("cannot remove %s: %s", name, error)
            self.failed()
            return False
        with self._failures:
            self._failing = False
        sync_dir(self.path(name).parent)
        return True

    def _warn(self, message: str, *args: object) -> None:
        """Log a failed write at most once per :data:`WARN_EVERY` seconds: a full disk fails
        every move, and a line each time would flood the log (and a kiosk's journal)."""
        now = time.monotonic()
        with self._failures:
            if self._warned_at is not None and now - self._warned_at < WARN_EVERY:
                self._unlogged += 1
                return
            unlogged, self._unlogged, self._warned_at = self._unlogged, 0, now
        if unlogged:
            message += f" ({unlogged} more failed writes since the last warning)"
        log.warning(message, *args)

    def failed(self) -> None:
        """Count a failed write: one ``notice.save_failed`` per failure streak."""
        with self._failures:
            if not self._failing:
                self._failing = True
                self.notices.append(Notice("notice.save_failed", {}))
