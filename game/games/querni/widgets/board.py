"""Draws the 10×7 board: frame, coordinates, pieces and every highlight the scene asks for,
deciding nothing about legality. The frame is drawn once (``frame.py``) and every mark is a
stamp rendered once per size (``stamps.py``), so a frame is a few dozen blits.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence

import pygame

from game.arcade.widgets import text
from game.games.querni.widgets import palette
from game.games.querni.widgets import pieces as discs
from game.games.querni.widgets.arcs import draw_arc
from game.games.querni.widgets.frame import frame_parts
from game.games.querni.widgets.layout import QuerniLayout
from game.games.querni.widgets.pieces import blit_alpha, blit_centred
from game.games.querni.widgets.stamps import DASH_PHASES, Stamps, draw_last_move
from game.rules.querni import Color, Square

Piece = tuple[Color, int]
PREWARMED = ("normal", "selected", "chain", "ghost")
"""The pieces' states a board draws, drawn ahead by :meth:`BoardView.prewarm`."""


class BoardView:
    """The board of one layout; ``draw`` is called every frame with the state to show."""

    def __init__(self, layout: QuerniLayout) -> None:
        self.layout = layout
        self.piece_size = layout.piece_size
        self._frame_parts = frame_parts(layout)
        self.stamps = Stamps(layout.square, layout.piece_size)
        # What the last ``draw`` showed: square → (colour name, number) of every piece drawn
        # on its square. Read by the monkey test to check that the screen is the rules' board.
        self.drawn: dict[Square, tuple[str, int]] = {}
        # Pieces that were given but not drawn on their square (``hidden``: in flight).
        self.withheld: dict[Square, tuple[str, int]] = {}

    def prewarm(self) -> None:
        """Render every stamp and piece now, so the first busy frame costs no more than any."""
        self.stamps.prewarm()
        discs.prewarm(self.piece_size, PREWARMED)

    # --- per frame --------------------------------------------------------------------------
    def draw(
        self,
        surface: pygame.Surface,
        pieces: Mapping[Square, Piece],
        *,
        selected: Square | None = None,
        step_targets: Collection[Square] = (),
        jump_targets: Collection[Square] = (),
        chain_candidates: Collection[Square] = (),
        chain_selected: Sequence[Square] = (),
        chain_progress: float = 1.0,
        removable_marks: Collection[Square] = (),
        trail: Collection[Square] = (),
        trail_path: Sequence[Square] = (),
        trail_alpha: float = 1.0,
        ghosts: Mapping[Square, Piece] | None = None,
        last_path: Sequence[Square] = (),
        last_removed: Collection[Square] = (),
        last_color: Color | None = None,
        cursor: Square | None = None,
        hidden: Collection[Square] = (),
        dim: Collection[Square] = (),
        offsets: Mapping[Square, tuple[float, float]] | None = None,
        time: float = 0.0,
        hint_path: Sequence[Square] = (),
        hint_chain: Collection[Square] = (),
        frame: bool = True,
    ) -> None:
        """Draw the board and ``pieces`` (square → (Color, number)) with the marks
        (``frame=False``: the frame is already there, see :meth:`draw_frame`).

        ``chain_selected`` lists the chosen chain's squares in number order; ``chain_progress``
        (0..1) lights them one by one (1 = all). ``trail`` squares (Q-6.4) and the jumps of
        ``trail_path`` are marked at ``trail_alpha`` (0..1, to fade them in: see
        ``motion.trail_alpha``). ``ghosts`` are removed pieces shown as dashed outlines on
        empty squares. ``last_path`` (start, landings, destination) and ``last_removed`` are
        what the last turn, of ``last_color``, touched. ``hidden`` squares are not drawn (a
        piece in flight or popping, drawn by the scene with ``draw_piece``); ``offsets`` nudge
        pieces (a shake). ``hint_path`` (the piece to move, then each landing) and ``hint_chain``
        (the squares of the chain to remove after the move) show a HINT.
        """
        offsets = offsets or {}
        if frame:
            self.draw_frame(surface)
        pulse = 0.5 + 0.5 * math.sin(time * 5.0)
        trail_a = round(255 * max(0.0, min(1.0, trail_alpha)))
        lit, partial = self._chain_lit(chain_selected, chain_progress)
        if last_color is not None:
            draw_last_move(surface, self.layout, last_path, last_removed, last_color)
        self._under(surface, trail, trail_a, lit, partial, step_targets, jump_targets,
                    ghosts or {}, pieces, pulse)
        self._draw_pieces(surface, pieces, selected, set(lit), hidden, dim, offsets, time,
                          pulse)
        self._over(surface, trail_path if trail_a >= 128 else (), removable_marks, selected,
                   jump_targets, chain_candidates, cursor, offsets, time)
        if hint_path or hint_chain:
            self._hint(surface, hint_path, hint_chain, pulse)

    def draw_frame(self, surface: pygame.Surface) -> None:
        """The frame, the squares, the home bands and the coordinates (they never change)."""
        surface.blits(self._frame_parts, doreturn=False)

    @staticmethod
    def animated(selected: Square | None = None, step_targets: Collection[Square] = (),
                 jump_targets: Collection[Square] = (),
                 chain_candidates: Collection[Square] = (), chain_progress: float = 1.0,
                 trail_alpha: float = 1.0,
                 offsets: Mapping[Square, tuple[float, float]] | None = None,
                 hint_path: Sequence[Square] = (), hint_chain: Collection[Square] = (),
                 **_still: object) -> bool:
        """Whether :meth:`draw` with these arguments changes with ``time`` or is in motion:
        a lifted, pulsing selected piece, pulsing targets, turning candidate rings, a chain
        lighting up, a trail fading in, a shake, a HINT."""
        return bool(selected is not None or step_targets or jump_targets or chain_candidates
                    or chain_progress < 1.0 or trail_alpha < 1.0 or offsets or hint_path
                    or hint_chain)

    def _hint(self, surface: pygame.Surface, path: Sequence[Square], chain: Collection[Square],
              pulse: float) -> None:
        """A HINT over everything: the piece to move glows, the path's arcs and numbered
        landings, the chain's pieces framed."""
        rect = self.layout.square_rect
        alpha = 170 + int(85 * pulse)
        for square in chain:
            blit_alpha(surface, self.stamps.get("hint_chain"), rect(square), alpha)
        if path:
            blit_alpha(surface, self.stamps.get("hint_glow"), rect(path[0]), alpha)
        for a, b in zip(path, path[1:]):
            self._arc(surface, a, b, palette.HINT, (40, 20, 90))
        size = max(18, self.layout.square // 5)
        for number, square in enumerate(path[1:], 1):
            surface.blit(self.stamps.get("hint_landing"), rect(square))
            if len(path) > 2:  # the order of the landings
                centre = rect(square).center
                pygame.draw.circle(surface, (40, 20, 90), centre, size * 0.8)
                text.blit(surface, str(number), "numbers", size, palette.HINT, "center", centre)

    def _under(self, surface: pygame.Surface, trail: Collection[Square], trail_a: int,
               lit: Sequence[Square], partial: float, step_targets: Collection[Square],
               jump_targets: Collection[Square], ghosts: Mapping[Square, Piece],
               pieces: Mapping[Square, Piece], pulse: float) -> None:
        """The marks under the pieces: trail, chain plates and links, targets, ghosts."""
        rect = self.layout.square_rect
        for square in trail:
            blit_alpha(surface, self.stamps.get("trail"), rect(square), trail_a)
        for i, square in enumerate(lit):
            newest = i == len(lit) - 1 and partial < 1.0
            blit_alpha(surface, self.stamps.get("chain"), rect(square),
                             int(255 * partial) if newest else 255)
        self._chain_links(surface, lit, partial)
        for square in step_targets:
            blit_alpha(surface, self.stamps.get("step"), rect(square), 180 + int(75 * pulse))
        for square in jump_targets:
            blit_alpha(surface, self.stamps.get("jump"), rect(square), 180 + int(75 * pulse))
        for square, (color, number) in ghosts.items():
            if square not in pieces:
                blit_centred(surface, discs.piece(color, number, self.piece_size, "ghost"),
                                   self.layout.square_centre(square))

    def _over(self, surface: pygame.Surface, trail_path: Sequence[Square],
              removable_marks: Collection[Square], selected: Square | None,
              jump_targets: Collection[Square], chain_candidates: Collection[Square],
              cursor: Square | None, offsets: Mapping[Square, tuple[float, float]],
              time: float) -> None:
        """The marks over the pieces: arcs, removable badges, candidate rings, the cursor."""
        for a, b in zip(trail_path, trail_path[1:]):
            self._arc(surface, a, b, palette.TRAIL, (40, 20, 0))
        if selected is not None:
            for target in jump_targets:
                self._arc(surface, selected, target, palette.JUMP, (10, 30, 50))
        for square in removable_marks:
            surface.blit(self.stamps.get("removable"), self.layout.square_rect(square))
        phase = int(time * 8) % DASH_PHASES
        for square in chain_candidates:
            dx, dy = offsets.get(square, (0.0, 0.0))
            rect = self.layout.square_rect(square).move(round(dx), round(dy))
            surface.blit(self.stamps.get("candidate", phase), rect)
        if cursor is not None:
            rect = self.layout.square_rect(cursor).inflate(-2, -2)
            pygame.draw.rect(surface, (0, 0, 0), rect.inflate(4, 4), 3, border_radius=16)
            pygame.draw.rect(surface, palette.CURSOR, rect, 5, border_radius=14)

    def _draw_pieces(self, surface: pygame.Surface, board_pieces: Mapping[Square, Piece],
                     selected: Square | None, chain: set[Square], hidden: Collection[Square],
                     dim: Collection[Square], offsets: Mapping[Square, tuple[float, float]],
                     time: float, pulse: float) -> None:
        drawn: dict[Square, tuple[str, int]] = {}
        withheld: dict[Square, tuple[str, int]] = {}
        shadow = discs.shadow(self.piece_size)
        for square, (color, number) in board_pieces.items():
            if square in hidden:
                withheld[square] = (str(color), number)
                continue
            drawn[square] = (str(color), number)
            centre = self.layout.square_centre(square)
            dx, dy = offsets.get(square, (0.0, 0.0))
            cx, cy = centre[0] + dx, centre[1] + dy
            state = "chain" if square in chain else "dim" if square in dim else "normal"
            if square == selected:
                blit_alpha(surface, self.stamps.get("halo"),
                                 self.layout.square_rect(square).move(round(dx), round(dy)),
                                 150 + int(105 * pulse))
                lift = 8 + 3 * math.sin(time * 5.0)
                blit_centred(surface, shadow, (cx + 4, cy + 10))
                blit_centred(surface, discs.piece(color, number, self.piece_size,
                                                         "selected"), (cx, cy - lift))
                continue
            blit_centred(surface, shadow, (cx + 3, cy + 6))
            blit_centred(surface, discs.piece(color, number, self.piece_size, state),
                               (cx, cy))
        self.drawn = drawn
        self.withheld = withheld

    def draw_piece(self, surface: pygame.Surface, color: Color, number: int,
                   centre: tuple[float, float], *, ground: tuple[float, float] | None = None,
                   scale: tuple[float, float] = (1.0, 1.0), alpha: int = 255,
                   state: str = "normal") -> None:
        """One piece anywhere (in flight, popping): its shadow at ``ground``, then the piece
        scaled (a squash, a pop) and faded. The scene takes the numbers from ``motion``."""
        size = self.piece_size
        if ground is not None:
            height = math.hypot(centre[0] - ground[0], centre[1] - ground[1])
            shade = discs.shadow(size, max(30, int(110 - height * 0.5)))
            blit_alpha(surface, shade, shade.get_rect(center=(ground[0] + 3,
                                                                    ground[1] + 6)), alpha)
        image = discs.piece(color, number, size, state)
        if scale != (1.0, 1.0):
            w = max(1, round(size * scale[0]))
            h = max(1, round(size * scale[1]))
            image = pygame.transform.smoothscale(image, (w, h))
        blit_alpha(surface, image, image.get_rect(center=(round(centre[0]),
                                                                 round(centre[1]))), alpha)

    @staticmethod
    def _chain_lit(chain: Sequence[Square], progress: float) -> tuple[list[Square], float]:
        """The squares lit so far and how far the newest one is in (0..1)."""
        if not chain:
            return [], 1.0
        amount = max(0.0, min(1.0, progress)) * len(chain)
        count = math.ceil(amount - 1e-9)
        partial = 1.0 if count == 0 else amount - (count - 1)
        return list(chain[:count]), min(1.0, partial)

    def _chain_links(self, surface: pygame.Surface, lit: Sequence[Square],
                     partial: float) -> None:
        """Gold links from each lit piece to the next number's (under the pieces, showing in
        the gaps): the newest link grows as its piece lights."""
        width = max(10, self.layout.square // 9)
        for i in range(1, len(lit)):
            a = self.layout.square_centre(lit[i - 1])
            b = self.layout.square_centre(lit[i])
            k = partial if i == len(lit) - 1 else 1.0
            end = (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
            pygame.draw.line(surface, (60, 40, 0), a, end, width + 6)
            pygame.draw.line(surface, palette.CHAIN, a, end, width)

    def _arc(self, surface: pygame.Surface, start: Square, target: Square, colour: palette.Rgb,
             edge: palette.Rgb) -> None:
        """A jump on offer (from the selected piece over the jumped one to its ring), a hop of
        the trail or of a HINT's path."""
        L = self.layout
        draw_arc(surface, L.square_centre(start), L.square_centre(target), L.square,
                 self.piece_size, colour, edge)
