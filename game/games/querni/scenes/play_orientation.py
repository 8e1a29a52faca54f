"""Which way round the QUERNI play screen shows its board (``QuerniLayout.flipped``): turned
round for a person playing RED against the computer, as two people chose with FLIP BOARD,
upright for the demo. Only the view turns: taps go through the same layout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.games.querni.widgets.board import BoardView
from game.rules.querni import Color

if TYPE_CHECKING:
    from game.games.querni.players import Player
    from game.games.querni.scenes.animation import BoardAnimations
    from game.games.querni.widgets.layout import QuerniLayout


class Owner(Protocol):
    """What turning the board uses of the play screen: it replaces its layout and board
    view."""

    layout: QuerniLayout
    board_view: BoardView

    @property
    def anim(self) -> BoardAnimations: ...
    @property
    def players(self) -> dict[Color, Player]: ...


def wanted(scene: Owner) -> bool:
    """Whether the board should be turned round for the players of ``scene``'s game."""
    people = [color for color in Color if scene.players[color].takes_input]
    if len(people) == 1:
        return people[0] is Color.RED
    return len(people) == 2 and scene.layout.flipped


def orient(scene: Owner, flipped: bool) -> None:
    """Show the board turned round (``flipped``) or upright: a new layout and board view,
    shared with the animations (a flight or a pop in progress ends first)."""
    if flipped == scene.layout.flipped:
        return
    scene.anim.finish_flight()
    scene.anim.finish_pop()
    scene.layout = scene.layout.turned_round(flipped)
    scene.board_view = scene.anim.view = BoardView(scene.layout)
    scene.anim.layout = scene.layout
