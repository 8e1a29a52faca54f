"""The QUERNI board's marks, each a square-sized stamp rendered once per size; each differs in
shape, not only in colour: step dots, jump rings, the selected piece's halo, candidates'
turning dashed rings, the chosen chain's gold plates, removable chains' badges, the trail's
amber brackets, a HINT's violet rings and frames, and the last move's outlines.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from functools import cache

import pygame

from game.games.querni.widgets import palette
from game.games.querni.widgets.layout import QuerniLayout
from game.rules.querni import Color, Square

DASH_PHASES = 12  # pre-rendered rotations of the candidate ring
KINDS = ("step", "jump", "trail", "removable", "chain", "halo", "hint_glow", "hint_landing",
         "hint_chain")
"""Every stamp but the candidate ring (which has ``DASH_PHASES``)."""


class Stamps:
    """The marks of one square size and piece size."""

    def __init__(self, square: int, piece_size: int) -> None:
        self.square = square
        self.piece_size = piece_size
        self._stamps: dict[tuple[str, int], pygame.Surface] = {}

    def get(self, kind: str, phase: int = 0) -> pygame.Surface:
        """The stamp of ``kind`` (``candidate``: of its rotation ``phase``)."""
        key = (kind, phase)
        stamp = self._stamps.get(key)
        if stamp is None:
            stamp = getattr(self, f"_render_{kind}")(phase)
            self._stamps[key] = stamp
        return stamp

    def prewarm(self) -> None:
        """Render every stamp now, so the first busy frame costs no more than any."""
        for kind in KINDS:
            self.get(kind)
        for phase in range(DASH_PHASES):
            self.get("candidate", phase)

    def _canvas(self) -> tuple[pygame.Surface, pygame.Rect]:
        s = self.square
        surface = pygame.Surface((s, s), pygame.SRCALPHA)
        return surface, surface.get_rect()

    def _render_step(self, _phase: int) -> pygame.Surface:
        """A filled dot with a soft halo: 'you can step here'."""
        surface, rect = self._canvas()
        s = self.square
        for i in range(5):
            pygame.draw.circle(surface, (*palette.STEP, 22), rect.center, s * (0.28 - i * 0.03))
        pygame.draw.circle(surface, (10, 40, 24), rect.center, s * 0.15)
        pygame.draw.circle(surface, palette.STEP, rect.center, s * 0.13)
        return surface

    def _render_jump(self, _phase: int) -> pygame.Surface:
        """An open ring: 'you can land here after a jump'."""
        surface, rect = self._canvas()
        s = self.square
        pygame.draw.circle(surface, (*palette.JUMP, 40), rect.center, s * 0.36)
        pygame.draw.circle(surface, (10, 30, 50), rect.center, s * 0.34, max(8, s // 12))
        pygame.draw.circle(surface, palette.JUMP, rect.center, s * 0.33, max(6, s // 16))
        return surface

    def _render_trail(self, _phase: int) -> pygame.Surface:
        """An amber wash with corner brackets: 'something left from here'."""
        surface, rect = self._canvas()
        inner = rect.inflate(-8, -8)
        pygame.draw.rect(surface, (*palette.TRAIL, 76), inner, border_radius=10)
        self._corners(surface, inner, palette.TRAIL, inner.width // 4, 5)
        return surface

    def _render_removable(self, _phase: int) -> pygame.Surface:
        """A gold badge with two linked rings in the square's corner: 'this piece is in a
        chain that could be removed' (a badge, unlike the trail's corner brackets)."""
        s = self.square
        big = pygame.Surface((2 * s, 2 * s), pygame.SRCALPHA)
        r = 2 * s * 0.12
        centre = (2 * s - r - 6, r + 6)
        pygame.draw.circle(big, (60, 40, 0), centre, r + 4)
        pygame.draw.circle(big, palette.CHAIN, centre, r)
        link = pygame.Rect(0, 0, r * 0.95, r * 0.62)
        for dx in (-0.28, 0.28):
            link.center = (round(centre[0] + dx * r), round(centre[1]))
            pygame.draw.ellipse(big, (60, 40, 0), link, max(3, round(r / 6)))
        return pygame.transform.smoothscale(big, (s, s))

    def _render_chain(self, _phase: int) -> pygame.Surface:
        """A gold plate under a piece of the chosen chain: a bright rim and a warm fill."""
        surface, rect = self._canvas()
        plate = rect.inflate(-6, -6)
        pygame.draw.rect(surface, (*palette.CHAIN, 80), plate, border_radius=18)
        pygame.draw.rect(surface, palette.CHAIN, plate, 4, border_radius=18)
        return surface

    def _render_halo(self, _phase: int) -> pygame.Surface:
        """The selected piece's ring (pulsed with the surface alpha)."""
        surface, rect = self._canvas()
        s = self.square
        radius = self.piece_size / 2 + s * 0.05
        pygame.draw.circle(surface, (*palette.SELECTED, 70), rect.center, radius + 6)
        pygame.draw.circle(surface, palette.SELECTED, rect.center, radius, max(5, s // 22))
        return surface

    def _render_hint_glow(self, _phase: int) -> pygame.Surface:
        """The piece a HINT moves: a soft violet glow and two rings."""
        surface, rect = self._canvas()
        s = self.square
        radius = self.piece_size / 2 + s * 0.05
        outer = min(s / 2 - 1, radius + 10)
        pygame.draw.circle(surface, (*palette.HINT, 90), rect.center, outer, round(outer - radius))
        pygame.draw.circle(surface, (40, 20, 90), rect.center, radius + 3, max(5, s // 22) + 4)
        pygame.draw.circle(surface, palette.HINT, rect.center, radius + 1, max(5, s // 22))
        return surface

    def _render_hint_landing(self, _phase: int) -> pygame.Surface:
        """A landing of a HINT's path: a violet ring on the empty square."""
        surface, rect = self._canvas()
        s = self.square
        radius = s * 0.3
        pygame.draw.circle(surface, (40, 20, 90), rect.center, radius + 3, max(6, s // 16) + 4)
        pygame.draw.circle(surface, palette.HINT, rect.center, radius, max(6, s // 16))
        return surface

    def _render_hint_chain(self, _phase: int) -> pygame.Surface:
        """A piece of the chain a HINT removes: a dashed violet frame round the square."""
        surface, rect = self._canvas()
        frame = rect.inflate(-8, -8)
        width = max(5, self.square // 24)
        dash = frame.width // 5
        for i in range(0, frame.width, dash * 2):
            for y in (frame.top, frame.bottom - width):
                pygame.draw.rect(surface, palette.HINT, (frame.left + i, y, dash, width))
            for x in (frame.left, frame.right - width):
                pygame.draw.rect(surface, palette.HINT, (x, frame.top + i, width, dash))
        return surface

    def _render_candidate(self, phase: int) -> pygame.Surface:
        """A dashed ring, one of DASH_PHASES rotations: it turns slowly while lit."""
        surface, rect = self._canvas()
        radius = self.piece_size / 2 + self.square * 0.04
        dashes = 14
        width = max(5, self.square // 24)
        offset = phase / DASH_PHASES * math.tau / dashes
        for i in range(dashes):
            a0 = offset + i * math.tau / dashes
            points = [(rect.centerx + radius * math.cos(a0 + k * 0.06),
                       rect.centery + radius * math.sin(a0 + k * 0.06)) for k in range(5)]
            pygame.draw.lines(surface, palette.CANDIDATE, False, points, width)
        return surface

    @staticmethod
    def _corners(surface: pygame.Surface, rect: pygame.Rect, colour: palette.Rgb, arm: int,
                 width: int) -> None:
        for (x, y), (dx, dy) in (((rect.left, rect.top), (1, 1)),
                                 ((rect.right - 1, rect.top), (-1, 1)),
                                 ((rect.left, rect.bottom - 1), (1, -1)),
                                 ((rect.right - 1, rect.bottom - 1), (-1, -1))):
            pygame.draw.line(surface, colour, (x, y), (x + dx * arm, y), width)
            pygame.draw.line(surface, colour, (x, y), (x, y + dy * arm), width)


EDGE = (8, 6, 24)
"""The dark line under each outline, so it reads on light and dark squares alike."""


@cache
def last_move_stamp(size: int, color: Color, destination: bool) -> pygame.Surface:
    """A ``size`` px square's outline (cached): the destination's or any other square's."""
    found = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = found.get_rect()
    width = 8 if destination else 4
    if destination:
        pygame.draw.rect(found, (*palette.BODY[color], 70), rect.inflate(-6, -6),
                         border_radius=12)
    pygame.draw.rect(found, EDGE, rect.inflate(-2, -2), width + 4, border_radius=12)
    pygame.draw.rect(found, palette.RIM[color], rect.inflate(-4, -4), width,
                     border_radius=11)
    return found


def draw_last_move(surface: pygame.Surface, layout: QuerniLayout, path: Sequence[Square],
                   removed: Collection[Square], color: Color) -> None:
    """The last move of ``color`` (its ``path``: start, landings, destination; the chain
    ``removed``) until the next turn: an outline in the mover's rim colour round each square
    it touched, so a piece on it never hides it, thick over a wash on the destination; shaped
    unlike the trail's brackets and the cursor's square."""
    size = layout.square
    for square in (*path[:-1], *removed):
        surface.blit(last_move_stamp(size, color, False), layout.square_rect(square))
    if path:
        surface.blit(last_move_stamp(size, color, True), layout.square_rect(path[-1]))
