"""Which venue server a kiosk uses, and under which name: from the command line, the
environment or the operator's settings.

``--fleet URL`` wins over ``$<APP>_FLEET_URL`` (``MAGDAGDON_FLEET_URL``), which wins over the
settings' ``fleet_url`` (what the operator menu stores). None of them: no fleet at all, and
nothing of the fleet is imported or started. A password is refused on the command line (other
users read it in the process list), taken for the run from the environment, and never stored:
the settings keep the string without it (:func:`~game.arcade.fleet.conninfo.without_password`).
The kiosk's name on the venue board comes from ``--kiosk-name``, else the settings'
``kiosk_name``, else the machine's host name.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass

from game.arcade.fleet import conninfo
from game.arcade.fleet.env import FLEET_ENV as FLEET_ENV  # (re-exported: where it was named)

KIOSK_NAME_MAX = 24


class FleetConfigError(ValueError):
    """A fleet option the operator must fix (the message says which and why)."""


@dataclass(frozen=True)
class FleetConfig:
    """One venue link: ``conninfo`` as given (it may hold the environment's password; kept in
    memory only), the kiosk's ``name``, and where the string came from (``"flag"``,
    ``"environment"``, ``"settings"``)."""

    conninfo: str
    name: str
    source: str

    @property
    def stored(self) -> str:
        """The connection string without its password: what may be saved or logged."""
        return conninfo.without_password(self.conninfo)

    @property
    def summary(self) -> str:
        """``user@host/dbname``: what a screen or the log shows."""
        return conninfo.describe(self.conninfo)

    @property
    def password(self) -> str | None:
        return conninfo.password_of(self.conninfo)


def valid_kiosk_name(name: object) -> bool:
    # the settings' own rule, read when a name is checked: the command line imports this
    # module for FLEET_ENV, and the storage package is not needed to parse options
    from game.arcade.storage.settings import KIOSK_NAME_RE

    return isinstance(name, str) and bool(KIOSK_NAME_RE.fullmatch(name)) \
        and name == name.strip()


def default_kiosk_name() -> str:
    """The machine's host name, cut to what a kiosk name may hold (``kiosk`` if none fits)."""
    import socket

    host = re.sub(r"[^A-Za-z0-9._-]", "-", socket.gethostname().split(".")[0])
    host = host.strip("-._")[:KIOSK_NAME_MAX]
    return host if valid_kiosk_name(host) else "kiosk"


def resolve(flag_url: str | None, flag_name: str | None, settings_url: str,
            settings_name: str, environ: Mapping[str, str] | None = None) -> FleetConfig | None:
    """The venue link of this run, or ``None`` (no fleet); ``FleetConfigError`` for an option
    the operator must fix."""
    environ = os.environ if environ is None else environ
    if flag_name is not None and not valid_kiosk_name(flag_name):
        raise FleetConfigError(
            f"--kiosk-name: 1 to {KIOSK_NAME_MAX} letters, digits, spaces, '.', '_' or '-', "
            "starting with a letter or digit")
    name = flag_name or (settings_name if valid_kiosk_name(settings_name) else "") \
        or default_kiosk_name()
    if flag_url is not None:
        _check("--fleet", flag_url)
        if conninfo.has_password(flag_url):
            raise FleetConfigError(
                "--fleet: no password on the command line (other users can read it in the "
                "process list); put it in a libpq password file (~/.pgpass) or PGPASSWORD")
        return FleetConfig(flag_url.strip(), name, "flag")
    from_env = environ.get(FLEET_ENV, "").strip()
    if from_env:
        _check(FLEET_ENV, from_env)
        return FleetConfig(from_env, name, "environment")
    if settings_url:
        try:
            conninfo.check(settings_url)
        except conninfo.ConnInfoError:
            return None  # the settings file checks its fields; a bad one is only ignored
        return FleetConfig(conninfo.without_password(settings_url), name, "settings")
    return None


def _check(where: str, text: str) -> None:
    try:
        conninfo.check(text)
    except conninfo.ConnInfoError as error:
        raise FleetConfigError(f"{where}: {error}") from None
