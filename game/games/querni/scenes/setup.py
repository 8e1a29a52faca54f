"""QUERNI's NEW GAME screen: who plays, then NEW GAME.

TWO PLAYERS (two people on one screen) or VS COMPUTER; against the computer, its level (EASY,
MEDIUM, HARD) and the person's colour. BLUE always moves first (Q-1.4): playing RED means the
computer opens. The choice is remembered in QUERNI's settings for next time.

A new game replaces the saved one (QUIT TO TITLE keeps a game for CONTINUE), which is left as
EXIT leaves it (``QuerniSession.left_as``, recorded by the shell's ``start_new_game``): when
that is the person's resignation against the computer, NEW GAME asks once first — START NEW
records the loss, CONTINUE IT resumes the saved game — so starting anew never erases a loss.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING, TypedDict

import pygame
import pygame_gui

from game.arcade.scene import ArcadeScene
from game.arcade.widgets import buttons, palette, text
from game.arcade.widgets.background import background
from game.engine import input as inp
from game.games.querni import GAME_ID
from game.games.querni.session import LEVELS, RESIGNED, TWO_PLAYERS, QuerniSession
from game.games.querni.texts import TEXTS, t
from game.games.querni.widgets import palette as qpalette
from game.games.querni.widgets import pieces
from game.rules.querni import Color

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

COLOURS = ("BLUE", "RED")


class Rects(TypedDict):
    """Where the screen's buttons go (:meth:`SetupScene._rects`)."""

    mode: list[pygame.Rect]
    levels: list[pygame.Rect]
    colours: list[pygame.Rect]
    start: pygame.Rect
    back: pygame.Rect


