"""A long page of text and drawn figures in a panel, scrolled by drag, wheel, keys or bar.

A page is data: a list of (kind, key) blocks whose keys live in a help catalogue
(``assets/i18n/<namespace>.<locale>.json``), and named figures (``Figure``) whose labels are keys
too. Each game's rules page and the About page are such lists; another language only
translates the JSON. The page is laid out once per language into one tall surface
(``widgets.textflow``); a frame blits the visible slice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING, Protocol

import pygame

from game.arcade.scene import ArcadeScene
from game.arcade.texts import HELP
from game.arcade.widgets import buttons, palette, text, textflow
from game.arcade.widgets.background import background
from game.arcade.widgets.scroller import Scroller
from game.arcade.widgets.textflow import FIGURE
from game.engine import input as inp
from game.engine import textlog
from game.engine.i18n import Catalogue
from game.engine.i18n import current as current_locale

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

TRACK = (52, 48, 108)  # the scroll bar's groove: visible on the backdrop, quieter than the thumb

class Draw(Protocol):
    """A figure: paints into the rect it is given; ``digits`` asks for digits instead of pips."""

    def __call__(self, surface: pygame.Surface, rect: pygame.Rect, digits: bool) -> None: ...

Entry = tuple[str, str] | tuple[str, str, Catalogue]
"""A block: (kind, key) in the page's catalogue, or (kind, key, catalogue) from another one."""


@dataclass(frozen=True)
class Figure:
    height: int
    draw: Draw
    keys: tuple[str, ...]  # the help keys of its labels (checked by the tests)


def build_blocks(entries: Sequence[Entry], figures: dict[str, Figure], texts: Catalogue,
                 digits: bool = False, params: dict[str, dict[str, object]] | None = None,
                 centered: frozenset[str] = frozenset()) -> list[textflow.Block]:
    """The text of every entry in the current language, figures bound to their drawings."""
    params = params or {}
    blocks = []
    for kind, key, *rest in entries:
        catalogue = rest[0] if rest else texts
        if kind == FIGURE:
            figure = figures[key]
            blocks.append(textflow.Block(FIGURE, height=figure.height,
                                         draw=partial(figure.draw, digits=digits),
                                         name=f"{key}:{'digits' if digits else 'pips'}"))
        else:
            blocks.append(textflow.Block(kind, catalogue.t(key, **params.get(key, {})),
                                         align="center" if key in centered else "left"))
    return blocks


_statics: dict[tuple[object, ...], pygame.Surface] = {}
"""Pre-drawn backdrops of the page screens (background, title, panel, groove)."""


# --- the scene -----------------------------------------------------------------------------
class DocumentScene(ArcadeScene):
    """A title, BACK and a long page in a panel, scrolled by drag, wheel, keys or scroll bar.

    Subclasses set ``texts`` (their help catalogue), ``title_key``, ``entries`` and
    ``figures`` (and ``params`` for placeholders, ``digits`` for figures that draw dice).
    Esc / Backspace / BACK pop the scene, whatever is below it.
    """

    texts: Catalogue = HELP
    title_key = "about.title"
    entries: tuple[Entry, ...] = ()
    figures: dict[str, Figure] = {}
    centered: frozenset[str] = frozenset()  # keys of text blocks set centred
    page = textflow.PageStyle()

    WHEEL_STEP = 150  # px per wheel notch or arrow key
    BAR_HIT = 72  # touch width of the scroll bar
    BAR_LANE = 72  # room right of the panel for the scroll bar
    EDGE = 24  # least room between the panel and the screen's edge
    BACK_RECT = pygame.Rect(48, 30, 260, 92)

    def __init__(self, app: ArcadeApp) -> None:
        super().__init__(app)
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
        self.scroller = Scroller(0, self.view.height)
        self._bar_grab: float | None = None  # pointer offset in the thumb while dragging it
        self._static: pygame.Surface | None = None
        self._fades: tuple[pygame.Surface, pygame.Surface] | None = None

    @property
    def still(self) -> bool:  # type: ignore[override]  # the engine's attribute, asked here
        """Nothing on the page moves unless it is scrolling (untouched, it is redrawn rarely)."""
        return not self.scroller.moving

    def params(self) -> dict[str, dict[str, object]]:
        """Placeholder values per help key."""
        return {}

    @property
    def digits(self) -> bool:
        """Figures draw dice with digits instead of pips (a game's setting)."""
        return False

    # --- lifecycle ---------------------------------------------------------------------------
    def enter(self) -> None:
        self.back = buttons.button(self.gui, self.BACK_RECT.copy(), "common.back", self.close,
                                   "#menu_item")
        self._build_page()

    def relabel(self) -> None:
        """The language changed: lay the page out again, keeping the place roughly."""
        self._build_page(self.scroller.fraction)

    def _build_page(self, fraction: float = 0.0) -> None:
        smooth = not self.ctx.settings.reduced_motion
        blocks = build_blocks(self.entries, self.figures, self.texts, self.digits, self.params(),
                              self.centered)
        self.doc = textflow.document(blocks, self.page)
        self.scroller = Scroller(self.doc.height, self.view.height, smooth=smooth)
        self.scroller.scroll_to(fraction * self.scroller.max_offset, glide=False)
        self._static = self._render_static()
        self._fades = self._render_fades()

    def close(self) -> None:
        self.app.stack.pop()

    # --- input -------------------------------------------------------------------------------
    def handle(self, action: inp.Action) -> None:
        kind = action.kind
        if kind == inp.KEY:
            if action.key in ("pause", "back"):
                self.close()
            else:
                self.scroller.key(action.key, self.WHEEL_STEP,
                                  self.view.height - 2 * self.page.body.line_height())
        elif kind == inp.SCROLL:
            self.scroller.key(action.key, self.WHEEL_STEP, 0)
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
        self.gui.update(dt)

    def thumb_rect(self) -> pygame.Rect:
        scroller = self.scroller
        total = max(scroller.content, 1)
        height = max(80, round(self.track.height * min(1.0, scroller.view / total)))
        top = self.track.top + round((self.track.height - height) * scroller.fraction)
        return pygame.Rect(self.track.left, top, self.track.width, height)

    def draw(self, surface: pygame.Surface) -> None:
        assert self.doc is not None and self._static is not None and self._fades is not None
        surface.blit(self._static, (0, 0))
        textlog.placed(surface, self._static, (0, 0))
        offset = round(self.scroller.offset)
        area = pygame.Rect(self.view.left - self.panel.left, offset, self.view.width,
                           min(self.view.height, self.doc.height - offset))
        surface.blit(self.doc.surface, self.view.topleft, area)
        textlog.placed(surface, self.doc.surface, self.view.topleft, area)
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
        self.gui.draw_ui(surface)

    # --- pre-rendered parts ------------------------------------------------------------------
    def _render_static(self) -> pygame.Surface:
        """Background, title, panel and scroll track: one opaque blit per frame (cached)."""
        size = self.app.surface.get_size()
        title = self.texts.t(self.title_key)
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

