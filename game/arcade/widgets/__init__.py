"""Game-specific drawables: dice, board, tray, effects, layout."""
