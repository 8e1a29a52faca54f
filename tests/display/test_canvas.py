"""The hidden canvas under X11 (issue 45: a kiosk's new window must come fast): SDL's own
shared-memory framebuffer, not a texture framebuffer, which made a GL renderer and a test
window for a canvas never shown (a quarter of a second at every start and every new window)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.display.xserver import MISSING, ROOT, start_server

pytestmark = pytest.mark.display

if MISSING:
    pytestmark = [pytestmark, pytest.mark.skip(reason=f"needs {MISSING}")]

SHOW = """
import warnings
import pygame
from game.engine import sdl
from game.engine.display import Display

pygame.display.init()
display = Display()
display.open()
with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)  # the display module's own window
    canvas = pygame.Window.from_display_module()
print("canvas renderer", sdl.renderer_name(canvas))
print("window renderer", display.renderer)
display.close()
pygame.quit()
"""


def test_the_hidden_canvas_costs_no_renderer_of_its_own() -> None:
    server = start_server((640, 360), "none")
    try:
        shown = subprocess.run([sys.executable, "-c", SHOW], cwd=ROOT, env=server.env(),
                               capture_output=True, text=True, timeout=60)
    finally:
        server.stop()
    lines = shown.stdout.splitlines()
    assert "canvas renderer None" in lines, shown.stdout + shown.stderr
    assert any(line.startswith("window renderer ") for line in lines), shown.stdout
    assert "window renderer none" not in lines  # the window itself still has one
