"""MAGDAGDON: the solo dice puzzle (its spec, screens, widgets and demo player)."""

GAME_ID = "magdagdon"
SAVE_FILE = "savegame.json"
"""The save version 1 wrote in the data folder (before ``saves/<id>.json``)."""
