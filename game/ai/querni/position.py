"""Fast turn generation on raw cells for the search (the rules' ``legal_turns`` is exact but
builds what the search does not need). A turn is ``(start, end, chain)``: cell indices
(``-1, -1`` for no movement) and ``(lowest, highest)`` or ``None``. Only sensible removals are
made: a win, else per chain the two longest that leave no new dead number (Q-5.2). Every turn
is legal by the rules (tested against ``legal_turns``).
"""

from __future__ import annotations

from collections.abc import Iterator

from game.rules.querni import DRAW_TURNS, MIN_CHAIN, PIECES

from .context import Chain, Context, Segments, Turn, remember
from .geometry import CELLS, DIST, JUMPS, NEIGHBOURS, span

PASS: Turn = (-1, -1, None)

WIN = 1
"""``apply`` result: the mover won (removed their last piece)."""
LOSS = -1
"""``apply`` result: the mover lost (Q-5.2); never produced by generated turns."""
DRAW = 0
"""``apply`` result: the 60th quiet turn (Q-5.3)."""


def positions(cells: tuple[int, ...], sign: int) -> list[int]:
    """``pos[n]``: the cell of the colour's number n, or −1 once removed (``pos[0]`` unused)."""
    pos = [-1] * (PIECES + 1)
    for cell in range(CELLS):
        v = cells[cell] * sign
        if v > 0:
            pos[v] = cell
    return pos


def mask_of(pos: list[int]) -> int:
    """The numbers still on the board as a bit mask (bit n for number n)."""
    mask = 0
    for n in range(1, PIECES + 1):
        if pos[n] >= 0:
            mask |= 1 << n
    return mask


def segments(mask: int, ctx: Context) -> Segments:
    """The runs of consecutive numbers in ``mask`` that are ≥ 3 long (the ones that can still
    be removed), the count of dead numbers (in shorter runs), and whether any run is alive."""
    found = ctx.segments.get(mask)
    if found is not None:
        return found
    alive: list[tuple[int, int]] = []
    dead = 0
    n = 1
    while n <= PIECES:
        if not mask >> n & 1:
            n += 1
            continue
        low = n
        while n <= PIECES and mask >> n & 1:
            n += 1
        if n - low >= MIN_CHAIN:
            alive.append((low, n - 1))
        else:
            dead += n - low
    return remember(ctx.segments, mask, (tuple(alive), dead, bool(alive)))


def runs(link: list[bool]) -> tuple[Chain, ...]:
    """Maximal chains from ``link[n]`` (numbers n and n+1 both present and adjacent)."""
    out: list[Chain] = []
    n = 1
    while n < PIECES:
        if not link[n]:
            n += 1
            continue
        low = n
        while n < PIECES and link[n]:
            n += 1
        if n - low + 1 >= MIN_CHAIN:
            out.append((low, n))
    return tuple(out)


def removals(maximal: tuple[Chain, ...], mask: int, ctx: Context) -> tuple[Chain, ...]:
    """The removals worth considering among the sub-chains of ``maximal`` (see module text)."""
    if not maximal:
        return ()
    key = (maximal, mask)
    found = ctx.removals.get(key)
    if found is not None:
        return found
    dead_before = segments(mask, ctx)[1]
    options: list[Chain] = []
    for low, high in maximal:
        clean: list[tuple[int, Chain]] = []
        for a in range(low, high - 1):
            for b in range(a + 2, high + 1):
                left = mask & ~span(a, b)
                if not left:
                    return remember(ctx.removals, key, ((a, b),))
                _, dead, alive = segments(left, ctx)
                if alive and dead <= dead_before:
                    clean.append((b - a, (a, b)))
        clean.sort(key=lambda item: (-item[0], item[1]))
        options.extend(chain for _, chain in clean[:2])
    return remember(ctx.removals, key, tuple(options))


