"""Difficulties (M-2): powers, the normal minimum per turn and the power penalties."""

from __future__ import annotations

from enum import Enum


class Difficulty(Enum):
    """One of the three ways to play; ``.powers``, ``.minimum`` and ``.penalties`` per M-2."""

    PEACEFUL = (3, 2, (10, 20, 40))
    SURVIVAL = (1, 2, (70,))
    NIGHTMARE = (0, 3, ())

    def __init__(self, powers: int, minimum: int, penalties: tuple[int, ...]) -> None:
        self.powers = powers
        self.minimum = minimum
        self.penalties = penalties

    def power_penalty(self, uses: int) -> int:
        """Total penalty after ``uses`` Majda Powers (M-2, M-5.5)."""
        if isinstance(uses, bool) or not isinstance(uses, int) or not 0 <= uses <= self.powers:
            raise ValueError(f"{self.name} allows 0..{self.powers} power uses, not {uses!r}")
        return sum(self.penalties[:uses])

    def next_penalty(self, uses: int) -> int | None:
        """Penalty the next power would add, or ``None`` when no use is left."""
        return self.penalties[uses] if 0 <= uses < self.powers else None

    @classmethod
    def parse(cls, name: str) -> Difficulty:
        """The difficulty named ``name`` (any case); ``ValueError`` for an unknown name."""
        try:
            return cls[str(name).upper()]
        except KeyError:
            raise ValueError(f"unknown difficulty {name!r}") from None
