"""The JSON files of one data folder: written atomically, read defensively, never raised about.

Everything that touches a data file goes through :class:`JsonStore`, so the hard rules live in
one place:

* **Writing** goes to a temporary file beside the target (``.<name>.<random>.tmp``), which is
  flushed and fsynced, moved over the target with ``os.replace`` and made durable by an fsync
  of the folder: a crash leaves the old file or the new one, never a mix. Temporary files older
  than :data:`STALE_TEMP_SECONDS` (a crash's leftovers, not a running writer's) are removed when
  a store starts. A failed write returns ``False``; ``Notice("notice.save_failed", {})`` is
  appended once per failure streak (until a write or delete succeeds again).
* **Reading** opens a file only if it is a regular file, and never blocks: ``os.open`` with
  ``O_NONBLOCK``, then ``fstat`` and ``S_ISREG`` on the open descriptor (no race between the
  check and the read). A FIFO, device or folder with a data file's name is set aside like a
  corrupt file. **Symlinks are followed for reading** (a player may keep a file elsewhere);
  that is safe because only the *target* is checked and read, a link is never written through
  (``os.replace`` replaces the link itself) and setting aside renames the link, never its
  target. At most ``max_bytes`` are read (``fstat`` size first). The bytes must be UTF-8 (a BOM
  is tolerated) JSON without NaN/Infinity, and an object.
* A file that breaks those rules is **corrupt**: it is renamed to
  ``<name>.corrupt-<YYYYmmddTHHMMSSZ>`` (``-2``, ``-3``... when taken), the caller goes on with
  defaults and ``Notice("notice.corrupt", {"file": name})`` is appended.
* A file that cannot be opened for lack of **permission** (EACCES/EPERM) is not corrupt: it is
  left in place, ``Notice("notice.unreadable", {"file": name})`` is appended and one line
  logged (once per file), and from then on that name lives in memory for the session, like
  every name does when the data folder cannot be created: reads see what this session wrote,
  writes return ``False`` and never overwrite the file.
* Copies kept on purpose (a migrated file's ``.v1-backup``, a newer version's ``.newer-v<N>-...``)
  are written with :meth:`JsonStore.keep_copy`, which never overwrites another copy and skips
  a copy that already exists with the same bytes. When a copy cannot be written, the file it
  protects is not overwritten until the copy has been made.

* **Writing later** (:meth:`JsonStore.write_later`, the autosave after a move) hands the
  bytes to one writer thread and returns at once, so a tap never waits for two fsyncs (~1 ms
  here, tens of ms on a slow disk). Only the newest bytes queued for a name are written. Every
  other method first waits until what was queued is written (:meth:`JsonStore.settle`), so
  reads, deletes and writes see the files in the order they were asked for; a failed later
  write is reported like any other. :meth:`JsonStore.close` writes what is queued.

When ``data_dir`` cannot be created the store is not ``writable``: every name lives in memory,
``Notice("notice.no_data_dir", {"path": ...})`` is appended, writes return ``False`` without
further notices. Names may contain one ``/`` (``saves/<game>.json``).
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import json
import logging
import os
import stat
import tempfile
import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

from game.arcade.storage.gamedata import stamp

log = logging.getLogger(__name__)

MAX_BYTES = 1_000_000
"""The size cap of a settings or save file (the scores file has its own, larger one)."""
STALE_TEMP_SECONDS = 60.0
_READ_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
               | getattr(os, "O_CLOEXEC", 0))
_CHUNK = 1 << 20


class Notice(NamedTuple):
    """Something the player should be told: a translation key and its parameters."""

    key: str
    params: dict


class Corrupt(Exception):
    """The file exists but cannot be trusted: set it aside."""


class Unreadable(Exception):
    """The file exists but we may not read it: leave it alone."""


@dataclass(frozen=True)
class Loaded:
    """A file's JSON object and the bytes it came from (for backups and copies)."""

    data: dict[str, Any]
    raw: bytes


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def decode(raw: bytes) -> dict[str, Any]:
    """The JSON object in ``raw``; :class:`Corrupt` for anything else."""
    try:
        data = json.loads(raw.decode("utf-8-sig"), parse_constant=_reject_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise Corrupt(f"not UTF-8 JSON: {str(error)[:200]}") from None
    if not isinstance(data, dict):
        raise Corrupt("not a JSON object")
    return data


def encode(payload: Any, compact: bool = False) -> bytes:
    """``payload`` as UTF-8 JSON; ``ValueError``/``TypeError`` when it is not JSON-safe."""
    if compact:
        text = json.dumps(payload, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    else:
        text = json.dumps(payload, ensure_ascii=False, allow_nan=False, indent=1)
    return text.encode("utf-8")


def read_regular(path: Path, max_bytes: int) -> bytes | None:
    """The bytes of ``path`` if it is a regular file of at most ``max_bytes``; ``None`` when it
    does not exist; :class:`Unreadable` without permission; :class:`Corrupt` otherwise."""
    try:
        fd = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        return None
    except OSError as error:
        if error.errno in (errno.EACCES, errno.EPERM) and not os.path.isdir(path):
            raise Unreadable(str(error)) from None
        raise Corrupt(f"cannot be opened: {error}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Corrupt(f"not a regular file (mode {stat.filemode(info.st_mode)})")
        if info.st_size > max_bytes:
            raise Corrupt(f"larger than {max_bytes} bytes")
        chunks: list[bytes] = []
        size = 0
        while size <= max_bytes:
            chunk = os.read(fd, min(_CHUNK, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        if error.errno in (errno.EACCES, errno.EPERM):
            raise Unreadable(str(error)) from None
        raise Corrupt(f"cannot be read: {error}") from None
    finally:
        os.close(fd)
    if size > max_bytes:
        raise Corrupt(f"larger than {max_bytes} bytes")
    return b"".join(chunks)


def sync_dir(folder: Path) -> None:
    """Make a rename or delete in ``folder`` durable (POSIX; best effort)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def atomic_write(path: Path, raw: bytes) -> None:
    """Replace ``path`` by ``raw`` all at once (see the module docstring); ``OSError`` if not."""
    path.parent.mkdir(parents=True, exist_ok=True)  # it may have been removed meanwhile
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        try:
            file = os.fdopen(fd, "wb")
        except BaseException:
            with contextlib.suppress(OSError):
                os.close(fd)
            raise
        with file:
            file.write(raw)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    sync_dir(path.parent)


_WRITERS: weakref.WeakSet[_Writer] = weakref.WeakSet()


@atexit.register
def _write_queued_at_exit() -> None:
    """A run that ends without closing its store (an error past the frame loop's own
    recovery) still writes what it queued: writer threads are daemons, which the interpreter
    would otherwise stop mid-queue."""
    for writer in list(_WRITERS):
        writer.settle()


LINGER = 5.0
"""Seconds the writer thread waits for the next save before it ends. A player moves every few
seconds: the next autosave finds the thread waiting instead of starting one (a thread's start
waits ~0.25 ms, one in ten 0.7 ms, on the frame that answers the move: a notify, 0.04 ms); a
game left alone keeps no thread."""


class _Writer:
    """Writes queued bytes in order, the newest per name (``None``: remove the file), on a
    thread that runs while there is something to write and :data:`LINGER` seconds after
    (``stop`` ends it at once)."""

    def __init__(self, write: Callable[[str, bytes | None], object]) -> None:
        self._write = write
        self._changed = threading.Condition()
        self._queue: dict[str, bytes | None] = {}  # in the order asked, each name once
        self._thread: threading.Thread | None = None  # while something is written, or lingers
        self._writing = False  # the thread holds bytes taken from the queue
        self._stopping = False
        _WRITERS.add(self)

    def put(self, name: str, raw: bytes | None) -> None:
        with self._changed:
            self._queue.pop(name, None)  # what was queued for it is out of date
            self._queue[name] = raw
            if self._thread is None:
                self._stopping = False
                self._thread = threading.Thread(target=self._run, name="save-writer",
                                                daemon=True)
                self._thread.start()
            else:
                self._changed.notify_all()

    def settle(self) -> None:
        """Wait until everything queued is written (at once on the writer's own thread: a
        write may keep a copy first, through the store's waiting methods)."""
        if threading.current_thread() is self._thread:
            return
        with self._changed:
            while self._queue or self._writing:
                self._changed.wait()

    def stop(self) -> None:
        """Write what is queued, then end the thread (a later ``put`` starts another)."""
        self.settle()
        with self._changed:
            thread = self._thread
            self._stopping = True
            self._changed.notify_all()
        if thread is not None and thread is not threading.current_thread():
            thread.join()

    def _run(self) -> None:
        while True:
            with self._changed:
                self._writing = False
                if not self._queue:
                    self._changed.notify_all()  # settled
                    self._changed.wait_for(lambda: self._queue or self._stopping, LINGER)
                if not self._queue:
                    self._thread = None
                    self._changed.notify_all()
                    return
                name = next(iter(self._queue))
                raw = self._queue.pop(name)
                self._writing = True
            try:
                self._write(name, raw)
            except Exception:  # noqa: BLE001 - a bug here must not lose the next saves
                log.exception("the writer thread could not write %s", name)


class JsonStore:
    """The data files of ``data_dir`` (or of memory, when the folder cannot be created)."""

    def __init__(self, data_dir: Path, clock: Callable[[], datetime], notices: list[Notice],
                 subdirs: tuple[str, ...] = ()) -> None:
        self.data_dir = data_dir
        self.clock = clock
        self.notices = notices
        self.writable = True
        self._subdirs = subdirs
        self._memory: dict[str, bytes] = {}
        self._protected: set[str] = set()  # unreadable files: in memory for the session
        self._pending: dict[str, list[tuple[str, str, bytes]]] = {}  # copies owed before writing
        self._failing = False
        self._failures = threading.Lock()  # the writer thread reports failures too
        self._writer = _Writer(self._apply)
        try:
            data_dir.mkdir(parents=True, exist_ok=True)
            if not data_dir.is_dir():
                raise NotADirectoryError(errno.ENOTDIR, "not a folder", str(data_dir))
        except (OSError, ValueError) as error:
            log.warning("no data folder %s (%s): keeping everything in memory", data_dir, error)
            self.writable = False
            notices.append(Notice("notice.no_data_dir", {"path": str(data_dir)}))
        else:
            self._remove_stale_temp_files()

    def path(self, name: str) -> Path:
        return self.data_dir / name

    def in_memory(self, name: str) -> bool:
        """Whether ``name`` lives in memory (no folder, or the file may not be read)."""
        return not self.writable or name in self._protected

    # --- reading ---------------------------------------------------------------------------

    def read(self, name: str, max_bytes: int = MAX_BYTES) -> Loaded | None:
        """``name``'s object; ``None`` when missing; :class:`Corrupt` or :class:`Unreadable`
        when it cannot be used. No side effects (a pure look)."""
        self.settle()
        if self.in_memory(name):
            raw = self._memory.get(name)
        else:
            raw = read_regular(self.path(name), max_bytes)
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
        return self.writable and self.path(name).is_file()

    def stat_key(self, name: str) -> tuple[int, int, int] | None:
        """Changes whenever the file is replaced (inode, size, mtime); ``None`` if unknown."""
        self.settle()
        if self.in_memory(name):
            return None
        try:
            info = os.stat(self.path(name))
        except OSError:
            return None
        return (info.st_ino, info.st_size, info.st_mtime_ns)

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
        target = self.path(base)
        counter = 1
        while os.path.lexists(target):
            counter += 1
            target = self.path(f"{base}-{counter}")
        return target

    # --- copies kept on purpose ------------------------------------------------------------

    def keep_copy(self, name: str, label: str, raw: bytes, same_as: str | None = None) -> bool:
        """Keep ``raw`` as ``<name>.<label>[-n]`` unless a file ``<name>.<same_as>*`` (default:
        the label) already holds these bytes; ``True`` when the copy exists. Until it does,
        ``name`` is not overwritten (:meth:`write` tries the copy again first)."""
        self.settle()
        if self.in_memory(name):
            return True
        if self._has_copy(f"{name}.{same_as or label}", raw):
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

    def _has_copy(self, prefix: str, raw: bytes) -> bool:
        folder = self.path(prefix).parent
        base = Path(prefix).name
        try:
            candidates = [p for p in folder.iterdir() if p.name.startswith(base)]
        except OSError:
            return False
        for candidate in candidates:
            try:
                info = candidate.lstat()
                if (stat.S_ISREG(info.st_mode) and info.st_size == len(raw)
                        and read_regular(candidate, len(raw)) == raw):
                    return True
            except (OSError, Corrupt, Unreadable):
                continue
        return False

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
                    compact: bool = True) -> bool:
        """Like :meth:`write`, but written by the writer thread: ``True`` once the bytes are
        queued (a failure to write them is reported as usual, by a notice)."""
        raw = self._encoded(name, payload, max_bytes, compact)
        if raw is None:
            return False
        self._writer.put(name, raw)
        return True

    def remove_later(self, name: str) -> None:
        """Like :meth:`remove`, but done by the writer thread, after what was queued before
        (a write of ``name`` queued after it replaces it)."""
        self._writer.put(name, None)

    def _apply(self, name: str, raw: bytes | None) -> None:
        """What the writer thread does with a queued item."""
        if raw is None:
            self._remove_now(name)
        else:
            self._write_now(name, raw)

    def settle(self) -> None:
        """Wait until what :meth:`write_later` and :meth:`remove_later` queued is done (at
        once when nothing is)."""
        self._writer.settle()

    def close(self) -> None:
        """At the end of a run: write what is queued and end the writer thread (the store
        still works after)."""
        self._writer.stop()

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
            log.warning("cannot write %s: %s", name, error)
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
            log.warning("cannot remove %s: %s", name, error)
            self.failed()
            return False
        with self._failures:
            self._failing = False
        sync_dir(self.path(name).parent)
        return True

    def failed(self) -> None:
        """Count a failed write: one ``notice.save_failed`` per failure streak."""
        with self._failures:
            if not self._failing:
                self._failing = True
                self.notices.append(Notice("notice.save_failed", {}))

    def _remove_stale_temp_files(self) -> None:
        """Temporary files a crash left behind (older than a minute, so not another writer's)."""
        now = time.time()
        for folder in (self.data_dir, *(self.data_dir / sub for sub in self._subdirs)):
            with contextlib.suppress(OSError):
                for path in list(folder.glob(".*.json*.tmp")):
                    with contextlib.suppress(OSError):
                        if now - path.lstat().st_mtime > STALE_TEMP_SECONDS:
                            path.unlink()
