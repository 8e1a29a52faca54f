"""The QUERNI turn controller: taps, drags and keys → one turn, exactly as the app does (Q-6).

``TurnController`` holds the committed ``QuerniState`` and the view state of the turn in
progress. It never decides a rule (the rules do; what a tap or a drag does is ``taps.py``'s)
and has no pygame: the scene draws from its queries and animates the events it returns, and a
bot drives the same commands (``gestures.gestures_for_turn``). Where Q-6 is silent, the choices
are those of docs/querni-rules.md, each pinned by a test; besides them, the next *board*
gesture while the game runs clears the trail marks (Q-6.4), the cursor stays put between turns
and stops at the edge (``up`` is towards row 7; ``flipped`` for a board drawn the other way
up), and after the game ends every command but the cursor is refused with ``game_over``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from enum import StrEnum

from game.games.querni import taps
from game.games.querni.events import (
    ChainModeChanged,
    CursorMoved,
    PassConfirmationNeeded,
    Refusal,
    Result,
    TurnEnded,
    Undone,
    Why,
)
from game.games.querni.turn_view import TurnInProgress, TurnView, step_back
from game.rules.querni import (
    COLS,
    DRAW_TURNS,
    ROWS,
    Chain,
    Color,
    IllegalMove,
    Outcome,
    QuerniState,
    Square,
    hops_jumped,
    is_square,
    must_pass,
    name,
)

DEFAULT_CURSOR: Square = (4, 3)
"""Where the keyboard cursor starts: the middle of the board."""

QUIET_ROUNDS_TO_DRAW = DRAW_TURNS // 2
"""Q-5.3: 30 rounds without a removal draw (``quiet_rounds`` counts up to it)."""

class Direction(StrEnum):
    """A keyboard cursor move; the values are the input layer's key names."""

    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"

    @property
    def delta(self) -> tuple[int, int]:
        """``(dcol, drow)`` on a board drawn with row 7 on top."""
        return {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}[self.value]


