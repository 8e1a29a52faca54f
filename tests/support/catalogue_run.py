"""One run of the screen catalogue for the tests: each failed state's problems, in one
language and size (``tools/catalogue.py`` draws and checks; the tests only ask)."""

from __future__ import annotations

from tools import catalogue
from tools.catalogue_states import STATES


def failures(locale: str, size: str, names: list[str] | None = None,
             switch_from: str | None = None) -> dict[str, list[str]]:
    """Each failed state's problems (``{}``: none failed)."""
    states = [s for s in STATES if names is None or s.name in names]
    scale = catalogue.SCALE.get(size, 1.0)
    run = catalogue.Run(locale, catalogue.SIZES[size], states, switch_from=switch_from)
    found = {}
    for shot in run.shots():
        problems = shot.problems + (catalogue._small(shot, scale) if scale < 1 else [])
        if problems:
            found[shot.state] = problems
    return found
