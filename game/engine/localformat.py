"""Dates and numbers as a native reader of the current language expects them; the patterns
live in ``formats.<locale>.json``, so translators add a language, not code."""

from __future__ import annotations

from datetime import datetime

from game.engine.i18n import Catalogue

t = Catalogue("formats").t


def format_number(value: int) -> str:
    """An integer with the language's thousands separator and a true minus sign."""
    sep = t("format.thousands")
    digits = f"{abs(int(value)):,}".replace(",", "\u0000").replace("\u0000", sep)
    return ("−" if value < 0 else "") + digits


def format_decimal(value: float, places: int = 1) -> str:
    """A fraction with the language's decimal mark (Bulgarian writes 2,3) and a true minus sign."""
    whole, _, fraction = f"{abs(value):.{places}f}".partition(".")
    digits = format_number(int(whole)) + (t("format.decimal") + fraction if fraction else "")
    return ("−" if value < 0 and float(f"{abs(value):.{places}f}") else "") + digits


def format_date(iso: str) -> str:
    """An ISO-8601 date (``2026-11-30T02:15:00Z``) as a short local date; raw text if unparsable."""
    try:
        when = datetime.fromisoformat(iso.replace("Z", "+00:00"))
    except (ValueError, AttributeError):
        return str(iso)
    year = when.year + int(t("format.year_offset") or 0)
    return t(
        "format.date",
        day=when.day,
        dd=f"{when.day:02d}",
        month=t(f"months.m{when.month}"),
        mm=f"{when.month:02d}",
        m=when.month,
        year=year,
    )


def format_time(seconds: float) -> str:
    """A moment (seconds since the epoch) as the local time of day, e.g. ``14:05``."""
    when = datetime.fromtimestamp(seconds)
    return t("format.time", hh=f"{when.hour:02d}", mm=f"{when.minute:02d}")
