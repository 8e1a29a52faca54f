"""The move list: one entry per turn behind a token of the mover's colour, in a panel that
scrolls by drag, wheel or keys and follows the newest turn until scrolled back; a tap names an
entry's turn. One column beside the board; two in portrait (a row per round). Only a new turn's
entry is laid out; the others are remembered.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.arcade.widgets import palette as arcade_palette
from game.arcade.widgets import text
from game.arcade.widgets.scroller import Scroller
from game.engine import i18n, textlog
from game.games.querni.widgets import palette, pieces
from game.rules.querni import Color

SIZE = 24
"""The entries' text size (logical px): 16 px on a 1280×720 window."""
LINE = 32
"""The height of one line of an entry at the normal text size (``line_height``)."""


def line_height() -> int:
    """One line of an entry: ``LINE``, taller when TEXT SIZE raised the text floor."""
    return max(LINE, i18n.effective_size(SIZE) + 8)
PAD = 10
"""Room inside the panel's edge."""
HEADING = 56
"""The heading's band (beside the board only)."""
TOKEN = 20
TAP_SLOP = 14
"""How far (logical px) a press may travel and still be a tap, not a scroll."""
ZWSP = "\u200b"
"""A break opportunity (how Thai marks words), put after each dash of a movement to wrap it."""
SQUARE_DASH = re.compile(r"(?<=[a-j][1-7])–(?=[a-j][1-7])")
"""A dash between two squares' names (not in a chain's ``5–8``)."""
MARK = 28
"""The diameter of a marked entry's badge."""
CURRENT = (56, 52, 120)
VIEWED = (96, 74, 24)

Entry = tuple[Color, str]


@dataclass(frozen=True)
class Placed:
    """An entry laid out: its turn (from 1), its box in the scrolled content, its lines."""

    turn: int
    box: pygame.Rect
    lines: tuple[str, ...]
    color: Color


