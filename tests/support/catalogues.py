"""The translation catalogues (``assets/i18n``) as the i18n tests read them: loaded, merged by
group and flattened to dotted keys, and the checks the short texts and the help texts share
(the same keys as English, U+200B only between Thai words, every character in its face)."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "assets" / "i18n"
FONTS = ROOT / "fonts"
TRANSLATED = ("th", "bg", "ko")
PLACEHOLDER = re.compile(r"%\{(\w+)\}")
ZWSP = "\u200b"

# --- Thai script classes for the U+200B rules -------------------------------------------
THAI_COMBINING = {0x0E31, *range(0x0E34, 0x0E3B), *range(0x0E47, 0x0E4F)}
THAI_LEADING_VOWELS = set(range(0x0E40, 0x0E45))  # เ แ โ ใ ไ come before their consonant
MAX_UNBROKEN_THAI = 20
"""The longest run of Thai letters a line may have to keep whole (a short label)."""

# --- loading ------------------------------------------------------------------------------
SHORT_TEXTS = ("arcade", "magdagdon", "formats")
"""The catalogues of short texts: the shell's, MAGDAGDON's, dates and numbers."""
GROUPS = {"arcade": SHORT_TEXTS, "querni": ("querni",)}
"""Catalogue groups whose keys never clash; every generic check runs on each group (a game's
catalogue may reuse the shell's key names, e.g. ``over.play_again``)."""


def _merge(into: dict, other: dict, where: str) -> None:
    for key, value in other.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value, f"{where}{key}.")
        else:
            assert key not in into, f"{where}{key} is in two catalogues"
            into[key] = value


@functools.cache
def tree(locale: str, namespace: str | None = None, group: str = "arcade") -> dict:
    """One catalogue, or (``None``) a group's catalogues merged: their keys never clash."""
    if namespace is None:
        merged: dict = {}
        for name in GROUPS[group]:
            _merge(merged, json.loads(json.dumps(tree(locale, name))), "")
        return merged
    path = I18N / f"{namespace}.{locale}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert list(data) == [locale], f"{path.name} must hold one object named {locale!r}"
    return data[locale]


def flatten(node: dict, prefix: str = "") -> dict[str, str]:
    """Leaf strings by dotted key; a plural group gives ``key.one``, ``key.few``, ``key.many``."""
    flat: dict[str, str] = {}
    for key, value in node.items():
        if isinstance(value, dict):
            flat.update(flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


@functools.cache
def cmap(file_name: str) -> frozenset[int]:
    """The characters the font file ``fonts/<file_name>`` can draw."""
    return frozenset(TTFont(FONTS / file_name).getBestCmap())


def key_differences(english: dict[str, str], other: dict[str, str]) -> str:
    """"" when both catalogues have the same keys, else what is missing and extra."""
    missing, extra = english.keys() - other.keys(), other.keys() - english.keys()
    return f"missing {sorted(missing)}, extra {sorted(extra)}" if missing or extra else ""


def misplaced_zero_width_spaces(texts: dict[str, str]) -> list[tuple[str, str]]:
    """Every U+200B that is not between two Thai words (the short and the help texts)."""
    bad = []
    for key, text in texts.items():
        if text.startswith(ZWSP) or text.endswith(ZWSP):
            bad.append((key, "at an end"))
        for i, ch in enumerate(text):
            if ch != ZWSP or i == 0 or i == len(text) - 1:
                continue
            before, after = text[i - 1], text[i + 1]
            if before in (" ", ZWSP) or after in (" ", ZWSP):
                bad.append((key, f"next to a space at {i}"))
            if ord(after) in THAI_COMBINING:
                bad.append((key, f"before a combining mark at {i}"))
            if ord(before) in THAI_LEADING_VOWELS:
                bad.append((key, f"after a leading vowel at {i}"))
    return bad
