"""The title screen: the animated logo and the main menu; NEW GAME asks for a difficulty."""

from __future__ import annotations

import math

import pygame

from game.arcade.widgets import buttons, palette, text
from game.arcade.widgets.background import background
from game.engine import input as inp
from game.engine.i18n import t
from game.engine.scenes import Scene
from game.games.magdagdon.widgets import dice
from game.rules.magdagdon import Difficulty

LOGO = "MAGDAGDON"


class TitleScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.time = 0.0
        self.ui = None
        self.choosing = False  # the difficulty panel is open

    # --- menu ------------------------------------------------------------------------------
    def menu_items(self) -> list[tuple[str, object]]:
        items: list[tuple[str, object]] = []
        if self.app.ctx.has_saved_game():
            items.append(("title.continue", self.continue_game))
        items.append(("title.new_game", self.open_difficulties))
        items += [
            ("title.scores", lambda: self.open("scores")),
            ("title.rules", lambda: self.open("rules")),
            ("title.settings", lambda: self.open("settings")),
            ("title.about", lambda: self.open("about")),
        ]
        if getattr(self.app, "kiosk", None) is None:
            items.append(("title.quit", self.app.quit))  # a kiosk has no way out but the PIN
        return items

    def open(self, name: str) -> None:
        from game.arcade.scenes import registry

        self.app.stack.push(registry.make(name, self.app))

    def enter(self) -> None:
        self.app.ctx.audio.play_music("music_menu")
        self._build()

    def resume(self) -> None:
        self._build()

    def exit(self) -> None:
        if self.ui is not None:
            self.ui.clear_and_reset()

    def _build(self) -> None:
        if self.ui is None:
            self.ui = self.app.new_ui_manager()
        self.ui.clear_and_reset()
        width, height = self.app.surface.get_size()
        if self.choosing:
            self._build_difficulties(width, height)
            return
        items = self.menu_items()
        gap = 16
        room = height - 380 - 40  # below the logo and tagline, above the bottom edge
        button_h = max(72, min(96, room // len(items) - gap))
        top = 380 + max(0, (room - len(items) * (button_h + gap)) // 2)
        self.menu = []
        for i, (key, command) in enumerate(items):
            rect = pygame.Rect(0, 0, 560, button_h)
            rect.midtop = (width // 2, top + i * (button_h + gap))
            self.menu.append(buttons.button(self.ui, rect, key, command, "#menu_item"))

    @property
    def tall(self) -> bool:
        return self.app.surface.get_height() > self.app.surface.get_width()

    def _build_difficulties(self, width: int, height: int) -> None:
        self.menu = []
        step = 200 if self.tall else 150
        for i, difficulty in enumerate(Difficulty):
            rect = pygame.Rect(0, 0, 520, 110)
            if self.tall:
                rect.midtop = (width // 2, 480 + i * step)
            else:
                rect.topleft = (width // 2 - 620, 420 + i * step)
            self.menu.append(buttons.button(
                self.ui, rect, f"difficulty.{difficulty.name.lower()}",
                lambda d=difficulty: self.new_game(d), "#menu_item"))
        back = pygame.Rect(0, 0, 360, 92)
        back.midtop = (width // 2, self.menu[-1].rect.bottom + (90 if self.tall else 50))
        self.menu.append(buttons.button(self.ui, back, "common.back", self.close_difficulties,
                                        "#choice"))

    def open_difficulties(self) -> None:
        self.choosing = True
        self._build()

    def close_difficulties(self) -> None:
        self.choosing = False
        self._build()

    def new_game(self, difficulty: Difficulty) -> None:
        from game.games.magdagdon.scenes.play import PlayScene

        self.app.ctx.start_new_game(difficulty)
        self.app.stack.clear_to(PlayScene(self.app, difficulty=difficulty))

    def continue_game(self) -> None:
        from game.games.magdagdon.scenes.play import PlayScene

        game = self.app.ctx.load_saved_game()
        if game is None:
            self._build()
            return
        self.app.stack.clear_to(PlayScene(self.app, game=game))

    # --- frame -----------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> None:
        self.ui.process_events(event)

    def handle(self, action: inp.Action) -> None:
        if action.kind == inp.KEY and action.key in ("pause", "back") and self.choosing:
            self.close_difficulties()
        elif action.kind == inp.KEY and action.key == "accept" and not self.choosing:
            self.open_difficulties()

    def update(self, dt: float) -> None:
        self.time += dt
        self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(background(surface.get_size()), (0, 0))
        width = surface.get_width()
        self._draw_logo(surface, width // 2, 190)
        text.blit(surface, t("title.tagline"), "ui", 32, palette.TEXT_DIM, "center",
                  (width // 2, 300))
        if self.choosing:
            for i, difficulty in enumerate(Difficulty):
                rect = self.menu[i].rect
                line = t(f"difficulty.{difficulty.name.lower()}_line")
                if self.tall:  # portrait: the line goes under its button
                    size = text.fit_size(line, "ui", 30, width - 80)
                    text.blit(surface, line, "ui", size, palette.TEXT, "midtop",
                              (width // 2, rect.bottom + 10))
                else:
                    size = text.fit_size(line, "ui", 30, 640)
                    text.blit(surface, line, "ui", size, palette.TEXT, "midleft",
                              (rect.right + 50, rect.centery))
        self.ui.draw_ui(surface)

    def _draw_logo(self, surface: pygame.Surface, cx: int, cy: int) -> None:
        """Each letter bobs on its own phase; two dice tumble slowly at the sides."""
        font_size = 150 if surface.get_width() >= 1400 else 104
        letters = [text.render(ch, "logo", font_size, palette.GOLD) for ch in LOGO]
        total = sum(s.get_width() for s in letters) + 6 * (len(letters) - 1)
        x = cx - total // 2
        for i, letter in enumerate(letters):
            dy = math.sin(self.time * 3.0 + i * 0.6) * 12
            shadow = text.render(LOGO[i], "logo", font_size, (0, 0, 0))
            surface.blit(shadow, (x + 6, cy - letter.get_height() // 2 + dy + 8))
            surface.blit(letter, (x, cy - letter.get_height() // 2 + dy))
            x += letter.get_width() + 6
        if surface.get_width() < 1400:
            return  # portrait: no room for the dice beside the logo
        for side, phase in ((-1, 0.0), (1, 1.7)):
            value = 1 + int(self.time * 1.5 + phase * 3) % 6
            image = pygame.transform.rotozoom(dice.face(value, 110, "die"),
                                              math.sin(self.time + phase) * 25, 1.0)
            centre = (cx + side * (total // 2 + 130), cy + math.sin(self.time * 2 + phase) * 18)
            surface.blit(image, image.get_rect(center=centre))
