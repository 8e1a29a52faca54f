"""The learned value of a board between turns: an n-tuple network, plus the search that
enumerates every board one roll can lead to and values each one incrementally.

The network sums one table entry per tuple (the 8 lines and the 9 2×2 squares, each four cells
in base 8); tuples one of the 8 symmetries maps onto each other share a table, tied across the
orderings that leave its cells in place, so the value is symmetric by construction.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .core import (
    CELLS,
    EMPTY,
    LINE_CELLS,
    LINE_POINTS,
    RUIN_COST,
    RUINED,
    SYMMETRIES,
    Multiset,
    Vals,
    legal_mask,
    pattern_index,
    pattern_of,
    value_masks,
)

BASES: dict[str, tuple[int, int, int, int]] = {
    "outer_line": (0, 1, 2, 3),
    "inner_line": (4, 5, 6, 7),
    "corner_square": (0, 1, 4, 5),
    "edge_square": (1, 2, 5, 6),
    "centre_square": (5, 6, 9, 10),
}
"""One representative tuple per class; the others are its images under the symmetries."""

TABLE = 4096
ENDGAME = 2
"""Boards with this many empty cells or fewer are valued exactly (``value.endgame_value``)."""
MAX_DICE = 4
_FIRST_ON_EMPTY = (1 << 0) | (1 << 1) | (1 << 5)
"""On an empty board every placement set is a symmetric image of one that contains cell 0,
1 or 5 (corner, edge, centre), so the first die is tried only there."""

Path = tuple[tuple[int, int], ...]
"""Placements as (value, cell), in a legal order."""

Leaf = Callable[[Vals], float]


def _physical() -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Every physical tuple as (class, cells in the class's reading order): lines first, in
    ``LINE_CELLS`` order, so that the first 8 tuples are the scoring lines."""
    out: dict[frozenset[int], tuple[str, tuple[int, ...]]] = {}
    for name, base in BASES.items():
        for sym in SYMMETRIES:
            image = tuple(sym[c] for c in base)
            out.setdefault(frozenset(image), (name, image))
    lines = [out.pop(frozenset(line)) for line in LINE_CELLS]
    return tuple(lines) + tuple(out.values())


PHYSICAL = _physical()


def _tied_orders(base: tuple[int, int, int, int]) -> tuple[tuple[int, ...], ...]:
    """Position permutations of the symmetries that map ``base``'s cells onto themselves."""
    orders = []
    for sym in SYMMETRIES:
        image = [sym[c] for c in base]
        if set(image) == set(base):
            orders.append(tuple(base.index(c) for c in image))
    return tuple(sorted(set(orders)))


def tied(name: str, index: int) -> tuple[int, ...]:
    """Every table index tied to ``index`` in class ``name`` (itself included)."""
    pattern = pattern_of(index)
    return tuple(sorted({pattern_index([pattern[p] for p in order]) for order in _TIED[name]}))


_TIED = {name: _tied_orders(base) for name, base in BASES.items()}


def hand_tables() -> dict[str, list[float]]:
    """The hand-made start: a line is worth its points so far (M-7), a ruin −15 shared by its
    two lines, squares nothing. Training starts here; it is also the fallback network."""
    tables = {name: [0.0] * TABLE for name in BASES}
    for name in ("outer_line", "inner_line"):
        for index in range(TABLE):
            pattern = pattern_of(index)
            tables[name][index] = LINE_POINTS[index] - RUIN_COST / 2 * pattern.count(RUINED)
    return tables


