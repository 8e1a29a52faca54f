"""Writes the developers' pseudo-locale ``qps`` from the English texts.

    python -m tools.pseudo_locale [--check]

Every ``assets/i18n/<namespace>.en.json`` becomes ``<namespace>.qps.json`` with the same keys
and plural forms: each text in brackets, its letters accented and each word padded with
``~`` to about 40 % more letters (``Settings`` → ``[Šéţţîñĝš~~~~]``). Placeholders
(``%{n}``), ``**strong**`` markup, line breaks, paths and the game's own Latin names
(MAGDAGDON, QUERNI, Majda, the difficulties) stay as they are; a text without letters (a
number pattern, a symbol) is copied unchanged. On a screen in ``qps`` a text that overflows
its box shows at once, and so does one that never went through the translations (it stays
plain English). Run it again after adding English keys; ``--check`` only says whether the
committed files are up to date (exit status 1 when not).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "assets" / "i18n"
PSEUDO = "qps"
GROWTH = 0.4
"""How much longer each word gets (localisation teams plan for about 40 %)."""
PAD = "~"

ACCENTED = dict(zip(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åьçðéғĝĥîĵķļмñöþøŕšţûѵŵхýžÅВÇÐÉҒĜĤÎĴĶĻМÑÖÞØŔŠŢÛѴŴХÝŽ", strict=True))
"""Each ASCII letter as a look-alike the bundled Latin/Cyrillic faces draw (``fonts/``): an
accented Latin letter where the subset has one, else a Cyrillic one."""
KEPT_WORDS = ("MAGDAGDON", "QUERNI", "Majda", "PEACEFUL", "SURVIVAL", "NIGHTMARE", "CUBIRI",
              "ORIGINAL", "Majduška")
"""The game's own names and its maker's: Latin letters in every language (rules M-10), so
here too."""
_TOKEN = re.compile(r"%\{\w+\}|\*\*|\S+?(?=%\{|\*\*|\s|$)|\s+")
_WORD = re.compile(r"[A-Za-zš]+")


def _word(token: str) -> str:
    """One word (no spaces): its letters accented, padded by ``GROWTH`` of them."""
    if "/" in token:  # a file's path or an address: written as it is
        return token
    letters = 0

    def accent(match: re.Match[str]) -> str:
        nonlocal letters
        word = match.group()
        if word in KEPT_WORDS:
            return word
        letters += len(word)
        return "".join(ACCENTED.get(ch, ch) for ch in word)

    accented = _WORD.sub(accent, token)
    return accented + PAD * math.ceil(GROWTH * letters) if letters else accented


def pseudo(text: str) -> str:
    """``text`` pseudo-localised (see the module's description)."""
    if not _WORD.search(re.sub(r"%\{\w+\}", "", text)):
        return text
    parts = []
    for token in _TOKEN.findall(text):
        if token.startswith("%{") or token == "**" or token.isspace():
            parts.append(token)
        else:
            parts.append(_word(token))
    return "[" + "".join(parts) + "]"


def convert(node: Any) -> Any:
    """A catalogue's tree with every text pseudo-localised (plural groups stay groups)."""
    if isinstance(node, dict):
        return {key: convert(value) for key, value in node.items()}
    return pseudo(node) if isinstance(node, str) else node


def generated() -> dict[Path, str]:
    """Every pseudo-locale file's path and the text it should hold."""
    files = {}
    for english in sorted(I18N.glob("*.en.json")):
        namespace = english.name[: -len(".en.json")]
        tree = json.loads(english.read_text(encoding="utf-8"))["en"]
        text = json.dumps({PSEUDO: convert(tree)}, ensure_ascii=False, indent=2) + "\n"
        files[I18N / f"{namespace}.{PSEUDO}.json"] = text
    return files


def stale() -> list[Path]:
    """The pseudo-locale files that differ from what the English texts give (or are missing)."""
    return [path for path, text in generated().items()
            if not path.exists() or path.read_text(encoding="utf-8") != text]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only say which files are out of date (exit status 1 if any)")
    args = parser.parse_args(argv)
    if args.check:
        out_of_date = stale()
        for path in out_of_date:
            print(f"out of date: {path.relative_to(ROOT)}")
        return 1 if out_of_date else 0
    for path, text in generated().items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
