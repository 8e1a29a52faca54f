"""Pure-Python rules of the arcade's games.

Nothing here imports pygame or any other part of ``game``: the scenes, the AI
and the storage call the rules, never the other way round.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def exports(package: str, homes: Mapping[str, tuple[str, ...]]) -> Callable[[str], Any]:
    """The ``__getattr__`` of a rules package whose public names (``homes``: module -> names)
    load with their module on first use: whoever needs only a game's difficulties or board
    size does not compile its whole game (a game's spec, read before the title shows)."""
    where = {name: module for module, names in homes.items() for name in names}

    def attribute(name: str) -> Any:
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(where[name]), name)
        setattr(sys.modules[package], name, value)
        return value

    return attribute