def links(pos: list[int]) -> list[bool]:
    """``link[n]``: numbers n and n+1 are both on the board and adjacent (Q-3.1); ``link[0]``
    and ``link[PIECES]`` are always false (no number 0 or 17)."""
    link = [False] * (PIECES + 2)
    for n in range(1, PIECES):
        a, b = pos[n], pos[n + 1]
        link[n] = a >= 0 and b >= 0 and DIST[a][b] == 1
    return link


def destinations(cells: tuple[int, ...], start: int) -> list[int]:
    """Every end of a movement of the piece on ``start``: steps (Q-4.3) then the ends of jump
    sequences (Q-4.4, Q-4.5) found breadth first; the start counts as empty while jumping."""
    ends = [c for c in NEIGHBOURS[start] if not cells[c]]
    seen = {start}
    frontier = [start]
    while frontier:
        nxt = []
        for here in frontier:
            for over, land in JUMPS[here]:
                if cells[over] and not cells[land] and land not in seen and over != start:
                    seen.add(land)
                    nxt.append(land)
        ends.extend(nxt)
        frontier = nxt
    return ends


def generate(cells: tuple[int, ...], sign: int, ctx: Context) -> tuple[list[Turn], list[int], int]:
    """Every sensible turn of the side ``sign`` (+1 BLUE, −1 RED), in ``each_turn``'s order,
    with that side's ``pos`` and number mask (``apply`` needs them)."""
    pos = positions(cells, sign)
    mask = mask_of(pos)
    return list(each_turn(cells, pos, mask, ctx)), pos, mask


def each_turn(cells: tuple[int, ...], pos: list[int], mask: int, ctx: Context) -> Iterator[Turn]:
    """The sensible turns of the side at ``pos``, lazily so a search that needs one good turn
    stops early: the pass, removals, then each piece's movements with the removals they open;
    pieces not yet beside a neighbouring number first."""
    link = links(pos)
    base = runs(link)
    yield PASS
    for chain in removals(base, mask, ctx):
        yield (-1, -1, chain)
    numbers = [n for n in range(1, PIECES + 1) if pos[n] >= 0]
    numbers.sort(key=lambda n: link[n - 1] + link[n])
    for n in numbers:
        start = pos[n]
        before = pos[n - 1] if n > 1 else -1
        after = pos[n + 1] if n < PIECES else -1
        old = (link[n - 1], link[n])
        opened: dict[tuple[bool, bool], tuple[Chain, ...]] = {}
        for end in destinations(cells, start):
            new = (before >= 0 and DIST[end][before] == 1, after >= 0 and DIST[end][after] == 1)
            yield (start, end, None)
            if new == old:
                chains = removals(base, mask, ctx) if base else ()
            else:
                found = opened.get(new)
                if found is None:
                    changed = list(link)
                    changed[n - 1] = new[0]
                    changed[n] = new[1]
                    found = opened[new] = removals(runs(changed), mask, ctx)
                chains = found
            for chain in chains:
                yield (start, end, chain)


def apply(
    cells: tuple[int, ...], quiet: int, pos: list[int], mask: int, turn: Turn, ctx: Context
) -> tuple[tuple[int, ...], int, int | None]:
    """The cells after ``turn``, the new quiet-turn count and the result for the mover
    (``WIN``, ``LOSS``, ``DRAW`` or ``None`` while the game goes on)."""
    start, end, chain = turn
    if start < 0 and chain is None:
        quiet += 1
        return cells, quiet, DRAW if quiet >= DRAW_TURNS else None
    board = list(cells)
    if start >= 0:
        board[end] = board[start]
        board[start] = 0
    if chain is None:
        quiet += 1
        return tuple(board), quiet, DRAW if quiet >= DRAW_TURNS else None
    low, high = chain
    for n in range(low, high + 1):
        board[end if pos[n] == start else pos[n]] = 0
    left = mask & ~span(low, high)
    if not left:
        return tuple(board), 0, WIN
    return tuple(board), 0, None if segments(left, ctx)[2] else LOSS
