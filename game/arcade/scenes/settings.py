"""Settings: language, volumes, fullscreen, motion, text size, then a game's own section (read
from its spec). Every change is applied at once and saved; a game setting that starts a new
game asks first while one is in progress (M-2.2: the abandoned game is not recorded).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.arcade import textsize
from game.arcade.protocols import GameScene
from game.arcade.scene import BuiltScene
from game.arcade.spec import GameSpec, SettingItem
from game.arcade.storage import Settings
from game.arcade.texts import t
from game.arcade.widgets import buttons, palette, text
from game.arcade.widgets.background import background
from game.engine import i18n, locales, textlog
from game.engine import input as inp

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

ROW_TOP, ROW_HEIGHT = 180, 98
TALL_TOP, TALL_HEIGHT = 250, 185
LABEL_X, CONTROL_X = 120, 700
SHELL_ROWS = ("settings.language", "settings.music", "settings.effects", "settings.fullscreen",
              "settings.reduced_motion", "settings.text_size", "settings.game")


LANGUAGE_NAMES = {"en": "English", "th": "ไทย", "bg": "Български", "ko": "한국어",
                  "qps": "[Þšéûðö]"}  # the developers' pseudo-locale


class VolumeSliders(BuiltScene):
    """What the settings and the operator's menu share: the music and effects sliders (the new
    volume heard at once, saved when the drag ends or the screen is left: ``_dirty``) and the
    language chips, each language named in its own script so a player finds theirs in any."""

    _dirty: bool
    language_rects: dict[str, pygame.Rect]

    def close(self) -> None:
        raise NotImplementedError

    def choose_language(self, code: str) -> None:
        raise NotImplementedError

    def handle(self, action: inp.Action) -> None:
        if action.kind == inp.KEY and action.key in ("pause", "back"):
            self.close()
        elif action.kind == inp.RELEASE and action.pos is not None:
            code = next((c for c, rect in self.language_rects.items()
                         if rect.collidepoint(action.pos)), None)
            if code is not None:
                self.choose_language(code)

    def draw_languages(self, surface: pygame.Surface, current: str) -> None:
        """One chip per language; ``current`` is lit."""
        for code, rect in self.language_rects.items():
            on = code == current
            pygame.draw.rect(surface, palette.GOLD if on else (60, 56, 130), rect,
                             border_radius=22)
            pygame.draw.rect(surface, (255, 255, 255), rect, 4, border_radius=22)
            colour = (16, 12, 40) if on else (255, 255, 255)
            rendered = i18n.font("bold", 32, code).render(LANGUAGE_NAMES[code], True, colour)
            shown = rendered.get_rect(center=rect.center)
            surface.blit(rendered, shown)
            textlog.text(surface, LANGUAGE_NAMES[code], shown, box=rect.inflate(-8, -8),
                         kind=textlog.CHIP, image=rendered)

    def _chip(self, index: int, count: int, row: int) -> pygame.Rect:
        raise NotImplementedError

    @property
    def settings(self) -> Settings:
        return self.ctx.settings

    def _slider(self, row: int, value: float, on_change: Callable[[int], None]
                ) -> pygame_gui.elements.UIHorizontalSlider:
        slider = pygame_gui.elements.UIHorizontalSlider(
            self._chip(0, 3, row).union(self._chip(1, 3, row)).inflate(0, -16),
            int(round(value * 100)),
            (0, 100), self.gui, click_increment=10)
        slider.on_change = on_change  # type: ignore[attr-defined]
        return slider

    def _save(self) -> None:
        self._dirty = False
        self.ctx.save_settings()

    def update(self, dt: float) -> None:
        if self._dirty and not self.app.input.held:  # a slider drag ended: saved
            self._save()
        super().update(dt)

    def set_music(self, value: int) -> None:
        self.settings.music_volume = value / 100
        self.ctx.audio.set_volumes(self.settings.music_volume, self.settings.effects_volume)
        self._dirty = True

    def set_effects(self, value: int) -> None:
        self.settings.effects_volume = value / 100
        self.ctx.audio.set_volumes(self.settings.music_volume, self.settings.effects_volume)
        self.ctx.audio.play("click")
        self._dirty = True


class SettingsScene(VolumeSliders):
    still = True  # nothing moves by itself: untouched, it is redrawn only rarely
    def __init__(self, app: ArcadeApp, game_id: str | None = None) -> None:
        super().__init__(app)
        self.language_rects: dict[str, pygame.Rect] = {}
        games = app.games
        self.game: GameSpec | None = None
        if games:
            wanted = game_id or self.settings.last_game
            self.game = next((s for s in games if s.id == wanted), games[0])
        self._dirty = False

    @property
    def kiosk(self) -> bool:
        return getattr(self.app, "kiosk", None) is not None

    # --- building ------------------------------------------------------------------------
    def _row(self, index: int) -> int:
        """The top of a row's controls."""
        return TALL_TOP + index * TALL_HEIGHT if self.tall else ROW_TOP + index * ROW_HEIGHT

    def _label_pos(self, index: int) -> tuple[int, int]:
        if self.tall:
            return 60, self._row(index) - 30
        return LABEL_X, self._row(index) + 48

    @property
    def _x(self) -> int:
        return 60 if self.tall else CONTROL_X

    def _chip(self, index: int, count: int, row: int) -> pygame.Rect:
        """The ``index``-th of ``count`` equal chips in ``row``."""
        width_all = (self.app.surface.get_width() - 120) if self.tall else 1030
        gap = 20
        width = (width_all - (count - 1) * gap) // count
        return pygame.Rect(self._x + index * (width + gap), self._row(row) + 6, width, 86)

    def rows(self) -> list[tuple[str, Callable[[str], str]]]:
        """Every row's label: (key, catalogue's ``t``), shell rows first, then the game's."""
        rows: list[tuple[str, Callable[[str], str]]] = [(key, t) for key in SHELL_ROWS]
        if self.game is not None:
            rows += [(item.label_key, self.game.texts.t) for item in self.game.settings_items]
        return rows

    def _build(self) -> None:
        self.gui.clear_and_reset()
        s = self.settings
        self.b_back = buttons.button(self.gui, pygame.Rect(40, 34, 240, 96), "common.back",
                                     self.close, "#choice")
        codes = locales.offered()
        self.language_rects = {code: self._chip(i, len(codes), 0)
                               for i, code in enumerate(codes)}
        self.music = self._slider(1, s.music_volume, self.set_music)
        self.b_music_mute = self._toggle(1, "settings.mute", s.music_muted, self.toggle_music)
        self.effects = self._slider(2, s.effects_volume, self.set_effects)
        self.b_effects_mute = self._toggle(2, "settings.mute", s.effects_muted,
                                           self.toggle_effects)
        self.b_fullscreen = self._switch(3, s.fullscreen or self.kiosk, self.toggle_fullscreen)
        if self.kiosk:  # a kiosk runs fullscreen whatever the setting, and stays so: say it
            buttons.set_label(self.b_fullscreen, "settings.on_locked")
            buttons.set_enabled(self.b_fullscreen, False)
        self.b_motion = self._switch(4, s.reduced_motion, self.toggle_motion)
        self.b_text_sizes = {size: buttons.button(
            self.gui, self._chip(i, 3, 5), f"settings.text_{size}",
            partial(self.choose_text_size, size),
            "#choice_on" if s.text_size == size else "#choice")
            for i, size in enumerate(textsize.SIZES)}
        self.game_chips = []
        for i, spec in enumerate(self.app.games):
            on = self.game is not None and spec.id == self.game.id
            chip = buttons.button(self.gui, self._chip(i, max(3, len(self.app.games)), 6),
                                  "settings.game_name", partial(self.show_game, spec),
                                  "#choice_on" if on else "#choice", name=spec.logo)
            self.game_chips.append(chip)
        self.items: list[list[pygame_gui.elements.UIButton]] = []
        if self.game is not None:
            section = self.settings.game(self.game.id)
            for row, item in enumerate(self.game.settings_items, start=7):
                chips = []
                for i, (value, key) in enumerate(item.choices):
                    chips.append(buttons.button(
                        self.gui, self._chip(i, max(3, len(item.choices)), row), key,
                        partial(self.choose, item, value),
                        "#choice_on" if section.get(item.field) == value else "#choice",
                        texts=self.game.texts))
                self.items.append(chips)

    def _toggle(self, row: int, key: str, on: bool, command: Callable[[], None]
                ) -> pygame_gui.elements.UIButton:
        return buttons.button(self.gui, self._chip(2, 3, row), key, command,
                              "#choice_on" if on else "#choice")

    def _switch(self, row: int, on: bool, command: Callable[[], None]
                ) -> pygame_gui.elements.UIButton:
        return buttons.button(self.gui, self._chip(0, 3, row),
                              "settings.on" if on else "settings.off", command,
                              "#choice_on" if on else "#choice")

    # --- changes (each saved at once) ----------------------------------------------------
    def show_game(self, spec: GameSpec) -> None:
        self.game = spec
        self._build()

    def choose(self, item: SettingItem, value: Any) -> None:
        """A game setting: applied and saved; one that starts a new game asks first."""
        assert self.game is not None
        spec = self.game
        if self.settings.game(spec.id).get(item.field) == value:
            return
        if item.restarts_game and self._game_in_progress(spec):
            self.app.nav.push("confirm", question_key=f"settings.confirm_{item.field}",
                              on_yes=lambda: self._apply(spec, item, value), texts=spec.texts,
                              **{item.field: value})
            return
        self._apply(spec, item, value)

    def _play_scene(self, spec: GameSpec) -> GameScene | None:
        return next((s for s in self.app.stack.scenes
                     if isinstance(s, GameScene) and s.game_id == spec.id), None)

    def _game_in_progress(self, spec: GameSpec) -> bool:
        play = self._play_scene(spec)
        if play is not None:
            return play.in_progress()
        return self.ctx.has_saved_game(spec.id)

    def _apply(self, spec: GameSpec, item: SettingItem, value: Any) -> None:
        """Set the value; a new game starts where one must (the old one left as its game
        says: M-2.2, not recorded, unless ``GameData.leave`` ends it)."""
        self.settings.game(spec.id)[item.field] = value
        if item.restarts_game:
            play = self._play_scene(spec)
            if play is not None:
                play.restart(value)
            else:
                self.ctx.start_new_game(spec.id, value)
        self._save()
        self._build()

    def choose_language(self, code: str) -> None:
        if code == i18n.current():
            return
        self.settings.language = code
        self.app.set_language(code)
        self._save()
        self._build()

    def toggle_music(self) -> None:
        self.settings.music_muted = not self.settings.music_muted
        self.ctx.audio.mute_music(self.settings.music_muted)
        self._save()
        self._build()

    def toggle_effects(self) -> None:
        self.settings.effects_muted = not self.settings.effects_muted
        self.ctx.audio.mute_effects(self.settings.effects_muted)
        self._save()
        self._build()

    def toggle_fullscreen(self) -> None:
        if self.kiosk:
            return
        self.settings.fullscreen = self.app.display.toggle_fullscreen()
        self._save()
        self._build()

    def choose_text_size(self, size: str) -> None:
        """TEXT SIZE: the smallest text on every screen (``game/arcade/textsize.py``), from the
        next frame on."""
        if self.settings.text_size == size:
            return
        self.settings.text_size = size
        self._save()
        self._build()

    def toggle_motion(self) -> None:
        self.settings.reduced_motion = not self.settings.reduced_motion
        self._save()
        self._build()

    def close(self) -> None:
        self._save()
        self.app.nav.pop()

    # --- frame ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(background(surface.get_size()), (0, 0))
        width = surface.get_width()
        text.blit_in(surface, t("settings.title"), "display", 72, palette.GOLD,
                     pygame.Rect(300, 30, width - 600, 104), shadow=True)  # beside BACK
        room = width - 120 if self.tall else CONTROL_X - LABEL_X - 30
        height = 52 if self.tall else 86  # a line above the controls, or beside them
        for row, (key, translate) in enumerate(self.rows()):
            x, y = self._label_pos(row)
            text.blit_in(surface, translate(key), "bold", 34, palette.TEXT,
                         pygame.Rect(x, y - height // 2, room, height), "midleft")
        self.draw_languages(surface, i18n.current())
        if self.ui is not None:
            self.gui.draw_ui(surface)

