"""MAGDAGDON: the solo dice puzzle (its spec, screens, widgets and demo player)."""

GAME_ID = "magdagdon"
