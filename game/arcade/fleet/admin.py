"""The venue operator's commands (``main.py --fleet URL --fleet-…``, :func:`run`): kiosks added
and retired, scores removed, the kiosks listed; each connects, does one thing in one
transaction, prints what it did and exits 0 (or 1 with the reason).

They run as the tables' owner (docs/fleet.md), but ``--fleet-check``, which connects exactly as
the kiosk's link does and says, one fact a line: TLS and whether the server's certificate was
verified, the schema version, the venue's id, the name this role has, whether it may write (a
test record, its initials, document and heartbeat inserted and rolled back) and its last upload.
Names SQL takes no parameter for (a role, the database, a SCRAM verifier) are quoted by
:mod:`psycopg.sql`; a kiosk's password is made here and only its verifier (computed by libpq on
this machine) reaches the server, never a statement, a history or the server's log.
"""

from __future__ import annotations

import argparse
import re
import secrets
import sys
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import psycopg
from psycopg import sql

from game.arcade.fleet import remote, schema
from game.arcade.fleet.config import (
    FleetConfig,
    FleetConfigError,
    KioskLine,
    reason,
    resolve,
)
from game.arcade.fleet.schema import scalar
from game.arcade.storage import GameData, Record, iso_date, utcnow
from game.version import FLEET_ENV

ROLE_PREFIX = "arcade_kiosk_"
ONLINE_BEATS = 2.0

_ADD: tuple[str, ...] = ("CREATE ROLE {role} LOGIN PASSWORD {verifier}",
                         *schema.KIOSK_SETTINGS,
                         "GRANT CONNECT ON DATABASE {db} TO {role}",
                         *schema.KIOSK_GRANTS)
_RETIRE: tuple[str, ...] = ("ALTER ROLE {role} NOLOGIN",
                            "REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {role}",
                            "REVOKE ALL ON DATABASE {db} FROM {role}")
_REMOVE: str = """
    WITH gone AS (DELETE FROM arcade_records WHERE {where} RETURNING *)
    INSERT INTO arcade_removed (game, id, kiosk, recorded_at, variant, initials, score, fields,
                                uploaded_at, reason)
    SELECT game, id, kiosk, recorded_at, variant, initials, score, fields, uploaded_at, %(reason)s
      FROM gone
    ON CONFLICT (game, id) DO NOTHING"""


class AdminError(RuntimeError):
    """An operator's command that cannot be done (the message says why)."""


@dataclass(frozen=True)
class KioskLogin:
    """A new kiosk's login: its role, its password (shown once) and where it connects."""

    kiosk: str
    role: str
    password: str
    host: str
    port: str
    dbname: str

    def url(self) -> str:
        """The kiosk's ``--fleet`` URL (verify-full: the kiosk checks the server's
        certificate against the venue's CA, ``~/.postgresql/root.crt`` by default)."""
        return f"postgresql://{self.role}@{self.host}:{self.port}/{self.dbname}" \
               "?sslmode=verify-full"

    def pgpass(self) -> str:
        """The kiosk's line of libpq's password file (``:`` and ``\\`` escaped)."""
        return ":".join(part.replace("\\", "\\\\").replace(":", "\\:") for part in
                        (self.host, self.port, self.dbname, self.role, self.password))


def role_for(kiosk: str) -> str:
    """The role of kiosk ``kiosk``: ``arcade_kiosk_`` and its name in lower case, every run
    of other characters one ``_`` (``Lobby 2`` → ``arcade_kiosk_lobby_2``)."""
    slug = re.sub(r"[^a-z0-9]+", "_", kiosk.lower()).strip("_")
    if not slug:
        raise AdminError(f"a kiosk name needs a letter or digit: {kiosk!r}")
    return (ROLE_PREFIX + slug)[:63]


def _run(conn: psycopg.Connection[Any], statements: tuple[str, ...], **names: sql.Composable
         ) -> None:
    for statement in statements:
        conn.execute(sql.SQL(statement).format(**{k: v for k, v in names.items()
                                                  if "{" + k + "}" in statement}))


