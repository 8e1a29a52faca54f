"""The verify-full TLS of docs/fleet.md, for real: the certificates made with the page's own
commands, a server using them, and a kiosk that connects only with the venue's CA and the name
the certificate gives (issue 47: "a verify-full TLS how-to with the CA on each kiosk";
``--fleet-check`` verifies TLS)."""

from __future__ import annotations

import os
import pwd
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from game.arcade.fleet.admin import run_check
from game.arcade.fleet.config import FleetConfig
from game.arcade.fleet.link import _kind
from tests.support.fleet import GAME_DATA, ROOT
from tests.support.postgres import Cluster, pg_bin
from tests.support.venue import Venue

pytestmark = [pytest.mark.fleet, pytest.mark.slow]  # a TLS cluster of its own


def tls_commands() -> list[str]:
    text = (ROOT / "docs" / "fleet.md").read_text("utf-8")
    block = re.search(r"<!-- fleet-tls-sh -->\s*```sh\n(.*?)```", text, re.S)
    assert block
    return [" ".join(part.strip() for part in command.split("\\\n"))
            for command in re.split(r"\n(?=openssl)", block.group(1).strip())]


@pytest.fixture(scope="module")
def tls_cluster():
    if shutil.which("openssl") is None or pg_bin() is None:
        pytest.skip("needs openssl and a PostgreSQL server")
    certs = Path(tempfile.mkdtemp(prefix="arcade-tls-"))
    for command in tls_commands():  # the page's commands, the server named "localhost"
        done = subprocess.run(command.replace("venue-db", "localhost"), shell=True, cwd=certs,
                              capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == 0, done.stderr
    run_as = "postgres" if os.geteuid() == 0 else None
    base = Path(tempfile.mkdtemp(prefix="arcade-pg-tls-"))
    cluster = Cluster(base, pg_bin(), run_as)  # type: ignore[arg-type]
    if run_as:
        os.chown(base, pwd.getpwnam(run_as).pw_uid, pwd.getpwnam(run_as).pw_gid)
    assert cluster.init() is None
    for name in ("server.crt", "server.key"):
        shutil.copy(certs / name, cluster.data / name)
        os.chmod(cluster.data / name, 0o600)
        if run_as:
            os.chown(cluster.data / name, pwd.getpwnam(run_as).pw_uid, -1)
    with open(cluster.data / "postgresql.conf", "a", encoding="utf-8") as conf:
        conf.write("ssl = on\nssl_cert_file = 'server.crt'\nssl_key_file = 'server.key'\n")
    assert cluster.start() is None
    try:
        yield cluster, certs
    finally:
        cluster.stop()
        shutil.rmtree(base, ignore_errors=True)
        shutil.rmtree(certs, ignore_errors=True)


def kiosk_url(cluster, venue, login, host: str, rootcert: Path) -> str:
    return (f"postgresql://{login.role}:{login.password}@{host}:{cluster.port}/{venue.db}"
            f"?sslmode=verify-full&sslrootcert={rootcert}")


def test_a_kiosk_with_the_venues_ca_connects_verified_and_without_it_is_told_why(
        tls_cluster) -> None:
    from game.arcade.fleet import admin

    cluster, certs = tls_cluster
    venue = Venue(cluster, GAME_DATA)
    with venue.owner_conn() as conn:
        login = admin.add_kiosk(conn, "Lobby 1")
    good = FleetConfig(kiosk_url(cluster, venue, login, "localhost", certs / "venue-ca.crt"),
                       "Lobby 1", "environment")
    report = run_check(good, GAME_DATA)
    assert report.ok, report.lines
    assert any(line.startswith("TLS: on (TLSv1.") and "verified (sslmode=verify-full)" in line
               for line in report.lines)
    for host, rootcert, why in (("localhost", certs / "missing.crt", "root certificate"),
                                ("127.0.0.1", certs / "venue-ca.crt", "does not match")):
        bad = FleetConfig(kiosk_url(cluster, venue, login, host, rootcert), "Lobby 1",
                          "environment")
        report = run_check(bad, GAME_DATA)
        assert not report.ok and why in report.lines[-1], report.lines
        assert login.password not in "\n".join(report.lines)
    import psycopg

    with pytest.raises(psycopg.OperationalError) as missing:
        psycopg.connect(kiosk_url(cluster, venue, login, "localhost", certs / "missing.crt"))
    assert _kind(missing.value) == "certificate"  # said so on VENUE LINK, not "refused"
