"""QUERNI: the two-player numbers game (its spec, screens, widgets and demo player)."""

GAME_ID = "querni"
TWO_PLAYERS = "two_players"
"""The variant of a game between two people on one screen."""
LEVELS = ("easy", "medium", "hard")
"""The computer opponent's levels (``game.ai.querni.LEVELS``), easiest first."""
VERSUS = {f"vs_{level}": level for level in LEVELS}
"""The variants of a game against the computer (``vs_easy``, ``vs_medium``, ``vs_hard``) and
the computer's level in each. The person's colour is chosen on the setup screen."""
FORMAT = "querni-record"
"""The ``"format"`` of a game's document (``record.py``)."""
