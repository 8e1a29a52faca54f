"""The operator's list of the venue's kiosks (VENUE LINK → KIOSKS): each kiosk online or
offline, its last heartbeat, the games it has waiting and its lag (how long the oldest has
waited), read from the venue's registry on a thread of its own every 15 s
(:class:`~game.arcade.fleet.RegistryReader`); the frame only draws the newest list."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.arcade.fleet import KioskLine, RegistryReader, RegistryView
from game.arcade.scene import PageScene
from game.arcade.texts import t
from game.arcade.widgets import buttons, palette, text
from game.engine.localformat import format_number, format_time

if TYPE_CHECKING:
    from game.arcade.app import ArcadeApp

ROWS = 10
"""Kiosks listed (a venue rarely has more; the rest are counted)."""
COLUMNS = (("venue.col_kiosk", 0.0), ("venue.col_state", 0.34), ("venue.col_heartbeat", 0.52),
           ("venue.col_waiting", 0.72), ("venue.col_lag", 0.86))
"""Each column's heading and where it starts (a fraction of the table's width)."""
STATE_COLOURS = {"online": palette.GOOD, "offline": palette.BAD}


def age_text(seconds: float | None) -> str:
    """``12 s``, ``5 min``, ``3 h``, ``2 d`` (``-`` when unknown)."""
    if seconds is None:
        return "-"
    seconds = max(0.0, seconds)
    for limit, key, unit in ((120, "venue.age_s", 1), (7200, "venue.age_min", 60),
                             (172_800, "venue.age_h", 3600)):
        if seconds < limit:
            return t(key, n=format_number(round(seconds / unit)))
    return t("venue.age_d", n=format_number(round(seconds / 86400)))


class VenueKiosksScene(PageScene):
    """The list; BACK returns to VENUE LINK (the reader stops with the screen)."""

    kiosk_role = "pin_pad"  # the idle clock leaves the operator alone
    still = True

    def __init__(self, app: ArcadeApp) -> None:
        super().__init__(app)
        link = self.ctx.fleet
        self.reader = RegistryReader(link.config).start() if link is not None else None

    def _build(self) -> None:
        self.gui.clear_and_reset()
        width, height = self.app.surface.get_size()
        self.b_back = buttons.button(self.gui, pygame.Rect(width // 2 - 200, height - 140, 400,
                                                           100), "common.back", self.close,
                                     "#confirm")

    def exit(self) -> None:
        if self.reader is not None:
            self.reader.stop()
        super().exit()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_page(surface, t("venue.kiosks_title"))
        width = surface.get_width()
        view = self.reader.view if self.reader is not None else RegistryView(problem="none")
        self._note(surface, view)
        left, right = 60, width - 60
        y = 230
        for key, at in COLUMNS:
            label = t(key)
            room = int((right - left) * (0.3 if at == 0.0 else 0.16))
            text.blit(surface, label, "bold", 28, palette.TEXT_DIM, "midleft",
                      (left + int((right - left) * at), y), fit=room)
        for index, kiosk in enumerate((view.kiosks or ())[:ROWS]):
            self._row(surface, kiosk, left, right, y + 70 + index * 70)
        self.gui.draw_ui(surface)

    def _note(self, surface: pygame.Surface, view: RegistryView) -> None:
        """What the list is: reading, offline since, none yet, or more than shown."""
        if view.problem == "none":
            note = t("venue.kiosks_no_link")
        elif view.kiosks is None:
            note = t("venue.kiosks_offline_empty") if view.problem else t("venue.kiosks_reading")
        elif view.problem and view.read_at is not None:
            note = t("venue.kiosks_offline", time=format_time(view.read_at))
        elif not view.kiosks:
            note = t("venue.kiosks_none")
        elif view.read_at is not None:
            note = t("venue.kiosks_as_of", time=format_time(view.read_at))
        else:
            note = ""
        width = surface.get_width()
        text.blit(surface, note, "ui", 28, palette.TEXT_DIM, "center", (width // 2, 160),
                  fit=width - 120)

    def _row(self, surface: pygame.Surface, kiosk: KioskLine, left: int, right: int,
             y: int) -> None:
        cells = (kiosk.kiosk, t(f"venue.kiosk_{kiosk.state}"), age_text(kiosk.heartbeat_age),
                 "-" if kiosk.waiting is None else format_number(kiosk.waiting),
                 age_text(kiosk.lag))
        for (_, at), cell, index in zip(COLUMNS, cells, range(len(cells))):
            room = int((right - left) * (0.32 if index == 0 else 0.18))
            colour = STATE_COLOURS.get(kiosk.state, palette.TEXT) if index == 1 else palette.TEXT
            text.blit(surface, cell, "ui", 32, colour, "midleft",
                      (left + int((right - left) * at), y), fit=room)
