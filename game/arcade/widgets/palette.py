"""The arcade palette: bold, high-contrast colours shared by every drawable."""

from __future__ import annotations

Rgb = tuple[int, int, int]
"""A colour as the palette gives it: red, green, blue, 0..255."""

BACKGROUND_TOP = (18, 16, 48)
BACKGROUND_BOTTOM = (44, 12, 60)
PANEL = (30, 28, 72)
PANEL_EDGE = (92, 84, 190)
SLOT = (14, 13, 36)
SLOT_EDGE = (58, 54, 120)

DIE_FACE = (250, 244, 228)
DIE_EDGE = (196, 184, 160)
PIP = (28, 24, 40)
TILE = (255, 196, 54)
TILE_EDGE = (190, 120, 20)
TILE_PIP = (60, 30, 10)

TENTATIVE_RING = (64, 230, 255)
SELECTED = (255, 90, 200)
LEGAL = (80, 255, 150)
CURSOR = (255, 255, 255)
RUIN_STONE = (72, 66, 74)
RUIN_CRACK = (20, 16, 22)
DANGER = (255, 56, 72)
DANGER_DARK = (120, 10, 30)

TEXT = (245, 242, 255)
TEXT_DIM = (170, 164, 210)
GOLD = (255, 214, 70)
GOOD = (110, 255, 160)
BAD = (255, 110, 120)

COMBO_COLOURS = {
    "STRAIGHT": (64, 230, 255),
    "FOUR_OF_A_KIND": (255, 120, 230),
    "TWO_PAIRS": (150, 255, 120),
}
