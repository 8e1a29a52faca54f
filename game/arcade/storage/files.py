"""One data file at a time: read only what is safe to read, write all at once or not at all.

* **Writing** (:func:`atomic_write`) goes to a temporary file beside the target
  (``.<name>.<random>.tmp``), which is flushed and fsynced, moved over the target with
  ``os.replace`` and made durable by an fsync of the folder: a crash leaves the old file or the
  new one, never a mix. Temporary files older than :data:`STALE_TEMP_SECONDS` are a crash's
  leftovers, not a running writer's: :func:`remove_stale_temp_files` clears them.
* **Reading** (:func:`read_regular`) opens a file only if it is a regular file, and never
  blocks: ``os.open`` with ``O_NONBLOCK``, then ``fstat`` and ``S_ISREG`` on the open descriptor
  (no race between the check and the read), so a FIFO with a data file's name never hangs the
  start. Symlinks are followed for reading where the caller allows it (a player may keep
  ``settings.json`` elsewhere): only the *target* is checked and read, and a link is never
  written through (``os.replace`` replaces the link itself). At most ``max_bytes`` are read
  (``fstat`` size first). The bytes must be UTF-8 (a BOM is tolerated) JSON without
  NaN/Infinity, and an object (:func:`decode`).

What breaks those rules raises :class:`Corrupt` (set the file aside) or :class:`Unreadable`
(no permission: leave it alone); deciding what to do is the caller's job.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import stat
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

STALE_TEMP_SECONDS = 60.0
_READ_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
               | getattr(os, "O_CLOEXEC", 0))
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CHUNK = 1 << 20


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
    bad = unencodable(data)
    if bad is not None:
        raise Corrupt(f"a string that cannot be written back: {bad!r}")
    return data


def unencodable(data: Any) -> str | None:
    """The first string in ``data`` (keys too) that UTF-8 cannot encode — a lone surrogate,
    which JSON's ``\\udXXX`` escapes let through — or None. Kept, such a string would make
    every later write of the file fail."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and not item.isascii():
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return item[:40]
    return None


def encode(payload: Any, compact: bool = False) -> bytes:
    """``payload`` as UTF-8 JSON; ``ValueError``/``TypeError`` when it is not JSON-safe."""
    if compact:
        text = json.dumps(payload, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    else:
        text = json.dumps(payload, ensure_ascii=False, allow_nan=False, indent=1)
    return text.encode("utf-8")


def read_regular(path: Path, max_bytes: int, follow: bool = True,
                 head: bool = False) -> bytes | None:
    """The bytes of ``path`` if it is a regular file of at most ``max_bytes`` (``head``: its
    first ``max_bytes``, whatever its size); ``None`` when it does not exist;
    :class:`Unreadable` without permission; :class:`Corrupt` otherwise (also a symlink when not
    ``follow``). Never blocks (a FIFO)."""
    try:
        fd = os.open(path, _READ_FLAGS if follow else _READ_FLAGS | _NOFOLLOW)
    except FileNotFoundError:
        return None
    except OSError as error:
        if error.errno in (errno.EACCES, errno.EPERM) and not os.path.isdir(path):
            raise Unreadable(str(error)) from None
        if not follow and os.path.islink(path):
            raise Corrupt("a symlink, never followed here") from None
        raise Corrupt(f"cannot be opened: {error}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Corrupt(f"not a regular file (mode {stat.filemode(info.st_mode)})")
        if info.st_size > max_bytes and not head:
            raise Corrupt(f"larger than {max_bytes} bytes")
        raw = _read_at_most(fd, max_bytes + (not head))
    except OSError as error:
        if error.errno in (errno.EACCES, errno.EPERM):
            raise Unreadable(str(error)) from None
        raise Corrupt(f"cannot be read: {error}") from None
    finally:
        os.close(fd)
    if len(raw) > max_bytes:
        raise Corrupt(f"larger than {max_bytes} bytes")
    return raw


def _read_at_most(fd: int, limit: int) -> bytes:
    """Up to ``limit`` bytes (a file may grow after its ``fstat``)."""
    chunks: list[bytes] = []
    size = 0
    while size < limit:
        chunk = os.read(fd, min(_CHUNK, limit - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
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


def holds_copy(prefix: Path, raw: bytes) -> bool:
    """Whether a regular file whose name starts with ``prefix``'s holds exactly ``raw`` (a copy
    kept before is not kept twice)."""
    try:
        candidates = [p for p in prefix.parent.iterdir() if p.name.startswith(prefix.name)]
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


def remove_stale_temp_files(folders: Iterable[Path]) -> None:
    """Temporary files a crash left behind (older than :data:`STALE_TEMP_SECONDS`, so not
    another writer's)."""
    now = time.time()
    for folder in folders:
        with contextlib.suppress(OSError):
            for path in list(folder.glob(".*.json*.tmp")):
                with contextlib.suppress(OSError):
                    if now - path.lstat().st_mtime > STALE_TEMP_SECONDS:
                        path.unlink()


def set_aside_if_odd(path: Path, want_folder: bool = False) -> bool:
    """Rename ``path`` to ``<name>.aside-<UTC stamp>`` when it exists but is not a regular file
    (``want_folder``: not a real folder): a symlink (the link itself is renamed, its target
    never touched), a FIFO, a device. One warning says so; ``False`` when something odd is
    still in the way (it could not be renamed)."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return True  # not there (or not to be asked): opening it says the rest
    if (stat.S_ISDIR(mode) if want_folder else stat.S_ISREG(mode)):
        return True
    kind = "a real folder" if want_folder else "a regular file"
    base = f"{path.name}.aside-{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}"
    aside = path.with_name(base)
    counter = 1
    while os.path.lexists(aside):
        counter += 1
        aside = path.with_name(f"{base}-{counter}")
    try:
        os.rename(path, aside)
    except FileNotFoundError:
        return True  # another thread or process moved it first
    except OSError as error:
        log.warning("%s is not %s (%s) and cannot be moved aside (%s)", path, kind,
                    stat.filemode(mode), error)
        return False
    log.warning("%s was not %s (%s): moved aside to %s", path, kind, stat.filemode(mode),
                aside.name)
    sync_dir(path.parent)
    return True
