"""The kiosk operator's PIN and its lockout, kept apart from the settings so that no damaged
file can open a kiosk.

A damaged ``settings.json`` used to lose the PIN hash, and a kiosk without a PIN asks whoever
stands there to choose one: the operator menu, then EXIT TO DESKTOP. So the PIN lives in its
own small file, ``kiosk-pin.json``, written atomically and copied after every write to
``kiosk-pin.json.last-good``; a damaged one is set aside (with its notice) and the other copy
used and written back. When a PIN is first stored, the marker ``kiosk-pin.set`` is made and
never rewritten: while it exists, a kiosk whose two copies are both gone is **lost**, not new
(:data:`LOST`): it never offers first-start setup, no PIN opens it, and the PIN pad says how
the operator resets it from a shell (``main.py --reset-pin``, :meth:`PinStore.reset`).

Wrong PINs lock the pad: every :data:`TRIES` wrong ones in a row, for 30 s, then 1 min, 2, 4 …
up to :data:`MAX_LOCK_SECONDS` (:func:`lock_seconds`); the right PIN starts the count again.
The count and the lock's end (UTC, from the storage's clock) are in the same file, so a restart
ends neither; a clock set back never makes a lock longer than its own length.

``kiosk-pin.json``: ``{"version": 1, "hash": "" | "pbkdf2_sha256$…", "failures": 0..2,
"lockouts": 0..64, "locked_until": <UTC seconds since 1970, 0: none>}``. Older versions kept
the hash in ``settings.json`` (``kiosk_pin_hash``): :meth:`PinStore.adopt` moves it here.

The kiosk operator's PIN: what a PIN may be, and how it is stored (hashed, never in plain text).

A PIN is 4 to 8 ASCII digits. ``str.isdigit`` is not enough: ``"١٢٣٤"`` (Arabic-Indic digits)
and ``"²³⁴⁵"`` pass it but cannot be typed on the kiosk's PIN pad, so an operator who set one
would lock themselves out. The settings keep only :func:`hash_pin`'s text:
``pbkdf2_sha256$<iterations>$<salt hex>$<hash hex>`` (PBKDF2-HMAC-SHA256, a random 16-byte salt),
so a copied settings file does not reveal the PIN. :func:`verify_pin` compares in constant time
and refuses absurd iteration counts, so a doctored file cannot hang the PIN pad.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import math
import os
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from game.arcade.storage.jsonfile import JsonStore

log = logging.getLogger(__name__)

PIN_FILE = "kiosk-pin.json"
LAST_GOOD = f"{PIN_FILE}.last-good"
MARKER_FILE = "kiosk-pin.set"
VERSION = 1
TRIES = 3
"""Wrong PINs in a row that lock the pad."""
FIRST_LOCK_SECONDS = 30.0
MAX_LOCK_SECONDS = 3600.0
MAX_LOCKOUTS = 64
NONE, SET, LOST = "none", "set", "lost"


def lock_seconds(lockouts: int) -> float:
    """How long the ``lockouts``-th lock in a row lasts: 30 s, 1 min, 2, 4 … at most an hour."""
    if lockouts < 1:
        return 0.0
    return min(FIRST_LOCK_SECONDS * 2.0 ** min(lockouts - 1, MAX_LOCKOUTS), MAX_LOCK_SECONDS)


@dataclass
class PinState:
    """What ``kiosk-pin.json`` holds (see the module docstring)."""

    hash: str = ""
    failures: int = 0
    lockouts: int = 0
    locked_until: float = 0.0


def _count(value: Any, high: int) -> bool:
    return type(value) is int and 0 <= value <= high


def parse_state(data: dict[str, Any]) -> PinState:
    """The state in a ``kiosk-pin.json`` document; ``ValueError`` for anything else."""
    if data.get("version") != VERSION:
        raise ValueError(f"unknown version {data.get('version')!r}")
    stored, until = data.get("hash"), data.get("locked_until")
    if not (stored == "" or is_pin_hash(stored)):
        raise ValueError("not a PIN hash")
    if not (_count(data.get("failures"), TRIES - 1) and _count(data.get("lockouts"),
                                                                  MAX_LOCKOUTS)):
        raise ValueError("bad failure counts")
    if not (isinstance(until, (int, float)) and type(until) is not bool
            and math.isfinite(until) and until >= 0):
        raise ValueError(f"bad locked_until {until!r}")
    return PinState(str(stored), data["failures"], data["lockouts"], float(until))


class PinStore:
    """The operator's PIN of the data folder behind ``store`` (``None``: memory only)."""

    def __init__(self, store: JsonStore | None, clock: Callable[[], datetime]) -> None:
        self._store = store
        self._clock = clock
        self._state: PinState | None = None
        self._marked = False  # memory only: a PIN was set in this session

    # --- what there is -------------------------------------------------------------------
    @property
    def state(self) -> PinState:
        """The PIN file's state, read once (from the last-good copy when it is damaged)."""
        if self._state is None:
            self._state = self._load()
        return self._state

    @property
    def status(self) -> str:
        """:data:`SET`, :data:`NONE` (never had one: the operator chooses one) or :data:`LOST`
        (had one, both copies gone: only ``--reset-pin`` helps)."""
        if self.state.hash:
            return SET
        return LOST if self._had_pin() else NONE

    def _had_pin(self) -> bool:
        """Whether a PIN was ever set here: the marker (whatever it is now: it was made for a
        PIN), or one set in this session."""
        store = self._store
        if self._marked or store is None or not store.writable:
            return self._marked
        try:
            store.path(MARKER_FILE).lstat()
        except FileNotFoundError:
            return False
        except OSError:
            return True  # it may be there: never offer setup on a doubt
        return True

    def _load(self) -> PinState:
        if self._store is None:
            return PinState()
        for name in (PIN_FILE, LAST_GOOD):
            state = self._read(name)
            if state is None:
                continue
            if name == LAST_GOOD:
                log.warning("%s is gone or damaged: the PIN comes from %s", PIN_FILE, LAST_GOOD)
                self._store.write(PIN_FILE, to_json(state))
            return state
        return PinState()

    def _read(self, name: str) -> PinState | None:
        """``name``'s state; ``None`` when missing or unusable (set aside or reported)."""
        assert self._store is not None
        loaded = self._store.load(name)
        if loaded is None:
            return None
        try:
            return parse_state(loaded.data)
        except ValueError as why:
            self._store.set_aside(name, f"wrong shape: {why}")
            return None

    # --- changes -------------------------------------------------------------------------
    def set_pin(self, pin: str) -> bool:
        """Store ``pin`` hashed (the lockout count starts again); ``True`` when on disk.
        ``ValueError`` unless 4-8 ASCII digits."""
        if not valid_pin(pin):
            raise ValueError("a PIN is 4 to 8 digits 0-9")
        self._state = PinState(hash_pin(pin))
        return self._mark() and self._save()

    def adopt(self, stored: str) -> bool:
        """An older ``settings.json``'s PIN hash, kept here unless a PIN is here already;
        ``True`` when the settings may forget it (a PIN is here, on disk)."""
        if self.status == SET:
            return True
        if not is_pin_hash(stored):
            return False
        self._state = PinState(stored, self.state.failures, self.state.lockouts,
                               self.state.locked_until)
        log.info("the kiosk PIN moved from the settings to %s", PIN_FILE)
        return self._mark() and self._save()

    def reset(self) -> bool:
        """Forget the PIN, its copies, its marker and any lockout (``--reset-pin``, with no
        kiosk running); ``True`` when nothing of them is left."""
        self._state, self._marked = PinState(), False
        if self._store is None:
            return True
        removed = [self._store.remove(name) for name in (PIN_FILE, LAST_GOOD, MARKER_FILE)]
        return all(removed)

    def _mark(self) -> bool:
        """Make the marker that a PIN was set, unless it is there; ``True`` when it is."""
        already = self._had_pin()
        self._marked = True
        if self._store is None or already:
            return True
        return self._store.write(MARKER_FILE, {"version": VERSION, "pin": "was set"})

    def _save(self) -> bool:
        if self._store is None:
            return True
        payload = to_json(self.state)
        written = self._store.write(PIN_FILE, payload)
        return self._store.write(LAST_GOOD, payload) and written

    # --- the lockout ---------------------------------------------------------------------
    def _now(self) -> float:
        return self._clock().timestamp()

    def locked_for(self) -> float:
        """Seconds until the pad takes PINs again (0: now). A lock that ends further away
        than its own length (the clock was set back) is made to end one length from now."""
        state = self.state
        if not state.locked_until:
            return 0.0
        left = state.locked_until - self._now()
        longest = lock_seconds(state.lockouts)
        if left > longest:
            state.locked_until = self._now() + longest
            self._save()
            left = longest
        return max(0.0, left)

    def attempt(self, entered: str, run_pin: str | None = None) -> bool:
        """Whether ``entered`` is the PIN (``run_pin``: this run's, else the stored one),
        counting a wrong one towards the next lock; always ``False`` while locked (and not
        counted). Compared in constant time."""
        if self.locked_for() > 0:
            return False
        state = self.state
        if run_pin:
            right = hmac.compare_digest(entered.encode(), run_pin.encode())
        else:
            right = verify_pin(entered, state.hash)
        if right:
            if (state.failures, state.lockouts, state.locked_until) != (0, 0, 0.0):
                state.failures, state.lockouts, state.locked_until = 0, 0, 0.0
                self._save()
            return True
        state.failures += 1
        if state.failures >= TRIES:
            state.failures = 0
            state.lockouts = min(state.lockouts + 1, MAX_LOCKOUTS)
            state.locked_until = self._now() + lock_seconds(state.lockouts)
            log.warning("kiosk: %d wrong PINs in a row; the pad is locked for %.0f s (lock %d)",
                        TRIES, lock_seconds(state.lockouts), state.lockouts)
        self._save()
        return False

    def tries_left(self) -> int:
        """Wrong PINs that may still be entered before the pad locks (``TRIES`` after a lock
        or the right PIN)."""
        return TRIES - self.state.failures


