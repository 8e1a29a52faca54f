"""Which venue server a kiosk uses, under which name, and its libpq connection string kept
out of harm's way.

``--fleet URL`` wins over ``$MAGDAGDON_FLEET_URL``, which wins over the settings' ``fleet_url``
(the operator menu's); none of them: nothing of the fleet is imported or started. A password is
refused on the command line (the process list shows it), taken for one run from the
environment, and never stored, logged or shown: every string kept or shown goes through
:func:`without_password` or :func:`describe` (the password comes from libpq's password file or
``PGPASSWORD``). The kiosk's name: ``--kiosk-name``, the settings' ``kiosk_name``, the host name.
Strings are read by :mod:`psycopg.conninfo` (libpq's own parser), imported on the first call:
a run without a venue never loads the driver.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING
from urllib.parse import parse_qsl, urlencode, urlsplit

from game.version import FLEET_ENV

if TYPE_CHECKING:
    pass


URL_SCHEMES = ("postgresql://", "postgres://")
MAX_LENGTH = 1024
"""Longer strings are refused: a connection string is a line an operator types."""
_QUOTED_RE = re.compile(r'"[^"]*"')


class ConnInfoError(ValueError):
    """The text is not a connection string the fleet can use (the reason, never the text)."""


def is_url(conninfo: str) -> bool:
    return conninfo.strip().lower().startswith(URL_SCHEMES)


def check(conninfo: str) -> None:
    """``ConnInfoError`` unless libpq reads ``conninfo`` (within the fleet's own limits)."""
    _fields(conninfo)


def _fields(conninfo: str) -> dict[str, str]:
    """libpq's reading of ``conninfo``: its parameters by keyword."""
    if not isinstance(conninfo, str) or not conninfo.strip():
        raise ConnInfoError("an empty connection string")
    if len(conninfo) > MAX_LENGTH:
        raise ConnInfoError(f"a connection string longer than {MAX_LENGTH} characters")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in conninfo):
        raise ConnInfoError("a connection string with control characters")
    if is_url(conninfo) and "#" in conninfo:
        # libpq would take it into the database's name; everywhere else it starts a fragment
        raise ConnInfoError("a connection URL has no #fragment (write '#' as %23)")
    import psycopg
    from psycopg.conninfo import conninfo_to_dict

    try:
        return {key: str(value) for key, value in conninfo_to_dict(conninfo).items()}
    except psycopg.Error as error:
        # libpq quotes pieces of the string, which may be the password: only its reason is kept
        raise ConnInfoError(_QUOTED_RE.sub('"…"', reason(error, None))) from None


def without_password(conninfo: str) -> str:
    """``conninfo`` with any password taken out (the form the fleet stores and logs): a URL
    stays a URL, ``key=value`` pairs keep the order they were typed in."""
    fields = _fields(conninfo)
    if not is_url(conninfo):
        from psycopg.conninfo import make_conninfo

        def typed_at(key: str) -> int:  # (libpq lists its parameters in an order of its own)
            found = re.search(rf"(?:^|\s){re.escape(key)}\s*=", conninfo)
            return found.start() if found else len(conninfo)

        return make_conninfo("", **{key: fields[key] for key in sorted(fields, key=typed_at)
                                    if key != "password"})
    url = conninfo.strip()
    try:
        parts = urlsplit(url)
    except ValueError:
        raise ConnInfoError("a connection URL that does not split into its parts") from None
    userinfo, at, hosts = parts.netloc.rpartition("@")
    user = userinfo.partition(":")[0] if at else ""
    kept = [(key, value) for key, value in parse_qsl(parts.query, keep_blank_values=True)
            if key.lower() != "password"]
    query = f"?{urlencode(kept)}" if kept else ""
    return f"{url[:url.index('://') + 3]}{user + '@' if user else ''}{hosts}{parts.path}{query}"


def has_password(conninfo: str) -> bool:
    return password_of(conninfo) is not None


def password_of(conninfo: str) -> str | None:
    return _fields(conninfo).get("password")


def describe(conninfo: str) -> str:
    """A short ``user@host:port/dbname`` for screens and the log (never the password;
    what libpq would default is left out)."""
    fields = _fields(conninfo)
    user, dbname = fields.get("user", ""), fields.get("dbname", "")
    host = fields.get("host") or fields.get("hostaddr") or "localhost"
    port = fields.get("port", "").strip(",")
    if port:
        host = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    text = f"{user + '@' if user else ''}{host}{'/' + dbname if dbname else ''}"
    return text[:120]


def scrub(text: str, secret: str | None) -> str:
    """``text`` (a driver's error message) with ``secret`` masked, wherever it appears."""
    return text.replace(secret, "***") if secret else text


def reason(error: BaseException, password: str | None) -> str:
    """The first line of ``error``'s message, ``password`` masked (what the log and the
    operator's screens say)."""
    text = str(error).strip()
    return scrub(text.splitlines()[0] if text else type(error).__name__, password)[:300]


KIOSK_NAME_MAX = 24


class FleetConfigError(ValueError):
    """A fleet option the operator must fix (the message says which and why)."""


@dataclass(frozen=True)
class FleetConfig:
    """One venue link: ``conninfo`` as given (maybe with the environment's password: in memory
    only), the kiosk's ``name``, and ``source``: ``flag``, ``environment`` or ``settings``."""

    conninfo: str
    name: str
    source: str

    @property
    def stored(self) -> str:
        return without_password(self.conninfo)

    @property
    def summary(self) -> str:
        return describe(self.conninfo)

    @property
    def password(self) -> str | None:
        return password_of(self.conninfo)


@dataclass(frozen=True)
class KioskLine:
    """One kiosk of the venue's list. ``state``: ``online``, ``offline``, ``never`` (no heartbeat
    yet) or ``retired``; times in seconds, ``None``: unknown."""

    kiosk: str
    state: str
    heartbeat_age: float | None
    waiting: int | None
    lag: int | None
    role: str = ""
    last_upload: datetime | None = None
    version: str = ""


def valid_kiosk_name(name: object) -> bool:
    # the settings' own rule, read when a name is checked: the storage package is not
    # needed to read a venue's settings
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
        if has_password(flag_url):
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
            check(settings_url)
        except ConnInfoError:
            return None  # the settings file checks its fields; a bad one is only ignored
        return FleetConfig(without_password(settings_url), name, "settings")
    return None


def _check(where: str, text: str) -> None:
    try:
        check(text)
    except ConnInfoError as error:
        raise FleetConfigError(f"{where}: {error}") from None
