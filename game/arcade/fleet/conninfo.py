"""libpq connection strings, read without libpq: what the fleet stores, logs and shows.

The venue's server is named by a libpq connection string, either a URL
(``postgresql://arcade@venue-db:5432/arcade?sslmode=require``) or ``key=value`` pairs
(``host=venue-db dbname=arcade user=arcade``). A password must never reach the settings file,
the log, a screen or the process list, so every string the fleet keeps or shows goes through
:func:`without_password` or :func:`describe` first; the password itself comes from libpq's
password file or ``PGPASSWORD`` (or, for one run, from the environment variable's URL).
This module parses the two forms itself: the fleet's configuration is read at start-up, where
importing the database driver would cost the arcade's first frame.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, unquote, urlencode

URL_SCHEMES = ("postgresql://", "postgres://")
MAX_LENGTH = 1024
"""Longer strings are refused: a connection string is a line an operator types."""
SECRET_KEYS = frozenset({"password"})
_KEY_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class ConnInfoError(ValueError):
    """The text is not a connection string the fleet can use (the reason, never the text)."""


def is_url(conninfo: str) -> bool:
    return conninfo.strip().lower().startswith(URL_SCHEMES)


def check(conninfo: str) -> None:
    """``ConnInfoError`` unless ``conninfo`` is a URL or ``key=value`` pairs libpq can read
    (within :data:`MAX_LENGTH`, no control characters)."""
    if not isinstance(conninfo, str) or not conninfo.strip():
        raise ConnInfoError("an empty connection string")
    if len(conninfo) > MAX_LENGTH:
        raise ConnInfoError(f"a connection string longer than {MAX_LENGTH} characters")
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in conninfo):
        raise ConnInfoError("a connection string with control characters")
    if is_url(conninfo):
        _split_url(conninfo)
    else:
        pairs(conninfo)


def pairs(conninfo: str) -> list[tuple[str, str]]:
    """The ``key=value`` pairs of a libpq keyword string, values unquoted
    (``ConnInfoError`` when it does not parse)."""
    out: list[tuple[str, str]] = []
    text, i = conninfo, 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            return out
        match = _KEY_RE.match(text, i)
        if match is None:
            raise ConnInfoError("expected key=value pairs or a postgresql:// URL")
        key, i = match.group(), match.end()
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text) or text[i] != "=":
            raise ConnInfoError(f"the keyword {key!r} has no '='")
        i += 1
        while i < len(text) and text[i].isspace():
            i += 1
        value, i = _value(text, i)
        out.append((key, value))


def _value(text: str, i: int) -> tuple[str, int]:
    """One value from ``text[i:]`` (quoted or bare, with backslash escapes) and where it ends."""
    chars: list[str] = []
    quoted = i < len(text) and text[i] == "'"
    if quoted:
        i += 1
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text):
            chars.append(text[i + 1])
            i += 2
            continue
        if (quoted and ch == "'") or (not quoted and ch.isspace()):
            return "".join(chars), i + 1
        chars.append(ch)
        i += 1
    if quoted:
        raise ConnInfoError("a quoted value is not closed")
    return "".join(chars), i


def _quote(value: str) -> str:
    if value and not any(ch.isspace() or ch in "'\\" for ch in value):
        return value
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _split_url(url: str) -> tuple[str, str, str, str, list[tuple[str, str]]]:
    """(scheme, user info, hosts, path, query pairs) of a connection URL."""
    stripped = url.strip()
    scheme_end = stripped.index("://") + 3
    scheme, rest = stripped[:scheme_end], stripped[scheme_end:]
    rest, _, fragment = rest.partition("#")
    if fragment:
        raise ConnInfoError("a connection URL has no #fragment")
    rest, _, query = rest.partition("?")
    netloc, slash, path = rest.partition("/")
    userinfo, at, hosts = netloc.rpartition("@")
    if not at:
        userinfo, hosts = "", netloc
    try:
        params = parse_qsl(query, keep_blank_values=True, strict_parsing=bool(query))
    except ValueError:
        raise ConnInfoError("the URL's ?parameters do not parse") from None
    return scheme, userinfo, hosts, slash + path, params


def without_password(conninfo: str) -> str:
    """``conninfo`` with any password taken out (the form the fleet stores and logs)."""
    check(conninfo)
    if not is_url(conninfo):
        return " ".join(f"{key}={_quote(value)}" for key, value in pairs(conninfo)
                        if key.lower() not in SECRET_KEYS)
    scheme, userinfo, hosts, path, params = _split_url(conninfo)
    user = userinfo.partition(":")[0]
    kept = [(key, value) for key, value in params if key.lower() not in SECRET_KEYS]
    query = f"?{urlencode(kept)}" if kept else ""
    return f"{scheme}{user + '@' if user else ''}{hosts}{path}{query}"


def has_password(conninfo: str) -> bool:
    """Whether ``conninfo`` carries a password (then it must not be stored or shown)."""
    return password_of(conninfo) is not None


def password_of(conninfo: str) -> str | None:
    """The password inside ``conninfo``, or ``None`` (to scrub it from driver messages)."""
    check(conninfo)
    if not is_url(conninfo):
        found = [value for key, value in pairs(conninfo) if key.lower() in SECRET_KEYS]
        return found[-1] if found else None
    _, userinfo, _, _, params = _split_url(conninfo)
    found = [value for key, value in params if key.lower() in SECRET_KEYS]
    if found:
        return found[-1]
    user, colon, secret = userinfo.partition(":")
    return unquote(secret) if colon else None


def describe(conninfo: str) -> str:
    """A short ``user@host:port/dbname`` for screens and the log (never the password;
    what libpq would default is left out)."""
    check(conninfo)
    if is_url(conninfo):
        _, userinfo, hosts, path, params = _split_url(conninfo)
        fields = dict(params)
        user = unquote(userinfo.partition(":")[0]) or fields.get("user", "")
        host = unquote(hosts) or fields.get("host", "")
        dbname = unquote(path.lstrip("/")) or fields.get("dbname", "")
    else:
        fields = dict(pairs(conninfo))
        user, dbname = fields.get("user", ""), fields.get("dbname", "")
        host = fields.get("host", fields.get("hostaddr", ""))
        if fields.get("port"):
            host = f"{host}:{fields['port']}"
    text = f"{user + '@' if user else ''}{host or 'localhost'}{'/' + dbname if dbname else ''}"
    return text[:120]


def scrub(text: str, secret: str | None) -> str:
    """``text`` (a driver's error message) with ``secret`` masked, wherever it appears."""
    if not secret:
        return text
    return text.replace(secret, "***")
