"""The venue link: one background thread per arcade (a :class:`~game.arcade.storage.jobs.Lane`
running its loop) that sends this kiosk's records and reads back the boards screens show.

The frame only calls the cheap methods (:meth:`FleetLink.records_changed`, :meth:`~FleetLink.want`,
:meth:`~FleetLink.table`, :attr:`~FleetLink.status`): each sets a flag or reads the newest
snapshot the thread published, so no frame waits for the network. The thread shows the boards
kept from the last run, connects and migrates (:mod:`.schema`), sends every record the venue
has not acknowledged (batches, each one transaction, acknowledged in the outbox after the
server's commit), reads the boards asked for every :data:`READ_SECONDS`, and on a failure drops
the connection and tries again after a backoff (1 s doubling to :data:`BACKOFF_MAX`, jittered).
"""

from __future__ import annotations

import collections
import contextlib
import json
import logging
import random
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future, wait
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from game.arcade.fleet import board
from game.arcade.fleet.board import VenueEntry, VenueQuery, VenueTable
from game.arcade.fleet.config import FleetConfig, reason
from game.arcade.storage import GameData, Record, iso_date
from game.arcade.storage.fleetfile import Ack, FleetFile, LocalRecords
from game.arcade.storage.jobs import Lane

if TYPE_CHECKING:
    import psycopg

    from game.arcade.fleet.remote import BoardReader, Outgoing

log = logging.getLogger(__name__)

READ_SECONDS = 15.0
"""How often the boards on screen are read again."""
RESCAN_SECONDS = 300.0
"""A look at the records even without news (a safety net: every recording signals itself)."""
HEARTBEAT_SECONDS = 30.0
WANT_SECONDS = 120.0
"""A board no screen asked for in this long is no longer read."""
BATCH = 200
BACKOFF_MIN, BACKOFF_MAX = 1.0, 30.0
LOG_AGAIN_SECONDS = 600.0
"""A failure that keeps happening is logged again only this often."""
LAGS_KEPT = 10_000

CONNECTING, ONLINE, OFFLINE, STOPPED = "connecting", "online", "offline", "stopped"


@dataclass(frozen=True)
class LinkStatus:
    """What the screens may say about the link. ``problem``: why it is offline (``unreachable``,
    ``refused``, ``certificate``, ``schema``, ``not_allowed``, ``driver``, ``error``)."""

    state: str = CONNECTING
    pending: int = 0
    sent: int = 0
    last_contact: float | None = None
    problem: str = ""
    uploads: bool = True


