"""The rules for players (M-1..M-8 in plain words), a scrolling page with drawn examples.

The page is data: ``RULES`` lists its blocks as (kind, key); text keys live in the "help"
namespace (``assets/i18n/help.<locale>.json``), figures are named drawings (``FIGURES``) whose
labels are help keys too. Another language only translates the JSON.

``DocumentScene`` is the shared screen (a title, BACK, the page in a panel, a scroll bar);
the About page (``about.py``) is another list of blocks on it. The page is laid out once per
language into one tall surface (``widgets.textflow``); a frame blits the visible slice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial

import pygame

from game.arcade.widgets import buttons, palette, text, textflow
from game.arcade.widgets.background import background
from game.arcade.widgets.textflow import BULLET, FIGURE, HEADING, PARAGRAPH
from game.engine import input as inp
from game.engine.i18n import current as current_locale
from game.engine.i18n import help_text
from game.engine.scenes import Scene
from game.games.magdagdon.widgets import dice
from game.rules.magdagdon import RUIN, Combo, Difficulty, line_combo, score

TRACK = (52, 48, 108)  # the scroll bar's groove: visible on the backdrop, quieter than the thumb

Draw = Callable[[pygame.Surface, pygame.Rect, bool], None]
"""A figure: paints into the rect it is given; the flag asks for digits instead of pips."""


@dataclass(frozen=True)
class Figure:
    height: int
    draw: Draw
    keys: tuple[str, ...]  # the help keys of its labels (checked by the tests)


# --- drawing helpers (shared with the About page) ------------------------------------------
def tile(surface: pygame.Surface, value: object, rect: pygame.Rect, digits: bool,
         seed: int = 0) -> None:
    """A committed number tile, or a ruin when ``value`` is ``RUIN``."""
    if value is RUIN:
        surface.blit(dice.ruin(rect.width, seed), rect)
    else:
        surface.blit(dice.face(int(value), rect.width, "tile", digits), rect)  # type: ignore


def strip(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The dark frame of a piece of board behind example tiles."""
    frame = rect.inflate(24, 24)
    pygame.draw.rect(surface, palette.SLOT, frame, border_radius=18)
    pygame.draw.rect(surface, palette.SLOT_EDGE, frame, 3, border_radius=18)


def cells(left: int, top: int, count: int, size: int, gap: int) -> list[pygame.Rect]:
    return [pygame.Rect(left + i * (size + gap), top, size, size) for i in range(count)]


def row_of(surface: pygame.Surface, values: Sequence[object], left: int, top: int, size: int,
           gap: int, digits: bool) -> list[pygame.Rect]:
    """Tiles (or ruins) side by side on a board strip; returns their rects."""
    rects = cells(left, top, len(values), size, gap)
    strip(surface, rects[0].unionall(rects))
    for i, (value, rect) in enumerate(zip(values, rects)):
        if value is not None:
            tile(surface, value, rect, digits, seed=3 + i)
    return rects


def pill(surface: pygame.Surface, label: str, colour: tuple[int, ...], midleft: tuple[int, int],
         size: int = 28) -> pygame.Rect:
    """A combo flag, as on the board's line sums: dark bold text on the combo colour."""
    image = text.render(label, "bold", size, (10, 10, 30))
    box = image.get_rect(midleft=(midleft[0] + 18, midleft[1])).inflate(36, 14)
    pygame.draw.rect(surface, colour, box, border_radius=16)
    surface.blit(image, image.get_rect(center=box.center))
    return box


# --- the figures ---------------------------------------------------------------------------
def _neighbours(surface: pygame.Surface, rect: pygame.Rect, digits: bool) -> None:
    """3, an empty cell that takes only 3 or 4, 4 (M-4.3)."""
    size, gap = 112, 16
    left = rect.centerx - (3 * size + 2 * gap) // 2
    rects = row_of(surface, (3, None, 4), left, rect.top + 16, size, gap, digits)
    hole = rects[1]
    glow = pygame.Surface(hole.inflate(20, 20).size, pygame.SRCALPHA)
    pygame.draw.rect(glow, (*palette.LEGAL, 200), glow.get_rect(), 8, border_radius=22)
    pygame.draw.rect(glow, (*palette.LEGAL, 60), glow.get_rect().inflate(-20, -20),
                     border_radius=16)
    surface.blit(glow, hole.inflate(20, 20))
    label = help_text("rules.fig.three_or_four")
    size_px = text.fit_size(label, "bold", 32, 3 * size)
    text.blit(surface, label, "bold", size_px, palette.LEGAL, "midtop",
              (hole.centerx, hole.bottom + 26))


