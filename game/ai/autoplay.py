"""The simplest bot: place what the rules' hint says, accept MAGDAGDON in the first empty cell.

Used to reach positions quickly (tests, screenshots, tools); it calls only the public rules.
"""

from __future__ import annotations

from ..rules.magdagdon import MagdagdonGame


def play_turn(game: MagdagdonGame) -> None:
    """Finish the current turn (rolling first when needed) with the hint's placements."""
    if not game.in_turn:
        game.roll()
    if game.is_magdagdon:
        game.accept_magdagdon(game.board.index(None))
        return
    for die, cell in game.hint() or []:
        game.place(die, cell)
    game.confirm()


def finish(game: MagdagdonGame) -> MagdagdonGame:
    """Play ``game`` to its end; returns it."""
    while not game.is_over:
        play_turn(game)
    return game
