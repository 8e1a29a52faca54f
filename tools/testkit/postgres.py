"""A throwaway PostgreSQL cluster, for the venue tests and ``benchmarks.fleet`` (nothing is
mocked: a real server answers).

``start_cluster`` runs ``initdb`` into a fresh temporary folder — as the ``postgres`` user when
run as root (``initdb`` refuses root), as the current user otherwise — and starts it on a unix
socket in that folder, plus a loopback port with password logins (``scram-sha-256``) for the
password tests; ``Cluster.stop`` ends it. Where no server can be started (no ``initdb`` on
``PATH`` or in ``/usr/lib/postgresql/*/bin``, no ``postgres`` user, psycopg missing) it says why
instead. The test suite's fixtures over it are in ``tests/support/postgres.py``.
"""

from __future__ import annotations

import getpass
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

if TYPE_CHECKING:
    from collections.abc import Sequence

    from game.arcade.storage import GameData

START_TIMEOUT = 60


def pg_bin() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: on ``PATH``, else Debian's newest."""
    found = shutil.which("initdb")
    if found:
        return Path(os.path.realpath(found)).parent
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                        key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0)
    return Path(candidates[-1]).parent if candidates else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Cluster:
    """One running cluster: its folder, socket, port and superuser."""

    def __init__(self, base: Path, bin_dir: Path, run_as: str | None) -> None:
        self.base = base
        self.bin_dir = bin_dir
        self.run_as = run_as
        self.data = base / "data"
        self.socket_dir = base
        self.port = free_port()
        self.superuser = run_as or getpass.getuser()
        self.log = base / "server.log"

    def _run(self, *command: str, timeout: float = START_TIMEOUT) -> subprocess.CompletedProcess:
        full = [str(self.bin_dir / command[0]), *command[1:]]
        if self.run_as is not None:
            full = ["runuser", "-u", self.run_as, "--", *full]
        return subprocess.run(full, capture_output=True, text=True, timeout=timeout,
                              check=False, cwd="/")

    def init(self) -> str | None:
        """``initdb``; the reason it failed, or ``None``."""
        done = self._run("initdb", "-D", str(self.data), "-U", self.superuser, "-E", "UTF8",
                         "--locale=C", "--auth-local=trust", "--auth-host=scram-sha-256",
                         "--no-sync")
        return None if done.returncode == 0 else (done.stderr or done.stdout)[-600:]

    def start(self) -> str | None:
        """Start the server (waits until it accepts connections); the reason it failed."""
        options = (f"-k {self.socket_dir} -p {self.port} -c listen_addresses=127.0.0.1 "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off")
        done = self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.log),
                         "-w", "-t", str(START_TIMEOUT), "start")
        if done.returncode == 0:
            return None
        tail = self.log.read_text(errors="replace")[-600:] if self.log.exists() else ""
        return (done.stderr or done.stdout)[-600:] + tail

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def url(self, dbname: str, user: str | None = None) -> str:
        """A ``postgresql://`` URL over the unix socket (no password: trust)."""
        return (f"postgresql://{quote(user or self.superuser)}@/{dbname}"
                f"?host={quote(str(self.socket_dir), safe='')}&port={self.port}")

    def tcp_url(self, dbname: str, user: str, password: str | None = None) -> str:
        """A URL over the loopback port, where logins need a password."""
        secret = f":{quote(password, safe='')}" if password else ""
        return f"postgresql://{quote(user)}{secret}@127.0.0.1:{self.port}/{dbname}"

    def execute(self, sql: str, params: tuple = (), dbname: str = "postgres") -> list[tuple]:
        """Run one statement as the superuser; its rows (``[]`` when none)."""
        import psycopg

        with psycopg.connect(self.url(dbname), autocommit=True) as conn:
            cursor = conn.execute(sql, params)
            return cursor.fetchall() if cursor.description else []

    def create_database(self) -> str:
        """A new empty database; its name."""
        name = f"venue_{uuid.uuid4().hex[:12]}"
        self.execute(f'CREATE DATABASE "{name}"')
        return name


def start_cluster() -> tuple[Cluster | None, str]:
    """A running cluster, or ``None`` and why there is none."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return None, "psycopg is not installed (pip install -r requirements.txt)"
    bin_dir = pg_bin()
    if bin_dir is None:
        return None, ("no PostgreSQL server (initdb) on PATH or in /usr/lib/postgresql/*/bin: "
                      "install it (Debian: apt-get install postgresql) to run the fleet tests")
    run_as = None
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return None, "running as root without a 'postgres' user for initdb"
        if shutil.which("runuser") is None:
            return None, "running as root without runuser to start initdb as 'postgres'"
        run_as = "postgres"
    base = Path(tempfile.mkdtemp(prefix="arcade-pg-"))
    if run_as is not None:
        entry = pwd.getpwnam(run_as)
        os.chown(base, entry.pw_uid, entry.pw_gid)
    cluster = Cluster(base, bin_dir, run_as)
    why = cluster.init() or cluster.start()
    if why is not None:
        shutil.rmtree(base, ignore_errors=True)
        return None, f"the throwaway PostgreSQL cluster did not start: {why.strip()}"
    return cluster, ""


@contextmanager
def throwaway_venue(games: Sequence[GameData] = ()) -> Iterator[tuple[Cluster, str, str] | str]:
    """A cluster with a database migrated to the venue's schema (with ``games``' score
    bounds), as ``(cluster, database, owner's URL)``; or why there is none. Stopped and
    removed after."""
    cluster, why = start_cluster()
    if cluster is None:
        yield why
        return
    try:
        import psycopg

        from game.arcade.fleet.schema import migrate

        db = cluster.create_database()
        url = cluster.url(db)
        with psycopg.connect(url, autocommit=True) as conn:
            migrate(conn, games)
        yield cluster, db, url
    finally:
        cluster.stop()
        shutil.rmtree(cluster.base, ignore_errors=True)
