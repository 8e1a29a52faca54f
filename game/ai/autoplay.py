"""The simplest bot (tests, screenshots, tools): place what the rules' hint says, accept
MAGDAGDON in the first empty cell."""

from __future__ import annotations

from game.rules.magdagdon import MagdagdonGame


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


def redo_turn(game: MagdagdonGame) -> None:
    """Pick every tentative die back up and place the hint's sequence instead (a way out of a
    dead end that random placements led into)."""
    for die in list(game.placed):
        if die in game.placed:  # an earlier pick-up may have sent it back already (M-3.5)
            game.unplace(die)
    for die, cell in game.hint() or []:
        game.place(die, cell)


def finish(game: MagdagdonGame) -> MagdagdonGame:
    """Play ``game`` to its end; returns it."""
    while not game.is_over:
        play_turn(game)
    return game