class SetupScene(ArcadeScene):
    """Choose the players, then NEW GAME."""

    game_id = GAME_ID

    def __init__(self, app: ArcadeApp) -> None:
        super().__init__(app)
        self.time = 0.0
        settings = self.ctx.game_settings(GAME_ID)
        self.level = settings.get("level", "medium")
        if self.level not in LEVELS:
            self.level = "medium"
        self.human = settings.get("human", "BLUE")
        if self.human not in COLOURS:
            self.human = "BLUE"
        self.versus = bool(settings.get("versus", False))
        self.b_start: pygame_gui.elements.UIButton | None = None
        self.b_two: pygame_gui.elements.UIButton | None = None
        self.b_versus: pygame_gui.elements.UIButton | None = None
        self.b_levels: dict[str, pygame_gui.elements.UIButton] = {}
        self.b_colours: dict[str, pygame_gui.elements.UIButton] = {}

    @property
    def variant(self) -> str:
        """The variant of the game NEW GAME starts."""
        return f"vs_{self.level}" if self.versus else TWO_PLAYERS

    # --- layout ---------------------------------------------------------------------------
    @property
    def centre_x(self) -> int:
        return self.app.surface.get_width() // 2

    def _row(self, top: int, count: int, width: int, gap: int, height: int = 104
             ) -> list[pygame.Rect]:
        total = count * width + (count - 1) * gap
        left = self.centre_x - total // 2
        return [pygame.Rect(left + i * (width + gap), top, width, height) for i in range(count)]

    def _rects(self) -> Rects:
        width = self.app.surface.get_width()
        tall = self.tall
        mode_top = 420 if tall else 290
        mode_w = min(560, (width - 160) // 2)
        level_top = mode_top + (250 if tall else 190)
        level_w = min(320, (width - 140) // 3)
        colour_top = level_top + (230 if tall else 170)
        colour_w = min(420, (width - 160) // 2)
        start = pygame.Rect(0, 0, min(620, width - 120), 120)
        start.midtop = (self.centre_x, 1560 if tall else 900)
        return {
            "mode": self._row(mode_top, 2, mode_w, 40, 110),
            "levels": self._row(level_top, 3, level_w, 30),
            "colours": self._row(colour_top, 2, colour_w, 40 if tall else 160),
            "start": start,
            "back": pygame.Rect(48, 30, 260, 92),
        }

    # --- buttons --------------------------------------------------------------------------
    def enter(self) -> None:
        self._build()

    def prepare(self) -> Iterator[None]:
        """Built ahead (the title builds it for NEW GAME): the buttons a step each and
        the tokens, then their hovered and pressed pictures (NEW GAME's first); ``enter``
        builds the buttons anew from what these left ready."""
        yield from self._building()
        for size in (80, 96):
            for color in Color:
                pieces.token(color, size)
        yield
        yield from buttons.states_ahead([self.b_start, *self.gui.get_sprite_group().sprites()])

    def _build(self) -> None:
        for _ in self._building():
            pass

    def _building(self) -> Iterator[None]:
        """The buttons, the chosen ones gold (rebuilt after each choice), a step each."""
        ui = self.gui
        ui.clear_and_reset()
        rects = self._rects()

        def pick(on: bool) -> str:
            return "#choice_on" if on else "#choice"

        two, versus = rects["mode"]
        self.b_two = buttons.button(ui, two, "setup.two_players", self.choose_two,
                                    pick(not self.versus), texts=TEXTS)
        yield
        self.b_versus = buttons.button(ui, versus, "setup.versus", self.choose_versus,
                                       pick(self.versus), texts=TEXTS)
        yield
        self.b_levels = {}
        self.b_colours = {}
        if self.versus:
            for level, rect in zip(LEVELS, rects["levels"]):
                self.b_levels[level] = buttons.button(
                    ui, rect, f"setup.level_{level}",
                    partial(self.choose_level, level), pick(level == self.level),
                    texts=TEXTS)
                yield
            for colour, rect in zip(COLOURS, rects["colours"]):
                self.b_colours[colour] = buttons.button(
                    ui, rect, f"setup.play_{colour.lower()}",
                    partial(self.choose_colour, colour),
                    pick(colour == self.human), texts=TEXTS)
                yield
        self.b_start = buttons.button(ui, rects["start"], "setup.start", self.start, "#roll",
                                      texts=TEXTS)
        yield
        self.b_back = buttons.button(ui, rects["back"], "common.back", self.close,
                                     "#menu_item")

    # --- commands -------------------------------------------------------------------------
    def choose_two(self) -> None:
        self.versus = False
        self._build()

    def choose_versus(self) -> None:
        self.versus = True
        self._build()

    def choose_level(self, level: str) -> None:
        self.versus, self.level = True, level
        self._build()

    def choose_colour(self, colour: str) -> None:
        self.versus, self.human = True, colour
        self._build()

    def start(self) -> None:
        """NEW GAME: asks first when the new game would make the saved game against the
        computer a resignation, else starts at once."""
        saved = self._saved_resignation()
        if saved is None:
            self.start_new()
            return
        self.app.nav.push("confirm", question_key="setup.replace_question",
                          on_yes=self.start_new, on_no=partial(self.continue_saved, saved),
                          yes_key="setup.start_new", no_key="setup.continue_it", texts=TEXTS,
                          answers=TEXTS)

    def _saved_resignation(self) -> QuerniSession | None:
        """The saved game, when leaving it would be the person's resignation (attract mode
        never touches the saved game)."""
        if self.ctx.demo_is_attract:
            return None
        saved = self.ctx.load_saved_game(GAME_ID)
        if not isinstance(saved, QuerniSession):
            return None
        ending = saved.left_as()
        return saved if ending is not None and ending.how == RESIGNED else None

    def continue_saved(self, saved: QuerniSession) -> None:
        """CONTINUE IT: the saved game goes on, as CONTINUE on the title."""
        self.ctx.settings.last_game = GAME_ID
        self.app.nav.clear_to(f"{GAME_ID}.play", saved=saved)

    def start_new(self) -> None:
        """A new game replaces the saved one, which the shell leaves as the session says:
        recorded as a resignation or as abandoned, or (no turn played) only dropped."""
        if not self.ctx.demo_is_attract:
            settings = self.ctx.game_settings(GAME_ID)
            settings.update(versus=self.versus, level=self.level, human=self.human)
        self.ctx.start_new_game(GAME_ID, self.variant)  # saves the settings too
        self.app.nav.clear_to(f"{GAME_ID}.play", variant=self.variant, human=self.human)

    def close(self) -> None:
        self.app.stack.pop()

    def handle(self, action: inp.Action) -> None:
        if action.kind != inp.KEY:
            return
        if action.key in ("pause", "back"):
            self.close()
        elif action.key == "accept":
            self.start()

    def update(self, dt: float) -> None:
        self.time += dt
        self.gui.update(dt)

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(background(surface.get_size()), (0, 0))
        width = surface.get_width()
        cx = self.centre_x
        text.blit(surface, "QUERNI", "logo", 120 if not self.tall else 110, qpalette.ACCENT,
                  "center", (cx, 110 if not self.tall else 200), shadow=True)
        heading = t("setup.heading")
        y = 215 if not self.tall else 340
        text.blit(surface, heading, "bold", text.fit_size(heading, "bold", 44, width - 120),
                  palette.TEXT, "center", (cx, y))
        rects = self._rects()
        line = t(f"variant.{self.variant}_line")
        size, lines = text.fit_lines(line, "ui", 32, width - 140, 2, minimum=22)
        text.blit_lines(surface, lines, "ui", size, palette.TEXT_DIM, "center",
                        (cx, rects["mode"][0].bottom + (70 if self.tall else 42)))
        if self.versus:
            self._draw_colours(surface, rects)
        else:
            self._draw_first(surface, rects)
        self.gui.draw_ui(surface)

    def _draw_colours(self, surface: pygame.Surface, rects: Rects) -> None:
        """A token beside each colour button (the chosen one bobbing), and who opens."""
        for colour, rect in zip(COLOURS, rects["colours"]):
            chosen = colour == self.human
            bob = 6 * math.sin(self.time * 3.0) if chosen else 0.0
            image = pieces.token(Color[colour], 80)
            x = rect.left - 56 if colour == "BLUE" or self.tall else rect.right + 56
            if self.tall:
                x = rect.centerx
                y = rect.bottom + 60 - bob
            else:
                y = rect.centery - bob
            surface.blit(image, image.get_rect(center=(x, y)))
        key = "setup.you_open" if self.human == "BLUE" else "setup.computer_opens"
        line = f"{t(key)} {t('setup.balance')}"  # the first mover's edge, as measured
        width = surface.get_width()
        below = rects["colours"][0].bottom + (150 if self.tall else 60)
        size, lines = text.fit_lines(line, "bold", 34, width - 140, 2, minimum=22)
        text.blit_lines(surface, lines, "bold", size, palette.TEXT, "center",
                        (self.centre_x, below))

    def _draw_first(self, surface: pygame.Surface, rects: Rects) -> None:
        """BLUE's and RED's tokens, BLUE lifted: "BLUE always moves first"."""
        cx = self.centre_x
        y = rects["levels"][0].centery + (60 if self.tall else 40)
        bob = 6 * math.sin(self.time * 3.0)
        for color, dx, lift in ((Color.BLUE, -70, 14 + bob), (Color.RED, 70, 0)):
            image = pieces.token(color, 96)
            surface.blit(image, image.get_rect(center=(cx + dx, y - lift)))
        line = t("setup.blue_first")
        width = surface.get_width()
        text.blit(surface, line, "bold", text.fit_size(line, "bold", 34, width - 120),
                  palette.TEXT, "center", (cx, y + 100))
