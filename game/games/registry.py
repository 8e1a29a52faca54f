"""The one place games register: a new game adds its package and one line here."""

from __future__ import annotations

from game.arcade.spec import GameSpec
from game.games.magdagdon.spec import SPEC as MAGDAGDON
from game.games.querni.spec import SPEC as QUERNI

GAMES: tuple[GameSpec, ...] = (MAGDAGDON, QUERNI)
"""Every game the arcade offers, in the order the title shows them."""
