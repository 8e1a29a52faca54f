"""The scores and statistics screens: one tab per game; each game draws its own part (its
spec's ``scores_view``: MAGDAGDON's top-10 tables per difficulty, QUERNI's results per
opponent; and ``stats_view``: the figures and charts built from every stored record)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.arcade.protocols import RecordsView, TapsRows
from game.arcade.scene import ArcadeScene
from game.arcade.spec import GameSpec, load
from game.arcade.texts import t
from game.arcade.widgets import buttons, palette, text
from game.arcade.widgets.background import background
from game.engine import input as inp

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

GAME_TABS_Y = 190
VIEW_TOP = 250
TAP_SLOP = 14
"""How far (logical px) a press may travel and still be a tap on a row."""


class ScoresScene(ArcadeScene):
    title_key = "scores.title"
    view_field = "scores_view"  # the spec field naming the game's view of this screen

    def __init__(self, app: ArcadeApp, game_id: str | None = None,
                 variant: str | None = None) -> None:
        super().__init__(app)
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

    def _open_view(self) -> None:
        width, height = self.app.surface.get_size()
        area = pygame.Rect(0, VIEW_TOP, width, height - VIEW_TOP)
        self.view = load(getattr(self.game, self.view_field))(self.app, area, self._variant)
        self._variant = None
        self._build()

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
        assert self.view is not None  # (made on entering)
        self.view.build(self.gui, self._build)

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
        text.blit(surface, t(self.title_key), "display", 72, palette.GOLD, "center",
                  (width // 2, 88), shadow=True)
        assert self.view is not None
        self.view.draw(surface, self.time)
        if self.ui is not None:
            self.gui.draw_ui(surface)


class StatsScene(ScoresScene):
    """STATISTICS: the same game tabs, each game's figures and charts."""

    title_key = "stats.title"
    view_field = "stats_view"
    still = True  # figures and charts, none animated: untouched, it is redrawn only rarely