@dataclass
class Network:
    """Tables per class and a bias per number of empty cells; ``learned`` estimates the
    expected final points (no powers, no penalties) of a board between turns."""

    tables: dict[str, list[float]]
    bias: list[float] = field(default_factory=lambda: [0.0] * (CELLS + 1))

    def __post_init__(self) -> None:
        self.per_tuple = [self.tables[name] for name, _ in PHYSICAL]
        self.cells = [cells for _, cells in PHYSICAL]
        refs: list[list[tuple[int, int]]] = [[] for _ in range(CELLS)]
        for t, cells in enumerate(self.cells):
            for pos, cell in enumerate(cells):
                refs[cell].append((t, 8 ** (3 - pos)))
        self.refs = [tuple(r) for r in refs]
        self.line_refs = [tuple((t, m) for t, m in r if t < 8) for r in refs]

    def indices(self, vals: Sequence[int]) -> list[int]:
        """Table index of every physical tuple."""
        return [pattern_index([vals[c] for c in cells]) for cells in self.cells]

    def learned(self, vals: Sequence[int]) -> float:
        """The network's estimate, ignoring whether the board is finished."""
        total = self.bias[sum(1 for v in vals if v == EMPTY)]
        for table, index in zip(self.per_tuple, self.indices(vals)):
            total += table[index]
        return total

    def expand(
        self,
        vals: Sequence[int],
        dice: Multiset,
        need: int,
        keep: int = 1,
        offsets: Sequence[float] | None = None,
        endgame: Leaf | None = None,
    ) -> list[tuple[float, Path]]:
        """The ``keep`` best distinct boards reachable by placing ``need``..4 of ``dice``, best
        first, with value and placements (empty when the roll cannot be placed, M-6.1). A
        finished board is worth its points, one with ``ENDGAME`` or fewer empty cells
        ``endgame``'s value (when given), any other the network's; ``offsets[e]`` is added to a
        board with ``e`` empty cells."""
        search = _Search(self, vals, dice, need, keep, offsets, endgame)
        search.run()
        return search.best

    def expand_free(
        self,
        vals: Sequence[int],
        need: int,
        offsets: Sequence[float] | None = None,
        endgame: Leaf | None = None,
        most: int = MAX_DICE,
    ) -> dict[Multiset, float]:
        """For every multiset of ``need``..``most`` values that can be placed together, the
        best value of a board reached by placing exactly those values: one pass that serves
        all 126 rolls at once."""
        search = _Search(self, vals, (), need, 0, offsets, endgame)
        search.most = min(search.most, most)
        search.run_free()
        return search.per_values


VALUE_CODE = (0, 1, 1 << 3, 1 << 6, 1 << 9, 1 << 12, 1 << 15)
"""A multiset of placed values as an int: 3 bits of count per value (at most 4 dice)."""


def code_values(code: int) -> Multiset:
    """The sorted values of a ``VALUE_CODE`` sum."""
    return tuple(v for v in range(1, 7) for _ in range((code >> 3 * (v - 1)) & 7))


