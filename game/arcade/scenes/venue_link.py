"""The operator's VENUE LINK screen: the server the kiosk shares its games with, its name on
the venue board, and how the link is doing. A typed server is stored without its password
(typed, it lasts this run only); every change restarts the link in the background, is saved
and logged (never the password); ``--fleet`` or the environment wins at the next start.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from game.arcade import fleet
from game.arcade.fleet import config as conninfo
from game.arcade.fleet.config import FleetConfig, default_kiosk_name, valid_kiosk_name
from game.arcade.scene import PageScene
from game.arcade.texts import t
from game.arcade.widgets import buttons, palette, text
from game.engine.localformat import format_number
from game.version import FLEET_ENV

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

log = logging.getLogger(__name__)

EXAMPLE_URL = "postgresql://kiosk@venue-db/arcade"
"""What the server prompt shows as an example (a format, the same in every language)."""
URL_FORM, KEYWORD_FORM = "postgresql://…", "host=… dbname=…"
PASSWORD_FILE, PASSWORD_VARIABLE = "~/.pgpass", "PGPASSWORD"


class VenueLinkScene(PageScene):
    kiosk_role = "pin_pad"  # the idle clock leaves the operator alone
    still = True  # the link's state is read again at each (slow) redraw

    def __init__(self, app: ArcadeApp) -> None:
        super().__init__(app)
        self.password_kept = False

    @property
    def config(self) -> FleetConfig | None:
        link = self.ctx.fleet
        return None if link is None else link.config

    @property
    def kiosk_name(self) -> str:
        config = self.config
        if config is not None:
            return config.name
        return self.ctx.settings.kiosk_name or default_kiosk_name()

    # --- layout -------------------------------------------------------------------------------
    def _row(self, index: int) -> int:
        return (300 if self.tall else 210) + index * (260 if self.tall else 170)

    def _build(self) -> None:
        ui = self.gui
        ui.clear_and_reset()
        width, height = self.app.surface.get_size()
        change_w = 300
        left = width - 60 - change_w
        self.b_server = buttons.button(ui, pygame.Rect(left, self._row(0) - 10, change_w, 96),
                                       "venue.change", self.change_server, "#choice")
        self.b_name = buttons.button(ui, pygame.Rect(left, self._row(1) - 10, change_w, 96),
                                     "venue.change", self.change_name, "#choice")
        bottom = height - 140
        third = (width - 160) // 3
        self.b_disconnect = buttons.button(ui, pygame.Rect(60, bottom, third, 100),
                                           "venue.disconnect", self.disconnect, "#danger")
        self.b_kiosks = buttons.button(ui, pygame.Rect(80 + third, bottom, third, 100),
                                       "venue.kiosks", self.kiosks, "#choice")
        if self.config is None:
            self.b_disconnect.disable()
            self.b_kiosks.disable()
        self.b_back = buttons.button(ui, pygame.Rect(100 + 2 * third, bottom, third, 100),
                                     "common.back", self.close, "#confirm")

    # --- changes --------------------------------------------------------------------------------
    def change_server(self) -> None:
        config = self.config
        start = config.stored if config is not None else (
            self.ctx.settings.fleet_url or "postgresql://")
        self.app.nav.push("text_entry", prompt_key="venue.enter_server", text=start,
                          on_done=self.set_server, prompt_params={"example": EXAMPLE_URL},
                          error_params={"url": URL_FORM, "keywords": KEYWORD_FORM})

    def set_server(self, typed: str) -> str | None:
        """The operator typed a server: ``None`` when taken, else the message's key."""
        typed = typed.strip()
        try:
            conninfo.check(typed)
        except conninfo.ConnInfoError:
            return "venue.bad_server"
        self.password_kept = conninfo.has_password(typed)
        self.ctx.settings.fleet_url = conninfo.without_password(typed)
        self.ctx.save_settings()
        log.info("operator: venue server %s", conninfo.describe(typed))
        self._restart(FleetConfig(typed, self.kiosk_name, "settings"))
        return None

    def change_name(self) -> None:
        self.app.nav.push("text_entry", prompt_key="venue.enter_name", text=self.kiosk_name,
                          on_done=self.set_name, max_length=24)

    def set_name(self, typed: str) -> str | None:
        name = typed.strip()
        if not valid_kiosk_name(name):
            return "venue.bad_name"
        self.ctx.settings.kiosk_name = name
        self.ctx.save_settings()
        log.info("operator: kiosk name %r", name)
        config = self.config
        if config is not None:
            self._restart(FleetConfig(config.conninfo, name, config.source))
        return None

    def disconnect(self) -> None:
        """No venue link any more (from the settings; a --fleet or environment one comes back
        at the next start)."""
        self.ctx.settings.fleet_url = ""
        self.ctx.save_settings()
        link = self.ctx.fleet
        if link is not None:
            link.stop()
        self.ctx.fleet = None
        self.password_kept = False
        log.info("operator: venue link off")
        self._build()

    def _restart(self, config: FleetConfig) -> None:
        storage = self.ctx.storage
        if storage is None:
            return
        old = self.ctx.fleet
        if old is not None:
            old.stop()
        self.ctx.fleet = fleet.start(config, storage, [spec.data for spec in self.app.games])
        self._build()

    def kiosks(self) -> None:
        """The venue's kiosks, online or offline (read from the venue's registry)."""
        self.app.nav.push("venue_kiosks")

    # --- frame --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_page(surface, t("venue.title"))
        width = surface.get_width()
        config = self.config
        self._field(surface, 0, "venue.server",
                    config.summary if config is not None else t("venue.not_set"),
                    self._source_note(config))
        self._field(surface, 1, "venue.name", self.kiosk_name, "")
        self._field(surface, 2, "venue.link", *self._state_lines())
        y = self._row(3) + (40 if self.tall else 0)
        notes = [t("venue.password_note", file=PASSWORD_FILE, variable=PASSWORD_VARIABLE)]
        if self.password_kept:
            notes.append(t("venue.password_kept"))
        for note in notes:
            for line in text.wrap(note, "ui", 26, width - 120):
                text.blit(surface, line, "ui", 26, palette.TEXT_DIM, "midleft", (60, y))
                y += 34
        self.gui.draw_ui(surface)

    def _source_note(self, config: FleetConfig | None) -> str:
        if config is None or config.source == "settings":
            return ""
        if config.source == "flag":
            return t("venue.source_flag", option="--fleet")
        return t("venue.source_environment", variable=FLEET_ENV)

    def _state_lines(self) -> tuple[str, str]:
        link = self.ctx.fleet
        if link is None:
            return t("venue.not_set"), ""
        status = link.status
        state = t(f"venue.state_{status.state}")
        if status.problem and status.state != "online":
            state = f"{state}: {t(f'venue.problem_{status.problem}')}"
        counts = t("venue.counts", sent=format_number(status.sent),
                   pending=format_number(status.pending))
        return state, counts

    def _field(self, surface: pygame.Surface, index: int, label_key: str, value: str,
               detail: str) -> None:
        """One row: its label, its value and a dim line under it."""
        y = self._row(index)
        width = surface.get_width()
        label = t(label_key)
        if self.tall:
            label_pos, value_pos, room = (60, y - 60), (60, y + 36), width - 440
        else:
            label_pos, value_pos, room = (60, y + 38), (560, y + 20), width - 560 - 400
        text.blit(surface, label, "bold", 34, palette.TEXT, "midleft", label_pos, fit=460)
        text.blit(surface, value, "ui", 34, palette.GOLD, "midleft", value_pos, fit=room,
                  minimum=18)
        if detail:
            text.blit(surface, detail, "ui", 26, palette.TEXT_DIM, "midleft",
                      (value_pos[0], value_pos[1] + 50), fit=room)
