"""A day's standings at the venue, drawn in a panel: rank, initials, kiosk and score of the
best rows, the player's own row lit (added below the best when it is further down), the
player's rank among all, and a line saying how fresh the board is (or that it is offline)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.arcade.fleet.board import VenueEntry
from game.arcade.texts import t
from game.arcade.venue import VenueState
from game.arcade.widgets import palette, text
from game.engine.localformat import format_number, format_time

SHOWN = 10
"""Rows listed (the player's own is added below them when it ranks lower)."""


def venue_line(state: VenueState) -> str:
    """The sentence that says how fresh the venue board is."""
    when = format_time(state.read_at) if state.read_at is not None else ""
    if state.kind == "offline":
        return t("venue.offline", time=when) if when else t("venue.offline_empty")
    if state.kind in ("connecting", "reading"):
        return t(f"venue.{state.kind}")
    return t(f"venue.{state.kind}", time=when)


def state_colour(state: VenueState) -> palette.Rgb:
    return {"live": palette.TEXT_DIM, "stale": palette.GOLD}.get(state.kind, palette.BAD)


def player_rank(entries: Sequence[VenueEntry], mine: str | None) -> int | None:
    """The 1-based place of the record ``mine`` among ``entries`` (best first), or ``None``."""
    return next((index + 1 for index, entry in enumerate(entries) if entry.record.id == mine),
                None)


def draw(surface: pygame.Surface, rect: pygame.Rect, entries: Sequence[VenueEntry], total: int,
         mine: str | None, state: VenueState, score_of: Callable[[dict[str, Any]], int]) -> None:
    """The panel inside ``rect``: heading, state line, rows, and the player's rank."""
    pygame.draw.rect(surface, palette.PANEL, rect, border_radius=24)
    pygame.draw.rect(surface, palette.PANEL_EDGE, rect, 3, border_radius=24)
    text.blit(surface, t("venue.today"), "bold", 34, palette.GOLD, "center",
              (rect.centerx, rect.top + 38), fit=rect.width - 40)
    y = rect.top + 78
    for line in text.wrap(venue_line(state), "ui", 22, rect.width - 40)[:2]:
        text.blit(surface, line, "ui", 22, state_colour(state), "center", (rect.centerx, y))
        y += 26
    rank = player_rank(entries, mine)
    rows = list(enumerate(entries[:SHOWN]))
    if rank is not None and rank > SHOWN:
        rows.append((rank - 1, entries[rank - 1]))
    row_h = max(30, min(44, (rect.bottom - y - 70) // max(1, SHOWN + 1)))
    y += 12
    if not rows:
        text.blit(surface, t("venue.none_today"), "ui", 26, palette.TEXT_DIM, "center",
                  (rect.centerx, y + 40))
    for index, entry in rows:
        _row(surface, pygame.Rect(rect.left + 16, y, rect.width - 32, row_h - 4), index, entry,
             entry.record.id == mine, score_of)
        y += row_h
    if rank is not None:
        line = t("venue.your_rank", rank=format_number(rank), count=format_number(total))
        text.blit(surface, line, "bold", 30, palette.GOOD, "center",
                  (rect.centerx, rect.bottom - 34), fit=rect.width - 40)


def _row(surface: pygame.Surface, band: pygame.Rect, index: int, entry: VenueEntry, mine: bool,
         score_of: Callable[[dict[str, Any]], int]) -> None:
    if mine:
        pygame.draw.rect(surface, (120, 100, 20), band, border_radius=12)
        pygame.draw.rect(surface, palette.GOLD, band, 3, border_radius=12)
    elif index % 2 == 0:
        pygame.draw.rect(surface, palette.BACKGROUND_TOP, band, border_radius=12)
    colour = palette.GOLD if index == 0 or mine else palette.TEXT
    size = min(30, band.height - 8)
    text.blit(surface, f"{index + 1}.", "numbers", size, colour, "midright",
              (band.left + 64, band.centery))
    text.blit(surface, entry.record.initials or "—", "ui", size, colour, "midleft",
              (band.left + 84, band.centery))
    text.blit(surface, entry.kiosk, "ui", size, palette.TEXT_DIM if not mine else colour,
              "midleft", (band.left + 164, band.centery), fit=band.width - 284, minimum=14)
    score = format_number(score_of(entry.record.as_dict()))
    text.blit(surface, score, "numbers", size, colour, "midright", (band.right - 14, band.centery))
