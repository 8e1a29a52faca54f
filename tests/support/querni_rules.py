"""QUERNI helpers for the rules and controller tests: position notations, and an independent,
straightforward reference of the rules written from ``querni-rules.md`` alone.

The reference shares nothing with ``game.rules.querni`` but the public names: boards are plain
dicts ``(col, row) → ("BLUE" | "RED", number)``, jump sequences are enumerated by brute force
(every path that lands nowhere twice), chains by trying every ``(lowest, highest)`` pair. It is
slow on purpose: the package's breadth-first shortcut and chain caching are checked against it
(``tests/rules/test_querni_perft.py``, ``tests/rules/test_querni_properties.py``); the tests
that the reference itself reads the rules right are in ``tests/rules/test_querni_reference.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from game.rules.querni import Color, QuerniState

RefBoard = dict[tuple[int, int], tuple[str, int]]
DIRS = [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if dc or dr]


# --- notation ---------------------------------------------------------------------------------


def at(pieces: dict[tuple[int, int], str], to_move: Color = Color.BLUE,
       quiet: int = 0) -> QuerniState:
    """A position from ``{(col, row): "b5" | "r12"}`` (BLUE 5, RED 12)."""
    return QuerniState.from_pieces(
        {sq: (Color.BLUE if t[0] == "b" else Color.RED, int(t[1:])) for sq, t in pieces.items()},
        to_move,
        quiet,
    )


def parse(text: str) -> RefBoard:
    """A board from a diagram: 7 lines of 10 tokens, row 6 (RED's edge) on top, row 0 at the
    bottom; a token is ``.`` (empty), ``b5`` (BLUE 5) or ``r12`` (RED 12)."""
    lines = [line.split() for line in text.strip().splitlines() if line.strip()]
    if len(lines) != 7 or any(len(tokens) != 10 for tokens in lines):
        raise ValueError(f"a diagram is 7 lines of 10 tokens: {[len(t) for t in lines]}")
    board: RefBoard = {}
    for i, tokens in enumerate(lines):
        row = 6 - i
        for col, token in enumerate(tokens):
            if token == ".":
                continue
            colour = {"b": "BLUE", "r": "RED"}[token[0].lower()]
            board[(col, row)] = (colour, int(token[1:]))
    return board


def state_of(board: RefBoard, to_move: str = "BLUE", quiet_turns: int = 0) -> QuerniState:
    """The package state of a reference board."""
    pieces = {sq: (Color(colour), n) for sq, (colour, n) in board.items()}
    return QuerniState.from_pieces(pieces, Color(to_move), quiet_turns)


def board_of(state: QuerniState) -> RefBoard:
    """The reference board of a package state (through the public ``pieces`` only)."""
    return {sq: (colour.name, n) for sq, (colour, n) in state.pieces.items()}


def position(text: str, to_move: str = "BLUE", quiet_turns: int = 0) -> QuerniState:
    return state_of(parse(text), to_move, quiet_turns)


# --- the reference rules ------------------------------------------------------------------------


def on_board(sq: tuple[int, int]) -> bool:
    return 0 <= sq[0] <= 9 and 0 <= sq[1] <= 6


def adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Q-3.1: side by side or diagonally."""
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def ref_steps(board: RefBoard, start: tuple[int, int]) -> list[tuple[int, int]]:
    """Q-4.3."""
    out = []
    for dc, dr in DIRS:
        to = (start[0] + dc, start[1] + dr)
        if on_board(to) and to not in board:
            out.append(to)
    return out


def ref_jump_paths(board: RefBoard, start: tuple[int, int]) -> list[list[tuple[int, int]]]:
    """Q-4.4, Q-4.5: every sequence of jumps, the piece lifted off its start square, never
    landing on the start or on an earlier landing square."""
    others = {sq: p for sq, p in board.items() if sq != start}
    out: list[list[tuple[int, int]]] = []

    def go(path: list[tuple[int, int]]) -> None:
        here = path[-1]
        for dc, dr in DIRS:
            over = (here[0] + dc, here[1] + dr)
            land = (here[0] + 2 * dc, here[1] + 2 * dr)
            if on_board(land) and over in others and land not in others and land not in path:
                out.append([*path, land])
                go([*path, land])

    go([start])
    return out


def ref_chains(board: RefBoard, colour: str) -> list[tuple[int, int]]:
    """Q-3.1, Q-3.2: every (lowest, highest) with ≥ 3 numbers, all present, each next to the
    previous one."""
    where = {n: sq for sq, (c, n) in board.items() if c == colour}
    out = []
    for low in range(1, 17):
        for high in range(low + 2, 17):
            numbers = range(low, high + 1)
            if all(n in where for n in numbers) and all(
                adjacent(where[n], where[n + 1]) for n in range(low, high)
            ):
                out.append((low, high))
    return out


def moved(board: RefBoard, start: tuple[int, int], end: tuple[int, int]) -> RefBoard:
    new = dict(board)
    new[end] = new.pop(start)
    return new


def ref_ends(board: RefBoard, start: tuple[int, int]) -> set[tuple[int, int]]:
    return set(ref_steps(board, start)) | {p[-1] for p in ref_jump_paths(board, start)}


def ref_turn_keys(board: RefBoard, mover: str) -> Counter:
    """Every turn of ``mover`` as (start, end, chain), start/end ``None`` for no movement."""
    keys: Counter = Counter()
    keys[(None, None, None)] += 1
    for chain in ref_chains(board, mover):
        keys[(None, None, chain)] += 1
    for start, (colour, _) in board.items():
        if colour != mover:
            continue
        for end in ref_ends(board, start):
            after = moved(board, start, end)
            keys[(start, end, None)] += 1
            for chain in ref_chains(after, mover):
                keys[(start, end, chain)] += 1
    return keys


def ref_perft(board: RefBoard, mover: str) -> int:
    """Depth-1 perft: the number of distinct (movement end, chain) turns, pass included."""
    return sum(ref_turn_keys(board, mover).values())


def turn_keys(turns: Iterable[tuple[Any, Any]]) -> Counter:
    """The package's ``legal_turns`` in the reference's (start, end, chain) form."""
    keys: Counter = Counter()
    for path, chain in turns:
        start, end = (None, None) if path is None else (tuple(path[0]), tuple(path[-1]))
        keys[(start, end, None if chain is None else tuple(chain))] += 1
    return keys


def ref_path_ok(board: RefBoard, mover: str, path: Any) -> bool:
    """Whether ``path`` is a legal movement of ``mover`` (Q-4.2..Q-4.5)."""
    if not isinstance(path, list) or len(path) < 2:
        return False
    if not all(
        isinstance(s, tuple) and len(s) == 2 and all(type(v) is int for v in s) and on_board(s)
        for s in path
    ):
        return False
    start = path[0]
    if start not in board or board[start][0] != mover:
        return False
    if len(path) == 2 and path[1] in ref_steps(board, start):
        return True
    return path in ref_jump_paths(board, start)


def ref_play(
    board: RefBoard, mover: str, quiet: int, path: Any, chain: Any
) -> tuple[RefBoard, int, str | None] | None:
    """One turn by the rules text; ``None`` when it is illegal. Returns (board, quiet, result)."""
    if path is not None:
        if not ref_path_ok(board, mover, path):
            return None
        board = moved(board, path[0], path[-1])
    if chain is None:
        quiet += 1
        return board, quiet, "DRAW" if quiet >= 60 else None
    if not (isinstance(chain, tuple) and all(type(n) is int for n in chain)  # True is no number
            and tuple(chain) in ref_chains(board, mover)):
        return None
    low, high = chain
    board = {sq: p for sq, p in board.items() if not (p[0] == mover and low <= p[1] <= high)}
    left = sorted(n for c, n in board.values() if c == mover)
    other = "RED" if mover == "BLUE" else "BLUE"
    if not left:
        return board, 0, mover
    if not any(n + 1 in left and n + 2 in left for n in left):
        return board, 0, other
    return board, 0, None
