"""The kiosk operator's menu, behind the PIN: the games offered, idle time and attract mode,
volumes, the idle language, resetting the high scores (asked twice; a dated backup is kept),
the PIN, the venue link and the way out. Every change takes effect at once, is saved and is
logged (never the PIN).
"""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.arcade.scenes.settings import VolumeSliders
from game.arcade.storage import Notice
from game.arcade.texts import t
from game.arcade.widgets import buttons, palette, text
from game.engine import i18n, locales

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp
    from game.arcade.kiosk import Kiosk

log = logging.getLogger(__name__)

IDLE_CHOICES = (30, 60, 90, 120, 300)
"""Seconds without a touch before "Still playing?" (the chips of the idle row)."""
ROWS = ("operator.games", "operator.idle", "operator.attract", "settings.music",
        "settings.effects", "operator.language")


class OperatorScene(VolumeSliders):
    """Opened by the right PIN on a kiosk; RESUME goes back to the kiosk as it was."""

    kiosk_role = "pin_pad"  # the idle clock leaves the operator alone
    still = True  # nothing moves by itself: untouched, it is redrawn only rarely

    def __init__(self, app: ArcadeApp, kiosk: Kiosk) -> None:
        super().__init__(app)
        self.kiosk = kiosk
        self.language_rects: dict[str, pygame.Rect] = {}
        self._dirty = False

    # --- layout -------------------------------------------------------------------------------
    def _row(self, index: int) -> int:
        return 250 + index * 170 if self.tall else 170 + index * 104

    def _label_pos(self, index: int) -> tuple[int, int]:
        return (60, self._row(index) - 30) if self.tall else (100, self._row(index) + 44)

    def _chip(self, index: int, count: int, row: int) -> pygame.Rect:
        left = 60 if self.tall else 640
        width_all = self.app.surface.get_width() - (120 if self.tall else 700)
        gap = 18
        width = (width_all - (count - 1) * gap) // count
        return pygame.Rect(left + index * (width + gap), self._row(row) + 4, width, 84)

    def _actions_top(self) -> int:
        return self._row(len(ROWS)) + (40 if self.tall else 34)

    # --- building -------------------------------------------------------------------------------
    def _build(self) -> None:
        ui = self.gui
        ui.clear_and_reset()
        s = self.settings
        offered = self.kiosk.offered_ids()
        self.game_chips = []
        for i, spec in enumerate(self.app.games):
            on = spec.id in offered
            self.game_chips.append(buttons.button(
                ui, self._chip(i, max(3, len(self.app.games)), 0), "settings.game_name",
                partial(self.toggle_game, spec.id), "#choice_on" if on else "#choice",
                name=spec.logo))
        self.idle_chips = []
        for i, seconds in enumerate(IDLE_CHOICES):
            on = int(s.idle_seconds) == seconds
            self.idle_chips.append(buttons.button(
                ui, self._chip(i, len(IDLE_CHOICES), 1), "operator.seconds",
                partial(self.set_idle, seconds), "#choice_on" if on else "#choice",
                seconds=seconds))
        self.b_attract = buttons.button(
            ui, self._chip(0, 3, 2), "settings.on" if s.kiosk_attract else "settings.off",
            self.toggle_attract, "#choice_on" if s.kiosk_attract else "#choice")
        self.music = self._slider(3, s.music_volume, self.set_music)
        self.effects = self._slider(4, s.effects_volume, self.set_effects)
        codes = locales.offered()
        self.language_rects = {code: self._chip(i, len(codes), 5)
                               for i, code in enumerate(codes)}
        width = self.app.surface.get_width()
        labels = (("operator.resume", self.close, "#confirm"),
                  ("operator.change_pin", self.change_pin, "#choice"),
                  ("operator.reset_scores", self.reset_scores, "#danger"),
                  ("operator.exit", self.exit_to_desktop, "#danger"),
                  ("operator.venue", self.venue_link, "#choice"))
        self.actions = []
        per_row = 2 if self.tall else 4
        item_w = (width - 120 - (per_row - 1) * 20) // per_row
        for i, (key, command, object_id) in enumerate(labels):
            row, col = divmod(i, per_row)
            rect = pygame.Rect(60 + col * (item_w + 20), self._actions_top() + row * 120,
                               item_w, 100)
            self.actions.append(buttons.button(ui, rect, key, command, object_id))

    # --- changes: at once, saved, logged ---------------------------------------------------------
    def toggle_game(self, game_id: str) -> None:
        """Offer or withdraw a game (at least one stays on)."""
        offered = self.kiosk.offered_ids()
        if game_id in offered and len(offered) == 1:
            self.ctx.audio.play("illegal")
            return
        chosen = [g for g in offered if g != game_id] if game_id in offered else [
            spec.id for spec in self.app.games if spec.id in (*offered, game_id)]
        self.settings.kiosk_games = chosen
        log.info("operator: the kiosk offers %s", ", ".join(chosen))
        self._save()
        self._build()

    def set_idle(self, seconds: int) -> None:
        self.settings.idle_seconds = seconds
        self.kiosk.idle_seconds = float(seconds)
        log.info("operator: idle time %d s", seconds)
        self._save()
        self._build()

    def toggle_attract(self) -> None:
        self.settings.kiosk_attract = not self.settings.kiosk_attract
        log.info("operator: attract mode %s", "on" if self.settings.kiosk_attract else "off")
        self._save()
        self._build()

    def choose_language(self, code: str) -> None:
        """The kiosk's default language: shown now, and what an idle kiosk returns to."""
        self.settings.kiosk_language = code
        self.settings.language = code
        self.app.set_language(code)
        log.info("operator: default language %s", code)
        self._save()
        self._build()

    def reset_scores(self) -> None:
        """Asked twice; the old records are kept as a dated backup."""
        self.app.nav.push("confirm", question_key="operator.reset_question",
                          on_yes=self._reset_asked_once, yes_key="operator.reset_yes")

    def _reset_asked_once(self) -> None:
        self.app.nav.push("confirm", question_key="operator.reset_again",
                          on_yes=self._reset_now, yes_key="operator.reset_yes")

    def _reset_now(self) -> None:
        storage = self.ctx.storage
        if storage is None:
            return
        try:
            backup = storage.reset_records()
        except OSError as error:
            log.warning("operator: the high scores could not be reset (%s)", error)
            self.ctx.notices.append(Notice("notice.save_failed", {}))
            return
        log.info("operator: high scores reset (backup %s)", backup)

    def change_pin(self) -> None:
        self.app.nav.push("pin_pad", kiosk=self.kiosk, mode="set")

    def venue_link(self) -> None:
        """The venue server this kiosk shares its games with, and its name there."""
        self.app.nav.push("venue_link")

    def close(self) -> None:
        self.kiosk.idle = 0.0
        self.app.nav.pop()

    def exit_to_desktop(self) -> None:
        """Asked first: a slip of the finger would leave the kiosk on the desktop."""
        self.app.nav.push("confirm", question_key="operator.exit_question",
                          on_yes=self._exit_now, yes_key="operator.exit",
                          no_key="common.cancel")

    def _exit_now(self) -> None:
        log.info("operator: exit to the desktop")
        self.app.quit()

    # --- frame --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_page(surface, t("operator.title"))
        width = surface.get_width()
        watch = self.app.folder_watch
        if watch is not None and not watch.back:  # the operator should know, and fix it
            notice = t("operator.data_dir_memory")
            text.blit(surface, notice, "bold", 26, palette.DANGER, "center", (width // 2, 140),
                      fit=width - 120)
        room = width - 120 if self.tall else 500
        for row, key in enumerate(ROWS):
            label = t(key)
            text.blit(surface, label, "bold", 32, palette.TEXT, "midleft", self._label_pos(row),
                      fit=room)
        self.draw_languages(surface, self.settings.kiosk_language or i18n.current())
        self.gui.draw_ui(surface)
