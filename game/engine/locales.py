"""The languages the game ships, in one pygame-free place.

``engine/i18n.py`` (which needs pygame for its fonts) and the storage (which must not import
pygame, so it can validate a stored ``language`` anywhere) both read the list from here.

Beside the shipped languages there is one for developers: ``qps``, a **pseudo-locale**
generated from English by ``python -m tools.pseudo_locale`` (every text about 40 % longer,
accented and in brackets: ``[Šéţţîñĝš~~~~]``). It is a language like the others to the text
layer, so a screen in it shows where a text overflows its box or was never translated (a
hard-coded string stays plain). The settings offer it only when a developer asks
(``--dev-locales`` or ``MAGDAGDON_DEV_LOCALES=1``).
"""

from __future__ import annotations

import os

from game.version import APP_NAME

LOCALES: tuple[str, ...] = ("en", "th", "bg", "ko")
"""Every shipped locale; the first one is the default."""
PSEUDO_LOCALE = "qps"
"""The developers' pseudo-locale (the code localisation teams use for one: ``qps-ploc``)."""
ALL_LOCALES: tuple[str, ...] = (*LOCALES, PSEUDO_LOCALE)
"""Every locale the texts can be shown in: the shipped ones and the pseudo-locale."""
DEV_LOCALES_ENV = f"{APP_NAME.upper()}_DEV_LOCALES"
"""Set to 1 (as ``--dev-locales`` does) to offer the pseudo-locale in the settings
(``MAGDAGDON_DEV_LOCALES``)."""


def offered() -> tuple[str, ...]:
    """The languages the settings and the operator menu offer: the shipped ones, and the
    pseudo-locale when a developer asked for it."""
    return ALL_LOCALES if os.environ.get(DEV_LOCALES_ENV, "") not in ("", "0") else LOCALES
