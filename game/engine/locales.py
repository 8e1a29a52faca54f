"""The languages the game ships, in one pygame-free place (the storage validates a stored
``language`` with it).

``qps`` is the developers' pseudo-locale, generated from English by ``python -m
tools.pseudo_locale`` (longer, accented, bracketed): a screen in it shows where a text
overflows its box or was never translated. The settings offer it only with ``--dev-locales``
or ``MAGDAGDON_DEV_LOCALES=1``.
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
