"""The game-over overlay every game shares: a panel over the finished board with PLAY AGAIN,
REVIEW, STATISTICS (this game's tab) and MENU; VIEW BOARD puts the panel aside to look at the
final board (SHOW RESULT, Enter or Esc brings it back). A game's own screen places the buttons
and draws what its panel says."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.arcade.scene import ArcadeScene
from game.arcade.widgets import buttons
from game.engine import input as inp

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp
    from game.engine.i18n import Catalogue

GAP = 16
"""The space between two buttons of a row."""


def button_row(panel: pygame.Rect, top: int, count: int, height: int,
               first: int = 0) -> list[pygame.Rect]:
    """``count`` buttons side by side across ``panel``, 40 px in from each side: the first
    ``first`` wide and the others sharing the rest, or (``first`` 0) all alike."""
    room = panel.width - 80 - (count - 1) * GAP
    width = (room - first) // (count - 1) if first else room // count
    rects: list[pygame.Rect] = []
    left = panel.left + 40
    for index in range(count):
        rect = pygame.Rect(left, top, first if first and index == 0 else width, height)
        rects.append(rect)
        left = rect.right + GAP
    return rects


class Places(NamedTuple):
    """Where a game puts the panel's buttons, and SHOW RESULT over the board."""

    again: pygame.Rect
    review: pygame.Rect
    stats: pygame.Rect
    menu: pygame.Rect
    view: pygame.Rect
    result: pygame.Rect
    review_style: str = "#choice"


class GameOverScreen(ArcadeScene):
    """An overlay over the finished board (the play screen below stays visible).

    PLAY AGAIN and MENU call back the screen that opened it, which knows how to start over.
    """

    transparent = True
    game_id: str = ""
    texts: Catalogue
    """The game's catalogue, which holds the ``over.*`` labels."""
    review_key: str | None = None
    """A key that opens REVIEW (none: only its button)."""

    def __init__(self, app: ArcadeApp, panel_size: tuple[int, int],
                 on_play_again: Callable[[], None] | None = None,
                 on_menu: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.on_play_again = on_play_again
        self.on_menu = on_menu
        self.viewing = False
        """VIEW BOARD: the panel is put aside and the final board shows."""
        self.panel = pygame.Rect((0, 0), panel_size)
        self.panel.center = app.surface.get_rect().center
        self._making = self._make_buttons()  # run by ``prepare`` ahead, or by ``enter``

    @property
    def counted(self) -> bool:
        """The panel shows all it has to say (a count-up has finished)."""
        return True

    def places(self) -> Places:
        """Where the game puts the buttons."""
        raise NotImplementedError

    def enter(self) -> None:
        for _ in self._making:  # those not made ahead
            pass
        self._title_ahead()

    def prepare(self) -> Iterator[None]:
        """The buttons a step each, MENU and PLAY AGAIN pressed, the panel's texts, then
        MENU's title; the other buttons pressed later."""
        yield from self._making
        yield from buttons.states_ahead([self.b_menu, self.b_again])
        self.draw_panel(pygame.Surface(self.app.surface.get_size()))  # renders its texts
        self.app.build_ahead(buttons.states_ahead(self.gui.get_sprite_group().sprites()),
                             later=True)
        yield  # (the title's module may be imported first: a step of its own)
        self._title_ahead()

    def resume(self) -> None:
        self._title_ahead()  # (a screen opened over this one dropped it)

    def _title_ahead(self) -> None:
        if self.app.nav.known("title"):
            self.app.nav.prepare("title", game_id=self.game_id)

    def _make_buttons(self) -> Iterator[None]:
        """The panel's buttons where the game places them; SHOW RESULT at ``result``, over
        the board, while the panel is aside."""
        places, ui, texts = self.places(), self.gui, self.texts
        self.b_again = buttons.button(ui, places.again, "over.play_again", self.play_again,
                                      "#roll", texts=texts)
        yield
        self.b_review = buttons.button(ui, places.review, "over.review", self.review,
                                       places.review_style, texts=texts)
        yield
        self.b_stats = buttons.button(ui, places.stats, "title.stats", self.stats, "#choice")
        yield
        self.b_menu = buttons.button(ui, places.menu, "over.menu", self.menu, "#button",
                                     texts=texts)
        yield
        self.b_view = buttons.button(ui, places.view, "over.view_board", self.view_board,
                                     "#choice", texts=texts)
        yield
        self.b_result = buttons.button(ui, places.result, "over.show_result", self.view_board,
                                       "#confirm", texts=texts)
        self._show_panel()

    def _show_panel(self) -> None:
        for button in (self.b_again, self.b_review, self.b_stats, self.b_menu, self.b_view):
            buttons.set_shown(button, not self.viewing)
        buttons.set_shown(self.b_result, self.viewing)

    def view_board(self) -> None:
        """VIEW BOARD / SHOW RESULT: put the panel aside, or bring it back."""
        self.viewing = not self.viewing
        self._show_panel()

    def review(self) -> None:
        """REVIEW: the game's own look back at this game, over this overlay."""
        raise NotImplementedError

    def stats(self) -> None:
        """STATISTICS, on this game's tab; BACK returns here."""
        self.app.nav.push("stats", game_id=self.game_id)

    def play_again(self) -> None:
        self.app.stack.pop()
        if self.on_play_again is not None:
            self.on_play_again()

    def menu(self) -> None:
        if self.on_menu is not None:
            self.on_menu()
        else:
            self.app.nav.clear_to("title", game_id=self.game_id)

    def handle(self, action: inp.Action) -> None:
        if action.kind != inp.KEY:
            return
        if self.viewing:
            if action.key in ("accept", "pause", "back"):
                self.view_board()
        elif action.key == "accept":
            self.play_again()
        elif action.key == "pause":
            self.menu()
        elif self.review_key is not None and action.key == self.review_key:
            self.review()

    def update(self, dt: float) -> None:
        self.gui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.viewing:
            self.draw_panel(surface)
        self.gui.draw_ui(surface)

    def draw_panel(self, surface: pygame.Surface) -> None:
        """What the game's panel says (the buttons draw themselves)."""
        raise NotImplementedError
