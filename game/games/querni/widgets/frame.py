"""The QUERNI board's frame, drawn once per layout: the frame, the squares, each player's home
band and the coordinates, cut up so that a frame draws them with cheap blits."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.arcade.widgets import text
from game.engine import caches, i18n
from game.games.querni.widgets import palette
from game.games.querni.widgets.layout import QuerniLayout
from game.rules.querni import COLS, ROWS, Color

FRAME_RADIUS = 26

Parts = list[tuple[pygame.Surface, tuple[int, int]]]
_kept: dict[tuple[QuerniLayout, str], Parts] = {}
"""The frames drawn last (each new game's board draws the same), in the language drawn."""
caches.on_reset(_kept.clear)


def frame_parts(layout: QuerniLayout) -> Parts:
    """The frame of ``layout`` ready for ``Surface.blits``: its plain parts opaque."""
    key = (layout, i18n.current())
    parts = _kept.pop(key, None)
    if parts is None:
        parts = _frame_parts(layout)
        if len(_kept) >= 2:  # the board upright and turned round; not the one used longest ago
            del _kept[next(iter(_kept))]
    _kept[key] = parts
    return parts


def _frame_parts(layout: QuerniLayout) -> Parts:
    frame, pos = _render(layout)
    local = layout.frame_rect.move(-pos[0], -pos[1])
    r = FRAME_RADIUS
    solid = [local.inflate(-2 * r, 0),
             pygame.Rect(local.left, local.top + r, r, local.height - 2 * r),
             pygame.Rect(local.right - r, local.top + r, r, local.height - 2 * r)]
    return split_solid(frame, pos, solid)


def _render(L: QuerniLayout) -> tuple[pygame.Surface, tuple[int, int]]:
    """Frame, squares, home-edge bands and coordinate labels, as one surface, and where
    it goes."""
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
        _home_band(surface, board, L.home_edge(color), color, L.frame_pad)
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

def _home_band(surface: pygame.Surface, board: pygame.Rect, edge: str, color: Color,
               pad: int) -> None:
    """A band in the pad along each player's edge: solid for BLUE, striped for RED
    (the pattern of their pieces), so the board shows whose side is whose."""
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


def split_solid(image: pygame.Surface, pos: tuple[int, int], solid: Sequence[pygame.Rect],
                tile: int = 64) -> Parts:
    """``image`` cut up for ``Surface.blits``: opaque ``solid`` rects become plain surfaces (a
    copy, much cheaper than an alpha blend), the rest ``tile``-sized pieces with alpha."""
    parts: Parts = []
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