class _Search:
    """One depth-first enumeration of placement sets with incremental valuation; a set reached
    in another order is known by a 48-bit key and explored once. The last level is a tight
    loop of its own: nearly all the boards are there."""

    def __init__(
        self,
        net: Network,
        vals: Sequence[int],
        dice: Multiset,
        need: int,
        keep: int,
        offsets: Sequence[float] | None,
        endgame: Leaf | None,
    ) -> None:
        self.net = net
        self.cells = list(vals)
        self.masks = value_masks(vals)
        self.counts = [0] * 7
        for d in dice:
            self.counts[d] += 1
        self.need = need
        self.keep = keep
        self.endgame = endgame
        extra = list(offsets) if offsets is not None else [0.0] * (CELLS + 1)
        self.extra = extra
        self.add = [b + x for b, x in zip(net.bias, extra)]
        self.idx = net.indices(vals)
        self.learned = sum(t[i] for t, i in zip(net.per_tuple, self.idx))
        self.lines = sum(LINE_POINTS[i] for i in self.idx[:8])
        self.empties = sum(1 for v in vals if v == EMPTY)
        self.ruin_cost = RUIN_COST * sum(1 for v in vals if v == RUINED)
        self.most = min(MAX_DICE, self.empties)
        self.first = _FIRST_ON_EMPTY if self.empties == CELLS else -1
        self.free = False
        self.seen: set[int] = set()
        self.path: list[tuple[int, int]] = []
        self.best: list[tuple[float, Path]] = []
        self.per_code: dict[int, float] = {}

    @property
    def per_values(self) -> dict[Multiset, float]:
        return {code_values(code): value for code, value in self.per_code.items()}

    def run(self) -> None:
        if 0 < self.need <= self.most:
            self._dfs(0, self.learned, self.lines, 0, 0)

    def run_free(self) -> None:
        if 0 < self.need <= self.most:
            self.counts = [MAX_DICE] * 7
            self.free = True
            self._dfs(0, self.learned, self.lines, 0, 0)

    def _value(self, depth: int, learned: float, lines: int) -> float:
        """Value of the current board after ``depth`` placements (cells already updated)."""
        empties = self.empties - depth
        if empties == 0:
            return lines - self.ruin_cost + self.extra[0]
        if empties <= ENDGAME and self.endgame is not None:
            return self.endgame(tuple(self.cells)) + self.extra[empties]
        return learned + self.add[empties]

    def _record(self, value: float, code: int, tail: tuple[tuple[int, int], ...]) -> None:
        if self.free:
            if value > self.per_code.get(code, -1e18):
                self.per_code[code] = value
            return
        best = self.best
        if len(best) < self.keep or value > best[-1][0]:
            if len(best) == self.keep:
                best.pop()
            best.append((value, tuple(self.path) + tail))
            best.sort(key=lambda item: -item[0])

    def _dfs(self, depth: int, learned: float, lines: int, key: int, code: int) -> None:
        if depth + 1 == self.most:
            self._last(depth, learned, lines, key, code)
            return
        masks, counts, cells, idx = self.masks, self.counts, self.cells, self.idx
        per_tuple, refs, line_refs = self.net.per_tuple, self.net.refs, self.net.line_refs
        seen, path = self.seen, self.path
        nxt = depth + 1
        record = nxt >= self.need
        first = self.first if depth == 0 else -1
        for v in range(1, 7):
            if not counts[v]:
                continue
            legal = legal_mask(masks, v) & first
            if not legal:
                continue
            counts[v] -= 1
            vcode = code + VALUE_CODE[v]
            while legal:
                low = legal & -legal
                legal ^= low
                cell = low.bit_length() - 1
                k = key | (v << 3 * cell)
                if k in seen:
                    continue
                seen.add(k)
                new_learned = learned
                for t, mul in refs[cell]:
                    old = idx[t]
                    idx[t] = old + v * mul
                    table = per_tuple[t]
                    new_learned += table[old + v * mul] - table[old]
                new_lines = lines
                for t, mul in line_refs[cell]:
                    new_lines += LINE_POINTS[idx[t]] - LINE_POINTS[idx[t] - v * mul]
                masks[0] ^= low
                masks[v] |= low
                cells[cell] = v
                path.append((v, cell))
                if record:
                    self._record(self._value(nxt, new_learned, new_lines), vcode, ())
                self._dfs(nxt, new_learned, new_lines, k, vcode)
                path.pop()
                cells[cell] = EMPTY
                masks[v] ^= low
                masks[0] |= low
                for t, mul in refs[cell]:
                    idx[t] -= v * mul
            counts[v] += 1

    def _last(self, depth: int, learned: float, lines: int, key: int, code: int) -> None:
        """The deepest level: value each placement without updating the search state."""
        masks, counts, cells, idx = self.masks, self.counts, self.cells, self.idx
        per_tuple, refs, line_refs = self.net.per_tuple, self.net.refs, self.net.line_refs
        seen = self.seen
        nxt = depth + 1
        if nxt < self.need:
            return
        empties = self.empties - nxt
        add = self.add[empties]
        exact = empties == 0
        endgame = empties <= ENDGAME and self.endgame is not None
        first = self.first if depth == 0 else -1
        for v in range(1, 7):
            if not counts[v]:
                continue
            legal = legal_mask(masks, v) & first
            vcode = code + VALUE_CODE[v]
            while legal:
                low = legal & -legal
                legal ^= low
                cell = low.bit_length() - 1
                k = key | (v << 3 * cell)
                if k in seen:
                    continue
                seen.add(k)
                if exact:
                    value = lines - self.ruin_cost + self.extra[0]
                    for t, mul in line_refs[cell]:
                        i = idx[t]
                        value += LINE_POINTS[i + v * mul] - LINE_POINTS[i]
                elif not endgame:
                    value = learned + add
                    for t, mul in refs[cell]:
                        i = idx[t]
                        table = per_tuple[t]
                        value += table[i + v * mul] - table[i]
                else:
                    cells[cell] = v
                    value = self._value(nxt, 0.0, 0)
                    cells[cell] = EMPTY
                self._record(value, vcode, ((v, cell),))