class TurnController:
    """The QUERNI play screen's view-state machine: a committed ``QuerniState`` plus the turn
    being built by taps (Q-6). Queries are cached per change; commands return a ``Result``
    (an ``Event`` or a ``Refusal``) and never raise for a player's mistake."""

    def __init__(self, state: QuerniState, cursor: Square = DEFAULT_CURSOR) -> None:
        if not is_square(cursor):
            raise ValueError(f"the cursor must be a square on the board, not {cursor!r}")
        self._state = state
        self._turn = TurnInProgress()
        self._trail: frozenset[Square] = frozenset()
        self._cursor: Square = (cursor[0], cursor[1])
        self._stuck: bool | None = None  # must_pass of the committed state, once asked
        self._view = TurnView(state, self._turn)
        self._ended: Outcome | None = None  # a resignation or an abandoned game

    # --- queries ---------------------------------------------------------------------------

    @property
    def state(self) -> QuerniState:
        """The committed position (what END MOVE last produced)."""
        return self._state

    @property
    def shown(self) -> QuerniState:
        """The position as shown: the committed one after the tentative movement, if any
        (the chosen chain is still on the board until END MOVE)."""
        return self._view.shown

    @property
    def to_move(self) -> Color:
        """Whose turn it is (in a finished game: who would have moved next)."""
        return self._state.to_move

    @property
    def is_over(self) -> bool:
        return self._state.result is not None or self._ended is not None

    @property
    def outcome(self) -> Outcome | None:
        """Who won and why (Q-5, or off the board: ``end``), ``None`` while the game runs."""
        return self._ended if self._ended is not None else self._state.outcome

    def end(self, outcome: Outcome) -> None:
        """The game ended off the board (a resignation, an abandoned game): the turn being
        built is dropped and every command is refused from now on, as after Q-5."""
        self._ended = outcome
        self._set(TurnInProgress())

    @property
    def selected(self) -> Square | None:
        """The piece in hand: the one tapped, or once it has moved, where it stands now."""
        return self._turn.path[-1] if self._turn.path else self._turn.selected

    @property
    def path(self) -> tuple[Square, ...]:
        """The movement so far: ``()`` before moving, else the start and each landing."""
        return self._turn.path

    @property
    def jumped(self) -> tuple[Square, ...]:
        """The squares the tentative movement jumped over, in order."""
        return hops_jumped(self._turn.path)

    @property
    def movement_open(self) -> bool:
        """A jump sequence is under way and more landings may be tapped (Q-6.1)."""
        return self._turn.open

    @property
    def has_moved(self) -> bool:
        return bool(self._turn.path)

    @property
    def lit_steps(self) -> frozenset[Square]:
        """Step squares of the piece in hand (Q-4.3), before it moves."""
        return self._view.lit[0]

    @property
    def lit_jumps(self) -> frozenset[Square]:
        """Jump landings the piece in hand may be tapped onto next (Q-4.4, Q-4.5)."""
        return self._view.lit[1]

    @property
    def chain_mode(self) -> bool:
        """SELECT CHAIN is on (Q-6.2)."""
        return self._turn.chain_mode

    @property
    def chain_first(self) -> Square | None:
        """The first chain end tapped, while the second is awaited."""
        turn = self._turn
        if turn.first is None or turn.chain is not None:
            return None
        return self._view.square_of(turn.first)

    @property
    def chain_candidates(self) -> frozenset[Square]:
        """Pieces lit in chain mode: every end of a removable chain, or after the first tap
        the pieces completing one with it."""
        return self._view.candidates

    @property
    def chain(self) -> Chain | None:
        """The chosen chain ``(lowest, highest)``, removed at END MOVE."""
        return self._turn.chain

    @property
    def chain_squares(self) -> tuple[Square, ...]:
        """The chosen chain's squares in number order (highlighted one by one)."""
        return self._view.chain_squares(self._turn.chain)

    @property
    def removable_chains(self) -> tuple[Chain, ...]:
        """Every chain the mover could remove in the shown position, sub-chains included."""
        return self._view.chains

    def chain_marks(self, show: bool = True) -> frozenset[Square]:
        """The "show chains that can be removed" setting: the squares of the mover's pieces
        that belong to a removable chain in the shown position; empty when ``show`` is off."""
        return self._view.marks if show else frozenset()

    @property
    def trail(self) -> frozenset[Square]:
        """Q-6.4: squares the last turn left empty, until the next tap on the board."""
        return self._trail

    @property
    def cursor(self) -> Square:
        return self._cursor

    @property
    def pending_turn(self) -> tuple[list[Square] | None, Chain | None]:
        """What END MOVE would play now, as ``play`` takes it (``(None, None)``: a pass)."""
        return (list(self._turn.path) if self._turn.path else None, self._turn.chain)

    @property
    def can_end_move(self) -> bool:
        """END MOVE does something now (with nothing done, it asks to pass)."""
        turn = self._turn
        return not self.is_over and not (turn.first is not None and turn.chain is None)

    @property
    def can_undo(self) -> bool:
        """Something of this turn can be taken back (Q-6.3)."""
        return not self.is_over and self._turn != TurnInProgress()

    @property
    def can_select_chain(self) -> bool:
        """SELECT CHAIN can be toggled: it is on, or the mover has a chain to remove."""
        return not self.is_over and (self._turn.chain_mode or bool(self._view.chains))

    @property
    def must_pass(self) -> bool:
        """Q-4.6: no movement and no chain at all; the scene says so and calls ``auto_pass``."""
        if self._stuck is None:
            self._stuck = must_pass(self._state)
        return self._stuck

    def pieces_left(self, color: Color) -> int:
        """Pieces of ``color`` on the committed board (a chosen chain counts until END MOVE)."""
        return len(self._state.numbers(color))

    @property
    def quiet_turns(self) -> int:
        """Turns in a row without a removal, passes included (Q-5.3: the draw comes at 60)."""
        return self._state.quiet_turns

    @property
    def quiet_rounds(self) -> int:
        """Whole rounds without a removal: ``quiet_turns // 2``, 0..``QUIET_ROUNDS_TO_DRAW``
        (30 = the draw of Q-5.3). A round is two turns counted from the last removal,
        whoever made it."""
        return self._state.quiet_turns // 2

    # --- commands: the board ---------------------------------------------------------------

    def tap(self, square: Square) -> Result:
        """A tap on a board square: select, land, stop, or pick a chain end (Q-6.1, Q-6.2).
        Clears the trail marks while the game runs (Q-6.4)."""
        if not is_square(square):
            return taps.off_board(square)
        if self.is_over:
            return taps.refuse(Why.GAME_OVER)
        self._clear_trail()
        return self._tap((square[0], square[1]))

    def drag(self, frm: Square, to: Square) -> Result:
        """A piece dragged from ``frm`` onto ``to``: the two taps at once, accepted only when
        they end in a movement (or a chosen chain in chain mode); else nothing changes."""
        for sq in (frm, to):
            if not is_square(sq):
                return taps.off_board(sq)
        if self.is_over:
            return taps.refuse(Why.GAME_OVER)
        frm, to = (frm[0], frm[1]), (to[0], to[1])
        self._clear_trail()
        if frm == to:
            return self._tap(frm)
        turn, result = taps.drag(self._view, frm, to)
        self._set(turn)
        return result

    def press_cursor(self) -> Result:
        """Enter: the same as a tap on the cursor square."""
        return self.tap(self._cursor)

    def press_key(self, key: str, flipped: bool = False) -> Result | None:
        """A key by its input-layer name: the arrows, ``accept`` (Enter), ``chain`` (C),
        ``end_move`` (E), ``undo`` (U) or ``back`` (Backspace). ``None`` for any other key
        (``pause``, Esc, is the scene's). END MOVE asks to pass like the button does."""
        if key in set(Direction):
            return self.move_cursor(key, flipped)
        commands: dict[str, Callable[[], Result]] = {
            "accept": self.press_cursor,
            "chain": self.select_chain,
            "end_move": self.end_move,
            "undo": self.undo,
            "back": self.undo,
        }
        command = commands.get(key)
        return command() if command is not None else None

    def move_cursor(self, direction: Direction | str, flipped: bool = False) -> Result:
        """An arrow key; ``flipped`` when the board is drawn with row 1 on top."""
        dc, dr = Direction(direction).delta
        if flipped:
            dc, dr = -dc, -dr
        col = min(max(self._cursor[0] + dc, 0), COLS - 1)
        row = min(max(self._cursor[1] + dr, 0), ROWS - 1)
        moved = (col, row) != self._cursor
        self._cursor = (col, row)
        return CursorMoved(self._cursor, moved)

    # --- commands: the buttons -------------------------------------------------------------

    def select_chain(self) -> Result:
        """SELECT CHAIN (Q-6.2): toggle chain mode."""
        if self.is_over:
            return taps.refuse(Why.GAME_OVER)
        turn = self._turn
        if turn.chain_mode:
            self._set(replace(turn, chain_mode=False, first=None, chain=None))
            return ChainModeChanged(on=False)
        if not self._view.chains:
            return taps.refuse(Why.NO_CHAIN, color=self.to_move.name)
        self._set(replace(turn, selected=None, open=False, chain_mode=True))
        return ChainModeChanged(on=True, stopped_jump=turn.open)

    def undo(self) -> Result:
        """UNDO (Q-6.3): one step back within the turn (``step_back``); nothing before it."""
        if self.is_over:
            return taps.refuse(Why.GAME_OVER)
        turn = self._turn
        if turn == TurnInProgress():
            return taps.refuse(Why.NOTHING_TO_UNDO)
        self._set(back := step_back(turn))
        return Undone(turn.path if back.path != turn.path else None, turn.chain, back.path)

    def end_move(self, confirm_pass: bool = False) -> Result:
        """END MOVE (Q-6.3): commit the movement and/or removal through ``play``. With nothing
        done it first answers ``PassConfirmationNeeded``, unless ``confirm_pass``."""
        if self.is_over:
            return taps.refuse(Why.GAME_OVER)
        turn = self._turn
        if turn.first is not None and turn.chain is None:
            square = self._view.square_of(turn.first)
            params = {"first": turn.first, "first_square": name(square)}
            return Refusal(str(Why.CHAIN_INCOMPLETE), params, square)
        path, chain = self.pending_turn
        if path is None and chain is None and not confirm_pass:
            return PassConfirmationNeeded()
        return self._commit(path, chain, automatic=False)

    def auto_pass(self) -> Result:
        """Q-4.6: the mover cannot do anything, so the turn passes by itself."""
        if self.is_over:
            return taps.refuse(Why.GAME_OVER)
        if not self.must_pass:
            return taps.refuse(Why.NOT_STUCK, color=self.to_move.name)
        return self._commit(None, None, automatic=True)

    # --- inside ----------------------------------------------------------------------------

    def _set(self, turn: TurnInProgress) -> None:
        """Change the view state; the cached view goes with it."""
        if turn != self._turn:
            self._turn = turn
            self._view = TurnView(self._state, turn)

    def _clear_trail(self) -> None:
        self._trail = frozenset()

    def _tap(self, square: Square) -> Result:
        turn, result = taps.tap(self._view, square)
        self._set(turn)
        return result

    def _commit(self, path: list[Square] | None, chain: Chain | None, automatic: bool) -> Result:
        """Play the turn through the rules, set the trail marks, start the next turn."""
        before, view = self._state, self._view
        try:
            state = before.play(path, chain)
        except IllegalMove as error:  # the controller only builds legal turns; just in case
            return taps.from_rules(error, None)
        removed = view.chain_squares(chain)
        route = tuple(path) if path is not None else None
        self._trail = frozenset((route or ())[:-1]) | frozenset(removed)
        self._state = state
        self._stuck = None
        self._turn = TurnInProgress()
        self._view = TurnView(state, self._turn)
        return TurnEnded(
            mover=before.to_move,
            before=before,
            state=state,
            path=route,
            chain=chain,
            removed=removed,
            jumped=hops_jumped(route or ()),
            passed=route is None and chain is None,
            automatic=automatic,
            outcome=state.outcome,
        )