def to_json(state: PinState) -> dict[str, Any]:
    """``state`` as a ``kiosk-pin.json`` document."""
    return {"version": VERSION, **asdict(state)}


ITERATIONS = 200_000
"""About 0.2 s per check on a slow core: fine for a PIN pad, slow for guessing."""
MAX_ITERATIONS = 5_000_000
PREFIX = "pbkdf2_sha256"
_DIGITS = frozenset("0123456789")
_HASH_RE = re.compile(r"pbkdf2_sha256\$([1-9][0-9]{0,6})\$([0-9a-f]{32})\$([0-9a-f]{64})")


def valid_pin(text: object) -> bool:
    """Whether ``text`` is 4 to 8 ASCII digits."""
    return isinstance(text, str) and 4 <= len(text) <= 8 and set(text) <= _DIGITS


def hash_pin(pin: str, iterations: int = ITERATIONS, salt: bytes | None = None) -> str:
    """The stored form of ``pin``; ``ValueError`` unless :func:`valid_pin`."""
    if not valid_pin(pin):
        raise ValueError("a PIN is 4 to 8 digits 0-9")
    if not 1 <= iterations <= MAX_ITERATIONS:
        raise ValueError(f"iterations must be 1..{MAX_ITERATIONS}, not {iterations}")
    salt = os.urandom(16) if salt is None else salt
    if len(salt) != 16:
        raise ValueError("the salt is 16 bytes")
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode("ascii"), salt, iterations)
    return f"{PREFIX}${iterations}${salt.hex()}${digest.hex()}"


def is_pin_hash(stored: object) -> bool:
    """Whether ``stored`` looks like :func:`hash_pin`'s output (with a sane iteration count)."""
    if not isinstance(stored, str):
        return False
    match = _HASH_RE.fullmatch(stored)
    return match is not None and int(match.group(1)) <= MAX_ITERATIONS


def verify_pin(pin: object, stored: object) -> bool:
    """Whether ``pin`` is the PIN ``stored`` was made from; ``False`` for anything malformed."""
    if not (valid_pin(pin) and is_pin_hash(stored)):
        return False
    assert isinstance(pin, str) and isinstance(stored, str)
    _prefix, iterations, salt, expected = stored.split("$")
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode("ascii"), bytes.fromhex(salt),
                                 int(iterations))
    return hmac.compare_digest(digest.hex(), expected)
