"""TEXT SIZE: the smallest text the player reads, in real pixels on their window. The canvas is
shown scaled (1920×1080 on 1366×768 at 0.71), so the shell sets the text floor from the choice
and the window's scale, checked once a frame; a change forgets the rendered labels.
"""

from __future__ import annotations

import math

from game.arcade.widgets import text
from game.engine import i18n

SIZES = ("normal", "large")
SMALLEST_PX = {"normal": 16, "large": 20}
"""The smallest text, in real pixels, at each TEXT SIZE."""
HIGHEST_FLOOR = 48
"""No floor above this (logical px): a window squeezed to a sliver (a kiosk resized to 1×1 by
another program, until it puts itself back) would otherwise ask for faces thousands of pixels
tall and stall the frame that loads them."""


def floor_for(text_size: str, shown_height: int, logical_height: int) -> int:
    """The smallest logical text size that is ``SMALLEST_PX[text_size]`` real pixels when the
    ``logical_height`` canvas is shown ``shown_height`` pixels high."""
    px = SMALLEST_PX.get(text_size, SMALLEST_PX["normal"])
    return min(HIGHEST_FLOOR, math.ceil(px * logical_height / max(1, shown_height)))


def apply(text_size: str, shown_height: int, logical_height: int) -> bool:
    """Set the text floor for this choice and window; whether it changed (labels redrawn)."""
    changed = i18n.set_text_floor(floor_for(text_size, shown_height, logical_height))
    if changed:
        text.clear()
    return changed
