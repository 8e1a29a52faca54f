"""The venue's server under a season of games: ``python -m benchmarks.fleet --boards``.

A throwaway cluster (as the tests start one) is filled with ``--rows`` games of 50 kiosks over a
year, as docs/fleet.md's tables hold them (in the order they were played, as kiosks send
them). Then for ``--seconds``:

* ``--readers`` simulated kiosks, each logged in as its own kiosk role (``--fleet-add-kiosk``'s
  code) on its own connection, read the boards a kiosk's screens show every 15 s (its ALL TIME,
  TODAY and THIS WEEK boards of a variant and the day's standings, through the link's own
  :class:`~game.arcade.fleet.remote.BoardReader`) and upload one game every 20 s (the link's
  own ``send``), their starts spread over the first 15 s;
* one real demo kiosk with the venue link and one without it run side by side (as the default
  mode runs them), timing their frames.

Printed: each board query's time as the simulated kiosk saw it (loopback, Python included: an
upper bound of the server's time) p50/p99/max, the server's own planning and execution time of
each kind of board query sampled every 5 s under the load (``EXPLAIN ANALYZE``) p50/p99,
statement timeouts and other errors met, uploads, and the two kiosks' frame work p99 (target:
within 10 %).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import threading
import time
import uuid
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
READ_EVERY, UPLOAD_EVERY = 15.0, 20.0


def board_queries(variant: str) -> list[Any]:
    from game.arcade.fleet.board import VenueQuery
    from tools.testkit.records import RANKED

    today = (("daily", date.today().isoformat()),)
    return [VenueQuery(RANKED, variant, (), True, 30, "all"),
            VenueQuery(RANKED, variant, (), True, 30, "today"),
            VenueQuery(RANKED, variant, (), True, 30, "week"),
            VenueQuery(RANKED, "DAILY", today, True, 500)]


class SimulatedKiosk(threading.Thread):
    """One kiosk's reads and uploads on its own connection until ``stop``."""

    def __init__(self, index: int, url: str, name: str, stop: threading.Event) -> None:
        super().__init__(name=f"kiosk-{index}", daemon=True)
        self.index, self.url, self.kiosk, self.stop_at = index, url, name, stop
        self.reads: list[tuple[str, float]] = []
        self.uploads = 0
        self.errors: list[str] = []

    def run(self) -> None:
        import psycopg

        from game.arcade.fleet import remote
        from game.arcade.fleet.config import FleetConfig
        from game.arcade.storage import Record
        from tools.testkit.records import GAME_DATA, RANKED

        rng = random.Random(self.index)
        reader = remote.BoardReader({game.id: game for game in GAME_DATA})
        variant = ("PEACEFUL", "SURVIVAL", "NIGHTMARE")[self.index % 3]
        queries = board_queries(variant)
        self.stop_at.wait(rng.uniform(0.0, READ_EVERY))
        next_read = next_upload = time.monotonic()
        try:
            conn = remote.connect(FleetConfig(self.url, self.kiosk, "environment"))
        except psycopg.Error as error:
            self.errors.append(f"connect: {error}")
            return
        with conn:
            while not self.stop_at.is_set():
                now = time.monotonic()
                try:
                    if now >= next_read:
                        next_read += READ_EVERY
                        for query in queries:
                            start = time.perf_counter()
                            reader.read(conn, query)
                            self.reads.append((f"{query.period}{'+match' * bool(query.match)}",
                                               (time.perf_counter() - start) * 1000.0))
                    if now >= next_upload:
                        next_upload += UPLOAD_EVERY
                        score = rng.randrange(-50, 400)
                        record = Record(uuid.uuid4().hex, datetime.now(UTC).strftime(
                            "%Y-%m-%dT%H:%M:%SZ"), variant, "",
                            {"score": score, "turns": 16, "powers": 0, "ruins": 0})
                        remote.send(conn, self.kiosk, [remote.Outgoing(
                            RANKED, record, score, True, None)])
                        self.uploads += 1
                except psycopg.Error as error:
                    self.errors.append(f"{type(error).__name__}: {str(error).strip()[:120]}")
                self.stop_at.wait(max(0.0, min(next_read, next_upload) - time.monotonic()))


def server_times(conn: Any, runs: int = 1) -> dict[str, list[float]]:
    """Each kind of board query's planning and execution time on the server (EXPLAIN
    ANALYZE), ms."""
    from psycopg.types.json import Jsonb

    from game.arcade.fleet.board import period_bounds
    from game.arcade.fleet.remote import board_sql

    out: dict[str, list[float]] = {}
    for variant in ("PEACEFUL", "NIGHTMARE"):
        for query in board_queries(variant):
            since, until = period_bounds(query.period, datetime.now().astimezone())
            sql = board_sql(True, bool(query.match), since is not None)
            params = {"game": query.game, "variant": query.variant,
                      "match": Jsonb(dict(query.match)), "since": since, "until": until,
                      "limit": query.limit, "offset": 0}
            for _ in range(runs):
                row = conn.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + sql, params,
                                   prepare=False).fetchone()
                plan = row[0] if not isinstance(row[0], str) else json.loads(row[0])
                key = f"{query.period}{'+match' * bool(query.match)}"
                out.setdefault(key, []).append(plan[0]["Planning Time"]
                                               + plan[0]["Execution Time"])
    return out


