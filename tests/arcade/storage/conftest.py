"""Fixtures of the storage tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.arcade.storage import Storage
from tests.arcade.storage.support import make


@pytest.fixture
def store(tmp_path: Path) -> Storage:
    return make(tmp_path)
