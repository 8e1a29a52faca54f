"""The scores and statistics screens: one tab per game; each game draws its own part (its
spec's ``scores_view``: MAGDAGDON's top-10 tables per difficulty, QUERNI's results per
opponent; and ``stats_view``: the figures and charts built from every stored record).

With a venue link (``game.arcade.fleet``) HIGH SCORES has two more tabs, THIS MACHINE and
VENUE: the game's view then draws the venue's board (:class:`~game.arcade.venue.VenueBoard`),
and a line says how fresh it is, or that the venue is offline."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.arcade.protocols import RecordsView, TapsRows
from game.arcade.scene import ArcadeScene
from game.arcade.spec import GameSpec, load
from game.arcade.texts import t
from game.arcade.venue import OwnRecords, RecordSource, VenueBoard, VenueState
from game.arcade.widgets import buttons, palette, standings, text
from game.arcade.widgets.background import background
from game.engine import input as inp

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

GAME_TABS_Y = 190
VIEW_TOP = 250
TAP_SLOP = 14
"""How far (logical px) a press may travel and still be a tap on a row."""
VENUE_ROW = 150
"""Portrait: the height of the row of THIS MACHINE / VENUE and the board's state."""


class ScoresScene(ArcadeScene):
    title_key = "scores.title"
    view_field = "scores_view"  # the spec field naming the game's view of this screen
    venue_tabs = True  # with a venue link: THIS MACHINE and VENUE

    def __init__(self, app: ArcadeApp, game_id: str | None = None,
                 variant: str | None = None, venue: bool | None = None) -> None:
        super().__init__(app)
        fleet = self.ctx.fleet if self.venue_tabs else None
        self.board = None if fleet is None else VenueBoard(
            fleet, self.ctx.storage, {spec.id: spec.data for spec in app.games})
        # a kiosk of a venue opens on the venue's board (``venue=False``: this machine's)
        self.at_venue = self.board is not None and venue is not False
        self.time = 0.0
        self.games = tuple(s for s in app.games if getattr(s, self.view_field) is not None)
        games = self.games
        wanted = game_id or self.ctx.settings.last_game
        self.game: GameSpec = next((s for s in games if s.id == wanted), games[0])
        self._variant = variant
        self.view: RecordsView | None = None
        self._pressed: tuple[int, int] | None = None  # where a press began, for a row's tap

    def enter(self) -> None:
        self._open_view()

    def relabel(self) -> None:
        self._build()

    @property
    def source(self) -> RecordSource:
        """Where the view's rows come from: the venue's board, or this machine's records."""
        if self.at_venue and self.board is not None:
            return self.board
        return OwnRecords(self.ctx.storage)

    @property
    def view_top(self) -> int:
        return VIEW_TOP + (VENUE_ROW if self.board is not None and self.tall else 0)

    def _open_view(self) -> None:
        width, height = self.app.surface.get_size()
        area = pygame.Rect(0, self.view_top, width, height - self.view_top)
        factory = load(getattr(self.game, self.view_field))
        if self.venue_tabs:
            self.view = factory(self.app, area, self._variant, self.source)
        else:
            self.view = factory(self.app, area, self._variant)
        self._variant = None
        self._build()

    def show_venue(self, venue: bool) -> None:
        """THIS MACHINE or VENUE: the same game and variant from the other source."""
        self.at_venue = venue and self.board is not None
        self._variant = getattr(self.view, "variant", None)
        self._open_view()

    def _build(self) -> None:
        self.gui.clear_and_reset()
        self.b_back = buttons.button(self.gui, pygame.Rect(40, 40, 240, 96), "common.back",
                                     self.close, "#choice")
        width = self.app.surface.get_width()
        games = self.games
        self.game_tabs = []
        if len(games) > 1:
            tab_w = min(420, (width - 360) // len(games))
            left = width // 2 - (len(games) * tab_w + (len(games) - 1) * 20) // 2
            for i, spec in enumerate(games):
                rect = pygame.Rect(left + i * (tab_w + 20), GAME_TABS_Y - 42, tab_w, 84)
                on = spec.id == self.game.id
                self.game_tabs.append(buttons.button(
                    self.gui, rect, "settings.game_name", partial(self.show_game, spec),
                    "#choice_on" if on else "#choice", name=spec.logo))
        if self.board is not None:
            self._build_venue_tabs(width)
        assert self.view is not None  # (made on entering)
        self.view.build(self.gui, self._build)

    def _venue_tab_rects(self, width: int) -> tuple[pygame.Rect, pygame.Rect]:
        """Landscape: top right; portrait: a row of their own above the view."""
        tab_w = 300 if self.tall else 270
        if self.tall:
            left, top = width // 2 - tab_w - 10 - (tab_w + 20) // 2, VIEW_TOP
        else:
            left, top = width - 40 - 2 * tab_w - 20, 40
        return (pygame.Rect(left, top, tab_w, 84),
                pygame.Rect(left + tab_w + 20, top, tab_w, 84))

    def _period_rect(self, width: int) -> pygame.Rect:
        """The venue board's period: portrait, third in the tabs' row; landscape, under
        BACK (left of the game tabs)."""
        if self.tall:
            there = self._venue_tab_rects(width)[1]
            return pygame.Rect(there.right + 20, there.top, there.width, there.height)
        return pygame.Rect(40, GAME_TABS_Y - 42, 300, 84)

    def _build_venue_tabs(self, width: int) -> None:
        here, there = self._venue_tab_rects(width)
        self.b_here = buttons.button(self.gui, here, "scores.here", partial(self.show_venue, False),
                                     "#choice" if self.at_venue else "#choice_on")
        self.b_venue = buttons.button(self.gui, there, "scores.venue",
                                      partial(self.show_venue, True),
                                      "#choice_on" if self.at_venue else "#choice")
        self.b_period = None
        if self.at_venue and self.board is not None:
            self.b_period = buttons.button(self.gui, self._period_rect(width),
                                           f"scores.period_{self.board.period}",
                                           self.next_period, "#choice")

    def next_period(self) -> None:
        """The venue board of ALL TIME, then THIS WEEK, then TODAY, then ALL TIME again."""
        if self.board is None:
            return
        order = ("all", "week", "today")
        self.board.period = order[(order.index(self.board.period) + 1) % len(order)]
        self._variant = getattr(self.view, "variant", None)
        self._open_view()

    def show_game(self, spec: GameSpec) -> None:
        self.game = spec
        self._open_view()

    def close(self) -> None:
        self.app.nav.pop()

    def handle(self, action: inp.Action) -> None:
        if action.kind in (inp.PRESS, inp.RELEASE):
            self._tap(action)
        if action.kind != inp.KEY:
            return
        if action.key in ("pause", "back"):
            self.close()
        elif action.key in ("left", "right"):
            assert self.view is not None
            self.view.step(1 if action.key == "right" else -1)
            self._build()
        elif action.key in ("up", "down") and len(self.games) > 1:
            ids = [s.id for s in self.games]
            step = 1 if action.key == "down" else -1
            self.show_game(self.games[(ids.index(self.game.id) + step) % len(ids)])

    def _tap(self, action: inp.Action) -> None:
        """A press and its release close together: a tap, for a view whose rows take one."""
        if action.kind == inp.PRESS:
            self._pressed = action.pos
            return
        start, self._pressed = self._pressed, None
        end = action.pos
        if start is None or end is None or not isinstance(self.view, TapsRows):
            return
        if abs(end[0] - start[0]) <= TAP_SLOP and abs(end[1] - start[1]) <= TAP_SLOP:
            self.view.tap(start)

    def update(self, dt: float) -> None:
        self.time += dt
        if self.ui is not None:
            self.gui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(background(surface.get_size()), (0, 0))
        width = surface.get_width()
        # between BACK (and the buttons at the right) in the top row
        text.blit_in(surface, t(self.title_key), "display", 72, palette.GOLD,
                     pygame.Rect(300, 36, width - 600, 104), shadow=True)
        assert self.view is not None
        self.view.draw(surface, self.time)
        if self.ui is not None:
            self.gui.draw_ui(surface)
        if self.at_venue and self.board is not None:
            self._draw_venue_state(surface, self.board.state())

    def _draw_venue_state(self, surface: pygame.Surface, state: VenueState) -> None:
        """Whether the board is fresh, stale or offline (and when it was read)."""
        line, colour = standings.venue_line(state), standings.state_colour(state)
        width = surface.get_width()
        here, there = self._venue_tab_rects(width)
        if self.tall:
            room, anchor, pos = width - 80, "center", (width // 2, here.bottom + 36)
        else:
            # beside the game tabs, right of the centre's 2 x 420 px
            room, anchor, pos = there.right - (width // 2 + 450), "topright", (
                there.right, GAME_TABS_Y - 40)
        lines = text.wrap(line, "ui", 24, room)[:3]
        for i, part in enumerate(lines):
            text.blit(surface, part, "ui", 24, colour, anchor, (pos[0], pos[1] + i * 28))


class StatsScene(ScoresScene):
    """STATISTICS: the same game tabs, each game's figures and charts."""

    title_key = "stats.title"
    view_field = "stats_view"
    venue_tabs = False  # statistics are this machine's
    still = True  # figures and charts, none animated: untouched, it is redrawn only rarely
