"""Chains (Q-3) and the "can never chain again" test of Q-5.2.

Chains only depend on where each number of one colour stands, so everything here works on a
*positions* list: ``positions[n]`` is the cell of that colour's number ``n`` (1..16), or −1
when that piece has left the board; ``positions[0]`` is unused.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.rules.querni.board import ADJACENT, PIECES

Chain = tuple[int, int]
"""A chain named by its lowest and highest number (Q-3.4), e.g. ``(5, 8)`` for 5–8."""

MIN_CHAIN = 3
"""Q-3.1: a chain has at least three pieces."""


def positions(cells: Sequence[int], sign: int) -> list[int]:
    """Where each number of one colour stands; ``sign`` is +1 (BLUE) or −1 (RED)."""
    out = [-1] * (PIECES + 1)
    for cell, value in enumerate(cells):
        if value and (value > 0) == (sign > 0):
            out[value * sign] = cell
    return out


def links(pos: Sequence[int]) -> list[bool]:
    """``links[n]``: numbers ``n`` and ``n + 1`` are both on the board and adjacent (Q-3.1)."""
    out = [False] * (PIECES + 1)
    for n in range(1, PIECES):
        a, b = pos[n], pos[n + 1]
        out[n] = a >= 0 and b >= 0 and b in ADJACENT[a]
    return out


def runs(link: Sequence[bool]) -> list[Chain]:
    """The maximal chains: runs of ≥ 3 numbers whose neighbours in number are all linked."""
    out = []
    n = 1
    while n < PIECES:
        if not link[n]:
            n += 1
            continue
        start = n
        while n < PIECES and link[n]:
            n += 1
        if n - start + 1 >= MIN_CHAIN:  # numbers start..n
            out.append((start, n))
    return out


def sub_chains(maximal: Iterable[Chain]) -> list[Chain]:
    """Every removable chain (Q-3.2): each run of ≥ 3 consecutive numbers of a maximal chain.

    Sorted by lowest then highest number. Maximal chains never overlap (a number stands on one
    square), so no chain is listed twice.
    """
    out = []
    for low, high in maximal:
        for a in range(low, high - MIN_CHAIN + 2):
            for b in range(a + MIN_CHAIN - 1, high + 1):
                out.append((a, b))
    out.sort()
    return out


def chains_of(pos: Sequence[int]) -> list[Chain]:
    """Every removable chain of the colour whose numbers stand at ``pos``."""
    return sub_chains(runs(links(pos)))


def can_still_chain(numbers: Iterable[int]) -> bool:
    """Q-5.2 (decision): pieces can form a chain again iff their numbers hold three consecutive
    integers — numbers never change, and pieces can in principle walk next to each other."""
    present = set(numbers)
    return any(n + 1 in present and n + 2 in present for n in present)