def add_kiosk(conn: psycopg.Connection[Any], kiosk: str) -> KioskLogin:
    """Make ``kiosk``'s own role with a new password, its limits and grants, and register it;
    its login. ``AdminError`` when the name or role is taken."""
    from game.arcade.fleet.config import valid_kiosk_name

    if not valid_kiosk_name(kiosk):
        raise AdminError("a kiosk name is 1 to 24 letters, digits, spaces, '.', '_' or '-', "
                         "starting with a letter or digit")
    role = role_for(kiosk)
    password = secrets.token_urlsafe(24)
    verifier = conn.pgconn.encrypt_password(password.encode(), role.encode(), b"scram-sha-256")
    taken = scalar(conn, "SELECT kiosk FROM arcade_kiosks WHERE kiosk = %s OR role = %s",
                   (kiosk, role))
    if taken:
        raise AdminError(f"the venue already has a kiosk {taken!r} (role {role}); retired "
                         "names are kept with their scores: choose another")
    if scalar(conn, "SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)):
        raise AdminError(f"a role {role} already exists on this server: choose another name")
    dbname = conn.info.dbname
    with conn.transaction():
        _run(conn, _ADD, role=sql.Identifier(role), db=sql.Identifier(dbname),
             verifier=sql.Literal(verifier.decode()))
        conn.execute("INSERT INTO arcade_kiosks (role, kiosk) VALUES (%s, %s)", (role, kiosk))
    host = conn.info.host if not conn.info.host.startswith("/") else "localhost"
    return KioskLogin(kiosk, role, password, host, str(conn.info.port), dbname)


def retire_kiosk(conn: psycopg.Connection[Any], kiosk: str) -> tuple[str, int]:
    """Retire ``kiosk``: its role may no longer log in or write (its scores stay); its open
    sessions are ended when this role may. Its role and how many sessions were ended."""
    role = scalar(conn, "SELECT role FROM arcade_kiosks WHERE kiosk = %s AND retired_at IS NULL",
                  (kiosk,))
    if role is None:
        raise AdminError(f"the venue has no active kiosk {kiosk!r} (--fleet-kiosks lists them)")
    with conn.transaction():
        conn.execute("UPDATE arcade_kiosks SET retired_at = now() WHERE role = %s", (role,))
        _run(conn, _RETIRE, role=sql.Identifier(role), db=sql.Identifier(conn.info.dbname))
    ended = 0
    try:
        with conn.transaction():
            ended = sum(1 for (done,) in conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s",
                (role,)) if done)
    except psycopg.errors.InsufficientPrivilege:
        pass  # without pg_signal_backend: its session can no longer write anyway
    return role, ended


def remove_score(conn: psycopg.Connection[Any], record_id: str, reason: str = "") -> int:
    """Remove the record ``record_id`` (of any game) from every board, kept in
    ``arcade_removed``; how many rows were removed."""
    return _remove(conn, "id = %(id)s", {"id": record_id, "reason": reason})


def remove_kiosk_scores(conn: psycopg.Connection[Any], kiosk: str, since: datetime,
                        until: datetime, reason: str = "") -> int:
    """Remove every record of ``kiosk`` played from ``since`` to before ``until``."""
    return _remove(conn, "kiosk = %(kiosk)s AND recorded_at >= %(since)s "
                         "AND recorded_at < %(until)s",
                   {"kiosk": kiosk, "since": since, "until": until, "reason": reason})


def _remove(conn: psycopg.Connection[Any], where: str, params: dict[str, Any]) -> int:
    with conn.transaction():
        cursor = conn.execute(sql.SQL(_REMOVE).format(where=sql.SQL(where)), params)
        return max(0, cursor.rowcount)


def kiosks(conn: psycopg.Connection[Any]) -> list[KioskLine]:
    """Every kiosk registered or sending heartbeats, by name (offline: its last heartbeat is
    older than :data:`ONLINE_BEATS` of its intervals)."""
    return [KioskLine(*row) for row in conn.execute("""
        SELECT coalesce(k.kiosk, h.kiosk),
               CASE WHEN k.retired_at IS NOT NULL THEN 'retired' WHEN h.beat_at IS NULL THEN 'never'
                    WHEN now() - h.beat_at <= h.every_seconds * %s * interval '1 second'
                    THEN 'online' ELSE 'offline' END,
               extract(epoch FROM now() - h.beat_at)::float8, h.waiting, h.lag_seconds,
               coalesce(k.role, h.role), h.last_upload, coalesce(h.version, '')
          FROM arcade_kiosks k FULL JOIN arcade_heartbeats h ON h.role = k.role
         ORDER BY 1, 6""", (ONLINE_BEATS,))]


LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1"})


@dataclass
class CheckReport:
    """What ``--fleet-check`` found: one line per fact, and whether a kiosk can send."""

    lines: list[str] = field(default_factory=list)
    ok: bool = True

    def say(self, line: str, ok: bool = True) -> None:
        self.lines.append(line)
        self.ok = self.ok and ok


def tls_line(conn: psycopg.Connection[Any]) -> tuple[str, bool]:
    """What TLS protects on ``conn``, and whether the server's certificate was verified."""
    mode = conn.info.get_parameters().get("sslmode") or "prefer"
    in_use = bool(conn.pgconn.ssl_in_use)
    if conn.info.host.startswith("/"):
        return "TLS: not needed (a unix socket on this machine)", True
    if not in_use and conn.info.host in LOOPBACK:
        return "TLS: not used (a loopback connection: nothing leaves this machine)", True
    if not in_use:
        return (f"TLS: NOT USED (sslmode={mode}): the password and the games cross the network "
                "in clear; use sslmode=verify-full with the venue's CA (docs/fleet.md)"), False
    protocol = scalar(conn, "SELECT version FROM pg_stat_ssl WHERE pid = pg_backend_pid()") \
        or "TLS"
    if mode == "verify-full":
        return (f"TLS: on ({protocol}), the server's certificate and name verified "
                "(sslmode=verify-full)"), True
    return (f"TLS: on ({protocol}) but the server is NOT verified (sslmode={mode}): "
            "use sslmode=verify-full with the venue's CA on this kiosk"), False


def run_check(config: FleetConfig, games: Sequence[GameData]) -> CheckReport:
    """Check the venue link of ``config`` as its kiosk would use it."""
    report = CheckReport()
    report.say(f"venue: {config.summary}")
    try:
        conn = remote.connect(config)
    except psycopg.Error as error:
        report.say(f"cannot connect: {reason(error, config.password)}", False)
        return report
    with conn:
        try:
            _check(conn, config, games, report)
        except (psycopg.Error, schema.SchemaError) as error:
            report.say(f"failed: {reason(error, config.password)}", False)
    return report


def _check(conn: psycopg.Connection[Any], config: FleetConfig, games: Sequence[GameData],
           report: CheckReport) -> None:
    report.say(*tls_line(conn))
    found = schema.version(conn)
    if found < schema.LATEST:
        report.say(f"schema: version {found}, this build needs {schema.LATEST}: the owner "
                   "runs --fleet-migrate", False)
        return
    report.say(f"schema: version {found} (this build needs {schema.LATEST})")
    report.say(f"venue id: {schema.venue_id(conn)}")
    name = remote.registered_name(conn)
    role = conn.info.user
    if name is None:
        if schema.owns_tables(conn):
            report.say(f"kiosk: role {role} owns the tables (not a kiosk's role: use the one "
                       "--fleet-add-kiosk made)", False)
        else:
            report.say(f"kiosk: role {role} is not a registered kiosk of this venue (retired, "
                       "or never added with --fleet-add-kiosk): it cannot send", False)
            return
        name = config.name
    else:
        report.say(f"kiosk: role {role} is kiosk {name!r} of this venue")
    _try_writing(conn, name, games)
    report.say("grants: may send records, initials, documents and heartbeats (a test record "
               "was inserted and rolled back)")
    row = conn.execute("SELECT to_char(max(uploaded_at) AT TIME ZONE 'UTC', "
                       "'YYYY-MM-DD HH24:MI:SS\"Z\"'), count(*) FROM arcade_records "
                       "WHERE kiosk = %s", (name,)).fetchone()
    last, count = (row[0], int(row[1])) if row else (None, 0)
    report.say(f"last upload: {last} ({count} records of this kiosk)" if last else
               "last upload: none yet (a demo's games are not recorded, so never sent)")


