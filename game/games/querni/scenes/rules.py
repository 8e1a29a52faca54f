"""QUERNI's rules for players (Q-1..Q-6 in plain words): a scrolling page of blocks in its help
catalogue; the figures are drawn with the play screen's pieces, and what they show is asked of
the rules."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

import pygame

from game.arcade.play.rules_page import RulesPage
from game.arcade.scenes.document import Figure
from game.arcade.widgets import palette as arcade_palette
from game.arcade.widgets import text
from game.arcade.widgets.textflow import BULLET, FIGURE, HEADING, PARAGRAPH
from game.games.querni.texts import HELP, help_text
from game.games.querni.widgets import palette, pieces
from game.games.querni.widgets.arcs import arc_points
from game.rules.querni import Color, QuerniState, Square, can_still_chain, is_step

SQUARE = 92
LABEL_GAP = 18
Piece = tuple[Color, int]
B, R = Color.BLUE, Color.RED


class MiniBoard:
    """``cols`` × ``rows`` squares of the board centred at the top of ``rect``, row 0 at the
    bottom like the landscape play screen."""

    def __init__(self, rect: pygame.Rect, cols: int, rows: int, size: int = SQUARE) -> None:
        self.size = size
        self.cols, self.rows = cols, rows
        self.rect = pygame.Rect(0, 0, cols * size, rows * size)
        self.rect.midtop = (rect.centerx, rect.top + 12)

    def square(self, sq: Square) -> pygame.Rect:
        col, row = sq
        return pygame.Rect(self.rect.left + col * self.size,
                           self.rect.top + (self.rows - 1 - row) * self.size, self.size, self.size)

    def centre(self, sq: Square) -> tuple[int, int]:
        return self.square(sq).center

    def draw(self, surface: pygame.Surface, board: Mapping[Square, Piece], *,
             steps: Collection[Square] = (), jumps: Collection[Square] = (),
             trail: Collection[Square] = (), chain: Sequence[Square] = (),
             selected: Square | None = None, dim: Collection[Square] = ()) -> None:
        frame = self.rect.inflate(16, 16)
        pygame.draw.rect(surface, palette.FRAME, frame, border_radius=14)
        pygame.draw.rect(surface, palette.FRAME_EDGE, frame, 3, border_radius=14)
        for col in range(self.cols):
            for row in range(self.rows):
                shade = palette.SQUARE_LIGHT if (col + row) % 2 else palette.SQUARE_DARK
                surface.fill(shade, self.square((col, row)))
        for sq in trail:
            mark = self.square(sq).inflate(-8, -8)
            pygame.draw.rect(surface, tuple(c // 3 for c in palette.TRAIL), mark, border_radius=8)
            pygame.draw.rect(surface, palette.TRAIL, mark, 4, border_radius=8)
        for a, b in zip(chain, chain[1:]):
            pygame.draw.line(surface, (60, 40, 0), self.centre(a), self.centre(b), 16)
            pygame.draw.line(surface, palette.CHAIN, self.centre(a), self.centre(b), 10)
        for sq in chain:
            plate = self.square(sq).inflate(-6, -6)
            pygame.draw.rect(surface, palette.CHAIN, plate, 4, border_radius=14)
        for sq in steps:
            pygame.draw.circle(surface, (10, 40, 24), self.centre(sq), self.size * 0.15)
            pygame.draw.circle(surface, palette.STEP, self.centre(sq), self.size * 0.13)
        for sq in jumps:
            pygame.draw.circle(surface, palette.JUMP, self.centre(sq), self.size * 0.33,
                               max(5, self.size // 16))
        piece_size = round(self.size * 0.86)
        for sq, (color, number) in board.items():
            if sq == selected:
                pygame.draw.circle(surface, palette.SELECTED, self.centre(sq),
                                   piece_size / 2 + 5, 4)
            state = "chain" if sq in chain else "dim" if sq in dim else "normal"
            image = pieces.piece(color, number, piece_size, state)
            surface.blit(image, image.get_rect(center=self.centre(sq)))

    def arc(self, surface: pygame.Surface, a: Square, b: Square, colour: palette.Rgb) -> None:
        """A dotted arc over the jumped piece, as the play screen draws a jump."""
        points = arc_points(self.centre(a), self.centre(b), self.size * 0.34, 14)
        for x, y in points[2:-2]:
            pygame.draw.circle(surface, (10, 20, 40), (x, y), 7)
            pygame.draw.circle(surface, colour, (x, y), 5)


def label(surface: pygame.Surface, key: str, board: MiniBoard, rect: pygame.Rect,
          colour: arcade_palette.Rgb = arcade_palette.TEXT, **params: object) -> None:
    """A figure's caption under its piece of board (one or two lines)."""
    words = help_text(key, **params)
    size, lines = text.fit_lines(words, "bold", 30, rect.width - 40, 2, minimum=20)
    text.blit_lines(surface, lines, "bold", size, colour, "midtop",
                    (rect.centerx, board.rect.bottom + LABEL_GAP + 8), gap=4)


