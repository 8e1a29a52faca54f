"""Starting with and without a venue (issue 39): without one the arcade is exactly as before
(nothing of the link imported, no thread, no file of it); a password never reaches the
command line, the process list, the settings, the log or ``fleet.db``."""

from __future__ import annotations

import subprocess
import sys
import uuid

import pytest

from tests.support.fleet import ROOT, finished, game_env, kiosk, local_ids, venue_ids, wait_for

PROBE = """
import sys, threading
sys.argv = ["main.py", "--frames", "30", "--data-dir", sys.argv[1]]
sys.path.insert(0, {root!r})
import main
code = main.main()
print("modules", sorted(m for m in sys.modules if m.startswith(("psycopg", "game.arcade.fleet"))))
print("threads", sorted(t.name for t in threading.enumerate()))
print("exit", code)
"""


@pytest.mark.slow
def test_without_a_venue_nothing_of_it_is_loaded_or_started(tmp_path) -> None:
    data = tmp_path / "data"
    run = subprocess.run([sys.executable, "-c", PROBE.format(root=str(ROOT)), str(data)],
                         cwd=ROOT, env=game_env(), capture_output=True, text=True, timeout=120,
                         check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    lines = dict(line.split(" ", 1) for line in run.stdout.splitlines() if " " in line)
    # not even the option's names: the variable's name for --help is game.version's
    assert lines["modules"] == "[]"
    assert "venue-link" not in lines["threads"]
    assert lines["exit"] == "0"
    assert not (data / "fleet.db").exists()


@pytest.mark.slow
def test_a_password_on_the_command_line_is_refused_without_echoing_it(tmp_path) -> None:
    run = subprocess.run([sys.executable, str(ROOT / "main.py"), "--frames", "5", "--fleet",
                          "postgresql://kiosk:Sup3r-secret@venue-db/arcade", "--data-dir",
                          str(tmp_path / "data")], cwd=ROOT, env=game_env(),
                         capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 2
    assert "Sup3r-secret" not in run.stderr + run.stdout
    assert "PGPASSWORD" in run.stderr


@pytest.mark.slow
@pytest.mark.fleet
def test_the_environments_password_is_used_and_never_written_or_shown(postgres, tmp_path) -> None:
    db = postgres.create_database()
    role, secret = f"kiosk_{uuid.uuid4().hex[:8]}", f"pw-{uuid.uuid4().hex}"
    postgres.execute(f"CREATE ROLE {role} LOGIN PASSWORD '{secret}'")
    postgres.execute(f'ALTER DATABASE "{db}" OWNER TO {role}')
    data = tmp_path / "data"
    run = kiosk(data, "--demo", "--frames", "100000000", "--seed", "3", "--kiosk-name", "Pw",
                MAGDAGDON_FLEET_URL=postgres.tcp_url(db, role, secret))
    try:
        wait_for(lambda: venue_ids(postgres, db), timeout=120, what="a game sent")
        if sys.platform.startswith("linux"):
            with open(f"/proc/{run.pid}/cmdline", "rb") as cmdline:
                assert secret.encode() not in cmdline.read()  # what `ps` shows
        names = postgres.execute("SELECT DISTINCT kiosk FROM arcade_records", dbname=db)
        assert names == [("Pw",)]
    finally:
        run.terminate()
        finished(run, timeout=60)
    assert set(venue_ids(postgres, db)) == local_ids(data)
    for path in data.rglob("*"):
        if path.is_file():
            assert secret.encode() not in path.read_bytes(), path
