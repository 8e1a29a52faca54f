"""QUERNI's colours. Every mark on the board differs from the others in shape as well as in
colour, for colour-blind players."""

from __future__ import annotations

from game.arcade.widgets import palette as arcade
from game.rules.querni import Color

Rgb = tuple[int, int, int]

ACCENT: Rgb = (92, 236, 214)
"""QUERNI's own hue (logo, frame trim): MAGDAGDON is gold, QUERNI is sea-green."""

# --- the board -------------------------------------------------------------------------------
FRAME = arcade.PANEL
FRAME_EDGE = arcade.PANEL_EDGE
SQUARE_LIGHT: Rgb = (34, 32, 80)
SQUARE_DARK: Rgb = (22, 21, 54)
GRID: Rgb = (52, 48, 112)
LABEL: Rgb = arcade.TEXT_DIM

# --- the pieces ------------------------------------------------------------------------------
BODY: dict[Color, Rgb] = {Color.BLUE: (40, 104, 236), Color.RED: (226, 54, 76)}
RIM: dict[Color, Rgb] = {Color.BLUE: (168, 210, 255), Color.RED: (255, 186, 196)}
"""BLUE's solid ring and RED's stripes: light, so the rim reads in grayscale too."""
EDGE: dict[Color, Rgb] = {Color.BLUE: (10, 30, 100), Color.RED: (92, 10, 26)}
NUMERAL: Rgb = (255, 255, 255)
NUMERAL_EDGE: Rgb = (12, 10, 34)

# --- marks -----------------------------------------------------------------------------------
STEP: Rgb = arcade.LEGAL  # green dots
JUMP: Rgb = arcade.TENTATIVE_RING  # cyan rings and arcs
TRAIL: Rgb = (255, 156, 54)  # amber
CANDIDATE: Rgb = arcade.SELECTED  # pink dashed rings
CHAIN: Rgb = arcade.GOLD  # gold halo and links
SELECTED: Rgb = (255, 255, 255)
CURSOR: Rgb = arcade.CURSOR
HINT: Rgb = (196, 176, 255)  # violet, as the arcade's HINT button

# --- HUD -------------------------------------------------------------------------------------
PANEL = arcade.PANEL
PANEL_EDGE = arcade.PANEL_EDGE
TEXT = arcade.TEXT
TEXT_DIM = arcade.TEXT_DIM
ICON_PLATE = arcade.PANEL_EDGE  # the pygame-gui "#icon" button's colour
ICON_INK: Rgb = (255, 255, 255)
MUTED: Rgb = arcade.DANGER
QUIET_OK: Rgb = arcade.GOOD
QUIET_NEAR: Rgb = arcade.GOLD
QUIET_LAST: Rgb = arcade.DANGER
