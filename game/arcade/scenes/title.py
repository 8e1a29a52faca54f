"""The title screen: one large tile per game (its logo, a live miniature, CONTINUE when it has a
saved game, NEW GAME, RULES), and the arcade's own menu below (scores, settings, about, quit).

NEW GAME opens the game's variant chooser (e.g. MAGDAGDON's difficulties, each with its
one-line description) or the game's own setup screen when its spec names one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.arcade.scene import ArcadeScene
from game.arcade.spec import GameSpec, TileAction, by_id
from game.arcade.widgets import buttons, palette, text
from game.arcade.widgets.background import background
from game.engine import i18n, textlog
from game.engine import input as inp
from game.engine.damage import Tracker
from game.engine.gui import picture

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

MARGIN, GAP = 70, 40
MENU_H = 96
BOB = 8
"""How far (px) each letter of a logo bobs up and down."""


@dataclass
class Tile:
    """One game's tile: where it is and its buttons."""

    spec: GameSpec
    rect: pygame.Rect
    art: pygame.Rect
    new_game: pygame_gui.elements.UIButton
    rules: pygame_gui.elements.UIButton
    cont: pygame_gui.elements.UIButton | None = None  # CONTINUE, when a game is saved
    actions: list[pygame_gui.elements.UIButton] = field(default_factory=list)


