"""The languages the game ships, in one pygame-free place.

``engine/i18n.py`` (which needs pygame for its fonts) and the storage (which must not import
pygame, so it can validate a stored ``language`` anywhere) both read the list from here.
"""

from __future__ import annotations

LOCALES: tuple[str, ...] = ("en", "th", "bg", "ko")
"""Every supported locale; the first one is the default."""
