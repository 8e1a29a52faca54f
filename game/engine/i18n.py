"""Translation lookup, the language switch and the font of each language.

Texts are looked up by key in catalogues (``assets/i18n/<namespace>.<locale>.json``) through
python-i18n, which pygame-gui uses too, so both switch language together. pygame renders a
string with one face and no fallback, so each locale names faces that cover its script and the
HarfBuzz script to shape with.
"""

from __future__ import annotations

import json
import locale as _locale
import logging
import os
from pathlib import Path

import i18n
import pygame

from game.engine import assets
from game.engine.locales import ALL_LOCALES, LOCALES

log = logging.getLogger(__name__)

TRANSLATIONS_DIR = assets.resource("assets", "i18n")

SCRIPTS = {"en": "Latn", "th": "Thai", "bg": "Cyrl", "ko": "Hang", "qps": "Latn"}
"""HarfBuzz script per locale (``pygame.font.Font.set_script``)."""

_LATIN_CYRILLIC = {
    "ui": "ui-latin-cyrillic.ttf",
    "bold": "ui-latin-cyrillic-bold.ttf",
    "display": "display.ttf",
}
FONT_FILES: dict[str, dict[str, str]] = {
    "en": _LATIN_CYRILLIC,
    "bg": _LATIN_CYRILLIC,
    "th": {"ui": "ui-thai.ttf", "bold": "ui-thai-bold.ttf", "display": "ui-thai-bold.ttf"},
    "ko": {"ui": "ui-korean.ttf", "bold": "ui-korean-bold.ttf", "display": "ui-korean-bold.ttf"},
    "qps": _LATIN_CYRILLIC,  # the pseudo-locale's accented Latin letters
}
"""Faces per locale and role: ``ui`` body text, ``bold`` buttons and labels, ``display`` titles."""

NUMBERS_FONT = "display.ttf"
"""Digits-only text (scores, sums, die digits) looks the same in every language."""
LATIN_ROLES = ("numbers", "logo")
"""Roles drawn with the display face in every language: digits, and the game's own name
(MAGDAGDON stays in Latin letters everywhere, M-10)."""

_state = {"locale": "en"}
_fonts: dict[tuple[str, int, str], pygame.font.Font] = {}


class CatalogueError(RuntimeError):
    """The English catalogues (the fallback of every language) are missing or damaged."""


def broken_catalogues(locale: str) -> list[str]:
    """The catalogue files of ``locale`` that python-i18n could not load: not UTF-8 JSON, or
    not one object named after the locale. An empty list when all are sound (or none
    exist: then every text falls back to English)."""
    broken = []
    for path in sorted(Path(TRANSLATIONS_DIR).glob(f"*.{locale}.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):
            broken.append(path.name)
            continue
        if not (isinstance(data, dict) and list(data) == [locale]):
            broken.append(path.name)
    return broken


def setup(locale: str = "en") -> str:
    """Point python-i18n at our files (idempotent) and switch to ``locale``; the locale in
    use. A language whose catalogues are damaged falls back to English (logged once);
    ``CatalogueError`` when English itself cannot be read."""
    i18n.set("file_format", "json")
    i18n.set("fallback", "en")
    path = str(TRANSLATIONS_DIR)
    if path not in i18n.load_path:
        i18n.load_path.append(path)
    english = broken_catalogues("en")
    if english or not list(Path(TRANSLATIONS_DIR).glob("*.en.json")):
        raise CatalogueError(f"the game's texts cannot be read in {TRANSLATIONS_DIR}: "
                             f"{', '.join(english) or 'no English catalogue'}")
    if locale != "en":
        broken = broken_catalogues(locale)
        if broken:
            log.warning("damaged translation %s: showing English instead", ", ".join(broken))
            locale = "en"
    set_locale(locale)
    return locale


def set_locale(locale: str) -> None:
    """Switch every later ``t`` call (and pygame-gui's texts) to ``locale``."""
    if locale not in ALL_LOCALES:
        raise ValueError(f"unsupported language {locale!r}; choose one of {', '.join(LOCALES)}")
    _state["locale"] = locale
    i18n.set("locale", locale)


def current() -> str:
    return _state["locale"]


class Catalogue:
    """The texts of one namespace: ``Catalogue("arcade").t("title.quit")`` reads
    ``assets/i18n/arcade.<locale>.json``. Each game owns its catalogue, so no game's keys
    live in shared files."""

    def __init__(self, namespace: str) -> None:
        self.namespace = namespace

    def t(self, key: str, **params: object) -> str:
        """The text of ``key`` in the current language, placeholders (``%{name}``) filled."""
        return str(i18n.t(f"{self.namespace}.{key}", locale=_state["locale"], **params))

    def __repr__(self) -> str:
        return f"Catalogue({self.namespace!r})"


def system_locale() -> str:
    """The first-start language: the system's when it is one of ours, else English."""
    candidates = [os.environ.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANG")]
    try:
        candidates.append(_locale.getlocale()[0] or "")
    except ValueError:
        pass
    for raw in candidates:
        code = raw.split(".")[0].split("_")[0].lower()
        if code in LOCALES:
            return code
    return "en"


def font_path(role: str, locale: str | None = None) -> Path:
    """The bundled face for ``role`` ("ui", "bold", "display", "numbers") in ``locale``."""
    if role in LATIN_ROLES:
        return assets.resource("fonts", NUMBERS_FONT)
    return assets.resource("fonts", FONT_FILES[locale or current()][role])


def clear_fonts() -> None:
    """Forget loaded fonts (they die with ``pygame.quit``; a new App loads them again)."""
    _fonts.clear()
    assets.clear_font_cache()


_floor = 0
"""The smallest text size any face is loaded at (logical px; see ``set_text_floor``)."""


def set_text_floor(size: int) -> bool:
    """Never load a face smaller than ``size`` logical px from now on: the shell sets it from
    the player's TEXT SIZE and the window's scale, so small print stays readable on a small
    window. Whether it changed (the caller then forgets rendered labels)."""
    global _floor
    changed = size != _floor
    _floor = size
    return changed


def text_floor() -> int:
    """The floor ``set_text_floor`` set (0: none)."""
    return _floor


def effective_size(size: int) -> int:
    """The size a face asked for at ``size`` is drawn at: never under the text floor."""
    return max(size, _floor)


def font(role: str, size: int, locale: str | None = None) -> pygame.font.Font:
    """A shaped ``pygame.font.Font`` for ``role`` and ``size`` (at least the text floor) in
    ``locale`` (cached)."""
    locale = locale or current()
    size = effective_size(size)
    key = (role, size, locale)
    cached = _fonts.get(key)
    if cached is None:
        cached = assets.font(font_path(role, locale), size, shared=False)
        script = "Latn" if role in LATIN_ROLES else SCRIPTS[locale]
        try:
            cached.set_script(script)
        except (AttributeError, pygame.error):  # SDL_ttf without HarfBuzz: unshaped text
            log.warning("text shaping for %s is not available", script)
        _fonts[key] = cached
    return cached