COMBO_ROWS: tuple[tuple[tuple[int, ...], str], ...] = (
    ((2, 3, 4, 5), "rules.fig.straight"),
    ((6, 5, 4, 3), "rules.fig.straight"),
    ((5, 5, 5, 5), "rules.fig.four"),
    ((3, 4, 3, 4), "rules.fig.pairs"),
)
_COMBO_ROW_H = 122


def inset(rect: pygame.Rect) -> int:
    """Where a figure's tiles start: indented on a wide column, near the edge on a narrow one."""
    return rect.left + (130 if rect.width >= 1000 else 40)


def _combos(surface: pygame.Surface, rect: pygame.Rect, digits: bool) -> None:
    """One line per combo, its flag and its bonus, all from the rules (M-7.2)."""
    size, gap = 80, 10
    left = inset(rect)
    for i, (values, key) in enumerate(COMBO_ROWS):
        top = rect.top + 14 + i * _COMBO_ROW_H
        rects = row_of(surface, values, left, top, size, gap, digits)
        combo = line_combo(values)
        assert combo is not None, values
        flag = pill(surface, help_text(key), palette.COMBO_COLOURS[combo.value],
                    (rects[-1].right + 44, rects[-1].centery))
        text.blit(surface, help_text("rules.fig.bonus", points=combo.bonus), "numbers", 44,
                  palette.GOLD, "midleft", (flag.right + 24, flag.centery))


RUIN_ROW = (3, 4, RUIN, 6)


def _ruin_line(surface: pygame.Surface, rect: pygame.Rect, digits: bool) -> None:
    """A row with a ruin: its numbers count, no combo, and the ruin costs 15 (M-7.3)."""
    size, gap = 80, 10
    left = inset(rect)
    rects = row_of(surface, RUIN_ROW, left, rect.top + 14, size, gap, digits)
    line = score(RUIN_ROW + (None,) * 12, Difficulty.PEACEFUL, 0).lines[0]
    x = rects[-1].right + 44
    text.blit(surface, help_text("rules.fig.ruin_line", sum=line.sum), "ui", 30, palette.TEXT,
              "bottomleft", (x, rects[0].centery + 2))
    text.blit(surface, help_text("rules.fig.ruin_cost"), "bold", 28, palette.BAD, "topleft",
              (x, rects[0].centery + 6))


BEST_ROW = (3, 4, 5, 6)


def _best(surface: pygame.Surface, rect: pygame.Rect, digits: bool) -> None:
    """The 544 board (M-7.6) and its sum, straights and fours, scored by the rules."""
    size, gap = 62, 8
    left, top = inset(rect), rect.top + 14
    grid = [pygame.Rect(left + c * (size + gap), top + r * (size + gap), size, size)
            for r in range(4) for c in range(4)]
    strip(surface, grid[0].unionall(grid))
    for i, cell in enumerate(grid):
        tile(surface, BEST_ROW[i % 4], cell, digits)
    card = score(BEST_ROW * 4, Difficulty.PEACEFUL, 0)
    straights = sum(line.bonus for line in card.lines if line.combo is Combo.STRAIGHT)
    fours = sum(line.bonus for line in card.lines if line.combo is Combo.FOUR_OF_A_KIND)
    x = grid[-1].right + 60
    y = top + 6
    for key, points in (("rules.fig.best_sums", card.base),
                        ("rules.fig.best_straights", straights),
                        ("rules.fig.best_fours", fours)):
        text.blit(surface, help_text(key, points=points), "ui", 30, palette.TEXT, "topleft",
                  (x, y))
        y += 50
    pygame.draw.line(surface, palette.PANEL_EDGE, (x, y + 8), (min(x + 480, rect.right), y + 8), 3)
    text.blit(surface, help_text("rules.fig.best_total", points=card.total), "display", 44,
              palette.GOLD, "topleft", (x, y + 18))


FIGURES: dict[str, Figure] = {
    "neighbours": Figure(210, _neighbours, ("rules.fig.three_or_four",)),
    "combos": Figure(len(COMBO_ROWS) * _COMBO_ROW_H + 14, _combos, (
        "rules.fig.straight", "rules.fig.four", "rules.fig.pairs", "rules.fig.bonus")),
    "ruin_line": Figure(112, _ruin_line, ("rules.fig.ruin_line", "rules.fig.ruin_cost")),
    "best": Figure(4 * 62 + 3 * 8 + 30, _best, (
        "rules.fig.best_sums", "rules.fig.best_straights", "rules.fig.best_fours",
        "rules.fig.best_total")),
}

