"""The venue operator's commands on the command line (``main.py --fleet URL --fleet-…``):
each connects, does one thing, prints what it did and exits (0, or 1 with the reason).

``--fleet-check`` connects with the kiosk's own settings; the others with the owner's
(docs/fleet.md, "Operating the venue").
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from game.arcade.storage import GameData


def run(p: argparse.ArgumentParser, args: argparse.Namespace,
        games: Sequence[GameData]) -> int:
    """The operator's command of ``args``; its exit status."""
    from game.arcade.fleet.config import FLEET_ENV, FleetConfigError, resolve

    try:
        config = resolve(args.fleet, getattr(args, "kiosk_name", None), "", "")
    except FleetConfigError as error:
        p.error(str(error))
    if config is None:
        p.error(f"the venue's commands need --fleet URL (or ${FLEET_ENV})")
    if args.fleet_remove_kiosk_scores and args.since is None:
        p.error("--fleet-remove-kiosk-scores needs --since DATE")
    if args.fleet_check:
        from game.arcade.fleet.admin import run_check

        report = run_check(config, games)
        print("\n".join(report.lines), flush=True)
        print("ok: this kiosk can send its games" if report.ok else
              "NOT ok: see the lines above", flush=True)
        return 0 if report.ok else 1
    import psycopg

    from game.arcade.fleet import admin, remote
    from game.arcade.fleet.admin import reason
    try:
        with remote.connect(config) as conn:
            return _owner_command(conn, args, admin)
    except admin.AdminError as error:
        print(f"{p.prog}: {error}", file=sys.stderr)
    except psycopg.Error as error:
        print(f"{p.prog}: {config.summary}: {reason(error, config)}", file=sys.stderr)
    return 1


def _owner_command(conn: Any, args: argparse.Namespace, admin: Any) -> int:
    if args.fleet_add_kiosk:
        login = admin.add_kiosk(conn, args.fleet_add_kiosk)
        print(f"kiosk {login.kiosk!r} added: role {login.role}\n"
              f"its --fleet URL:  {login.url()}\n"
              f"its ~/.pgpass line (mode 0600; the password is shown this once):\n"
              f"  {login.pgpass()}\n"
              f"with the venue's CA as ~/.postgresql/root.crt of the kiosk's user; then run "
              f"main.py --fleet '{login.url()}' --fleet-check on the kiosk", flush=True)
    elif args.fleet_retire_kiosk:
        role, ended = admin.retire_kiosk(conn, args.fleet_retire_kiosk)
        print(f"kiosk {args.fleet_retire_kiosk!r} retired: role {role} may no longer log in "
              f"or write ({ended} open session(s) ended); its scores stay", flush=True)
    elif args.fleet_kiosks:
        print(kiosk_table(admin.kiosks(conn)), flush=True)
    elif args.fleet_remove_score:
        count = admin.remove_score(conn, args.fleet_remove_score, args.reason)
        print(f"removed {count} score(s) with id {args.fleet_remove_score} (kept in "
              "arcade_removed); boards drop them at their next read", flush=True)
        return 0 if count else 1
    else:
        until = args.until or datetime.now(UTC)
        count = admin.remove_kiosk_scores(conn, args.fleet_remove_kiosk_scores, args.since,
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


def kiosk_table(states: Sequence[Any]) -> str:
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
