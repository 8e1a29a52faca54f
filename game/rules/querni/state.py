"""A QUERNI position and whole turns (Q-1, Q-4, Q-5): ``QuerniState``.

A state is an immutable value: ``play`` returns a new state and never changes the old one, so
the UI can keep the state before END MOVE for UNDO (Q-6.3), the AI can search without copying,
and states can be dict keys. Every illegal call raises ``IllegalMove`` and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from game.rules.errors import IllegalMove
from game.rules.querni.board import (
    ADJACENT,
    CELLS,
    PIECES,
    SQUARES,
    START_SQUARES,
    Color,
    Square,
    check_square,
    index,
    is_square,
    name,
    square_of,
)
from game.rules.querni.chains import (
    Chain,
    can_still_chain,
    chains_of,
    links,
    positions,
    runs,
    sub_chains,
)
from game.rules.querni.moves import all_jump_paths, check_path, jump_tree, steps, tree_path

DRAW_TURNS = 60
"""Q-5.3: 30 rounds of one BLUE and one RED turn without a removal."""

SAVE_VERSION = 1
RESULTS = ("BLUE", "RED", "DRAW")

Path = list[Square]
Turn = tuple[Path | None, Chain | None]

ALL_REMOVED = "all_removed"
"""Q-5.1: the winner removed their last piece."""
NO_CHAIN_LEFT = "no_chain_left"
"""Q-5.2: the loser's last removal left numbers that can never form a chain."""
QUIET_ROUNDS = "quiet_rounds"
"""Q-5.3: 30 rounds without a removal."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: ``result`` ("BLUE", "RED" or "DRAW"), the ``winner``
    (``None`` for a draw) and the ``reason`` (``ALL_REMOVED``, ``NO_CHAIN_LEFT`` or
    ``QUIET_ROUNDS``)."""

    result: str
    winner: Color | None
    reason: str


