"""Helpers shared by the test modules: no test module imports another (``test_architecture``).

* ``tests.support.arcade`` — an arcade app on a fake clock (``make_arcade``, ``settle``,
  ``RecordingAudio``, ``WallClock``, from ``tools.testkit.arcade``, which the benchmarks share);
  these are importable from ``tests.support`` itself too; ``storage_holding``;
* ``tests.support.scenes`` — every scene by name, built and settled (``NAMES``, ``build``);
* ``tests.support.magdagdon_screen`` — MAGDAGDON's play screen driven by taps;
* ``tests.support.querni_rules`` — QUERNI position notations (``at``) and an independent
  reference of its rules;
* ``tests.support.querni_screen`` — QUERNI's play screen: positions, taps, a held opponent;
* ``tests.support.catalogues`` — the translation catalogues as the i18n tests read them;
* ``tests.support.monkey`` — seeded monkey runs;
* ``tests.support.surfaces`` — surfaces compared pixel for pixel;
* ``tests.support.postgres`` — the ``postgres`` and ``venue_db`` fixtures of the venue tests
  (registered in ``tests/conftest.py``) over ``tools.testkit.postgres``'s throwaway cluster;
* ``tests.support.fleet`` — games recorded through the public storage API, what a data folder
  and the venue hold, real kiosks in subprocesses, waiting for the venue link's thread.
* ``tests.support.runner`` — ``main.py`` whose demo plays on disk, as a player's games do.

The arcade helpers are loaded when first asked for, so that a test which needs only a light
helper (the rules' notation, say) does not import the arcade with it.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_ARCADE = ("RecordingAudio", "WallClock", "make_arcade", "settle")

__all__ = list(_ARCADE)


def __getattr__(name: str) -> Any:
    if name in _ARCADE:
        return getattr(import_module("tests.support.arcade"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
