"""What a tap or a drag on the board does to the QUERNI turn in progress (Q-6.1, Q-6.2): each
function takes the turn's view and returns the turn after it with the controller's answer (a
refusal: unchanged). The rules answer every question of legality."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.games.querni.events import (
    ChainChosen,
    ChainEndPicked,
    ChainEndReleased,
    Deselected,
    JumpStopped,
    Moved,
    Refusal,
    Result,
    Selected,
    Why,
)
from game.games.querni.turn_view import TurnInProgress, TurnView
from game.rules.querni import IllegalMove, Square, is_square, jumped_over, name

Answer = tuple[TurnInProgress, Result]
"""The turn after a gesture, and what the controller answers."""


def refuse(key: str, square: Square | None = None, **params: Any) -> Refusal:
    """A refusal; the refused square goes into params as its board name."""
    if square is not None:
        params = {"square": name(square), **params}
    return Refusal(str(key), params, square)


def from_rules(error: IllegalMove, square: Square | None) -> Refusal:
    """The rules' refusal, its square params named like ours (``"c4"``)."""
    params = {k: name(v) if is_square(v) else v for k, v in error.params.items()}
    return Refusal(error.key, params, square)


def off_board(value: object) -> Refusal:
    """A square that is not on the board: the rules' own key."""
    return Refusal("not_a_square", {"square": repr(value)}, None)


def tap(view: TurnView, square: Square) -> Answer:
    """A tap on ``square`` (on the board, the game running)."""
    if view.turn.chain_mode:
        return _tap_chain(view, square)
    if view.turn.path:
        return _tap_moved(view, square)
    return _tap_unmoved(view, square)


def drag(view: TurnView, frm: Square, to: Square) -> Answer:
    """The two taps of a drag from ``frm`` to ``to`` (two squares), accepted only when they
    end in a movement or, in chain mode, a chosen chain; otherwise the turn stays as it was."""
    before = view.turn
    turn, result = _drag(view, frm, to)
    return (before, result) if isinstance(result, Refusal) else (turn, result)


def _tap_unmoved(view: TurnView, square: Square) -> Answer:
    """Before the movement: pick up, put down, switch piece, or move the piece in hand."""
    turn, state = view.turn, view.state
    piece = state.pieces.get(square)
    selected = turn.selected
    if piece is not None:
        color, number = piece
        if color is not view.mover:
            return turn, refuse(Why.NOT_YOUR_PIECE, square, number=number, color=color.name)
        if square == selected:
            return TurnInProgress(), Deselected(square)
        if not state.destinations(square):
            return turn, refuse(Why.PIECE_BLOCKED, square, number=number)
        return TurnInProgress(selected=square), Selected(square, number, selected)
    if selected is None:
        return turn, refuse(Why.EMPTY_SQUARE, square)
    steps, jumps = view.lit
    if square in steps or square in jumps:
        return _land(view, (selected,), square)
    return turn, _why_not(view, (selected,), square)


def _tap_moved(view: TurnView, square: Square) -> Answer:
    """After the piece has moved: jump on, stop, or explain."""
    turn = view.turn
    here = turn.path[-1]
    piece = view.shown.pieces.get(square)
    if not turn.open:
        if piece is not None and piece[0] is not view.mover:
            return turn, refuse(Why.NOT_YOUR_PIECE, square, number=piece[1],
                                color=piece[0].name)
        return turn, refuse(Why.ALREADY_MOVED, square)
    if square == here:
        return replace(turn, open=False), JumpStopped(square)
    if square in view.lit[1]:
        return _land(view, turn.path, square)
    if square == turn.path[0]:
        return turn, refuse("back_to_start", square)
    if square in turn.path:
        return turn, refuse("landed_twice", square)
    if piece is not None:  # own: another piece; opponent's: no landing on a piece
        return turn, refuse(Why.ALREADY_MOVED if piece[0] is view.mover else "occupied", square)
    return turn, _why_not(view, turn.path, square)


def _land(view: TurnView, path: tuple[Square, ...], square: Square) -> Answer:
    """Move the piece in hand from ``path[-1]`` to the lit ``square``."""
    jumped = jumped_over(path[-1], square)
    turn = TurnInProgress(path=path + (square,), open=jumped is not None)
    if turn.open and not TurnView(view.state, turn).lit[1]:
        turn = replace(turn, open=False)  # nowhere left to land: the sequence ends
    return turn, Moved(path[0], path[-1], square, jumped, turn.open)


def _why_not(view: TurnView, path: tuple[Square, ...], square: Square) -> Refusal:
    """Why the piece at the end of ``path`` cannot be tapped onto ``square``: a square it can
    reach only through more landings, else the rules' own reason."""
    start, here = path[0], path[-1]
    far_jump = (square[0] - here[0]) % 2 == 0 and (square[1] - here[1]) % 2 == 0
    if far_jump and square in view.state.destinations(start):
        return refuse(Why.ONE_JUMP_AT_A_TIME, square)
    try:
        view.state.moved([*path, square])
    except IllegalMove as error:
        return from_rules(error, square)
    return refuse(Why.NOT_REACHABLE, square)


def _tap_chain(view: TurnView, square: Square) -> Answer:
    """In chain mode: pick the first end, let it go, or complete the chain (Q-6.2)."""
    turn = view.turn
    piece = view.shown.pieces.get(square)
    if piece is None:
        return turn, refuse(Why.EMPTY_SQUARE, square)
    color, number = piece
    if color is not view.mover:
        return turn, refuse(Why.NOT_YOUR_PIECE, square, number=number, color=color.name)
    if number not in view.ends:
        return turn, refuse(Why.NOT_CHAIN_END, square, number=number)
    if turn.first is None or turn.chain is not None:
        return replace(turn, first=number, chain=None), ChainEndPicked(square, number)
    if number == turn.first:
        return replace(turn, first=None), ChainEndReleased(square, number)
    if number not in view.completing(turn.first):
        return turn, refuse(Why.CHAIN_MISMATCH, square, number=number, first=turn.first)
    chain = (min(number, turn.first), max(number, turn.first))
    return replace(turn, chain=chain), ChainChosen(chain, view.chain_squares(chain))


def _drag(view: TurnView, frm: Square, to: Square) -> Answer:
    turn, state = view.turn, view.state
    if turn.chain_mode:
        first_turn, first = _tap_chain(TurnView(state, replace(turn, first=None, chain=None)),
                                       frm)
        if isinstance(first, Refusal):
            return turn, first
        after, result = _tap_chain(TurnView(state, first_turn), to)
        return after, result if isinstance(result, (ChainChosen, Refusal)) else refuse(
            Why.NOT_REACHABLE, to)
    if turn.path:
        if not turn.open or frm != turn.path[-1]:
            return turn, refuse(Why.ALREADY_MOVED, frm)
        after, result = _tap_moved(view, to)
        return after, result if isinstance(result, (Moved, Refusal)) else refuse(
            Why.NOT_REACHABLE, to)
    if state.pieces.get(frm) is None:
        return turn, refuse(Why.EMPTY_SQUARE, frm)
    if frm != turn.selected:
        picked_turn, picked = _tap_unmoved(view, frm)
        if isinstance(picked, Refusal):
            return turn, picked
        view = TurnView(state, picked_turn)
    after, result = _tap_unmoved(view, to)
    if isinstance(result, (Moved, Refusal)):
        return after, result
    return after, _why_not(view, (frm,), to)