@dataclass(frozen=True, slots=True)
class QuerniState:
    """One position: where every piece stands, who moves, turns since the last removal, result.

    ``cells`` is the hashable core — 70 ints, row-major by ``(col, row)`` (index
    ``row * 10 + col``): 0 empty, ``+n`` BLUE number n, ``−n`` RED number n. Read ``pieces``
    for the friendly mapping. Build states with ``new``, ``from_pieces`` or ``from_dict``;
    direct construction is checked as strictly as ``from_pieces``.

    ``to_move`` alternates after every turn, the last one included: in a finished game it is
    the player who would have moved next. ``result`` is ``None`` while the game runs, else
    ``"BLUE"``, ``"RED"`` (the winner) or ``"DRAW"``.
    """

    cells: tuple[int, ...]
    to_move: Color
    quiet_turns: int = 0
    result: str | None = None
    _cache: dict[str, Any] | None = field(
        default=None, init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        _check_cells(self.cells)
        _check_meta(self.to_move, self.quiet_turns, self.result)
        object.__setattr__(self, "_cache", {})

    @classmethod
    def _make(
        cls, cells: tuple[int, ...], to_move: Color, quiet_turns: int, result: str | None
    ) -> QuerniState:
        """A state from parts already known to be valid (``play``'s fast path)."""
        state = object.__new__(cls)
        object.__setattr__(state, "cells", cells)
        object.__setattr__(state, "to_move", to_move)
        object.__setattr__(state, "quiet_turns", quiet_turns)
        object.__setattr__(state, "result", result)
        object.__setattr__(state, "_cache", {})
        return state

    # --- building --------------------------------------------------------------------------

    @classmethod
    def new(cls, rng: Any = None) -> QuerniState:
        """The start position (Q-1.3, Q-1.4): BLUE to move, each colour's numbers 1..16
        shuffled with ``rng.shuffle`` (a ``random.Random``-like object; default: a new unseeded
        one) — BLUE's first, then RED's — and dealt onto ``START_SQUARES`` in their order."""
        rng = rng if rng is not None else random.Random()
        cells = [0] * CELLS
        for color in (Color.BLUE, Color.RED):
            numbers = list(range(1, PIECES + 1))
            rng.shuffle(numbers)
            for square, number in zip(START_SQUARES[color], numbers):
                cells[index(square)] = color.sign * number
        return cls._make(tuple(cells), Color.BLUE, 0, None)

    @classmethod
    def from_pieces(
        cls,
        pieces: Mapping[Square, tuple[Color, int]],
        to_move: Color,
        quiet_turns: int = 0,
        *,
        result: str | None = None,
    ) -> QuerniState:
        """Any position: ``pieces`` maps ``(col, row)`` → ``(Color, number)``.

        ``ValueError`` on a malformed position: a square off the board or not a pair of ints,
        a number outside 1..16, a number twice for one colour, a value that is not
        ``(Color, int)``, ``to_move`` not a ``Color``, ``quiet_turns`` not an int 0..60.

        **Decision:** ``from_pieces`` does not infer a win or a loss from the position (Q-5.1
        and Q-5.2 happen *at a removal*, which a bare position does not record): the game is
        running unless ``result`` says otherwise — except that ``quiet_turns=60`` *is* the
        draw of Q-5.3, so it gives ``result == "DRAW"``. ``result`` (keyword only, for tests
        and saves) must agree with the counter: a win/loss comes with a removal
        (``quiet_turns == 0``), a draw with 60.
        """
        if not isinstance(pieces, Mapping):
            raise ValueError(f"pieces must be a mapping square → (Color, number), not {pieces!r}")
        cells = [0] * CELLS
        for square, piece in pieces.items():
            if not (isinstance(square, tuple) and is_square(square)):
                raise ValueError(f"{square!r} is not a (col, row) square on the board")
            if not (isinstance(piece, (tuple, list)) and len(piece) == 2):
                raise ValueError(f"the piece on {square!r} must be (Color, number), not {piece!r}")
            color, number = piece
            if not isinstance(color, Color):
                raise ValueError(f"the piece on {square!r} has no Color: {color!r}")
            if type(number) is not int or not 1 <= number <= PIECES:
                raise ValueError(f"the piece on {square!r} has a bad number {number!r}")
            cells[index(square)] = color.sign * number
        if quiet_turns == DRAW_TURNS and result is None and type(quiet_turns) is int:
            result = "DRAW"
        return cls(tuple(cells), to_move, quiet_turns, result)

    # --- reading ---------------------------------------------------------------------------

    @property
    def pieces(self) -> Mapping[Square, tuple[Color, int]]:
        """Read-only mapping ``(col, row)`` → ``(Color, number)``, squares in row-major order."""
        cache = self._cache
        assert cache is not None  # set by every constructor
        pieces: Mapping[Square, tuple[Color, int]] | None = cache.get("pieces")
        if pieces is None:
            pieces = cache["pieces"] = MappingProxyType(
                {
                    SQUARES[cell]: (Color.BLUE, v) if v > 0 else (Color.RED, -v)
                    for cell, v in enumerate(self.cells)
                    if v
                }
            )
        return pieces

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def outcome(self) -> Outcome | None:
        """Who won and why (Q-5), ``None`` while the game runs. A win is either the winner's
        last removal (no piece of theirs left) or the loser's removal that left no chain
        possible (Q-5.2), so the reason follows from the position."""
        if self.result is None:
            return None
        if self.result == "DRAW":
            return Outcome("DRAW", None, QUIET_ROUNDS)
        winner = Color(self.result)
        reason = NO_CHAIN_LEFT if self.numbers(winner) else ALL_REMOVED
        return Outcome(self.result, winner, reason)

    def numbers(self, color: Color) -> frozenset[int]:
        """The numbers of ``color`` still on the board."""
        sign = _color(color).sign
        return frozenset(v * sign for v in self.cells if v * sign > 0)

    def where(self, color: Color, number: int) -> Square | None:
        """The square of ``color``'s piece ``number``, or ``None`` once it has been removed."""
        sign = _color(color).sign
        try:
            return square_of(self.cells.index(sign * number)) if number > 0 else None
        except ValueError:
            return None

    def chains(self, color: Color) -> list[tuple[int, int]]:
        """Every chain of ``color`` on the board now (Q-3), sub-chains of ≥ 3 included, as
        ``(lowest, highest)``, sorted. A pure reading of the position: it does not depend on
        whose turn it is or on the result (only the mover can *remove* one, Q-4.1)."""
        return chains_of(positions(self.cells, _color(color).sign))

    def destinations(self, square: Square) -> frozenset[Square]:
        """Every square the piece on ``square`` can end its movement on this turn: its steps
        (Q-4.3) and the end of every jump sequence (Q-4.4, Q-4.5).

        **Decision:** a malformed or off-board ``square`` raises ``IllegalMove`` (a
        ``ValueError``); an empty square, a piece of the side not to move, and any square of a
        finished game give an empty set — those pieces cannot move *this turn*.
        """
        start = self._movable(square)
        if start is None:
            return frozenset()
        ends = steps(self.cells, start) + list(jump_tree(self.cells, start))
        return frozenset(SQUARES[c] for c in ends)

    def jump_paths(self, square: Square) -> list[list[Square]]:
        """Every legal jump sequence of the piece on ``square`` as ``[start, landing1, …]``
        (Q-4.4, Q-4.5), depth first, directions counter-clockwise from east; each prefix of a
        sequence is listed too (the player may stop after any jump). Same decision as
        ``destinations`` for squares without a movable piece: an empty list.

        Listing every sequence is exponential in contrived positions; ``destinations`` and
        ``legal_turns`` never need it.
        """
        start = self._movable(square)
        if start is None:
            return []
        return [[SQUARES[c] for c in path] for path in all_jump_paths(self.cells, start)]

    def _movable(self, square: Square) -> int | None:
        start = index(check_square(square))
        value = self.cells[start]
        if self.result is not None or not value or (value > 0) != (self.to_move is Color.BLUE):
            return None
        return start

    # --- a turn ----------------------------------------------------------------------------

    def play(self, path: Path | None = None, chain: Chain | None = None) -> QuerniState:
        """One whole turn (Q-4.1): an optional movement, then an optional removal; the new state.

        ``path`` is ``[start, dest]`` for a step or ``[start, landing1, …]`` for a jump
        sequence (squares as tuples or 2-item lists). ``chain`` is ``(lowest, highest)`` of
        the mover's colour, checked *after* the movement. Both ``None`` is a pass, always
        allowed while the game runs (Q-4.1; the automatic pass of Q-4.6 is the app's job).
        A path of a single square is not a movement and is refused (pass ``None`` instead).

        After a removal the counter restarts and the mover wins with no pieces left (Q-5.1)
        or loses when the numbers left hold no three consecutive integers (Q-5.2); a turn
        without removal counts towards the draw at 60 (Q-5.3). Raises ``IllegalMove``.
        """
        if self.result is not None:
            raise IllegalMove("The game is over.", "game_over")
        mover = self.to_move
        sign = mover.sign
        cells = list(self.cells)
        if path is not None:
            cells_path = check_path(cells, sign, path)
            cells[cells_path[-1]] = cells[cells_path[0]]
            cells[cells_path[0]] = 0
        quiet = self.quiet_turns + 1
        result = None
        if chain is not None:
            low, high = _check_chain(chain, mover)
            pos = positions(cells, sign)
            if (low, high) not in chains_of(pos):
                where = "after this movement" if path is not None else "now"
                raise IllegalMove(
                    f"{mover.name} {low}–{high} is not a chain of yours {where}.",
                    "not_a_chain",
                    color=mover.name,
                    lowest=low,
                    highest=high,
                )
            for n in range(low, high + 1):
                cells[pos[n]] = 0
            quiet = 0
            left = [n for n in range(1, PIECES + 1) if pos[n] >= 0 and not low <= n <= high]
            if not left:
                result = mover.name
            elif not can_still_chain(left):
                result = mover.opponent.name
        elif quiet >= DRAW_TURNS:
            result = "DRAW"
        return QuerniState._make(tuple(cells), mover.opponent, quiet, result)

    def moved(self, path: Path) -> QuerniState:
        """The position after the movement ``path`` alone (Q-4.1 a), the same side still to
        move and the counter unchanged: what the UI shows before END MOVE and where the chains
        open to the mover are read (``moved(path).chains(mover)``). Raises ``IllegalMove``
        like ``play``."""
        if self.result is not None:
            raise IllegalMove("The game is over.", "game_over")
        cells = list(self.cells)
        route = check_path(cells, self.to_move.sign, path)
        cells[route[-1]] = cells[route[0]]
        cells[route[0]] = 0
        return QuerniState._make(tuple(cells), self.to_move, self.quiet_turns, None)

    def legal_turns(self) -> list[tuple[Path | None, Chain | None]]:
        """Every distinct turn, one per (movement end, chain) pair (Q-4.1): the pass
        ``(None, None)`` and each removal without movement first; then, piece by piece in
        row-major order of their squares, each destination (steps, then jump ends breadth
        first) with ONE valid path (the shortest jump sequence found first) combined with
        ``None`` and each chain of the mover available after that movement. Paths are fresh
        lists of square tuples. Empty once the game is over. ``len`` is the perft count at
        depth 1.
        """
        if self.result is not None:
            return []
        cells = self.cells
        sign = self.to_move.sign
        pos = positions(cells, sign)
        base = links(pos)
        turns: list[tuple[Path | None, Chain | None]] = [(None, None)]
        turns.extend((None, c) for c in sub_chains(runs(base)))
        for start, value in enumerate(cells):
            if not value or (value > 0) != (sign > 0):
                continue
            number = value * sign
            before = pos[number - 1] if number > 1 else -1
            after = pos[number + 1] if number < PIECES else -1
            by_links: dict[tuple[bool, bool], list[Chain]] = {}
            tree = jump_tree(cells, start)
            ends = [(c, None) for c in steps(cells, start)] + [(c, tree) for c in tree]
            for end, parent in ends:
                key = (
                    before >= 0 and end in ADJACENT[before],
                    after >= 0 and end in ADJACENT[after],
                )
                found = by_links.get(key)
                if found is None:
                    link = list(base)
                    if number > 1:
                        link[number - 1] = key[0]
                    if number < PIECES:
                        link[number] = key[1]
                    found = by_links[key] = sub_chains(runs(link))
                route = [start, end] if parent is None else tree_path(parent, start, end)
                squares = [SQUARES[c] for c in route]
                turns.append((squares, None))
                turns.extend((list(squares), c) for c in found)
        return turns

    # --- saving ----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-safe data: pieces as ``[col, row, "BLUE"|"RED", number]``
        in row-major order of their squares, plus the side to move, counter and result."""
        return {
            "version": SAVE_VERSION,
            "game": "QUERNI",
            "pieces": [
                [c % 10, c // 10, "BLUE" if v > 0 else "RED", abs(v)]
                for c, v in enumerate(self.cells)
                if v
            ],
            "to_move": self.to_move.name,
            "quiet_turns": self.quiet_turns,
            "result": self.result,
        }

    @classmethod
    def from_dict(cls, data: Any) -> QuerniState:
        """A state from ``to_dict`` data (pieces in any order); ``ValueError`` on anything
        malformed: unknown or missing fields, another version or game, bad pieces, a square
        used twice, or a counter and result that contradict each other."""
        if not isinstance(data, dict):
            raise ValueError("a saved QUERNI game must be a JSON object")
        known = {"version", "game", "pieces", "to_move", "quiet_turns", "result"}
        if set(data) != known:
            missing, unknown = known - set(data), set(data) - known
            raise ValueError(
                f"saved QUERNI game: missing {sorted(missing)}, unknown {sorted(map(str, unknown))}"
            )
        version = data["version"]
        if type(version) is not int or version != SAVE_VERSION:
            raise ValueError(f"unsupported saved-game version {version!r}")
        if data["game"] != "QUERNI":
            raise ValueError(f"not a saved QUERNI game: {data['game']!r}")
        raw = data["pieces"]
        if not isinstance(raw, list):
            raise ValueError("'pieces' must be a list")
        pieces: dict[Square, tuple[Color, int]] = {}
        for item in raw:
            if not (isinstance(item, list) and len(item) == 4):
                raise ValueError(f"a saved piece is [col, row, colour, number], not {item!r}")
            col, row, color, number = item
            if type(col) is not int or type(row) is not int:
                raise ValueError(f"a saved piece's square is two ints, not {item!r}")
            square = (col, row)
            if square in pieces:
                raise ValueError(f"two saved pieces on {square!r}")
            pieces[square] = (_parse_color(color), number)
        to_move = _parse_color(data["to_move"])
        result = data["result"]
        if result is not None and (not isinstance(result, str) or result not in RESULTS):
            raise ValueError(f'a result is null, "BLUE", "RED" or "DRAW", not {result!r}')
        return cls.from_pieces(pieces, to_move, data["quiet_turns"], result=result)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle and copy the four values, not the caches."""
        return (QuerniState._make, (self.cells, self.to_move, self.quiet_turns, self.result))

    def __str__(self) -> str:
        """A text diagram, row 7 (RED's edge) at the top: ``b5`` BLUE 5, ``r12`` RED 12."""
        lines = []
        for row in range(6, -1, -1):
            cells = self.cells[row * 10 : row * 10 + 10]
            tokens = [("." if not v else f"{'b' if v > 0 else 'r'}{abs(v)}") for v in cells]
            lines.append(f"{row + 1} " + " ".join(t.rjust(3) for t in tokens))
        lines.append("  " + " ".join(c.rjust(3) for c in "abcdefghij"))
        state = f"{self.to_move.name} to move, {self.quiet_turns} quiet turns"
        if self.result is not None:
            state = f"result {self.result}, {self.quiet_turns} quiet turns"
        lines.append(state)
        return "\n".join(lines)


# --- checks --------------------------------------------------------------------------------


def _color(color: Any) -> Color:
    if not isinstance(color, Color):
        raise ValueError(f"not a Color: {color!r}")
    return color


def _parse_color(raw: Any) -> Color:
    if not isinstance(raw, str) or raw not in ("BLUE", "RED"):
        raise ValueError(f'a colour is "BLUE" or "RED", not {raw!r}')
    return Color(raw)


def _check_cells(cells: Any) -> None:
    if not isinstance(cells, tuple) or len(cells) != CELLS:
        raise ValueError(f"cells must be a tuple of {CELLS} ints")
    seen: set[int] = set()
    for cell, v in enumerate(cells):
        if type(v) is not int or not -PIECES <= v <= PIECES:
            raise ValueError(f"cell {name(square_of(cell))} holds {v!r}")
        if v:
            if v in seen:
                color = "BLUE" if v > 0 else "RED"
                raise ValueError(f"{color} {abs(v)} is on the board twice")
            seen.add(v)


def _check_meta(to_move: Any, quiet_turns: Any, result: Any) -> None:
    if not isinstance(to_move, Color):
        raise ValueError(f"to_move must be a Color, not {to_move!r}")
    if type(quiet_turns) is not int or not 0 <= quiet_turns <= DRAW_TURNS:
        raise ValueError(f"quiet_turns must be an int from 0 to {DRAW_TURNS}, not {quiet_turns!r}")
    if result is not None and (type(result) is not str or result not in RESULTS):
        raise ValueError(f"result must be None, 'BLUE', 'RED' or 'DRAW', not {result!r}")
    if (result == "DRAW") != (quiet_turns == DRAW_TURNS):
        raise ValueError("a draw is exactly 60 quiet turns (Q-5.3)")
    if result in ("BLUE", "RED") and quiet_turns != 0:
        raise ValueError("a game is won or lost at a removal, which leaves 0 quiet turns")


def _check_chain(chain: Any, mover: Color) -> Chain:
    if (
        isinstance(chain, (tuple, list))
        and len(chain) == 2
        and type(chain[0]) is int
        and type(chain[1]) is int
    ):
        low, high = chain
        if low >= 1 and high <= PIECES and high - low >= 2:
            return low, high
    raise IllegalMove(
        "A chain is named by its lowest and highest number, three or more numbers, e.g. (5, 7).",
        "bad_chain",
        chain=chain,
    )
