"""QUERNI: the two-player numbers game (its spec, screens, widgets and demo player)."""

GAME_ID = "querni"