RULES: tuple[tuple[str, str], ...] = (
    (HEADING, "rules.goal.heading"),
    (PARAGRAPH, "rules.goal.text"),
    (HEADING, "rules.board.heading"),
    (PARAGRAPH, "rules.board.text"),
    (HEADING, "rules.turn.heading"),
    (BULLET, "rules.turn.roll"),
    (BULLET, "rules.turn.place"),
    (BULLET, "rules.turn.minimum"),
    (BULLET, "rules.turn.confirm"),
    (HEADING, "rules.turn.undo_heading"),
    (PARAGRAPH, "rules.turn.undo"),
    (HEADING, "rules.place.heading"),
    (BULLET, "rules.place.empty"),
    (BULLET, "rules.place.touch"),
    (BULLET, "rules.place.near"),
    (BULLET, "rules.place.ruin"),
    (BULLET, "rules.place.order"),
    (PARAGRAPH, "rules.place.example"),
    (FIGURE, "neighbours"),
    (HEADING, "rules.levels.heading"),
    (PARAGRAPH, "rules.levels.intro"),
    (BULLET, "rules.levels.peaceful"),
    (BULLET, "rules.levels.survival"),
    (BULLET, "rules.levels.nightmare"),
    (HEADING, "rules.powers.heading"),
    (PARAGRAPH, "rules.powers.intro"),
    (BULLET, "rules.powers.adjust"),
    (BULLET, "rules.powers.reroll"),
    (PARAGRAPH, "rules.powers.placed"),
    (HEADING, "rules.magdagdon.heading"),
    (PARAGRAPH, "rules.magdagdon.what"),
    (PARAGRAPH, "rules.magdagdon.choice"),
    (HEADING, "rules.scoring.heading"),
    (PARAGRAPH, "rules.scoring.end"),
    (BULLET, "rules.scoring.sums"),
    (BULLET, "rules.scoring.combos"),
    (FIGURE, "combos"),
    (PARAGRAPH, "rules.scoring.straight"),
    (PARAGRAPH, "rules.scoring.ruin"),
    (FIGURE, "ruin_line"),
    (PARAGRAPH, "rules.scoring.final"),
    (PARAGRAPH, "rules.scoring.best"),
    (FIGURE, "best"),
    (HEADING, "rules.records.heading"),
    (PARAGRAPH, "rules.records.text"),
)
"""The rules page, top to bottom: (kind, help key), or (FIGURE, a name in ``FIGURES``)."""


def help_keys(blocks: Sequence[tuple[str, str]], figures: dict[str, Figure]) -> list[str]:
    """Every help key a page shows: its text blocks and its figures' labels."""
    keys: list[str] = []
    for kind, key in blocks:
        keys.extend(figures[key].keys if kind == FIGURE else (key,))
    return keys


def build_blocks(entries: Sequence[tuple[str, str]], figures: dict[str, Figure],
                 digits: bool = False, params: dict[str, dict[str, object]] | None = None,
                 centered: frozenset[str] = frozenset()) -> list[textflow.Block]:
    """The text of every entry in the current language, figures bound to their drawings."""
    params = params or {}
    blocks = []
    for kind, key in entries:
        if kind == FIGURE:
            figure = figures[key]
            blocks.append(textflow.Block(FIGURE, height=figure.height,
                                         draw=partial(figure.draw, digits=digits),
                                         name=f"{key}:{'digits' if digits else 'pips'}"))
        else:
            blocks.append(textflow.Block(kind, help_text(key, **params.get(key, {})),
                                         align="center" if key in centered else "left"))
    return blocks


_statics: dict[tuple[object, ...], pygame.Surface] = {}
"""Pre-drawn backdrops of the page screens (background, title, panel, groove)."""


