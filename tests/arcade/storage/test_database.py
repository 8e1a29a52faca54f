"""``arcade.db`` itself: made with its schema version, WAL and the arcade's application id; a
damaged, foreign or hollow database set aside and reported (at opening or later), a newer one
used as far as it goes, numbered migrations one transaction each, every value read back
checked, and the operator's reset kept as a backup."""

from __future__ import annotations

import logging
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from game.arcade.storage import DB_FILE, Notice, schema
from game.arcade.storage.schema import APPLICATION_ID, MIGRATIONS, NotOurs, migrate, version_of
from tests.arcade.storage.support import (
    STAMP_RE,
    N,
    P,
    S,
    db_rows,
    finished,
    make,
    scores,
    stored,
    write_scores,
)

CORRUPT = Notice("notice.corrupt", {"file": DB_FILE})


def with_records(folder: Path, count: int = 3) -> list[str]:
    """A closed database in ``folder`` holding ``count`` MAGDAGDON records; their ids."""
    s = make(folder)
    for i in range(count):
        s.record_game("magdagdon", finished(P, 1 + i % 6, ruins=i // 6 % 5))
    s.close()
    return [row["id"] for row in stored(folder, "magdagdon")]


def tamper(folder: Path, *statements: str) -> None:
    """Change the database behind the arcade's back (another program, a bad disk)."""
    conn = sqlite3.connect(folder / DB_FILE)
    try:
        for statement in statements:
            conn.execute(statement)
        conn.commit()
    finally:
        conn.close()


def set_aside(folder: Path) -> list[str]:
    """The databases set aside (their -wal and -shm companions go aside with them)."""
    return sorted(p.name for p in folder.glob(f"{DB_FILE}.corrupt-*")
                  if not p.name.endswith(("-wal", "-shm")))


def test_a_new_database_has_its_version_wal_and_the_arcades_id(tmp_path: Path) -> None:
    with_records(tmp_path, 1)
    assert db_rows(tmp_path, "PRAGMA user_version") == [(schema.VERSION,)]
    assert db_rows(tmp_path, "PRAGMA application_id") == [(APPLICATION_ID,)]
    assert db_rows(tmp_path, "PRAGMA journal_mode") == [("wal",)]
    assert (tmp_path / DB_FILE).stat().st_mode & 0o777 == 0o600


# --- damage -------------------------------------------------------------------------------------


@pytest.mark.parametrize("raw", [b"not a database at all" * 50,
                                 b"SQLite format 3\x00" + b"\xff" * 400, bytes(4096)],
                         ids=["text", "bad_header_body", "zeros"])
def test_a_file_that_is_no_database_is_set_aside_and_a_new_one_made(tmp_path: Path,
                                                                    raw: bytes) -> None:
    (tmp_path / DB_FILE).write_bytes(raw)
    s = make(tmp_path)
    assert s.records("magdagdon") == []
    assert s.notices == [CORRUPT]
    [aside] = set_aside(tmp_path)
    assert aside == "arcade.db.corrupt-20261130T021500Z"
    assert (tmp_path / aside).read_bytes() == raw
    assert s.record_game("magdagdon", finished()) == 0
    s.settle()
    assert len(make(tmp_path).records("magdagdon")) == 1 and len(s.notices) == 1


def test_a_truncated_database_is_set_aside_when_it_is_read(tmp_path: Path) -> None:
    with_records(tmp_path, 200)
    raw = (tmp_path / DB_FILE).read_bytes()
    (tmp_path / DB_FILE).write_bytes(raw[: len(raw) // 3])
    s = make(tmp_path)
    found = s.records("magdagdon")  # never a traceback: whatever could be read, or nothing
    assert isinstance(found, list)
    assert s.notices == [CORRUPT] and len(set_aside(tmp_path)) == 1
    s.record_game("magdagdon", finished(N, 4))
    s.settle()
    kept = [r.variant for r in make(tmp_path).records("magdagdon")]  # what could be read,
    assert kept[-1] == "NIGHTMARE" and len(kept) < 200  # and the new game


@pytest.mark.slow
def test_a_database_damaged_while_the_game_runs_is_set_aside_then(tmp_path: Path) -> None:
    rows = [{"id": f"r{i}", "date": "2026-01-02T03:04:05Z", "variant": "PEACEFUL",
             "initials": "", "score": i % 500, "turns": 16, "powers": 0, "ruins": 0}
            for i in range(20_000)]  # more than SQLite keeps of it in memory
    write_scores(tmp_path, {"magdagdon": {"records": rows}})
    make(tmp_path).close()
    s = make(tmp_path)
    assert len(s.records("magdagdon", last=5)) == 5
    size = (tmp_path / DB_FILE).stat().st_size
    with open(tmp_path / DB_FILE, "r+b") as file:  # a bad disk: pages of the tables overwritten
        file.seek(4096)
        file.write(b"\xa5" * (size - 4096))
    tamper_failed = False
    try:
        for _ in range(3):
            s.records("magdagdon")
            s.table("magdagdon", "PEACEFUL")
    except Exception:  # noqa: BLE001 - reported below: the storage must never raise
        tamper_failed = True
    assert not tamper_failed
    s.settle()  # the damage a question found is recovered from off the asking thread
    assert CORRUPT in s.notices and len(set_aside(tmp_path)) == 1
    s.record_game("magdagdon", finished(S, 5))
    s.settle()
    kept = make(tmp_path).records("magdagdon")  # what could still be read, and the new game
    assert kept[-1].variant == "SURVIVAL" and len(kept) <= 20_001


def test_another_programs_database_is_set_aside_not_read(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / DB_FILE)
    conn.execute("CREATE TABLE records (x)")
    conn.execute("INSERT INTO records VALUES ('mine')")
    conn.commit()
    conn.close()
    s = make(tmp_path)
    assert s.records("magdagdon") == [] and s.notices == [CORRUPT]
    [aside] = set_aside(tmp_path)
    assert sqlite3.connect(tmp_path / aside).execute("SELECT x FROM records").fetchall() == [
        ("mine",)]


def test_a_hollow_database_without_the_tables_is_set_aside(tmp_path: Path) -> None:
    with_records(tmp_path, 2)
    tamper(tmp_path, "DROP TABLE ranked")
    s = make(tmp_path)
    assert s.records("magdagdon") == [] and s.notices == [CORRUPT]
    assert db_rows(tmp_path, "SELECT count(*) FROM ranked") == [(0,)]  # a new one, whole


def test_a_newer_database_is_used_as_far_as_it_goes(tmp_path: Path,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    ids = with_records(tmp_path, 3)
    tamper(tmp_path, f"PRAGMA user_version = {schema.VERSION + 5}",
           "ALTER TABLE records ADD COLUMN duration REAL", "CREATE TABLE profiles (name TEXT)")
    with caplog.at_level(logging.WARNING, logger="game.arcade.storage"):
        s = make(tmp_path)
        assert [r.id for r in s.records("magdagdon")] == ids
    assert s.notices == [] and any("newer" in r.getMessage() for r in caplog.records)
    s.record_game("magdagdon", finished(P, 6))
    s.settle()
    assert len(stored(tmp_path, "magdagdon")) == 4
    assert db_rows(tmp_path, "PRAGMA user_version") == [(schema.VERSION + 5,)]


# --- the numbered migrations --------------------------------------------------------------------


def test_migrations_run_in_order_one_transaction_each(tmp_path: Path) -> None:
    steps = (("CREATE TABLE a (x)",), ("ALTER TABLE a ADD COLUMN y", "INSERT INTO a VALUES (1, 2)"),
             ("INSERT INTO a VALUES (3, 4)", "INSERT INTO nowhere VALUES (5)"))
    conn = sqlite3.connect(tmp_path / "m.db", isolation_level=None)
    assert migrate(conn, steps[:2]) == 0
    assert version_of(conn) == 2 and conn.execute("SELECT * FROM a").fetchall() == [(1, 2)]
    assert migrate(conn, steps[:2]) == 2  # nothing to do
    with pytest.raises(sqlite3.OperationalError):
        migrate(conn, steps)
    assert version_of(conn) == 2 and conn.execute("SELECT * FROM a").fetchall() == [(1, 2)]
    conn.close()


def test_the_arcades_migrations_bring_an_older_database_up(tmp_path: Path) -> None:
    """A database left at version 1 gets the next step when there is one (here: a step that
    adds a column, the kind a later version may add)."""
    with_records(tmp_path, 2)
    conn = sqlite3.connect(tmp_path / DB_FILE, isolation_level=None)
    later = (*MIGRATIONS, ("ALTER TABLE records ADD COLUMN seconds REAL",))
    assert migrate(conn, later) == len(MIGRATIONS)
    assert version_of(conn) == len(MIGRATIONS) + 1
    conn.close()
    assert len(make(tmp_path).records("magdagdon")) == 2


def test_a_database_of_no_program_and_a_foreign_id_are_not_ours(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / "x.db", isolation_level=None)
    conn.execute("PRAGMA application_id = 7")
    with pytest.raises(NotOurs):
        migrate(conn)
    conn.close()


# --- every value read back is checked -----------------------------------------------------------


@pytest.mark.parametrize("change", [
    "UPDATE records SET id = '../x' WHERE seq = 2",
    "UPDATE records SET date = 'yesterday' WHERE seq = 2",
    "UPDATE records SET initials = 'abcd' WHERE seq = 2",
    "UPDATE records SET fields = 'not json' WHERE seq = 2",
    "UPDATE records SET fields = '[1, 2]' WHERE seq = 2",
    "UPDATE records SET fields = '{\"score\": NaN}' WHERE seq = 2",
    "UPDATE records SET fields = json_set(fields, '$.score', 'lots') WHERE seq = 2",
    "UPDATE records SET fields = json_set(fields, '$.id', 'x') WHERE seq = 2",
    "UPDATE records SET variant = CAST(x'50454143efbfbf' AS TEXT) || x'ff' WHERE seq = 2",
    "UPDATE records SET initials = CAST(x'edbfbf' AS TEXT) WHERE seq = 2",
    "UPDATE records SET fields = 123 WHERE seq = 2",
], ids=["path_id", "date", "initials", "not_json", "not_object", "nan", "bad_score",
        "reserved_key", "bad_utf8", "surrogate", "fields_int"])
def test_a_row_that_is_not_a_valid_record_is_left_out(tmp_path: Path, change: str) -> None:
    ids = with_records(tmp_path, 3)
    tamper(tmp_path, change)
    s = make(tmp_path)
    assert [r.id for r in s.records("magdagdon")] == [ids[0], ids[2]]
    assert ids[1] not in [r.id for r in scores(s, P)] and s.notices == []
    assert [r.id for r in s.records("magdagdon", "PEACEFUL", last=1)] == [ids[2]]
    assert s.record_game("magdagdon", finished(P, 6)) == 0  # recording goes on
    assert len(s.records("magdagdon")) == 3


def test_groups_of_invalid_facets_are_left_out_of_a_tally(tmp_path: Path) -> None:
    s = make(tmp_path)
    for value in (1, 2, 2):
        s.record_game("magdagdon", finished(P, value))
    s.close()
    tamper(tmp_path, "UPDATE records SET score = 99999999999999999 WHERE seq = 1")
    s = make(tmp_path)
    groups = s.tally("magdagdon", by=("variant", "score"))
    assert [(g.key[1], g.games) for g in groups] == [(finished(P, 2).score().total, 2)]
    with pytest.raises(ValueError):
        s.tally("magdagdon", by=("no_such_facet",))


# --- the operator's reset -----------------------------------------------------------------------


def test_reset_keeps_the_old_database_as_a_backup(tmp_path: Path) -> None:
    ids = with_records(tmp_path, 3)
    s = make(tmp_path)
    backup = s.reset_records()
    assert backup is not None and re.fullmatch(rf"arcade\.db\.backup-{STAMP_RE}", backup)
    kept = sqlite3.connect(tmp_path / backup)
    assert [i for (i,) in kept.execute("SELECT id FROM records ORDER BY seq")] == ids
    kept.close()
    assert s.records("magdagdon") == [] and scores(s, P) == [] and s.last_recorded is None
    assert s.record_game("magdagdon", finished(P, 1)) == 0  # a fresh table
    assert s.reset_records() is not None and len(list(tmp_path.glob("arcade.db.backup-*"))) == 2
    assert make(tmp_path).reset_records() is None  # nothing to keep


def test_a_reset_whose_backup_fails_resets_nothing(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    ids = with_records(tmp_path, 2)
    s = make(tmp_path)
    s.records("magdagdon")  # opened before the disk fills up
    real_connect = sqlite3.connect

    def full(target: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        if ".backup-" in str(target):
            raise sqlite3.OperationalError("unable to open database file")
        return real_connect(target, *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", full)
    with pytest.raises(OSError):
        s.reset_records()
    monkeypatch.undo()
    assert [r.id for r in s.records("magdagdon")] == ids
    assert not list(tmp_path.glob("arcade.db.backup-*"))


def test_closing_leaves_arcade_db_whole_without_its_wal(tmp_path: Path) -> None:
    """The writing connection closes after the read-only one, so SQLite folds the -wal into
    the file and removes it: a copy of ``arcade.db`` alone (a backup, a move) holds every
    record. (Closed the other way round, the read-only connection, last, cannot.)"""
    for count in (1, 2, 3):
        folder = tmp_path / str(count)
        s = make(folder)
        for i in range(count):
            s.record_game("magdagdon", finished(P, 1 + i))
        assert s.records("magdagdon")  # the read-only connection is open too
        s.close()
        assert sorted(p.name for p in folder.iterdir() if p.name.startswith(DB_FILE)) == [DB_FILE]
        assert len(stored(folder, "magdagdon")) == count