class TitleScene(ArcadeScene):
    kiosk_role = "title"  # what a kiosk's idle clock looks for

    def __init__(self, app: ArcadeApp, game_id: str | None = None) -> None:
        super().__init__(app)
        self.time = 0.0
        self.focus = game_id or self.ctx.settings.last_game
        if not any(spec.id == self.focus for spec in app.offered_games):
            self.focus = app.offered_games[0].id if app.offered_games else ""
        self.choosing: GameSpec | None = None  # the game whose variant chooser is open
        self.tiles: list[Tile] = []
        self.menu: list[pygame_gui.elements.UIButton] = []
        self.variant_buttons: list[pygame_gui.elements.UIButton] = []
        self._static: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._damage = Tracker()
        self._saved_from_files = False  # CONTINUE was shown before the records could say

    @property
    def screen_name(self) -> str:
        """What the display probe prints (``MAGDAGDON_DISPLAY_PROBE``): a game's variant chooser
        counts as a screen of its own."""
        return f"TitleScene:{self.choosing.id}" if self.choosing is not None else "TitleScene"

    # --- layout ---------------------------------------------------------------------------
    def _tile_rects(self) -> list[pygame.Rect]:
        width, height = self.app.surface.get_size()
        count = max(1, len(self.app.offered_games))
        bottom = height - MARGIN - 2 * MENU_H - GAP if self.tall else height - 60 - MENU_H - GAP
        if self.tall:
            tile_h = (bottom - MARGIN - (count - 1) * GAP) // count
            return [pygame.Rect(MARGIN, MARGIN + i * (tile_h + GAP), width - 2 * MARGIN, tile_h)
                    for i in range(count)]
        tile_w = min(860, (width - 2 * MARGIN - (count - 1) * GAP) // count)
        left = (width - count * tile_w - (count - 1) * GAP) // 2
        return [pygame.Rect(left + i * (tile_w + GAP), 50, tile_w, bottom - 50)
                for i in range(count)]

    def menu_items(self) -> list[tuple[str, Callable[[], None]]]:
        items: list[tuple[str, Callable[[], None]]] = [
            ("title.scores", lambda: self.open("scores", game_id=self.focus)),
            ("title.stats", lambda: self.open("stats", game_id=self.focus)),
            ("title.settings", lambda: self.open("settings", game_id=self.focus)),
            ("title.about", lambda: self.open("about")),
        ]
        if getattr(self.app, "kiosk", None) is None:
            items.append(("title.quit", self.app.quit))  # a kiosk has no way out but the PIN
        return items

    def open(self, name: str, **kwargs: object) -> None:
        self.app.nav.push(name, **kwargs)

    # --- lifecycle ------------------------------------------------------------------------
    def enter(self) -> None:
        self.ctx.audio.play_music("music_menu")
        self.choosing = None  # (``prepare`` may have stopped within the chooser)
        self._build()
        self._setup_ahead()

    def _setup_ahead(self) -> None:
        """The screen NEW GAME opens, when the game in front has one: built meanwhile."""
        spec = self._focused()
        if spec is not None and spec.setup_scene is not None:
            self.app.nav.prepare(spec.scene_name(spec.setup_scene))

    def resume(self) -> None:
        self._build()

    def prepare(self) -> Iterator[None]:
        """Built ahead (MENU at game over builds it): the variant chooser NEW GAME opens,
        its buttons pressed too, then the title itself (NEW GAME pressed; the other buttons
        later), its backdrop layer, logos and each miniature's first picture, then the
        screen NEW GAME opens; ``enter`` builds the buttons anew from what these left
        ready."""
        size = self.app.surface.get_size()
        scratch = pygame.Surface(size)  # what is drawn here only renders what it needs
        spec = self._focused()
        if spec is not None and spec.setup_scene is None:
            self.choosing = spec
            yield from self._building()
            yield from buttons.states_ahead(self.variant_buttons)
            self._draw_variants_static(scratch, spec)
            self._draw_logo(scratch, *self._logos()[0])
            yield
            self.choosing = None
        yield from self._building()
        yield from buttons.states_ahead(tile.new_game for tile in self.tiles if tile.spec is spec)
        self.app.build_ahead(buttons.states_ahead(self.gui.get_sprite_group().sprites()),
                             later=True)
        self.static_layer(size)
        yield
        for logo in self._logos():
            self._draw_logo(scratch, *logo)
        for tile in self.tiles:
            yield
            tile.spec.draw_tile()(scratch, tile.art, self.time)
        self._setup_ahead()

    def _focused(self) -> GameSpec | None:
        return next((spec for spec in self.app.offered_games if spec.id == self.focus), None)

    def _build(self) -> None:
        for _ in self._building():
            pass

    def _building(self) -> Iterator[None]:
        """The tiles' and the menu's buttons, or the variant chooser's, a step each."""
        self.gui.clear_and_reset()
        self._saved_from_files = not self.ctx.records_open
        self.tiles = []
        self.variant_buttons = []
        if self.choosing is not None:
            yield from self._build_variants(self.choosing)
        else:
            for spec, rect in zip(self.app.offered_games, self._tile_rects()):
                self.tiles.append((yield from self._build_tile(spec, rect)))
        yield from self._build_menu()

    def tile_actions(self, spec: GameSpec) -> list[TileAction]:
        """The game's extra tile buttons this arcade offers (a kiosk only the public ones)."""
        kiosk = getattr(self.app, "kiosk", None) is not None
        return [action for action in spec.tile_actions if action.kiosk or not kiosk]

    def _build_tile(self, spec: GameSpec, rect: pygame.Rect) -> Generator[None, None, Tile]:
        button_h, action_h = 100, 84
        row = pygame.Rect(rect.left + 30, rect.bottom - button_h - 28, rect.width - 60, button_h)
        actions = self.tile_actions(spec)
        above = row.top - (action_h + 18 if actions else 0)
        art = pygame.Rect(rect.left + 20, rect.top + 190, rect.width - 40,
                          above - rect.top - 190 - 20)
        action_buttons = []
        if actions:  # a row of their own above the main row, sharing its width
            each = (row.width - (len(actions) - 1) * 20) // len(actions)
            for i, action in enumerate(actions):
                where = pygame.Rect(row.left + i * (each + 20), above, each, action_h)
                action_buttons.append(buttons.button(
                    self.gui, where, action.label_key,
                    partial(self.open, spec.scene_name(action.scene)), "#choice",
                    texts=spec.texts))
                yield
        saved = self.ctx.has_saved_game(spec.id, quick=True)
        rules_w = 220
        main = row.width - rules_w - 20
        cont = None
        if saved:
            half = (main - 20) // 2
            cont = buttons.button(self.gui, pygame.Rect(row.left, row.top, half, button_h),
                                       "title.continue", lambda: self.continue_game(spec),
                                       "#roll")
            yield
            new_rect = pygame.Rect(row.left + half + 20, row.top, half, button_h)
        else:
            new_rect = pygame.Rect(row.left, row.top, main, button_h)
        new_game = buttons.button(self.gui, new_rect, "title.new_game",
                                  lambda: self.new_game(spec), "#menu_item" if saved else "#roll")
        yield
        rules = buttons.button(self.gui, pygame.Rect(row.right - rules_w, row.top, rules_w,
                                                     button_h),
                               "title.rules", lambda: self.open(spec.scene_name("rules")),
                               "#choice")
        yield
        return Tile(spec, rect, art, new_game, rules, cont, action_buttons)

    def _build_menu(self) -> Iterator[None]:
        width, height = self.app.surface.get_size()
        items = self.menu_items()
        self.menu = []
        if self.tall:
            cols = 3
            item_w = (width - 2 * MARGIN - (cols - 1) * GAP) // cols
            for i, (key, command) in enumerate(items):
                row, col = divmod(i, cols)
                rect = pygame.Rect(MARGIN + col * (item_w + GAP),
                                   height - MARGIN - (2 - row) * MENU_H - (1 - row) * 20,
                                   item_w, MENU_H)
                self.menu.append(buttons.button(self.gui, rect, key, command, "#choice"))
                yield
            return
        item_w = min(400, (width - 2 * MARGIN - (len(items) - 1) * 24) // len(items))
        left = (width - len(items) * item_w - (len(items) - 1) * 24) // 2
        for i, (key, command) in enumerate(items):
            rect = pygame.Rect(left + i * (item_w + 24), height - 40 - MENU_H, item_w, MENU_H)
            self.menu.append(buttons.button(self.gui, rect, key, command, "#choice"))
            yield

    def _build_variants(self, spec: GameSpec) -> Iterator[None]:
        width, height = self.app.surface.get_size()
        step = 200 if self.tall else 150
        top = 420 if self.tall else 330
        for i, variant in enumerate(spec.variants):
            rect = pygame.Rect(0, 0, 520, 110)
            if self.tall:
                rect.midtop = (width // 2, top + i * step)
            else:
                rect.topleft = (width // 2 - 620, top + i * step)
            self.variant_buttons.append(buttons.button(
                self.gui, rect, variant.label_key, partial(self.start, spec, variant.id),
                "#menu_item", texts=spec.texts))
            yield
        back = pygame.Rect(0, 0, 360, 92)
        back.midtop = (width // 2, self.variant_buttons[-1].rect.bottom
                       + (90 if self.tall else 50))
        self.variant_buttons.append(buttons.button(self.gui, back, "common.back",
                                                   self.close_variants, "#choice"))

    # --- commands -------------------------------------------------------------------------
    def new_game(self, spec: GameSpec) -> None:
        """NEW GAME: the game's own setup screen, or the variant chooser."""
        self.focus = spec.id
        if spec.setup_scene is not None:
            self.open(spec.scene_name(spec.setup_scene))
            return
        self.choosing = spec
        self._build()

    def close_variants(self) -> None:
        self.choosing = None
        self._build()

    def start(self, spec: GameSpec, variant: str) -> None:
        """A new game of ``variant`` replaces the saved one (left as its game says:
        ``GameContext.start_new_game``)."""
        self.ctx.start_new_game(spec.id, variant)
        self.app.nav.clear_to(spec.scene_name("play"), variant=variant)

    def continue_game(self, spec: GameSpec) -> None:
        game = self.ctx.load_saved_game(spec.id)
        if game is None:
            self._build()
            return
        self.ctx.settings.last_game = spec.id
        self.app.nav.clear_to(spec.scene_name("play"), saved=game)

    def demo_tap(self, game_id: str, rng: random.Random) -> tuple[int, int] | None:
        """Where the demo taps to start a game of ``game_id``: its NEW GAME, then a random
        variant."""
        if self.choosing is not None and self.choosing.id == game_id:
            count = len(self.choosing.variants)
            return tuple(self.variant_buttons[rng.randrange(count)].rect.center)
        if self.choosing is not None:
            return tuple(self.variant_buttons[-1].rect.center)  # BACK
        for tile in self.tiles:
            if tile.spec.id == game_id:
                return tuple(tile.new_game.rect.center)
        return None

    # --- frame -----------------------------------------------------------------------------
    def handle(self, action: inp.Action) -> None:
        if action.kind != inp.KEY:
            return
        if action.key in ("pause", "back") and self.choosing is not None:
            self.close_variants()
        elif action.key == "accept" and self.choosing is None and self.app.offered_games:
            self.new_game(by_id(self.app.offered_games, self.focus))
        elif action.key in ("left", "right", "up", "down") and self.choosing is None:
            ids = [spec.id for spec in self.app.offered_games]
            if ids:
                step = 1 if action.key in ("right", "down") else -1
                self.focus = ids[(ids.index(self.focus) + step) % len(ids)]

    def update(self, dt: float) -> None:
        self.time += dt
        if self._saved_from_files and self.ctx.records_open:
            self._saved_from_files = False
            # a save whose game the records hold (a kill between the two) is no game to
            # continue: the records, opened after the first frame, have the last word
            if any((tile.cont is not None) != self.ctx.has_saved_game(tile.spec.id)
                   for tile in self.tiles):
                self._build()
        if self.ui is not None:
            self.gui.update(dt)

    def _static_key(self, size: tuple[int, int]) -> tuple[object, ...]:
        return (size, i18n.current(), self.focus, self.choosing and self.choosing.id,
                tuple(tuple(tile.rect) for tile in self.tiles),
                tuple(tuple(button.rect) for button in self.variant_buttons))

    def static_layer(self, size: tuple[int, int]) -> pygame.Surface:
        """The backdrop with what does not move — the tiles' panels and taglines, or the
        variant chooser's tagline and lines — composed once into one opaque layer; made
        again when the language, the focus or the chooser changes."""
        key = self._static_key(size)
        if self._static is None or self._static[0] != key:
            layer = background(size).copy()
            if self.choosing is not None:
                self._draw_variants_static(layer, self.choosing)
            for tile in self.tiles:
                self._draw_tile_static(layer, tile)
            self._static = (key, layer)
        return self._static[1]

    def _logos(self) -> list[tuple[str, int, int, int, int]]:
        """Each bobbing logo: its text, centre, room and largest size."""
        if self.choosing is not None:
            width = self.app.surface.get_width()
            return [(self.choosing.logo, width // 2, 150, width - 160, 120)]
        return [(tile.spec.logo, tile.rect.centerx, tile.rect.top + 76, tile.rect.width - 80,
                 100) for tile in self.tiles]

    def damage(self) -> list[pygame.Rect] | None:
        """Untouched, only the logos bob and the miniatures play: redrawn there alone."""
        size = self.app.surface.get_size()
        moving = [self._logo_rect(*logo) for logo in self._logos()]
        if self.choosing is None:  # a miniature may reach a little past its art rect
            moving += [tile.art.inflate(0, 80).clip(tile.rect) for tile in self.tiles]
        return self._damage.areas((self._static_key(size), picture(self.ui)), moving)

    def draw(self, surface: pygame.Surface) -> None:
        layer = self.static_layer(surface.get_size())
        surface.blit(layer, (0, 0))
        textlog.placed(surface, layer, (0, 0))
        for logo in self._logos():
            self._draw_logo(surface, *logo)
        if self.choosing is None:
            for tile in self.tiles:
                tile.spec.draw_tile()(surface, tile.art, self.time)
        if self.ui is not None:
            self.gui.draw_ui(surface)

    def _draw_tile_static(self, surface: pygame.Surface, tile: Tile) -> None:
        """A tile's panel and tagline (its logo bobs and its art moves: drawn per frame)."""
        rect, spec = tile.rect, tile.spec
        focused = spec.id == self.focus and len(self.tiles) > 1
        pygame.draw.rect(surface, (8, 6, 24), rect.move(0, 12), border_radius=36)
        pygame.draw.rect(surface, palette.PANEL, rect, border_radius=36)
        pygame.draw.rect(surface, palette.GOLD if focused else palette.PANEL_EDGE, rect,
                         6 if focused else 4, border_radius=36)
        # the tagline fills the band between the bobbing logo and the art (Thai marks above
        # the line, the Q's tail below it)
        logo = next(item for item in self._logos() if item[0] == spec.logo)
        top = self._logo_ink_bottom(*logo) + 4
        text.blit_in(surface, spec.texts.t("tile.tagline"), "ui", 30, palette.TEXT_DIM,
                     pygame.Rect(rect.left + 30, top, rect.width - 60, tile.art.top - top))

    @staticmethod
    def _letters(logo: str, room: int, largest: int) -> tuple[int, list[pygame.Surface], int]:
        size = text.fit_size(logo, "logo", largest, room)
        letters = [text.render(ch, "logo", size, palette.GOLD) for ch in logo]
        return size, letters, sum(s.get_width() for s in letters) + 6 * (len(letters) - 1)

    def _logo_rect(self, logo: str, cx: int, cy: int, room: int, largest: int) -> pygame.Rect:
        """Everywhere a bobbing logo can be: its letters ±8 px and their shadows."""
        _size, letters, total = self._letters(logo, room, largest)
        height = max(letter.get_height() for letter in letters)
        return pygame.Rect(cx - total // 2 - 2, cy - height // 2 - 11, total + 9, height + 28)

    def _logo_ink_bottom(self, logo: str, cx: int, cy: int, room: int, largest: int) -> int:
        """The lowest a bobbing logo's ink (a Q's tail) or its shadow reaches."""
        _size, letters, _total = self._letters(logo, room, largest)
        return max(cy - letter.get_height() // 2 + letter.get_bounding_rect().bottom
                   for letter in letters) + BOB + 6

    def _draw_logo(self, surface: pygame.Surface, logo: str, cx: int, cy: int,
                   room: int, largest: int = 120) -> None:
        """Each letter bobs on its own phase (a tile's logo stays clear of its tagline)."""
        size, letters, total = self._letters(logo, room, largest)
        x = cx - total // 2
        for i, letter in enumerate(letters):
            dy = math.sin(self.time * 3.0 + i * 0.6) * BOB
            shadow = text.render(logo[i], "logo", size, (0, 0, 0))
            surface.blit(shadow, (x + 5, cy - letter.get_height() // 2 + dy + 6))
            surface.blit(letter, (x, cy - letter.get_height() // 2 + dy))
            if textlog.recording():  # everywhere it bobs to, with its shadow
                ink = letter.get_bounding_rect().move(x, cy - letter.get_height() // 2)
                textlog.text(surface, logo[i], ink.inflate(0, 2 * BOB).union(
                    ink.move(5, BOB + 6)))
            x += letter.get_width() + 6

    def _draw_variants_static(self, surface: pygame.Surface, spec: GameSpec) -> None:
        """The variant chooser's tagline and one line under or beside each variant."""
        width = surface.get_width()
        tagline = spec.texts.t("tile.tagline")
        text.blit(surface, tagline, "ui", text.fit_size(tagline, "ui", 32, width - 120),
                  palette.TEXT_DIM, "center", (width // 2, 250))
        for variant, button in zip(spec.variants, self.variant_buttons):
            rect = button.rect
            line = spec.texts.t(variant.line_key)
            if self.tall:  # portrait: the line goes under its button
                size = text.fit_size(line, "ui", 30, width - 80)
                text.blit(surface, line, "ui", size, palette.TEXT, "midtop",
                          (width // 2, rect.bottom + 10))
            else:
                size = text.fit_size(line, "ui", 30, 640)
                text.blit(surface, line, "ui", size, palette.TEXT, "midleft",
                          (rect.right + 50, rect.centery))