def run_boards(args: argparse.Namespace) -> int:
    sys.path.insert(0, str(HERE))
    import psycopg

    from benchmarks.fleet import percentile, start_kiosk
    from game.arcade.fleet import admin
    from tools.testkit.postgres import throwaway_venue
    from tools.testkit.records import GAME_DATA
    from tools.testkit.venue import fill

    with throwaway_venue(GAME_DATA) as venue:
        if isinstance(venue, str):
            print(f"benchmarks.fleet: {venue}", file=sys.stderr)
            return 1
        cluster, db, url = venue
        with psycopg.connect(url, autocommit=True) as conn:
            started = time.monotonic()
            fill(conn, args.rows)
            print(f"filled {args.rows} rows in {time.monotonic() - started:.0f} s", flush=True)
            logins = [admin.add_kiosk(conn, f"Sim {i + 1}") for i in range(args.readers)]
            real = admin.add_kiosk(conn, "Fleet 1")
        stop = threading.Event()
        kiosks = [SimulatedKiosk(i, cluster.tcp_url(db, login.role, login.password),
                                 login.kiosk, stop) for i, login in enumerate(logins)]
        with tempfile.TemporaryDirectory(prefix="fleet-boards-") as base:
            runs = {"fleet-1": start_kiosk("Fleet 1", Path(base) / "fleet-1", args.seconds, 1,
                                           0, cluster.tcp_url(db, real.role), real.password),
                    "plain": start_kiosk("plain", Path(base) / "plain", args.seconds, 2, 0,
                                         None)}
            for kiosk in kiosks:
                kiosk.start()
            served: dict[str, list[float]] = {}
            end = time.monotonic() + args.seconds
            with psycopg.connect(url, autocommit=True) as sampler:
                while time.monotonic() < end:  # the server's own time, under the load
                    for kind, times in server_times(sampler, 1).items():
                        served.setdefault(kind, []).extend(times)
                    stop.wait(min(5.0, max(0.0, end - time.monotonic())))
            stop.set()
            for kiosk in kiosks:
                kiosk.join(30)
            frames = {name: json.loads(run.communicate(timeout=args.seconds + 120)[0]
                                       .strip().splitlines()[-1]) for name, run in runs.items()}
        with psycopg.connect(url, autocommit=True) as conn:
            rows = conn.execute("SELECT count(*) FROM arcade_records").fetchone()
        report(kiosks, served, frames, args, int(rows[0]) if rows else 0, percentile)
    return 0


def report(kiosks: list[SimulatedKiosk], served: dict[str, list[float]],
           frames: dict[str, dict[str, Any]], args: argparse.Namespace, rows: int,
           percentile: Any) -> None:
    reads: dict[str, list[float]] = {}
    for kiosk in kiosks:
        for kind, ms in kiosk.reads:
            reads.setdefault(kind, []).append(ms)
    every = [ms for values in reads.values() for ms in values]
    print(f"{args.readers} simulated kiosks, {args.seconds:.0f} s, {rows} rows at the end")
    print(f"{'board':<12} {'reads':>6} {'p50_ms':>7} {'p99_ms':>7} {'max_ms':>7}   "
          f"server p50/p99 ms (EXPLAIN ANALYZE)")
    for kind, values in sorted(reads.items()):
        server = served.get(kind, [])
        print(f"{kind:<12} {len(values):>6} {percentile(values, 0.5):>7.2f} "
              f"{percentile(values, 0.99):>7.2f} {max(values):>7.2f}   "
              f"{percentile(server, 0.5):.2f}/{percentile(server, 0.99):.2f}")
    server_all = [ms for values in served.values() for ms in values]
    print(f"all boards: {len(every)} reads, p99 {percentile(every, 0.99):.2f} ms as read; "
          f"server p99 {percentile(server_all, 0.99):.2f} ms (target: <= 20 ms server time)")
    errors = [error for kiosk in kiosks for error in kiosk.errors]
    timeouts = sum("QueryCanceled" in error for error in errors)
    print(f"uploads: {sum(k.uploads for k in kiosks)}; statement timeouts: {timeouts}; "
          f"other errors: {len(errors) - timeouts}")
    for error in sorted(set(errors))[:5]:
        print(f"  {error}")
    plain = percentile(frames["plain"]["times"], 0.99)
    linked = percentile(frames["fleet-1"]["times"], 0.99)
    print(f"kiosk frame work p99: {linked:.2f} ms with the link, {plain:.2f} ms without "
          f"({(linked / plain - 1) * 100 if plain else 0:+.1f} %, target: within 10 %); "
          f"the linked kiosk sent {frames['fleet-1']['sent']} games")
