"""What QUERNI's screens draw: layout, board, pieces, HUD, motion helpers and the title tile."""
