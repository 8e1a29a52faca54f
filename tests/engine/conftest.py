"""Engine test fixtures: a headless pygame with a SCALED 1920×1080 dummy display."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.engine.display import LOGICAL_SIZE, Display
from game.engine.input import ensure_touch_mouse_hints


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    """pygame initialised with a logical-size SCALED display and an empty event queue."""
    ensure_touch_mouse_hints()
    pygame.init()
    surface = pygame.display.get_surface()
    if surface is None or surface.get_size() != LOGICAL_SIZE:
        surface = Display(LOGICAL_SIZE).open()
    pygame.event.clear()
    yield surface
    pygame.event.clear()