class MoveList:
    """The panel at ``rect``: its entries, their layout and the scroll offset."""

    def __init__(self, rect: pygame.Rect, columns: int, heading: bool = True,
                 follow: bool = True, smooth: bool = True) -> None:
        """``follow``: start at the newest entry and stay with it (play); else at the first
        (a replay, which ``reveal``s the turn it shows)."""
        self.rect = rect
        self.columns = max(1, columns)
        self.heading = heading
        top = HEADING if heading else 0
        self.view = pygame.Rect(rect.left + PAD, rect.top + top + PAD // 2,
                                rect.width - 2 * PAD, rect.height - top - PAD)
        self.scroller = Scroller(0, self.view.height, smooth=smooth)
        self.follow = follow
        self._entries: tuple[Entry, ...] = ()
        self._placed: list[Placed] = []
        self._wrapped: dict[tuple[str, str, int, int], tuple[str, ...]] = {}
        self._floor = 0
        self._press: tuple[tuple[int, int], bool] | None = None  # where, and whether it moved
        self._picture: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._shown = 0
        """Counts the changes of the entries (their words too: a language switch)."""

    # --- entries --------------------------------------------------------------------------
    @property
    def column_width(self) -> int:
        return (self.view.width - (self.columns - 1) * PAD) // self.columns

    def show(self, entries: Sequence[Entry]) -> None:
        """The entries to list (all of them, oldest first); laid out again only when they
        changed, and scrolled to the newest while the list follows."""
        entries = tuple(entries)
        if entries == self._entries and self._floor == i18n.text_floor():
            return
        self._entries, self._floor = entries, i18n.text_floor()
        self._shown += 1
        width = self.column_width
        placed: list[Placed] = []
        y = 0
        for row in range(0, len(entries), self.columns):
            cells = entries[row:row + self.columns]
            # room kept at each entry's end for REVIEW's badge, so it never covers a move
            wrapped = [self._wrap(line, width - TOKEN - 10 - MARK - 4) for _color, line in cells]
            height = max(len(lines) for lines in wrapped) * line_height() + 6
            for i, ((color, _line), lines) in enumerate(zip(cells, wrapped)):
                box = pygame.Rect(i * (width + PAD), y, width, height)
                placed.append(Placed(row + i + 1, box, lines, color))
            y += height
        self._placed = placed
        self.scroller.content = self._content_height(y)
        if self.follow:
            self.scroller.scroll_to(self.scroller.max_offset, glide=False)
        else:
            self.scroller.scroll_to(self.scroller.target, glide=False)

    def _content_height(self, height: int) -> int:
        """``height`` of the entries, with room below the last one so that, scrolled to the end,
        the view starts at a row's top: no entry shows cut at the top (Thai marks stand above
        their line)."""
        if height <= self.view.height:
            return height
        tops = sorted({entry.box.top for entry in self._placed})
        first = next(top for top in tops if top >= height - self.view.height)
        return first + self.view.height

    def _wrap(self, line: str, width: int) -> tuple[str, ...]:
        """``line`` in lines of ``width``: broken at spaces, and after a dash of a movement
        (``c1–c3–a1``) only when the movement is wider than a line; never inside a square's
        name."""
        key = (line, i18n.current(), width, i18n.text_floor())
        lines = self._wrapped.get(key)
        if lines is None:
            font = i18n.font("ui", SIZE)
            breakable = " ".join(SQUARE_DASH.sub("–" + ZWSP, word)
                                 if font.size(word)[0] > width else word
                                 for word in line.split(" "))
            wrapped = [part.replace(ZWSP, "") for part in text.wrap(breakable, "ui", SIZE, width)]
            lines = self._wrapped[key] = tuple(wrapped) or ("",)
        return lines

    @property
    def entries(self) -> tuple[Entry, ...]:
        """What the list holds: ``(mover, line)`` per turn, oldest first."""
        return self._entries

    def box_of(self, turn: int) -> pygame.Rect | None:
        """Where ``turn``'s entry is on screen now (``None`` when it is scrolled out of view)."""
        offset = round(self.scroller.offset)
        for entry in self._placed:
            if entry.turn == turn:
                box = entry.box.move(self.view.left, self.view.top - offset)
                return box if self.view.contains(box) else None
        return None

    def reveal(self, turn: int) -> None:
        """Scroll so that ``turn``'s entry is in view."""
        for entry in self._placed:
            if entry.turn == turn:
                offset = self.scroller.offset
                if entry.box.top < offset:
                    self.scroller.scroll_to(entry.box.top)
                elif entry.box.bottom > offset + self.view.height:
                    self.scroller.scroll_to(entry.box.bottom - self.view.height)
                return

    # --- input ----------------------------------------------------------------------------
    def turn_at(self, pos: tuple[float, float]) -> int | None:
        """The turn whose entry is under ``pos`` on screen, if any."""
        if not self.view.collidepoint(pos):
            return None
        x = pos[0] - self.view.left
        y = pos[1] - self.view.top + round(self.scroller.offset)
        for entry in self._placed:
            if entry.box.collidepoint(x, y):
                return entry.turn
        return None

    def press(self, pos: tuple[int, int], now: float) -> bool:
        """A press: ``True`` when it is on the panel (then the list has it)."""
        if not self.rect.collidepoint(pos):
            return False
        self._press = (pos, False)
        self.scroller.press(pos[1], now)
        return True

    @property
    def held(self) -> bool:
        """A press on the panel is going on."""
        return self._press is not None

    def move(self, pos: tuple[int, int], now: float) -> None:
        if self._press is None:
            return
        start, moved = self._press
        moved = moved or abs(pos[1] - start[1]) > TAP_SLOP or abs(pos[0] - start[0]) > TAP_SLOP
        self._press = (start, moved)
        if moved:
            self.scroller.move(pos[1], now)
            self._follow_end()

    def release(self, pos: tuple[int, int] | None, now: float) -> int | None:
        """The press ends (``pos`` ``None``: it was lost, e.g. the window lost the focus): the
        turn tapped, ``None`` after a scroll, a lost press or off the entries."""
        press, self._press = self._press, None
        if press is None:
            return None
        start, moved = press
        if moved:
            self.scroller.release(now)
            return None
        self.scroller.dragging = False
        return self.turn_at(start) if pos is not None else None

    def wheel(self, key: str | None, pos: tuple[int, int] | None) -> bool:
        """A wheel notch (``"up"``/``"down"``) over the panel scrolls it."""
        if pos is None or not self.rect.collidepoint(pos):
            return False
        self.scroller.key(key, 3 * line_height(), self.view.height)
        self._follow_end()
        return True

    def _follow_end(self) -> None:
        self.follow = self.scroller.target >= self.scroller.max_offset - 1

    def update(self, dt: float) -> None:
        self.scroller.update(dt)

    @property
    def moving(self) -> bool:
        return self.scroller.moving

    def signature(self) -> tuple[object, ...]:
        """What the panel shows, for partial redraws."""
        return (len(self._entries), self._shown, round(self.scroller.offset), i18n.current(),
                i18n.text_floor())

    # --- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, current: int | None, viewed: bool, heading: str,
             empty: str, marked: frozenset[int] = frozenset(), mark: str = "") -> None:
        """The panel, its ``heading`` and the entries in view (``empty`` when there are none);
        ``current``'s entry lit (gold when ``viewed``: a past position on the board); the
        turns in ``marked`` carry a ``mark`` badge (REVIEW's clearly worse turns). Drawn once
        into a picture of its own, again only when something in it changed."""
        key = (*self.signature(), current, viewed, heading, empty, marked, mark)
        if self._picture is None or self._picture[0] != key:
            picture = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            self._render(picture, current, viewed, heading, empty, marked, mark)
            self._picture = (key, picture)
        surface.blit(self._picture[1], self.rect)
        textlog.placed(surface, self._picture[1], self.rect.topleft)

    def _render(self, surface: pygame.Surface, current: int | None, viewed: bool, heading: str,
                empty: str, marked: frozenset[int], mark: str) -> None:
        panel = surface.get_rect()
        view = self.view.move(-self.rect.left, -self.rect.top)
        pygame.draw.rect(surface, palette.PANEL, panel, border_radius=22)
        pygame.draw.rect(surface, palette.PANEL_EDGE, panel, 3, border_radius=22)
        if self.heading:
            text.blit(surface, heading, "bold", 30, arcade_palette.GOLD, "center",
                      (panel.centerx, HEADING // 2 + 4), fit=panel.width - 2 * PAD, minimum=20)
        if not self._placed:
            lines = text.wrap(empty, "ui", SIZE, view.width)
            text.blit_lines(surface, lines, "ui", SIZE, palette.TEXT_DIM, "center",
                            (view.centerx, view.top + line_height() * (len(lines) + 1) // 2))
            return
        surface.set_clip(view)
        offset = round(self.scroller.offset)
        line = line_height()
        for entry in self._placed:
            box = entry.box.move(view.left, view.top - offset)
            if box.bottom < view.top or box.top > view.bottom:
                continue
            self._draw_entry(surface, entry, box, entry.turn == current, viewed)
            if entry.turn in marked:
                _badge(surface, mark, (box.right - MARK // 2 - 2, box.top + 3 + line // 2))
        surface.set_clip(None)
        self._draw_bar(surface, view)

    def _draw_entry(self, surface: pygame.Surface, entry: Placed, box: pygame.Rect,
                    lit: bool, viewed: bool) -> None:
        if lit:
            band = box.inflate(PAD, 0)
            pygame.draw.rect(surface, VIEWED if viewed else CURRENT, band, border_radius=10)
            if viewed:
                pygame.draw.rect(surface, arcade_palette.GOLD, band, 3, border_radius=10)
        token = pieces.token(entry.color, TOKEN)
        step = line_height()
        surface.blit(token, token.get_rect(center=(box.left + 3 + TOKEN // 2,
                                                   box.top + 3 + step // 2)))
        colour = palette.TEXT if lit else palette.TEXT_DIM
        for i, line in enumerate(entry.lines):
            text.blit(surface, line, "ui", SIZE, colour, "midleft",
                      (box.left + TOKEN + 8, box.top + 3 + step // 2 + i * step))

    def _draw_bar(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """A thin thumb at the right edge when the entries do not all fit."""
        scroller = self.scroller
        if not scroller.max_offset:
            return
        track = pygame.Rect(surface.get_width() - 8, view.top, 4, view.height)
        height = max(40, round(track.height * scroller.view / max(1, scroller.content)))
        top = track.top + round((track.height - height) * scroller.fraction)
        pygame.draw.rect(surface, palette.TEXT_DIM, (track.left, top, track.width, height),
                         border_radius=3)


def _badge(surface: pygame.Surface, mark: str, centre: tuple[int, int]) -> None:
    """A small red disc with ``mark``: a turn REVIEW judged clearly worse."""
    pygame.draw.circle(surface, arcade_palette.BAD, centre, MARK // 2)
    pygame.draw.circle(surface, palette.TEXT, centre, MARK // 2, 2)
    textlog.box(surface, pygame.Rect(0, 0, MARK, MARK).move(centre[0] - MARK // 2,
                                                          centre[1] - MARK // 2))
    text.blit(surface, mark, "numbers", 20, palette.TEXT, "center", centre)