class FleetLink:
    """The venue link of one arcade. ``local`` is ``None`` when the data folder cannot be
    written: the boards are read, nothing is sent."""

    def __init__(self, config: FleetConfig, local: LocalRecords | None, outbox: FleetFile,
                 games: Mapping[str, GameData], clock: Callable[[], float] = time.monotonic,
                 ) -> None:
        self.config = config
        self._local = local
        self._outbox = outbox
        self._games = dict(games)
        self._clock = clock
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._wanted: dict[VenueQuery, float] = {}
        self._signals: list[float] = [clock()]  # records changed at these times (the start)
        self._lane = Lane("venue-link", linger=0.0, drained=False)  # stopped by close()
        self._running: Future[None] | None = None
        self.snapshot: Mapping[str, VenueTable] = {}
        """Every board read so far by query key, replaced whole by the thread."""
        self.status = LinkStatus(uploads=local is not None)
        self.lags: collections.deque[float] = collections.deque(maxlen=LAGS_KEPT)
        """Seconds from a record's recording (or discovery) to the server's acknowledgement."""
        # the thread's own state
        self._conn: psycopg.Connection[Any] | None = None
        self._venue = ""
        self._acked: dict[tuple[str, str], Ack] = {}
        self._pending: list[tuple[str, Record]] = []
        self._seen: dict[tuple[str, str], float] = {}
        self._scanned_at = -RESCAN_SECONDS
        self._read_at = -READ_SECONDS
        self._fresh: set[str] = set()  # boards read from the server in this run
        self._unkept: dict[str, tuple[str, str]] = {}  # boards read, not kept yet
        self._failures = 0
        self._logged: dict[str, float] = {}
        self._reader: BoardReader | None = None
        self._name = config.name
        self._beat_at = -HEARTBEAT_SECONDS
        self._last_upload: float | None = None

    # --- the frame loop's side ------------------------------------------------------------
    @property
    def kiosk_name(self) -> str:
        """The name of this kiosk's records: its role's at the venue, else the configured."""
        return self._name

    def acknowledged(self, game_id: str, record_id: str) -> bool:
        return (game_id, record_id) in self._acked

    def start(self) -> None:
        self._running = self._lane.submit(self._run)

    def records_changed(self) -> None:
        """A game was recorded or got initials: look at the records again soon."""
        with self._lock:
            self._signals.append(self._clock())
        self._wake.set()

    def want(self, query: VenueQuery) -> None:
        """A screen shows ``query``'s board: keep it read (a new one is read at once)."""
        with self._lock:
            new = query not in self._wanted
            self._wanted[query] = self._clock()
        if new:
            self._wake.set()

    def table(self, query: VenueQuery) -> VenueTable | None:
        """The newest board of ``query`` read so far (also asks for it)."""
        self.want(query)
        return self.snapshot.get(query.key)

    def stop(self) -> None:
        """End the link without waiting (it closes its connection off the frame)."""
        self._stopping.set()
        self._wake.set()

    def close(self, flush_seconds: float = 3.0) -> None:
        """Stop the thread; while it is online, first give it up to ``flush_seconds`` to send
        what was recorded (the rest goes at the next start)."""
        running, deadline = self._running, time.monotonic() + flush_seconds
        if running is None:
            return
        while not running.done() and time.monotonic() < deadline and self._busy():
            self._wake.set()
            time.sleep(0.02)
        self.stop()
        wait([running], timeout=1.0)
        self._running = None

    def _busy(self) -> bool:
        status = self.status
        with self._lock:
            signalled = bool(self._signals)
        return status.state == ONLINE and status.uploads and (signalled or status.pending > 0)

    # --- the thread -----------------------------------------------------------------------
    def _run(self) -> None:
        try:
            from game.arcade.fleet import remote
        except ImportError as error:
            self._offline("driver", f"the PostgreSQL driver (psycopg) cannot be loaded: {error}")
            self.status = replace(self.status, state=STOPPED)
            return
        self._reader = remote.BoardReader(self._games)
        try:
            self._outbox.open()
            self._load_kept_boards()
            while not self._stopping.is_set():
                self._cycle()
        except Exception:  # noqa: BLE001 - the venue link must never take the arcade down
            log.exception("venue link: unexpected error; the link stops for this run")
        finally:
            self._disconnect()
            self._keep_boards()
            self._outbox.close()
            self.status = replace(self.status, state=STOPPED)

    def _cycle(self) -> None:
        """Connect if needed, then send, then read; on a failure wait out the backoff."""
        import psycopg

        from game.arcade.fleet.schema import SchemaError
        try:
            if self._conn is None:
                self._connect()
            if self._local is not None:
                self._scan_if_due()
                self._send()
            self._read_if_due()
            self._beat_if_due()
        except SchemaError as error:
            self._lost("schema", str(error))
        except psycopg.errors.InsufficientPrivilege as error:
            self._lost("not_allowed", f"this role may not do that ({self._reason(error)})")
        except psycopg.OperationalError as error:
            self._lost(_kind(error), self._reason(error))
        except psycopg.Error as error:
            self._lost("unreachable", self._reason(error))
        except Exception as error:  # noqa: BLE001 - a bug here must not end the link for good
            if self._log_due("error"):
                log.exception("venue link: unexpected error")
            self._lost("error", self._reason(error))
        else:
            self._failures = 0
            self._sleep(self._next_wait())
            return
        delay = min(BACKOFF_MAX, BACKOFF_MIN * 2.0 ** max(0, self._failures - 1))
        self._sleep(delay * random.uniform(0.75, 1.25))

    def _connect(self) -> None:
        from game.arcade.fleet import remote
        from game.arcade.fleet.schema import migrate

        self.status = replace(self.status, state=CONNECTING)
        conn = remote.connect(self.config)
        try:
            venue = migrate(conn, list(self._games.values()))
        except BaseException:
            conn.close()
            raise
        self._conn = conn
        registered = remote.registered_name(conn)
        if registered is not None and registered != self._name:
            log.info("venue link: this role is kiosk %r at the venue", registered)
            self._name = registered
        self._use_venue(venue)
        self._logged.clear()
        log.info("venue link: connected to %s as kiosk %r", self.config.summary, self._name)
        self.status = replace(self.status, state=ONLINE, problem="", last_contact=time.time())

    def _use_venue(self, venue: str) -> None:
        """Send to venue ``venue`` (a new id, after a restore: all it lacks is sent again)."""
        if venue == self._venue:
            return
        if self._venue:
            log.info("venue link: a new venue id (a restore?): sending again what it lacks")
        self._venue = venue
        self._acked = self._outbox.acked(venue)
        self._scanned_at = -RESCAN_SECONDS  # read every record again at the next look
        with self._lock:
            self._signals.append(self._clock())

    def _lost(self, kind: str, message: str) -> None:
        self._disconnect()
        self._failures += 1
        self._offline(kind, message)

    def _offline(self, kind: str, message: str) -> None:
        if self._log_due(kind):
            log.warning("venue link offline (%s, %s): %s; records are kept and sent later",
                        kind, self.config.summary, message)
        self.status = replace(self.status, state=OFFLINE, problem=kind)

    def _log_due(self, kind: str) -> bool:
        """Whether a failure of ``kind`` is logged now (once per :data:`LOG_AGAIN_SECONDS`)."""
        now = self._clock()
        if now - self._logged.get(kind, -LOG_AGAIN_SECONDS) < LOG_AGAIN_SECONDS:
            return False
        self._logged[kind] = now
        return True

    def _disconnect(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.close()
            except Exception:  # noqa: BLE001 - a broken connection may fail to close
                pass

    def _reason(self, error: BaseException) -> str:
        return reason(error, self.config.password)

    def _next_wait(self) -> float:
        now = self._clock()
        with self._lock:
            if self._local is None:  # nothing is sent: a recorded game changes nothing here
                self._signals.clear()
            signalled, wanting = bool(self._signals), bool(self._wanted)
        scanned = self._scanned_at if self._local is not None else now
        return min(next_wait(now, signalled or bool(self._pending), scanned,
                             self._read_at if wanting else None),
                   max(0.0, self._beat_at + HEARTBEAT_SECONDS - now))

    def _sleep(self, seconds: float) -> None:
        """Wait ``seconds``, or less when woken (never past a stop)."""
        if seconds > 0 and not self._stopping.is_set():
            self._wake.wait(seconds)
        self._wake.clear()

    # --- sending --------------------------------------------------------------------------
    def _scan_if_due(self) -> None:
        with self._lock:
            signals, self._signals = self._signals, []
        stale = self._clock() - self._scanned_at >= RESCAN_SECONDS
        if not signals and not stale:
            return
        assert self._local is not None
        if self._conn is not None:  # a restore gives the venue a new id: no restart needed
            from game.arcade.fleet.schema import venue_id

            try:
                self._use_venue(venue_id(self._conn))
            except BaseException:
                with self._lock:  # looked at again once the venue answers
                    self._signals[:0] = signals
                raise
            stale = stale or self._scanned_at < 0
        since = min(signals) if signals else self._clock()
        # a signal (a game recorded, initials set) reads what is new; the periodic rescan all
        pending = {} if stale else {(g, r.id): (g, r) for g, r in self._pending}
        for game_id, record in self._local.records(everything=stale):
            ack = self._acked.get((game_id, record.id))
            if ack is None or (record.initials and ack.initials != record.initials) or (
                    self._games[game_id].document is not None and not ack.document):
                pending[(game_id, record.id)] = (game_id, record)
                self._seen.setdefault((game_id, record.id), since)
        self._pending = list(pending.values())
        self._scanned_at = self._clock()
        self.status = replace(self.status, pending=len(pending))

    def _send(self) -> None:
        from game.arcade.fleet import remote

        while self._pending and self._conn is not None and not self._stopping.is_set():
            batch = self._pending[:BATCH]
            items = [self._outgoing(game_id, record) for game_id, record in batch]
            for item, why in remote.send(self._conn, self._name, items)[:20]:
                # never taken: noted as done, the link goes on
                log.warning("venue link: the venue refused record %s of %s (kept here, not "
                            "sent again): %s", item.record.id, item.game, why)
            now = self._clock()
            self._last_upload = time.time()
            acks = [(item.game, item.record.id, Ack(item.record.initials, True))
                    for item in items]
            self._outbox.ack(self._venue, acks)
            for game_id, record_id, ack in acks:
                self._acked[(game_id, record_id)] = ack
                self.lags.append(now - self._seen.pop((game_id, record_id), now))
            del self._pending[:len(batch)]
            self.status = replace(self.status, pending=len(self._pending),
                                  sent=self.status.sent + len(batch), last_contact=time.time())
            self._read_at = -READ_SECONDS  # show the new rows on the boards soon

    def _outgoing(self, game_id: str, record: Record) -> Outgoing:
        from game.arcade.fleet import remote

        game = self._games[game_id]
        ack = self._acked.get((game_id, record.id))
        document = None
        if game.document is not None and (ack is None or not ack.document):
            assert self._local is not None
            document = self._local.document(game_id, record.id)
        return remote.Outgoing(game_id, record, board.score_of(game, record), ack is None,
                               document)

    def _beat_if_due(self) -> None:
        """Tell the venue's registry this kiosk is alive, and what it has waiting."""
        from game.arcade.fleet import remote

        now = self._clock()
        if self._conn is None or now - self._beat_at < HEARTBEAT_SECONDS:
            return
        self._beat_at = now
        oldest = min((self._seen.get((g, r.id), now) for g, r in self._pending), default=now)
        failed = remote.heartbeat(self._conn, self._name, len(self._pending), int(now - oldest),
                                  self._last_upload, round(HEARTBEAT_SECONDS))
        if failed and self._log_due("beat"):
            log.info("venue link: no heartbeat sent (%s)", self._reason(failed))

    # --- reading --------------------------------------------------------------------------
    def _read_if_due(self) -> None:
        now = self._clock()
        with self._lock:
            fresh = all(query.key in self._fresh for query in self._wanted)
            if self._conn is None or (now - self._read_at < READ_SECONDS and fresh):
                return
            for query, asked in list(self._wanted.items()):
                if now - asked > WANT_SECONDS:
                    del self._wanted[query]
            wanted = list(self._wanted)
        if not wanted or self._reader is None:
            return
        tables = dict(self.snapshot)
        for query in wanted:
            if self._conn is None:
                return
            table = tables[query.key] = self._reader.read(self._conn, query)
            self._fresh.add(query.key)
            self.snapshot = dict(tables)
            rows = [board.row_of(entry, self._games[query.game]) for entry in table.entries]
            self._unkept[query.key] = (iso_date(datetime.fromtimestamp(table.read_at, UTC)),
                                       json.dumps({"total": table.total, "rows": rows},
                                                  separators=(",", ":")))
        self._keep_boards()
        self._read_at = now
        self.status = replace(self.status, last_contact=time.time())

    def _keep_boards(self) -> None:
        """Keep the boards read for the next run; one ``arcade.db`` could not take (busy
        beyond its wait) is tried again after the next read and when the link ends."""
        for key, (read_at, payload) in list(self._unkept.items()):
            if self._outbox.save_board(key, read_at, payload):
                del self._unkept[key]

    def _load_kept_boards(self) -> None:
        """The boards of the last run until the server answers, each row checked like a fresh
        read's (a board that cannot be used is left out)."""
        tables: dict[str, VenueTable] = {}
        for key, (read_at, payload) in self._outbox.boards().items():
            try:
                game_id, variant = json.loads(key)[:2]
                data = json.loads(payload)
                entries = []
                for row in data["rows"]:
                    with contextlib.suppress(ValueError):
                        entries.append(VenueEntry(*board.entry_from_row(
                            row, self._games[game_id], variant)))
                tables[key] = VenueTable(tuple(entries), int(data["total"]), datetime.fromisoformat(
                    read_at.replace("Z", "+00:00")).timestamp())
            except (ValueError, TypeError, KeyError, IndexError, RecursionError):
                continue
        if tables:
            self.snapshot = tables


def next_wait(now: float, work: bool, scanned_at: float, read_at: float | None) -> float:
    """Seconds the link's thread sleeps (unless woken) when all is well: none with ``work``
    waiting, else until the next look at the records or, with a board on screen
    (``read_at``: its last read), its next read."""
    if work:
        return 0.0
    due = scanned_at + RESCAN_SECONDS
    if read_at is not None:
        due = min(due, read_at + READ_SECONDS)
    return max(0.0, due - now)


def _kind(error: BaseException) -> str:
    """``certificate`` when the server's certificate cannot be checked here (no CA file, or
    it does not match), ``refused`` for a login the server turned down, else ``unreachable``."""
    text = str(error).lower()
    if any(word in text for word in ("root certificate", "certificate verify failed",
                                     "does not match host name", "server certificate")):
        return "certificate"
    refused = ("password", "authentication", "pg_hba", "does not exist", "permission", "not perm")
    return "refused" if any(word in text for word in refused) else "unreachable"
