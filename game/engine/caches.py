"""Drawing caches that must be emptied when pygame restarts (their surfaces and fonts die with
``pygame.quit``): each module with a cache registers its ``clear`` here; a new App resets all.
"""

from __future__ import annotations

from collections.abc import Callable

_clearers: list[Callable[[], None]] = []


def on_reset(clear: Callable[[], None]) -> Callable[[], None]:
    """Register ``clear`` (usable as a decorator); it runs at every ``reset_all``."""
    if clear not in _clearers:
        _clearers.append(clear)
    return clear


def reset_all() -> None:
    """Empty every registered cache."""
    for clear in list(_clearers):
        clear()
