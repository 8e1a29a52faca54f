"""MAGDAGDON's own screens: play and game over."""
