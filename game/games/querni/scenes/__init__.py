"""QUERNI's screens: setup, play, game over, rules and replay."""