def _state(board: Mapping[Square, Piece], to_move: Color = B) -> QuerniState:
    return QuerniState.from_pieces(dict(board), to_move)


def _targets(board: Mapping[Square, Piece], square: Square) -> tuple[set[Square], set[Square]]:
    """Steps and first jump landings of the piece on ``square``, from the rules."""
    state = _state(board, board[square][0])
    ends = state.destinations(square)
    steps = {sq for sq in ends if is_step(square, sq)}
    jumps = {path[1] for path in state.jump_paths(square)}
    return steps, jumps


# --- the figures ---------------------------------------------------------------------------
STEP_BOARD: dict[Square, Piece] = {(2, 1): (B, 7), (3, 2): (R, 4), (1, 0): (B, 2)}


def _step(surface: pygame.Surface, rect: pygame.Rect, digits: bool) -> None:
    """A piece's steps: the green dots the play screen shows (from the rules)."""
    board = MiniBoard(rect, 5, 3)
    steps, _jumps = _targets(STEP_BOARD, (2, 1))
    board.draw(surface, STEP_BOARD, steps=steps, selected=(2, 1))
    label(surface, "rules.fig.step", board, rect)


JUMP_BOARD: dict[Square, Piece] = {(0, 0): (B, 5), (1, 1): (R, 3), (3, 2): (B, 9),
                                   (5, 1): (R, 12), (1, 2): (R, 6)}
JUMP_PATH: tuple[Square, ...] = ((0, 0), (2, 2), (4, 2), (6, 0))


def _jumps(surface: pygame.Surface, rect: pygame.Rect, digits: bool) -> None:
    """A jump sequence over RED 3, BLUE 9 and RED 12, changing direction: the trail, the arcs,
    and where the piece stands now."""
    state = _state(JUMP_BOARD)
    end = state.moved(list(JUMP_PATH))  # the rules accept the sequence
    board = MiniBoard(rect, 7, 3)
    board.draw(surface, end.pieces, trail=JUMP_PATH[:-1], selected=JUMP_PATH[-1])
    for a, b in zip(JUMP_PATH, JUMP_PATH[1:]):
        board.arc(surface, a, b, palette.TRAIL)
    label(surface, "rules.fig.jumps", board, rect)


CHAIN_BOARD: dict[Square, Piece] = {(0, 0): (B, 4), (1, 1): (B, 5), (2, 1): (B, 6),
                                    (3, 2): (B, 7), (3, 0): (R, 8), (4, 1): (B, 10)}


def _chain(surface: pygame.Surface, rect: pygame.Rect, digits: bool) -> None:
    """BLUE 4–7, each piece next to the one before (a diagonal counts); BLUE 10 is not in it."""
    state = _state(CHAIN_BOARD)
    assert (4, 7) in state.chains(B)
    chain = [state.where(B, n) for n in range(4, 8)]
    board = MiniBoard(rect, 5, 3)
    board.draw(surface, CHAIN_BOARD, chain=[sq for sq in chain if sq is not None])
    label(surface, "rules.fig.chain", board, rect)


PART_BOARD: dict[Square, Piece] = {(0, 1): (B, 3), (1, 1): (B, 4), (2, 1): (B, 5),
                                   (3, 0): (B, 6), (4, 1): (B, 7)}


