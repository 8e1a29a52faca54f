"""The venue's schema, made by the arcade itself through numbered migrations recorded in the
database, under an advisory lock (issue 39: "two kiosks migrating one empty database at once:
one schema, no error"); and the least-privilege roles of docs/fleet.md, run as written there."""

from __future__ import annotations

import re
import threading
import uuid
from pathlib import Path

import psycopg
import pytest

from game.arcade.fleet import migrate_now
from game.arcade.fleet.config import FleetConfig
from game.arcade.fleet.schema import LATEST, MIGRATIONS, SchemaError, migrate, version

pytestmark = pytest.mark.fleet

ROOT = Path(__file__).resolve().parents[3]


def tables(postgres, db: str) -> list[str]:
    rows = postgres.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public' "
                            "ORDER BY tablename", dbname=db)
    return [row[0] for row in rows]


def test_an_empty_database_gets_every_migration_once(postgres, venue_db) -> None:
    with psycopg.connect(postgres.url(venue_db), autocommit=True) as conn:
        assert version(conn) == 0
        venue = migrate(conn)
        assert version(conn) == LATEST == MIGRATIONS[-1].version
        assert migrate(conn) == venue  # a second start changes nothing
    recorded = postgres.execute("SELECT version FROM arcade_migrations ORDER BY version",
                                dbname=venue_db)
    assert [row[0] for row in recorded] == [m.version for m in MIGRATIONS]
    assert tables(postgres, venue_db) == ["arcade_documents", "arcade_initials",
                                          "arcade_migrations", "arcade_records", "arcade_venue"]


def migrate_at_once(postgres, db: str, kiosks: int) -> tuple[list[str], list[BaseException]]:
    """``kiosks`` connections, released together, each migrating ``db``: the venue ids they
    got and the errors they met."""
    barrier = threading.Barrier(kiosks)
    venues: list[str] = []
    errors: list[BaseException] = []

    def kiosk() -> None:
        try:
            with psycopg.connect(postgres.url(db), autocommit=True) as conn:
                barrier.wait()
                venues.append(migrate(conn))
        except BaseException as error:  # noqa: BLE001 - collected for the assert
            errors.append(error)

    threads = [threading.Thread(target=kiosk) for _ in range(kiosks)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return venues, errors


@pytest.mark.parametrize("kiosks", [2, 6])
def test_kiosks_migrating_one_empty_database_at_once_make_one_schema(postgres, kiosks) -> None:
    for _ in range(3):
        db = postgres.create_database()
        venues, errors = migrate_at_once(postgres, db, kiosks)
        assert errors == []
        assert len(venues) == kiosks and len(set(venues)) == 1
        assert postgres.execute("SELECT count(*) FROM arcade_venue", dbname=db) == [(1,)]
        assert postgres.execute("SELECT count(*), count(DISTINCT version) FROM "
                                "arcade_migrations", dbname=db) == [(LATEST, LATEST)]


def docs_sql(marker: str) -> str:
    """The SQL block under ``<!-- marker -->`` in docs/fleet.md."""
    text = (ROOT / "docs" / "fleet.md").read_text("utf-8")
    found = re.search(rf"<!-- {marker} -->\s*```sql\n(.*?)```", text, re.S)
    assert found, marker
    return found.group(1)


def run_as_superuser(postgres, sql: str, db: str) -> None:
    """Statements one by one; psql's ``\\connect`` switches the database."""
    for statement in sql.split(";"):
        statement = statement.strip()
        if statement.startswith("\\connect"):
            line, _, statement = statement.partition("\n")
            db = line.split()[1]
            statement = statement.strip()
        if statement:
            postgres.execute(statement, dbname=db)


@pytest.fixture
def roles(postgres):
    """The roles and database of docs/fleet.md (names made unique on this cluster)."""
    tag = uuid.uuid4().hex[:8]
    names = {"arcade_owner": f"owner_{tag}", "arcade_kiosk": f"kiosk_{tag}",
             "DATABASE arcade": f"DATABASE arcade_{tag}", "connect arcade": f"connect arcade_{tag}",
             "'choose-one'": "'owner-pw'", "'choose-another'": "'kiosk-pw'"}
    sql = docs_sql("fleet-roles-sql")
    for old, new in names.items():
        sql = sql.replace(old, new)
    run_as_superuser(postgres, sql, "postgres")
    return {"owner": f"owner_{tag}", "kiosk": f"kiosk_{tag}", "db": f"arcade_{tag}"}


def test_the_documented_roles_let_a_kiosk_only_insert_and_read(postgres, roles) -> None:
    db, kiosk_role = roles["db"], roles["kiosk"]
    kiosk = FleetConfig(postgres.tcp_url(db, kiosk_role, "kiosk-pw"), "Lobby", "flag")
    owner = FleetConfig(postgres.tcp_url(db, roles["owner"], "owner-pw"), "setup", "flag")
    with pytest.raises(RuntimeError) as refused:  # the kiosk may not make the schema
        migrate_now(kiosk)
    assert "kiosk-pw" not in str(refused.value)
    assert migrate_now(owner)[0] == LATEST
    grants = docs_sql("fleet-grants-sql").replace("arcade_kiosk", kiosk_role)
    run_as_superuser(postgres, grants, db)
    assert migrate_now(kiosk)[0] == LATEST  # a current schema: the kiosk reads its version
    with psycopg.connect(kiosk.conninfo, autocommit=True) as conn:
        conn.execute("INSERT INTO arcade_records (game, id, kiosk, recorded_at, variant, "
                     "fields) VALUES ('g', '1', 'Lobby', now(), 'v', '{}')")
        assert conn.execute("SELECT count(*) FROM arcade_records").fetchone() == (1,)
        for forbidden in ("UPDATE arcade_records SET initials = 'X'",
                          "DELETE FROM arcade_records", "TRUNCATE arcade_records",
                          "INSERT INTO arcade_migrations (version, name) VALUES (99, 'x')",
                          "UPDATE arcade_venue SET id = 'x'", "CREATE TABLE t (x int)",
                          "DROP TABLE arcade_records"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(forbidden)


def test_a_kiosk_role_on_an_old_schema_says_what_it_needs(postgres, roles) -> None:
    kiosk = FleetConfig(postgres.tcp_url(roles["db"], roles["kiosk"], "kiosk-pw"), "K", "flag")
    with psycopg.connect(kiosk.conninfo, autocommit=True) as conn, \
            pytest.raises((psycopg.errors.InsufficientPrivilege, SchemaError)):
        migrate(conn)
