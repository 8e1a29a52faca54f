"""The version of this edition, shown on the About page (the game is not an installed package)."""

VERSION = "0.1.0"
