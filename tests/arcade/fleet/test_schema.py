"""The venue's schema, made by the arcade itself through numbered migrations recorded in the
database, under an advisory lock (issue 39: "two kiosks migrating one empty database at once:
one schema, no error"); and the least-privilege roles of docs/fleet.md, run as written there."""

from __future__ import annotations

import threading
import uuid

import psycopg
import pytest

from game.arcade.fleet import migrate_now
from game.arcade.fleet.config import FleetConfig
from game.arcade.fleet.schema import LATEST, MIGRATIONS, SchemaError, migrate, version
from tests.support.venue import docs_sql, documented_roles

pytestmark = pytest.mark.fleet

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
    assert tables(postgres, venue_db) == [
        "arcade_documents", "arcade_heartbeats", "arcade_initials", "arcade_kiosks",
        "arcade_migrations", "arcade_records", "arcade_removed", "arcade_score_bounds",
        "arcade_venue"]


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


@pytest.fixture
def roles(postgres):
    return documented_roles(postgres)


def test_the_documented_owner_makes_the_schema_and_a_kiosk_role_only_inserts(postgres,
                                                                             roles) -> None:
    from game.arcade.fleet import admin
    from tests.support.fleet import GAME_DATA

    db = roles["db"]
    owner = FleetConfig(postgres.tcp_url(db, roles["owner"], roles["password"]), "setup",
                        "flag")
    assert migrate_now(owner, GAME_DATA)[0] == LATEST  # PostgreSQL 13-17: CREATE on public
    name = f"Lobby {uuid.uuid4().hex[:6]}"
    with psycopg.connect(owner.conninfo, autocommit=True) as conn:
        login = admin.add_kiosk(conn, name)
    kiosk = FleetConfig(postgres.tcp_url(db, login.role, login.password), name, "flag")
    assert migrate_now(kiosk)[0] == LATEST  # a current schema: the kiosk reads its version
    with psycopg.connect(kiosk.conninfo, autocommit=True) as conn:
        conn.execute("INSERT INTO arcade_records (game, id, kiosk, recorded_at, variant, "
                     "fields) VALUES ('g', '1', %s, now(), 'v', '{}')", (name,))
        assert conn.execute("SELECT count(*) FROM arcade_records").fetchone() == (1,)
        for forbidden in ("UPDATE arcade_records SET initials = 'X'",
                          "DELETE FROM arcade_records", "TRUNCATE arcade_records",
                          "INSERT INTO arcade_migrations (version, name) VALUES (99, 'x')",
                          "UPDATE arcade_venue SET id = 'x'", "CREATE TABLE t (x int)",
                          "CREATE TEMP TABLE arcade_kiosks (role name, kiosk text)",
                          "DROP TABLE arcade_records",
                          "SELECT pg_advisory_xact_lock(1)", "SELECT pg_try_advisory_lock(1)",
                          "SELECT * FROM arcade_removed",
                          "INSERT INTO arcade_score_bounds VALUES ('g', 'v', 0, 99999)"):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(forbidden)


def test_a_role_that_may_not_create_tables_says_the_owner_must_upgrade(postgres, roles) -> None:
    """A kiosk's role on a schema older than its build never takes the migrations' lock (it
    may not): it says the owner must run --fleet-migrate."""
    role = f"k_{uuid.uuid4().hex[:8]}"
    postgres.execute(f"CREATE ROLE {role} LOGIN")
    postgres.execute(f"GRANT CONNECT ON DATABASE {roles['db']} TO {role}")
    with psycopg.connect(postgres.url(roles["db"], role), autocommit=True) as conn, \
            pytest.raises(SchemaError, match="upgrade by their owner"):
        migrate(conn)


def test_the_add_kiosk_sql_in_the_docs_is_what_the_command_runs() -> None:
    from game.arcade.fleet import admin

    documented = [line.rstrip(";") for line in docs_sql("fleet-add-kiosk-sql").splitlines()
                  if line.strip()]
    role = "arcade_kiosk_lobby_1"
    ran = [statement.format(role=role, db="arcade", verifier="'SCRAM-SHA-256$4096:…'")
           for statement in admin._ADD]
    assert documented[:-1] == ran
    assert documented[-1].startswith("INSERT INTO arcade_kiosks (role, kiosk)")


OLD_ROLES_SQL = """
CREATE ROLE arcade_owner LOGIN PASSWORD 'owner-pw';
CREATE ROLE arcade_kiosk LOGIN PASSWORD 'kiosk-pw';
CREATE DATABASE arcade OWNER arcade_owner;
\\connect arcade
REVOKE ALL ON DATABASE arcade FROM PUBLIC;
GRANT CONNECT ON DATABASE arcade TO arcade_kiosk;
REVOKE ALL ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO arcade_kiosk;
ALTER DEFAULT PRIVILEGES FOR ROLE arcade_owner IN SCHEMA public
    GRANT SELECT ON TABLES TO arcade_kiosk;
"""
"""docs/fleet.md's roles before schema version 3: one role shared by every kiosk."""


def test_a_venue_of_one_shared_kiosk_role_moves_to_a_role_per_kiosk(postgres) -> None:
    from game.arcade.fleet import admin
    from tests.support.fleet import GAME_DATA
    from tests.support.venue import run_as_superuser

    tag = uuid.uuid4().hex[:8]
    names = {"arcade_owner": f"owner_{tag}", "arcade_kiosk": f"shared_{tag}",
             "DATABASE arcade": f"DATABASE arcade_{tag}", "connect arcade": f"connect arcade_{tag}"}

    def named(sql: str) -> str:
        for old, new in names.items():
            sql = sql.replace(old, new)
        return sql

    db = f"arcade_{tag}"
    run_as_superuser(postgres, named(OLD_ROLES_SQL), "postgres")
    owner = FleetConfig(postgres.tcp_url(db, f"owner_{tag}", "owner-pw"), "o", "flag")
    shared = FleetConfig(postgres.tcp_url(db, f"shared_{tag}", "kiosk-pw"), "Lobby 1", "flag")
    assert migrate_now(owner, GAME_DATA)[0] == LATEST
    postgres.execute(f"GRANT INSERT ON arcade_records, arcade_initials, arcade_documents TO "
                     f"shared_{tag}", dbname=db)  # the old docs' grants
    with psycopg.connect(shared.conninfo, autocommit=True) as conn, \
            pytest.raises(psycopg.errors.InsufficientPrivilege):  # shared: no longer sends
        conn.execute("INSERT INTO arcade_records (game, id, kiosk, recorded_at, variant, "
                     "fields) VALUES ('g', '1', 'Lobby 1', now(), 'v', '{}')")
    run_as_superuser(postgres, named(docs_sql("fleet-shared-role-sql")), db)
    rest = docs_sql("fleet-roles-sql")
    rest = rest[rest.index("REVOKE ALL ON SCHEMA public"):]
    run_as_superuser(postgres, named(rest), db)
    with psycopg.connect(owner.conninfo, autocommit=True) as conn:
        login = admin.add_kiosk(conn, f"Lobby {tag[:6]}")
    kiosk = FleetConfig(postgres.tcp_url(db, login.role, login.password), login.kiosk, "flag")
    with psycopg.connect(kiosk.conninfo, autocommit=True) as conn:
        conn.execute("INSERT INTO arcade_records (game, id, kiosk, recorded_at, variant, "
                     "fields) VALUES ('g', '1', %s, now(), 'v', '{}')", (login.kiosk,))
    assert postgres.execute("SELECT count(*) FROM pg_roles WHERE rolname = %s",
                            (f"shared_{tag}",)) == [(0,)]
