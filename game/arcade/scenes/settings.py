"""Settings: difficulty, language, music and effects volume, fullscreen, motion, dice look.

Every change is applied at once and saved. Changing the difficulty while a game is in
progress asks first; the abandoned game is not recorded (M-2.2).
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.arcade.widgets import buttons, palette, text
from game.arcade.widgets.background import background
from game.engine import i18n
from game.engine import input as inp
from game.engine.i18n import t
from game.engine.scenes import Scene
from game.rules.magdagdon import Difficulty

LANGUAGE_NAMES = {"en": "English", "th": "ไทย", "bg": "Български", "ko": "한국어"}
"""Each language named in its own script, so a player finds theirs in any language."""

ROW_TOP, ROW_HEIGHT = 190, 112
LABEL_X, CONTROL_X = 120, 700


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.ui = None
        self.language_rects: dict[str, pygame.Rect] = {}

    @property
    def settings(self):
        return self.app.ctx.settings

    # --- building ------------------------------------------------------------------------
    def enter(self) -> None:
        self.ui = self.app.new_ui_manager()
        self._build()

    def exit(self) -> None:
        self.ui.clear_and_reset()

    @property
    def tall(self) -> bool:
        """Portrait: each label sits above its controls."""
        return self.app.surface.get_height() > self.app.surface.get_width()

    def _row(self, index: int) -> int:
        """The top of a row's controls."""
        if self.tall:
            return 270 + index * 225
        return ROW_TOP + index * ROW_HEIGHT

    def _label_pos(self, index: int) -> tuple[int, int]:
        if self.tall:
            return 60, self._row(index) - 30
        return LABEL_X, self._row(index) + 50

    @property
    def _x(self) -> int:
        return 60 if self.tall else CONTROL_X

    def _chip(self, index: int, count: int, row: int) -> pygame.Rect:
        """The ``index``-th of ``count`` equal chips in ``row``."""
        width_all = (self.app.surface.get_width() - 120) if self.tall else 1030
        gap = 20
        width = (width_all - (count - 1) * gap) // count
        return pygame.Rect(self._x + index * (width + gap), self._row(row) + 6, width, 88)

    def _build(self) -> None:
        self.ui.clear_and_reset()
        s = self.settings
        self.b_back = buttons.button(self.ui, pygame.Rect(40, 40, 240, 96), "common.back",
                                     self.close, "#choice")
        self.choices: list[pygame_gui.elements.UIButton] = []
        for i, difficulty in enumerate(Difficulty):
            chosen = s.difficulty == difficulty.name
            self.choices.append(buttons.button(
                self.ui, self._chip(i, 3, 0),
                f"difficulty.{difficulty.name.lower()}",
                lambda d=difficulty: self.choose_difficulty(d),
                "#choice_on" if chosen else "#choice"))
        self.language_rects = {code: self._chip(i, 4, 1) for i, code in enumerate(i18n.LOCALES)}
        self.music = self._slider(2, s.music_volume, self.set_music)
        self.b_music_mute = self._toggle(2, "settings.mute", s.music_muted, self.toggle_music)
        self.effects = self._slider(3, s.effects_volume, self.set_effects)
        self.b_effects_mute = self._toggle(3, "settings.mute", s.effects_muted,
                                           self.toggle_effects)
        self.b_fullscreen = self._switch(4, s.fullscreen, self.toggle_fullscreen)
        self.b_motion = self._switch(5, s.reduced_motion, self.toggle_motion)
        self.b_pips = buttons.button(self.ui, self._chip(0, 3, 6),
                                     "settings.pips", lambda: self.set_digits(False),
                                     "#choice" if s.digits else "#choice_on")
        self.b_digits = buttons.button(self.ui, self._chip(1, 3, 6),
                                       "settings.digits", lambda: self.set_digits(True),
                                       "#choice_on" if s.digits else "#choice")

    def _slider(self, row: int, value: float, on_change) -> pygame_gui.elements.UIHorizontalSlider:
        slider = pygame_gui.elements.UIHorizontalSlider(
            self._chip(0, 3, row).union(self._chip(1, 3, row)).inflate(0, -16),
            int(round(value * 100)),
            (0, 100), self.ui, click_increment=10)
        slider.on_change = on_change  # type: ignore[attr-defined]
        return slider

    def _toggle(self, row: int, key: str, on: bool, command) -> pygame_gui.elements.UIButton:
        return buttons.button(self.ui, self._chip(2, 3, row), key, command,
                              "#choice_on" if on else "#choice")

    def _switch(self, row: int, on: bool, command) -> pygame_gui.elements.UIButton:
        return buttons.button(self.ui, self._chip(0, 3, row),
                              "settings.on" if on else "settings.off", command,
                              "#choice_on" if on else "#choice")

    # --- changes (each saved at once) ----------------------------------------------------
    def _save(self) -> None:
        storage = self.app.ctx.storage
        if storage is not None:
            storage.save_settings(self.settings)

    def choose_difficulty(self, difficulty: Difficulty) -> None:
        if difficulty.name == self.settings.difficulty:
            return
        if self._game_in_progress():
            from game.arcade.scenes.confirm import ConfirmScene

            self.app.stack.push(ConfirmScene(
                self.app, "settings.confirm_difficulty", lambda: self._apply_difficulty(difficulty),
                difficulty=difficulty.name))
            return
        self._apply_difficulty(difficulty)

    def _game_in_progress(self) -> bool:
        play = self._play_scene()
        if play is not None:
            return not play.game.is_over and (play.game.turns > 0 or play.game.in_turn)
        return self.app.ctx.has_saved_game()

    def _play_scene(self):
        from game.games.magdagdon.scenes.play import PlayScene

        return next((s for s in self.app.stack.scenes if isinstance(s, PlayScene)), None)

    def _apply_difficulty(self, difficulty: Difficulty) -> None:
        """M-2.2: a new game starts; the abandoned one is not recorded."""
        play = self._play_scene()
        if play is not None:
            play.restart(difficulty)
        else:
            self.app.ctx.start_new_game(difficulty)
        self.settings.difficulty = difficulty.name
        self._save()
        self._build()

    def choose_language(self, code: str) -> None:
        if code == i18n.current():
            return
        self.settings.language = code
        self.app.set_language(code)
        self._save()
        self._build()

    def set_music(self, value: int) -> None:
        self.settings.music_volume = value / 100
        self.app.ctx.audio.set_volumes(self.settings.music_volume, self.settings.effects_volume)

    def set_effects(self, value: int) -> None:
        self.settings.effects_volume = value / 100
        self.app.ctx.audio.set_volumes(self.settings.music_volume, self.settings.effects_volume)
        self.app.ctx.audio.play("click")

    def toggle_music(self) -> None:
        self.settings.music_muted = not self.settings.music_muted
        self.app.ctx.audio.mute_music(self.settings.music_muted)
        self._save()
        self._build()

    def toggle_effects(self) -> None:
        self.settings.effects_muted = not self.settings.effects_muted
        self.app.ctx.audio.mute_effects(self.settings.effects_muted)
        self._save()
        self._build()

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = self.app.display.toggle_fullscreen()
        self._save()
        self._build()

    def toggle_motion(self) -> None:
        self.settings.reduced_motion = not self.settings.reduced_motion
        self._save()
        self._build()

    def set_digits(self, digits: bool) -> None:
        self.settings.digits = digits
        self._save()
        self._build()

    def close(self) -> None:
        self._save()
        self.app.stack.pop()

    # --- frame ---------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> None:
        self.ui.process_events(event)
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            handler = getattr(event.ui_element, "on_change", None)
            if handler is not None:
                handler(event.value)

    def handle(self, action: inp.Action) -> None:
        if action.kind == inp.KEY and action.key in ("pause", "back"):
            self.close()
        elif action.kind == inp.RELEASE and action.pos is not None:
            for code, rect in self.language_rects.items():
                if rect.collidepoint(action.pos):
                    self.choose_language(code)
                    return
        elif action.kind == inp.RELEASE:
            self._save()  # a slider drag ended

    def update(self, dt: float) -> None:
        self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(background(surface.get_size()), (0, 0))
        width = surface.get_width()
        text.blit(surface, t("settings.title"), "display", 72, palette.GOLD, "center",
                  (width // 2, 88), shadow=True)
        labels = ("settings.difficulty", "settings.language", "settings.music",
                  "settings.effects", "settings.fullscreen", "settings.reduced_motion",
                  "settings.dice")
        room = width - 120 if self.tall else CONTROL_X - LABEL_X - 30
        for row, key in enumerate(labels):
            label = t(key)
            size = text.fit_size(label, "bold", 36, room)
            text.blit(surface, label, "bold", size, palette.TEXT, "midleft",
                      self._label_pos(row))
        current = i18n.current()
        for code, rect in self.language_rects.items():
            on = code == current
            pygame.draw.rect(surface, palette.GOLD if on else (60, 56, 130), rect,
                             border_radius=22)
            pygame.draw.rect(surface, (255, 255, 255), rect, 4, border_radius=22)
            name = LANGUAGE_NAMES[code]
            colour = (16, 12, 40) if on else (255, 255, 255)
            rendered = i18n.font("bold", 32, code).render(name, True, colour)
            surface.blit(rendered, rendered.get_rect(center=rect.center))
        self.ui.draw_ui(surface)
