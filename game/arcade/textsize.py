"""TEXT SIZE (SETTINGS): the smallest text the player reads, in real pixels on their window.

Every screen draws on the logical canvas, which the window shows scaled: on a 1366×768 window a
1920×1080 canvas is drawn at 0.71, so 22 logical px of body text come out at under 16. The
shell therefore sets the text floor (``i18n.set_text_floor``) from the player's choice and the
window's scale: no face is loaded below ``SMALLEST_PX`` real pixels (16 normal, 20 large),
whatever screen, game or help page draws it. Checked once a frame; a change (the setting, a
resized window, fullscreen) forgets the rendered labels so they are drawn again at once.
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