def _partial(surface: pygame.Surface, rect: pygame.Rect, digits: bool) -> None:
    """Part of a chain: BLUE 3–7 stands in a chain, 5–7 is removed, 3 and 4 stay."""
    state = _state(PART_BOARD)
    assert (3, 7) in state.chains(B) and (5, 7) in state.chains(B)
    chain = [state.where(B, n) for n in range(5, 8)]
    board = MiniBoard(rect, 5, 2)
    board.draw(surface, PART_BOARD, chain=[sq for sq in chain if sq is not None])
    label(surface, "rules.fig.partial", board, rect, low=5, high=7)


END_NUMBERS = (4, 9, 12)


def _end(surface: pygame.Surface, rect: pygame.Rect, digits: bool) -> None:
    """Numbers that can never form a chain again (Q-5.2), checked by the rules."""
    assert not can_still_chain(END_NUMBERS)
    size = 84
    gap = 30
    left = rect.centerx - (len(END_NUMBERS) * size + (len(END_NUMBERS) - 1) * gap) // 2
    y = rect.top + 12 + size // 2
    for i, number in enumerate(END_NUMBERS):
        image = pieces.piece(R, number, size)
        surface.blit(image, image.get_rect(center=(left + i * (size + gap) + size // 2, y)))
    board = MiniBoard(rect, 1, 1, size)
    label(surface, "rules.fig.end", board, rect, arcade_palette.BAD)


def _figure_height(rows: int) -> int:
    return 12 + rows * SQUARE + LABEL_GAP + 90


FIGURES: dict[str, Figure] = {
    "querni_step": Figure(_figure_height(3), _step, ("rules.fig.step",)),
    "querni_jumps": Figure(_figure_height(3), _jumps, ("rules.fig.jumps",)),
    "querni_chain": Figure(_figure_height(3), _chain, ("rules.fig.chain",)),
    "querni_partial": Figure(_figure_height(2), _partial, ("rules.fig.partial",)),
    "querni_end": Figure(12 + 84 + LABEL_GAP + 90, _end, ("rules.fig.end",)),
}

RULES: tuple[tuple[str, str], ...] = (
    (HEADING, "rules.goal.heading"),
    (PARAGRAPH, "rules.goal.text"),
    (HEADING, "rules.board.heading"),
    (PARAGRAPH, "rules.board.text"),
    (HEADING, "rules.turn.heading"),
    (PARAGRAPH, "rules.turn.intro"),
    (BULLET, "rules.turn.move"),
    (BULLET, "rules.turn.remove"),
    (PARAGRAPH, "rules.turn.either"),
    (HEADING, "rules.step.heading"),
    (PARAGRAPH, "rules.step.text"),
    (FIGURE, "querni_step"),
    (HEADING, "rules.jump.heading"),
    (PARAGRAPH, "rules.jump.text"),
    (PARAGRAPH, "rules.jump.sequence"),
    (FIGURE, "querni_jumps"),
    (PARAGRAPH, "rules.jump.stop"),
    (HEADING, "rules.chain.heading"),
    (PARAGRAPH, "rules.chain.text"),
    (FIGURE, "querni_chain"),
    (PARAGRAPH, "rules.chain.remove"),
    (PARAGRAPH, "rules.chain.part"),
    (FIGURE, "querni_partial"),
    (HEADING, "rules.undo.heading"),
    (PARAGRAPH, "rules.undo.text"),
    (HEADING, "rules.marks.heading"),
    (PARAGRAPH, "rules.marks.text"),
    (HEADING, "rules.pass.heading"),
    (PARAGRAPH, "rules.pass.text"),
    (HEADING, "rules.end.heading"),
    (BULLET, "rules.end.win"),
    (BULLET, "rules.end.lose"),
    (FIGURE, "querni_end"),
    (BULLET, "rules.end.draw"),
    (HEADING, "rules.keys.heading"),
    (PARAGRAPH, "rules.keys.text"),
    (HEADING, "rules.sound.heading"),
    (PARAGRAPH, "rules.sound.text"),
    (HEADING, "rules.exit.heading"),
    (PARAGRAPH, "rules.exit.text"),
)


class RulesScene(RulesPage):
    """HOW TO PLAY QUERNI."""

    texts = HELP
    entries = RULES
    figures = FIGURES
