"""The kiosk operator's PIN: what a PIN may be, and how it is stored (hashed, never in plain text).

A PIN is 4 to 8 ASCII digits. ``str.isdigit`` is not enough: ``"١٢٣٤"`` (Arabic-Indic digits)
and ``"²³⁴⁵"`` pass it but cannot be typed on the kiosk's PIN pad, so an operator who set one
would lock themselves out. The settings keep only :func:`hash_pin`'s text:
``pbkdf2_sha256$<iterations>$<salt hex>$<hash hex>`` (PBKDF2-HMAC-SHA256, a random 16-byte salt),
so a copied settings file does not reveal the PIN. :func:`verify_pin` compares in constant time
and refuses absurd iteration counts, so a doctored file cannot hang the PIN pad.
"""

from __future__ import annotations

import os
import re

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
    import hashlib  # OpenSSL's library: loaded when a PIN is set, not to read the settings

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
    import hashlib
    import hmac

    digest = hashlib.pbkdf2_hmac("sha256", pin.encode("ascii"), bytes.fromhex(salt),
                                 int(iterations))
    return hmac.compare_digest(digest.hex(), expected)
