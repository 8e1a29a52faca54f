"""The name and version of this edition (the game is not an installed package)."""

VERSION = "0.1.0"
"""Shown on the About page."""
APP_NAME = "magdagdon"
"""The arcade's name on disk: its data folder and log file are called after it. It was the one
game's name before the arcade held several; it stays, so the players' data is found again."""
FLEET_ENV = f"{APP_NAME.upper()}_FLEET_URL"
"""The environment variable naming a venue server (``--fleet``'s default): checked before
anything of the venue link is loaded."""