def _try_writing(conn: psycopg.Connection[Any], name: str, games: Sequence[GameData]) -> None:
    """Send what a kiosk sends (a record, initials, a document, a heartbeat), then roll it all
    back."""
    bound = conn.execute("SELECT game, variant, low FROM arcade_score_bounds "
                         "ORDER BY game, variant LIMIT 1").fetchone()
    game, variant, score = bound if bound else (games[0].id if games else "check", "CHECK",
                                                None)
    record = Record(f"fleet-check-{uuid.uuid4().hex}", iso_date(utcnow()), variant, "CHK",
                    {"check": True})
    with conn.transaction(force_rollback=True):
        remote.store(conn, name, [remote.Outgoing(game, record, score, True, {})])
        failed = remote.heartbeat(conn, name, 0, 0, None, 60)
        if failed is not None:
            raise failed


def run(p: argparse.ArgumentParser, args: argparse.Namespace,
        games: Sequence[GameData]) -> int:
    """The operator's command of ``args``; its exit status."""
    try:
        config = resolve(args.fleet, getattr(args, "kiosk_name", None), "", "")
    except FleetConfigError as error:
        p.error(str(error))
    if config is None:
        p.error(f"the venue's commands need --fleet URL (or ${FLEET_ENV})")
    if args.fleet_remove_kiosk_scores and args.since is None:
        p.error("--fleet-remove-kiosk-scores needs --since DATE")
    if args.fleet_check:
        report = run_check(config, games)
        print("\n".join(report.lines), flush=True)
        print("ok: this kiosk can send its games" if report.ok else
              "NOT ok: see the lines above", flush=True)
        return 0 if report.ok else 1
    try:
        with remote.connect(config) as conn:
            return _owner_command(conn, args)
    except AdminError as error:
        print(f"{p.prog}: {error}", file=sys.stderr)
    except psycopg.Error as error:
        print(f"{p.prog}: {config.summary}: {reason(error, config.password)}", file=sys.stderr)
    return 1


def _owner_command(conn: Any, args: argparse.Namespace) -> int:
    if args.fleet_add_kiosk:
        login = add_kiosk(conn, args.fleet_add_kiosk)
        print(f"kiosk {login.kiosk!r} added: role {login.role}\n"
              f"its --fleet URL:  {login.url()}\n"
              f"its ~/.pgpass line (mode 0600; the password is shown this once):\n"
              f"  {login.pgpass()}\n"
              f"with the venue's CA as ~/.postgresql/root.crt of the kiosk's user; then run "
              f"main.py --fleet '{login.url()}' --fleet-check on the kiosk", flush=True)
    elif args.fleet_retire_kiosk:
        role, ended = retire_kiosk(conn, args.fleet_retire_kiosk)
        print(f"kiosk {args.fleet_retire_kiosk!r} retired: role {role} may no longer log in "
              f"or write ({ended} open session(s) ended); its scores stay", flush=True)
    elif args.fleet_kiosks:
        print(kiosk_table(kiosks(conn)), flush=True)
    elif args.fleet_remove_score:
        count = remove_score(conn, args.fleet_remove_score, args.reason)
        print(f"removed {count} score(s) with id {args.fleet_remove_score} (kept in "
              "arcade_removed); boards drop them at their next read", flush=True)
        return 0 if count else 1
    else:
        until = args.until or datetime.now(UTC)
        count = remove_kiosk_scores(conn, args.fleet_remove_kiosk_scores, args.since,
                                          until, args.reason)
        print(f"removed {count} score(s) of kiosk {args.fleet_remove_kiosk_scores!r} from "
              f"{args.since.isoformat()} to {until.isoformat()} (kept in arcade_removed)",
              flush=True)
    return 0


def _age(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    seconds = max(0.0, seconds)
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.0f} h" if seconds < 172_800 else f"{seconds / 86400:.0f} d"


def kiosk_table(states: Sequence[KioskLine]) -> str:
    """``--fleet-kiosks``' table: one line per kiosk."""
    lines = [f"{'kiosk':<24} {'state':<8} {'heartbeat':>9} {'waiting':>7} {'lag':>7} "
             f"{'last upload':<20} version"]
    now = time.time()
    for k in states:
        upload = "-" if k.last_upload is None else \
            f"{_age(now - k.last_upload.timestamp())} ago"
        lines.append(f"{k.kiosk:<24} {k.state:<8} {_age(k.heartbeat_age):>9} "
                     f"{'-' if k.waiting is None else k.waiting:>7} {_age(k.lag):>7} "
                     f"{upload:<20} {k.version or '-'}")
    if not states:
        lines.append("(no kiosk yet: --fleet-add-kiosk NAME adds one)")
    return "\n".join(lines)
