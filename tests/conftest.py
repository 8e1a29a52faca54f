"""Headless test setup: no test ever opens a real window or needs a sound card."""

import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

# ``postgres`` and ``venue_db``: a throwaway PostgreSQL cluster for the venue-link tests
pytest_plugins = ("tests.support.postgres",)

# Property tests draw the same examples on every run, so a failure in CI replays exactly
# (HYPOTHESIS_PROFILE=explore draws new examples on each run). No deadline: an example's time
# depends on the machine's load, and speed is the benchmarks' business.
settings.register_profile("ci", derandomize=True, database=None, deadline=None)
settings.register_profile("explore", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

LONG_MARKERS = ("display", "bundle", "slow", "fleet")
"""Tests of these kinds run first: the test workers take a file each as they come free, so a
long file handed out last would leave the other worker idle to the end."""


SLOW_KINDS = ("display", "bundle")
"""Kinds of tests that are slow by nature (X servers, a PyInstaller build): ``-m "not slow"``,
the inner loop, leaves them out with the play-outs."""


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if any(item.get_closest_marker(kind) for kind in SLOW_KINDS):
            item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: not any(item.get_closest_marker(m) for m in LONG_MARKERS))


@pytest.fixture
def app():
    """A headless arcade app with no storage."""
    from tests.support import make_arcade

    application = make_arcade()
    yield application
    application.shutdown()


@pytest.fixture
def saving_app(tmp_path):
    """An app whose storage lives in ``tmp_path / "data"``."""
    from tests.support import make_arcade

    application = make_arcade(tmp_path / "data")
    yield application
    application.shutdown()


@pytest.fixture
def supersampled(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """The sizes pygame-gui smooth-scales a supersampled shape down to: one per shape drawn
    from scratch (a background taken from the cache is not drawn)."""
    calls: list[tuple[int, int]] = []
    smoothscale = pygame.transform.smoothscale

    def counted(surface: pygame.Surface, size, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(tuple(size))
        return smoothscale(surface, size, *args, **kwargs)

    monkeypatch.setattr(pygame.transform, "smoothscale", counted)
    return calls
