"""Fixtures of the storage tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game.arcade.storage import Storage
from tests.arcade.storage.support import Lock, make


@pytest.fixture
def store(tmp_path: Path) -> Storage:
    return make(tmp_path)


@pytest.fixture
def lock_of(tmp_path: Path) -> Iterator[type[Lock]]:
    held: list[Lock] = []

    class Held(Lock):
        def __init__(self, folder: Path) -> None:
            super().__init__(folder)
            held.append(self)

    yield Held
    for lock in held:
        lock.release()
