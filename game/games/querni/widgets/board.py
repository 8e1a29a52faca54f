"""Draws the 10×7 board: frame, coordinates, pieces and every highlight the scene asks for.

It draws what it is given (the rules' pieces, the squares the scene wants lit); it decides
nothing about legality. The frame, the squares and the labels are rendered once; every mark is
a stamp rendered once per size and reused, so a frame is a few dozen blits.

How the marks look (each differs in shape, not only colour):

* step targets: filled green dots; jump targets: cyan rings, each with a dotted arc from the
  selected piece over the jumped square and an arrowhead;
* the selected piece: lifted, brighter, inside a pulsing white halo;
* chain candidates: a pink dashed ring that turns slowly; the chosen chain: a gold plate under
  each piece, gold edges and gold links between consecutive numbers, lit one by one;
* removable chains (the "show chains" setting): a small gold badge with two linked rings;
* trail (Q-6.4): amber-tinted squares with amber corner brackets, and amber dotted arcs with
  arrowheads along the jumps the piece made; removed pieces may be shown as dashed ghosts;
* the last move, until the next turn: outlines round the squares' edges (``last_move.py``);
* the keyboard cursor: a white rounded square;
* a HINT (violet): a glowing double ring round the piece to move, violet dotted arcs along its
  path with a numbered ring on each landing, and a dashed violet frame round each piece of the
  chain to remove.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence

import pygame

from game.arcade.widgets import text
from game.games.querni.widgets import last_move, palette
from game.games.querni.widgets import pieces as discs
from game.games.querni.widgets.layout import QuerniLayout
from game.rules.querni import COLS, ROWS, Color, Square

Piece = tuple[Color, int]
DASH_PHASES = 12  # pre-rendered rotations of the candidate ring
FRAME_RADIUS = 26


class BoardView:
    """The board of one layout; ``draw`` is called every frame with the state to show."""

    def __init__(self, layout: QuerniLayout) -> None:
        self.layout = layout
        self.piece_size = layout.piece_size
        frame, pos = self._render_frame()
        local = layout.frame_rect.move(-pos[0], -pos[1])
        r = FRAME_RADIUS
        solid = [local.inflate(-2 * r, 0),
                 pygame.Rect(local.left, local.top + r, r, local.height - 2 * r),
                 pygame.Rect(local.right - r, local.top + r, r, local.height - 2 * r)]
        self._frame_parts = split_solid(frame, pos, solid)
        self._stamps: dict[tuple[str, int], pygame.Surface] = {}
        # What the last ``draw`` showed: square → (colour name, number) of every piece drawn
        # on its square. Read by the monkey test to check that the screen is the rules' board.
        self.drawn: dict[Square, tuple[str, int]] = {}
        # Pieces that were given but not drawn on their square (``hidden``: in flight).
        self.withheld: dict[Square, tuple[str, int]] = {}

    # --- static frame -----------------------------------------------------------------------
    def _render_frame(self) -> tuple[pygame.Surface, tuple[int, int]]:
        """Frame, squares, home-edge bands and coordinate labels, as one surface, and where
        it goes."""
        L = self.layout
        frame = L.frame_rect
        area = frame.inflate(0, 14)  # room for the drop shadow
        for _label, rect in L.coordinate_labels():
            area.union_ip(rect)
        surface = pygame.Surface(area.size, pygame.SRCALPHA)
        local = frame.move(-area.left, -area.top)
        r = FRAME_RADIUS
        pygame.draw.rect(surface, (0, 0, 0, 90), local.move(0, 10), border_radius=r)
        pygame.draw.rect(surface, palette.FRAME, local, border_radius=r)
        pygame.draw.rect(surface, palette.FRAME_EDGE, local, 4, border_radius=r)
        board = L.board_rect.move(-area.left, -area.top)
        for color in Color:
            self._home_band(surface, board, L.home_edge(color), color)
        for col in range(COLS):
            for row in range(ROWS):
                rect = L.square_rect((col, row)).move(-area.left, -area.top)
                shade = palette.SQUARE_LIGHT if (col + row) % 2 else palette.SQUARE_DARK
                surface.fill(shade, rect)
        for i in range(1, L.grid[0]):
            x = board.left + i * L.square
            pygame.draw.line(surface, palette.GRID, (x, board.top), (x, board.bottom - 1), 2)
        for j in range(1, L.grid[1]):
            y = board.top + j * L.square
            pygame.draw.line(surface, palette.GRID, (board.left, y), (board.right - 1, y), 2)
        pygame.draw.rect(surface, palette.GRID, board.inflate(4, 4), 3)
        for label, rect in L.coordinate_labels():
            centre = rect.move(-area.left, -area.top).center
            # the numbers face for letters too: the same Latin face in every language
            text.blit(surface, label, "numbers", 34, palette.LABEL, "center", centre)
        return surface, area.topleft

    def _home_band(self, surface: pygame.Surface, board: pygame.Rect, edge: str,
                   color: Color) -> None:
        """A band in the pad along each player's edge: solid for BLUE, striped for RED
        (the pattern of their pieces), so the board shows whose side is whose."""
        pad = self.layout.frame_pad
        thick = pad - 8
        if edge in ("top", "bottom"):
            y = board.top - pad + 4 if edge == "top" else board.bottom + 4
            band = pygame.Rect(board.left + 8, y, board.width - 16, thick)
        else:
            x = board.left - pad + 4 if edge == "left" else board.right + 4
            band = pygame.Rect(x, board.top + 8, thick, board.height - 16)
        pygame.draw.rect(surface, palette.BODY[color], band, border_radius=thick // 2)
        if color is Color.RED:
            clip = surface.get_clip()
            surface.set_clip(band)
            for k in range(band.left - band.height - band.width, band.right + band.height, 16):
                pygame.draw.line(surface, palette.RIM[color], (k, band.bottom),
                                 (k + band.height + band.width, band.top - band.width), 5)
            surface.set_clip(clip)

    # --- stamps -----------------------------------------------------------------------------
    def _stamp(self, kind: str, phase: int = 0) -> pygame.Surface:
        key = (kind, phase)
        stamp = self._stamps.get(key)
        if stamp is None:
            stamp = getattr(self, f"_render_{kind}")(phase)
            self._stamps[key] = stamp
        return stamp

    def _canvas(self) -> tuple[pygame.Surface, pygame.Rect]:
        s = self.layout.square
        surface = pygame.Surface((s, s), pygame.SRCALPHA)
        return surface, surface.get_rect()

    def _render_step(self, _phase: int) -> pygame.Surface:
        """A filled dot with a soft halo: 'you can step here'."""
        surface, rect = self._canvas()
        s = self.layout.square
        for i in range(5):
            pygame.draw.circle(surface, (*palette.STEP, 22), rect.center, s * (0.28 - i * 0.03))
        pygame.draw.circle(surface, (10, 40, 24), rect.center, s * 0.15)
        pygame.draw.circle(surface, palette.STEP, rect.center, s * 0.13)
        return surface

    def _render_jump(self, _phase: int) -> pygame.Surface:
        """An open ring: 'you can land here after a jump'."""
        surface, rect = self._canvas()
        s = self.layout.square
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
        s = self.layout.square
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
        s = self.layout.square
        radius = self.piece_size / 2 + s * 0.05
        pygame.draw.circle(surface, (*palette.SELECTED, 70), rect.center, radius + 6)
        pygame.draw.circle(surface, palette.SELECTED, rect.center, radius, max(5, s // 22))
        return surface

    def _render_hint_glow(self, _phase: int) -> pygame.Surface:
        """The piece a HINT moves: a soft violet glow and two rings."""
        surface, rect = self._canvas()
        s = self.layout.square
        radius = self.piece_size / 2 + s * 0.05
        outer = min(s / 2 - 1, radius + 10)
        pygame.draw.circle(surface, (*palette.HINT, 90), rect.center, outer, round(outer - radius))
        pygame.draw.circle(surface, (40, 20, 90), rect.center, radius + 3, max(5, s // 22) + 4)
        pygame.draw.circle(surface, palette.HINT, rect.center, radius + 1, max(5, s // 22))
        return surface

    def _render_hint_landing(self, _phase: int) -> pygame.Surface:
        """A landing of a HINT's path: a violet ring on the empty square."""
        surface, rect = self._canvas()
        s = self.layout.square
        radius = s * 0.3
        pygame.draw.circle(surface, (40, 20, 90), rect.center, radius + 3, max(6, s // 16) + 4)
        pygame.draw.circle(surface, palette.HINT, rect.center, radius, max(6, s // 16))
        return surface

    def _render_hint_chain(self, _phase: int) -> pygame.Surface:
        """A piece of the chain a HINT removes: a dashed violet frame round the square."""
        surface, rect = self._canvas()
        frame = rect.inflate(-8, -8)
        width = max(5, self.layout.square // 24)
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
        radius = self.piece_size / 2 + self.layout.square * 0.04
        dashes = 14
        width = max(5, self.layout.square // 24)
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

    def prewarm(self) -> None:
        """Render every stamp and piece now, so the first busy frame costs no more than any."""
        for kind in ("step", "jump", "trail", "removable", "chain", "halo", "hint_glow",
                     "hint_landing", "hint_chain"):
            self._stamp(kind)
        for phase in range(DASH_PHASES):
            self._stamp("candidate", phase)
        discs.prewarm(self.piece_size, ("normal", "selected", "chain", "ghost"))

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
            last_move.draw(surface, self.layout, last_path, last_removed, last_color)
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
            self._blit_alpha(surface, self._stamp("hint_chain"), rect(square), alpha)
        if path:
            self._blit_alpha(surface, self._stamp("hint_glow"), rect(path[0]), alpha)
        for a, b in zip(path, path[1:]):
            self._arc(surface, a, b, palette.HINT, (40, 20, 90))
        size = max(18, self.layout.square // 5)
        for number, square in enumerate(path[1:], 1):
            surface.blit(self._stamp("hint_landing"), rect(square))
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
            self._blit_alpha(surface, self._stamp("trail"), rect(square), trail_a)
        for i, square in enumerate(lit):
            newest = i == len(lit) - 1 and partial < 1.0
            self._blit_alpha(surface, self._stamp("chain"), rect(square),
                             int(255 * partial) if newest else 255)
        self._chain_links(surface, lit, partial)
        for square in step_targets:
            self._blit_alpha(surface, self._stamp("step"), rect(square), 180 + int(75 * pulse))
        for square in jump_targets:
            self._blit_alpha(surface, self._stamp("jump"), rect(square), 180 + int(75 * pulse))
        for square, (color, number) in ghosts.items():
            if square not in pieces:
                self._blit_centred(surface, discs.piece(color, number, self.piece_size, "ghost"),
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
            surface.blit(self._stamp("removable"), self.layout.square_rect(square))
        phase = int(time * 8) % DASH_PHASES
        for square in chain_candidates:
            dx, dy = offsets.get(square, (0.0, 0.0))
            rect = self.layout.square_rect(square).move(round(dx), round(dy))
            surface.blit(self._stamp("candidate", phase), rect)
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
                self._blit_alpha(surface, self._stamp("halo"),
                                 self.layout.square_rect(square).move(round(dx), round(dy)),
                                 150 + int(105 * pulse))
                lift = 8 + 3 * math.sin(time * 5.0)
                self._blit_centred(surface, shadow, (cx + 4, cy + 10))
                self._blit_centred(surface, discs.piece(color, number, self.piece_size,
                                                         "selected"), (cx, cy - lift))
                continue
            self._blit_centred(surface, shadow, (cx + 3, cy + 6))
            self._blit_centred(surface, discs.piece(color, number, self.piece_size, state),
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
            self._blit_alpha(surface, shade, shade.get_rect(center=(ground[0] + 3,
                                                                    ground[1] + 6)), alpha)
        image = discs.piece(color, number, size, state)
        if scale != (1.0, 1.0):
            w = max(1, round(size * scale[0]))
            h = max(1, round(size * scale[1]))
            image = pygame.transform.smoothscale(image, (w, h))
        self._blit_alpha(surface, image, image.get_rect(center=(round(centre[0]),
                                                                 round(centre[1]))), alpha)

    # --- helpers ----------------------------------------------------------------------------
    @staticmethod
    def _blit_centred(surface: pygame.Surface, image: pygame.Surface,
                      centre: tuple[float, float]) -> None:
        surface.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))

    @staticmethod
    def _blit_alpha(surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect,
                    alpha: int) -> None:
        """Blit a shared stamp at ``alpha`` without leaving the alpha set on it."""
        alpha = max(0, min(255, alpha))
        if alpha <= 0:
            return
        if alpha >= 255:
            surface.blit(image, rect)
            return
        image.set_alpha(alpha)
        surface.blit(image, rect)
        image.set_alpha(255)

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
        """A dotted arc with an arrowhead from ``start``'s piece edge to ``target``: a jump on
        offer (from the selected piece over the jumped one to its ring) or a hop of the trail.
        A two-square hop bows out just enough to run over the jumped piece's rim, not its
        numeral, and stays clear of the pieces beside it; a step is nearly straight."""
        a = self.layout.square_centre(start)
        b = self.layout.square_centre(target)
        length = math.hypot(b[0] - a[0], b[1] - a[1])
        if length < 1:
            return
        bow = self.piece_size * 0.39 if length > self.layout.square * 1.5 else 4.0
        points = arc_points(a, b, bow, max(8, int(length / 16)))
        first = (self.piece_size / 2 + 8) / length
        last = 1 - (self.layout.square * 0.36 + 16) / length
        keep = [p for i, p in enumerate(points) if first <= i / (len(points) - 1) <= last]
        if len(keep) < 2:
            return
        radius = max(4, self.layout.square // 26)
        for x, y in keep[:-1]:
            pygame.draw.circle(surface, edge, (x, y), radius + 2)
        for x, y in keep[:-1]:
            pygame.draw.circle(surface, colour, (x, y), radius)
        (x0, y0), (x1, y1) = keep[-2], keep[-1]
        angle = math.atan2(y1 - y0, x1 - x0)
        size = self.layout.square * 0.15
        tip = (x1 + math.cos(angle) * size * 0.6, y1 + math.sin(angle) * size * 0.6)
        left = (x1 + math.cos(angle + 2.4) * size, y1 + math.sin(angle + 2.4) * size)
        right = (x1 + math.cos(angle - 2.4) * size, y1 + math.sin(angle - 2.4) * size)
        pygame.draw.polygon(surface, edge, [tip, left, right], 6)
        pygame.draw.polygon(surface, colour, [tip, left, right])


def split_solid(image: pygame.Surface, pos: tuple[int, int], solid: Sequence[pygame.Rect],
                tile: int = 64) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """``image`` (drawn at ``pos``) cut up for ``Surface.blits``: each ``solid`` rect that is
    fully opaque becomes a plain surface (a straight copy, much cheaper than an alpha blend),
    and the rest goes in ``tile``-sized pieces that keep their alpha, empty ones dropped. The
    board's frame is most of a frame's drawing, and most of it is opaque."""
    parts: list[tuple[pygame.Surface, tuple[int, int]]] = []
    rest = image.copy()
    for rect in solid:
        rect = rect.clip(image.get_rect())
        if pygame.mask.from_surface(image.subsurface(rect), 254).count() != rect.w * rect.h:
            continue  # not opaque after all: leave it to the tiles
        plain = pygame.Surface(rect.size)
        plain.blit(image, (0, 0), rect)
        parts.append((plain, (pos[0] + rect.x, pos[1] + rect.y)))
        rest.fill((0, 0, 0, 0), rect)
    width, height = image.get_size()
    for y in range(0, height, tile):
        for x in range(0, width, tile):
            piece = rest.subsurface((x, y, min(tile, width - x), min(tile, height - y)))
            if pygame.mask.from_surface(piece, 0).count():
                parts.append((piece.copy(), (pos[0] + x, pos[1] + y)))
    return parts


def arc_points(a: tuple[float, float], b: tuple[float, float], height: float,
               count: int) -> list[tuple[float, float]]:
    """``count`` points on a parabolic arc from ``a`` to ``b`` whose middle stands ``height``
    px off the straight line: towards the top of the screen (to the right when vertical)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = dy / length, -dx / length  # a normal
    if ny > 0 or (abs(ny) < 1e-9 and nx < 0):
        nx, ny = -nx, -ny  # bow up the screen, or right for a vertical jump
    points = []
    for i in range(count):
        t = i / (count - 1)
        h = 4 * height * t * (1 - t)
        points.append((a[0] + dx * t + nx * h, a[1] + dy * t + ny * h))
    return points