# --- the scene -----------------------------------------------------------------------------
class DocumentScene(Scene):
    """A title, BACK and a long page in a panel, scrolled by drag, wheel, keys or scroll bar.

    Subclasses set ``title_key``, ``entries`` and ``figures`` (and ``params`` for
    placeholders). Esc / Backspace / BACK pop the scene, whatever is below it.
    """

    title_key = "rules.title"
    entries: tuple[tuple[str, str], ...] = RULES
    figures: dict[str, Figure] = FIGURES
    centered: frozenset[str] = frozenset()  # keys of text blocks set centred
    page = textflow.PageStyle()

    WHEEL_STEP = 150  # px per wheel notch or arrow key
    BAR_HIT = 72  # touch width of the scroll bar
    BAR_LANE = 72  # room right of the panel for the scroll bar
    EDGE = 24  # least room between the panel and the screen's edge
    BACK_RECT = pygame.Rect(48, 30, 260, 92)

    def __init__(self, app) -> None:
        super().__init__(app)
        self.ui = None
        self.time = 0.0
        width, height = app.surface.get_size()
        self.panel = pygame.Rect(0, 150, self.page.surface_width, height - 150 - 36)
        if width >= self.panel.width + 2 * (self.EDGE + self.BAR_LANE):
            self.panel.centerx = width // 2
        else:  # portrait: the panel takes the width, the scroll bar keeps its lane
            self.panel.left = self.EDGE
            self.panel.width = width - self.EDGE - self.BAR_LANE
            self.page = replace(self.page, width=self.panel.width - 2 * self.page.margin)
        self.view = pygame.Rect(self.panel.left + 6, self.panel.top + 18,
                                self.panel.width - 12, self.panel.height - 36)
        self.track = pygame.Rect(self.panel.right + 26, self.panel.top + 24, 14,
                                 self.panel.height - 48)
        self.doc: textflow.Document | None = None
        self.scroller = textflow.Scroller(0, self.view.height)
        self._bar_grab: float | None = None  # pointer offset in the thumb while dragging it
        self._static: pygame.Surface | None = None
        self._fades: tuple[pygame.Surface, pygame.Surface] | None = None

    def params(self) -> dict[str, dict[str, object]]:
        """Placeholder values per help key."""
        return {}

    # --- lifecycle ---------------------------------------------------------------------------
    def enter(self) -> None:
        self.ui = self.app.new_ui_manager()
        self.back = buttons.button(self.ui, self.BACK_RECT.copy(), "common.back", self.close,
                                   "#menu_item")
        self._build_page()

    def relabel(self) -> None:
        """The language changed: lay the page out again, keeping the place roughly."""
        self._build_page(self.scroller.fraction)

    def _build_page(self, fraction: float = 0.0) -> None:
        settings = getattr(getattr(self.app, "ctx", None), "settings", None)
        digits = bool(getattr(settings, "digits", False))
        smooth = not getattr(settings, "reduced_motion", False)
        blocks = build_blocks(self.entries, self.figures, digits, self.params(), self.centered)
        self.doc = textflow.document(blocks, self.page)
        self.scroller = textflow.Scroller(self.doc.height, self.view.height, smooth=smooth)
        self.scroller.scroll_to(fraction * self.scroller.max_offset, glide=False)
        self._static = self._render_static()
        self._fades = self._render_fades()

    def exit(self) -> None:
        if self.ui is not None:
            self.ui.clear_and_reset()

    def close(self) -> None:
        self.app.stack.pop()

    # --- input -------------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> None:
        self.ui.process_events(event)
        if event.type == pygame.KEYDOWN:  # page keys have no action name: read them raw
            page = self.view.height - 2 * self.page.body.line_height()
            if event.key == pygame.K_PAGEDOWN:
                self.scroller.scroll_by(page)
            elif event.key == pygame.K_PAGEUP:
                self.scroller.scroll_by(-page)
            elif event.key == pygame.K_HOME:
                self.scroller.scroll_to(0)
            elif event.key == pygame.K_END:
                self.scroller.scroll_to(self.scroller.max_offset)

    def handle(self, action: inp.Action) -> None:
        kind = action.kind
        if kind == inp.KEY:
            if action.key in ("pause", "back"):
                self.close()
            elif action.key in ("up", "down"):
                self.scroller.scroll_by(self.WHEEL_STEP * (-1 if action.key == "up" else 1))
        elif kind == inp.SCROLL:
            self.scroller.scroll_by(self.WHEEL_STEP * (-1 if action.key == "up" else 1))
        elif kind == inp.PRESS and action.pos is not None:
            self._press(action.pos)
        elif kind == inp.MOVE and action.pos is not None:
            if self._bar_grab is not None:
                self._drag_bar(action.pos[1])
            else:
                self.scroller.move(action.pos[1], self.time)
        elif kind in (inp.RELEASE, inp.FOCUS_LOST):
            self._bar_grab = None
            self.scroller.release(self.time)

    def _press(self, pos: tuple[int, int]) -> None:
        if self.back.rect.collidepoint(pos):
            return
        if self.scroller.max_offset and self._bar_hit().collidepoint(pos):
            thumb = self.thumb_rect()
            on_thumb = thumb.top <= pos[1] < thumb.bottom
            self._bar_grab = pos[1] - thumb.top if on_thumb else thumb.height / 2
            self.scroller.velocity = 0.0
            self._drag_bar(pos[1])
            return
        self.scroller.press(pos[1], self.time)

    def _bar_hit(self) -> pygame.Rect:
        return pygame.Rect(self.track.centerx - self.BAR_HIT // 2, self.panel.top,
                           self.BAR_HIT, self.panel.height)

    def _drag_bar(self, y: int) -> None:
        thumb = self.thumb_rect()
        room = self.track.height - thumb.height
        if room <= 0 or self._bar_grab is None:
            return
        fraction = (y - self._bar_grab - self.track.top) / room
        self.scroller.scroll_to(fraction * self.scroller.max_offset, glide=False)

    # --- frame -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self.scroller.update(dt)
        self.ui.update(dt)

    def thumb_rect(self) -> pygame.Rect:
        scroller = self.scroller
        total = max(scroller.content, 1)
        height = max(80, round(self.track.height * min(1.0, scroller.view / total)))
        top = self.track.top + round((self.track.height - height) * scroller.fraction)
        return pygame.Rect(self.track.left, top, self.track.width, height)

    def draw(self, surface: pygame.Surface) -> None:
        assert self.doc is not None and self._static is not None and self._fades is not None
        surface.blit(self._static, (0, 0))
        offset = round(self.scroller.offset)
        area = pygame.Rect(self.view.left - self.panel.left, offset, self.view.width,
                           min(self.view.height, self.doc.height - offset))
        surface.blit(self.doc.surface, self.view.topleft, area)
        top_fade, bottom_fade = self._fades
        if offset > 0:
            surface.blit(top_fade, self.view.topleft)
        if offset < self.scroller.max_offset:
            surface.blit(bottom_fade, (self.view.left, self.view.bottom - bottom_fade.get_height()))
        if self.scroller.max_offset:
            thumb = self.thumb_rect()
            active = self._bar_grab is not None or self.scroller.moving
            pygame.draw.rect(surface, palette.GOLD if active else palette.TEXT_DIM, thumb,
                             border_radius=7)
        self.ui.draw_ui(surface)

    # --- pre-rendered parts ------------------------------------------------------------------
    def _render_static(self) -> pygame.Surface:
        """Background, title, panel and scroll track: one opaque blit per frame (cached)."""
        size = self.app.surface.get_size()
        title = help_text(self.title_key)
        key = (title, current_locale(), size, self.panel.topleft, self.panel.size,
               bool(self.scroller.max_offset))
        static = _statics.get(key)
        if static is None:
            if len(_statics) >= 4:
                _statics.pop(next(iter(_statics)))
            static = self._draw_static(size, title)
            _statics[key] = static
        return static

    def _draw_static(self, size: tuple[int, int], title: str) -> pygame.Surface:
        static = background(size).copy()
        shadow = self.panel.move(0, 12)
        pygame.draw.rect(static, (8, 6, 24), shadow, border_radius=30)
        pygame.draw.rect(static, self.page.background or palette.PANEL, self.panel,
                         border_radius=30)
        pygame.draw.rect(static, palette.PANEL_EDGE, self.panel, 4, border_radius=30)
        room = 2 * (self.panel.centerx - self.BACK_RECT.right - 24)
        size_px = text.fit_size(title, "display", 72, room)
        text.blit(static, title, "display", size_px, palette.GOLD, "center",
                  (self.panel.centerx, 78), shadow=True)
        if self.scroller.max_offset:
            pygame.draw.rect(static, TRACK, self.track, border_radius=7)
        return static

    def _render_fades(self) -> tuple[pygame.Surface, pygame.Surface]:
        """Soft edges where the page continues above or below the panel."""
        colour = self.page.background or palette.PANEL
        height = 44
        top = pygame.Surface((self.view.width, height), pygame.SRCALPHA)
        for y in range(height):
            alpha = round(255 * (1 - y / height) ** 1.6)
            pygame.draw.line(top, (*colour, alpha), (0, y), (self.view.width, y))
        return top, pygame.transform.flip(top, False, True)


class RulesScene(DocumentScene):
    """How to play MAGDAGDON."""

    title_key = "rules.title"
    entries = RULES
    figures = FIGURES
