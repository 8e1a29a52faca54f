"""A venue set up as docs/fleet.md says, for the tests: its SQL blocks run as psql would run
them (``\\connect``, ``\\password`` by a SCRAM verifier), its owner, and kiosks added with the
operator's own command."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import psycopg
from psycopg import sql as sql_module

from tools.testkit.venue import FILL, fill  # noqa: F401 - the venue tests take them from here

ROOT = Path(__file__).resolve().parents[2]


def docs_sql(marker: str) -> str:
    """The SQL block under ``<!-- marker -->`` in docs/fleet.md."""
    text = (ROOT / "docs" / "fleet.md").read_text("utf-8")
    found = re.search(rf"<!-- {marker} -->\s*```sql\n(.*?)```", text, re.S)
    assert found, marker
    return found.group(1)


def statements(sql: str) -> list[str]:
    """``sql`` cut at each ``;`` outside a ``$$`` body (as psql does)."""
    out, current, quoted = [], [], False
    for part in re.split(r"(\$\$|;)", sql):
        if part == "$$":
            quoted = not quoted
        if part == ";" and not quoted:
            out.append("".join(current).strip())
            current = []
        else:
            current.append(part)
    out.append("".join(current).strip())
    return [statement for statement in out if statement]


def run_as_superuser(postgres, sql: str, db: str, passwords: dict[str, str] | None = None,
                     ) -> None:
    """Statements one by one as psql runs them: ``\\connect`` switches the database,
    ``\\password ROLE`` sets the role's password from ``passwords`` by its SCRAM verifier
    (as psql computes it)."""
    for statement in statements(sql):
        while statement.startswith("\\"):
            line, _, statement = statement.partition("\n")
            command, argument = line.split()[:2]
            if command == "\\connect":
                db = argument
            elif command == "\\password":
                with psycopg.connect(postgres.url(db), autocommit=True) as conn:
                    verifier = conn.pgconn.encrypt_password(
                        (passwords or {})[argument].encode(), argument.encode(),
                        b"scram-sha-256").decode()
                    conn.execute(sql_module.SQL("ALTER ROLE {} PASSWORD {}").format(
                        sql_module.Identifier(argument), sql_module.Literal(verifier)))
            statement = statement.strip()
        if statement:
            with psycopg.connect(postgres.url(db), autocommit=True) as conn:
                conn.execute(statement.encode())  # no parameters: '%' is the SQL's own


def documented_roles(postgres) -> dict[str, str]:
    """The owner and database of docs/fleet.md (names made unique on this cluster)."""
    tag = uuid.uuid4().hex[:8]
    owner, db = f"owner_{tag}", f"arcade_{tag}"
    sql = docs_sql("fleet-roles-sql")
    for old, new in {"arcade_owner": owner, "DATABASE arcade": f"DATABASE {db}",
                     "connect arcade": f"connect {db}"}.items():
        sql = sql.replace(old, new)
    run_as_superuser(postgres, sql, "postgres", {owner: "owner-pw"})
    return {"owner": owner, "db": db, "password": "owner-pw"}


class Venue:
    """A venue made as docs/fleet.md says: its database, its owner (who migrated it with the
    games' score bounds) and the kiosks added with ``--fleet-add-kiosk``'s own code."""

    def __init__(self, cluster, games) -> None:
        from game.arcade.fleet import migrate_now
        from game.arcade.fleet.config import FleetConfig

        made = documented_roles(cluster)
        self.cluster, self.db = cluster, made["db"]
        self.owner = FleetConfig(cluster.tcp_url(self.db, made["owner"], made["password"]),
                                 "owner", "flag")
        migrate_now(self.owner, games)
        self.tag = uuid.uuid4().hex[:6]

    def owner_conn(self) -> psycopg.Connection:
        return psycopg.connect(self.owner.conninfo, autocommit=True)

    def add_kiosk(self, name: str):
        """A new kiosk ``name`` (made unique on the cluster); its ``FleetConfig`` (its
        password in the URL, as the environment's variable would give it)."""
        from game.arcade.fleet import admin
        from game.arcade.fleet.config import FleetConfig

        name = f"{name} {self.tag}"
        with self.owner_conn() as conn:
            login = admin.add_kiosk(conn, name)
        return FleetConfig(self.cluster.tcp_url(self.db, login.role, login.password), name,
                           "environment")
