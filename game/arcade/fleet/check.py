"""``--fleet-check``: the venue seen as a kiosk sees it, for the operator setting one up.

It connects exactly as the kiosk's link does (the same connection string, password file and
timeouts), then says: whether TLS is on and the server's certificate verified, the schema
version against this build's, the venue's id, the name the venue knows this role by, whether
this role may write (a test record, its initials and a heartbeat inserted in a transaction that
is rolled back: nothing is kept) and the kiosk's last upload. Every line is one fact; the exit
status says whether a kiosk could send its games.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from game.arcade.fleet import conninfo, remote, schema
from game.arcade.fleet.config import FleetConfig
from game.arcade.storage import GameData

LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1"})


@dataclass
class CheckReport:
    """What ``--fleet-check`` found: one line per fact, and whether a kiosk can send."""

    lines: list[str] = field(default_factory=list)
    ok: bool = True

    def say(self, line: str) -> None:
        self.lines.append(line)

    def fail(self, line: str) -> None:
        self.lines.append(line)
        self.ok = False


def tls_line(conn: psycopg.Connection[Any]) -> tuple[str, bool]:
    """What TLS protects on ``conn``, and whether the server's certificate was verified."""
    options = {opt.keyword.decode(): (opt.val or b"").decode() for opt in conn.pgconn.info}
    mode = options.get("sslmode", "") or "prefer"
    in_use = bool(conn.pgconn.ssl_in_use)
    if conn.info.host.startswith("/"):
        return "TLS: not needed (a unix socket on this machine)", True
    if not in_use and conn.info.host in LOOPBACK:
        return "TLS: not used (a loopback connection: nothing leaves this machine)", True
    if not in_use:
        return (f"TLS: NOT USED (sslmode={mode}): the password and the games cross the network "
                "in clear; use sslmode=verify-full with the venue's CA (docs/fleet.md)"), False
    row = conn.execute("SELECT version FROM pg_stat_ssl WHERE pid = pg_backend_pid()"
                       ).fetchone()
    protocol = str(row[0]) if row and row[0] else "TLS"
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
        report.fail(f"cannot connect: {reason(error, config)}")
        return report
    with conn:
        try:
            _check(conn, config, games, report)
        except (psycopg.Error, schema.SchemaError) as error:
            report.fail(f"failed: {reason(error, config)}")
    return report


def _check(conn: psycopg.Connection[Any], config: FleetConfig, games: Sequence[GameData],
           report: CheckReport) -> None:
    line, verified = tls_line(conn)
    report.say(line)
    if not verified:
        report.ok = False
    found = schema.version(conn)
    if found < schema.LATEST:
        report.fail(f"schema: version {found}, this build needs {schema.LATEST}: the owner "
                    "runs --fleet-migrate")
        return
    report.say(f"schema: version {found} (this build needs {schema.LATEST})")
    report.say(f"venue id: {schema.venue_id(conn)}")
    name = remote.registered_name(conn)
    role = conn.info.user
    if name is None:
        if schema.owns_tables(conn):
            report.say(f"kiosk: role {role} owns the tables (not a kiosk's role: use the one "
                       "--fleet-add-kiosk made)")
            report.ok = False
        else:
            report.fail(f"kiosk: role {role} is not a registered kiosk of this venue (retired, "
                        "or never added with --fleet-add-kiosk): it cannot send")
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
    """Insert what a kiosk sends, then roll it all back."""
    bound = conn.execute("SELECT game, variant, low FROM arcade_score_bounds "
                         "ORDER BY game, variant LIMIT 1").fetchone()
    game, variant, score = bound if bound else (games[0].id if games else "check", "CHECK",
                                                None)
    record_id = f"fleet-check-{uuid.uuid4().hex}"
    with conn.transaction(force_rollback=True):
        conn.execute("INSERT INTO arcade_records (game, id, kiosk, recorded_at, variant, "
                     "initials, score, fields) VALUES (%s, %s, %s, now(), %s, '', %s, %s)",
                     (game, record_id, name, variant, score, Jsonb({"check": True})))
        conn.execute("INSERT INTO arcade_initials (game, id, initials) VALUES (%s, %s, 'CHK')",
                     (game, record_id))
        conn.execute("INSERT INTO arcade_documents (game, id, kiosk, document) "
                     "VALUES (%s, %s, %s, %s)", (game, record_id, name, Jsonb({})))
        failed = remote.heartbeat(conn, remote.Heartbeat(name, 0, 0, None, 60))
        if failed is not None:
            raise failed


def reason(error: BaseException, config: FleetConfig) -> str:
    """The first line of a driver's error, the password scrubbed."""
    text = str(error).strip()
    first = text.splitlines()[0] if text else type(error).__name__
    return conninfo.scrub(first, config.password)[:300]
