"""What MAGDAGDON's screens draw: board, dice, tray, HUD, effects, layout."""
